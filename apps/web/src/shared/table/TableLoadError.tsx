import { DisconnectOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** In place of a table's rows that could not be read: says so, with a retry where there is one. */
export const TableLoadError = ({ onRetry }: { onRetry?: () => void }) => {
  const { t } = useTranslation('table');
  return (
    <Empty
      image={<DisconnectOutlined className="cpm-table-error-icon" />}
      description={t('loadFailed')}
      data-testid="table-load-error"
    >
      {onRetry && (
        <Button type="primary" onClick={onRetry} data-testid="table-retry">
          {t('retry')}
        </Button>
      )}
    </Empty>
  );
};

/**
 * The rows and empty text of a plain table that reads its rows with a query: once the read failed, no
 * rows (none that may be out of date) and the load error with a retry, instead of "No data".
 */
export const readRows = <T,>(
  rows: readonly T[] | undefined,
  query: { isError: boolean; refetch: () => unknown },
  emptyText?: ReactNode,
) => ({
  dataSource: query.isError ? [] : (rows ?? []),
  locale: {
    emptyText: query.isError ? <TableLoadError onRetry={() => void query.refetch()} /> : emptyText,
  },
});
