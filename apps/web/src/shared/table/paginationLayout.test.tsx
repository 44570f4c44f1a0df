import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './DataTable';
import { SharedPagination } from './SharedPagination';

/** The parts of an antd pagination bar, left to right, named as the spec names them. */
const layoutOf = (root: HTMLElement) => {
  const bar = root.querySelector('.ant-pagination') as HTMLElement;
  const parts: string[] = [];
  for (const el of Array.from(bar.children)) {
    const c = el.className;
    const part = c.includes('ant-pagination-total-text')
      ? 'total'
      : c.includes('ant-pagination-prev')
        ? 'prev'
        : c.includes('ant-pagination-next')
          ? 'next'
          : c.includes('ant-pagination-item') || c.includes('ant-pagination-jump')
            ? 'pager'
            : c.includes('ant-pagination-options')
              ? el.querySelector('.ant-pagination-options-quick-jumper') && el.querySelector('.ant-select')
                ? 'sizes+jumper'
                : el.querySelector('.ant-select')
                  ? 'sizes'
                  : 'jumper'
              : c;
    if (parts.at(-1) !== part) parts.push(part);
  }
  return parts;
};

describe('pagination layouts', () => {
  it('shows the shared pagination with total, previous, pager, next, then page sizes and jumper', () => {
    const { container } = render(
      <SharedPagination current={1} size={10} total={95} onChange={() => undefined} />,
    );
    expect(layoutOf(container)).toEqual(['total', 'prev', 'pager', 'next', 'sizes+jumper']);
  });

  it('shows a table with previous, pager, next, then page sizes and jumper', () => {
    const { container } = render(
      <DataTable<{ sn: string }>
        loadError={false}
        rowKey="sn"
        columns={[{ key: 'sn', title: 'SN', dataIndex: 'sn' }]}
        dataSource={[{ sn: 'A' }]}
        paging={{ current: 1, size: 14, total: 100, onChange: () => undefined }}
      />,
    );
    expect(layoutOf(container)).toEqual(['prev', 'pager', 'next', 'sizes+jumper']);
  });
});
