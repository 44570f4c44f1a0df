import { render, renderHook, screen } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { useInertMeasureRows } from './useInertMeasureRows';

const root = () => document.body;

describe('useInertMeasureRows', () => {
  it("makes antd's hidden measure row of a selectable, scrolling table inert, also when it appears later", async () => {
    renderHook(() => useInertMeasureRows(root));
    render(
      <Table
        rowKey="sn"
        rowSelection={{}}
        scroll={{ x: 1200 }}
        columns={[{ key: 'sn', dataIndex: 'sn', title: 'SN' }]}
        dataSource={[{ sn: 'A1' }]}
      />,
    );
    await screen.findByText('A1');
    const rows = document.querySelectorAll('.ant-table-measure-row');
    expect(rows.length).toBeGreaterThan(0);
    await expect.poll(() => [...rows].every((row) => row.hasAttribute('inert'))).toBe(true);
  });
});
