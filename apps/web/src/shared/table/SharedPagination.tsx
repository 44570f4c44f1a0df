import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { scrollToTop } from '../scroll/smoothScroll';
import { PAGE_SCROLL_MS, SHARED_PAGINATION } from './pagination';

type SharedPaginationProps = {
  current: number;
  size: number;
  total: number;
  onChange: (current: number, size: number) => void;
};

/** The shared pagination helper (spec section 9): total, sizes, prev, pager, next, jumper; scrolls to top. */
export const SharedPagination = ({ current, size, total, onChange }: SharedPaginationProps) => {
  const { t } = useTranslation('table');
  return (
    <div className="cpm-pagination" data-testid="shared-pagination">
      <Pagination
        current={current}
        pageSize={size}
        total={total}
        pageSizeOptions={[...SHARED_PAGINATION.sizes]}
        showSizeChanger
        showQuickJumper
        showTotal={(count) => t('total', { total: count })}
        onChange={(page, pageSize) => {
          onChange(page, pageSize);
          scrollToTop(PAGE_SCROLL_MS);
        }}
      />
    </div>
  );
};
