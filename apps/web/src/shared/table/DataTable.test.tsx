import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/httpClient';
import { changeLanguage, initI18n } from '../../i18n';
import { type DataColumn, DataTable } from './DataTable';

type Row = { sn: string; name: string };

const columns: DataColumn<Row>[] = [
  { key: 'sn', title: 'SN', dataIndex: 'sn' },
  { key: 'name', title: 'Name', dataIndex: 'name' },
];

describe('DataTable', () => {
  beforeAll(() => {
    initI18n('en');
  });

  it('shows the localized empty state', async () => {
    const { unmount } = render(
      <DataTable<Row> loadError={false} rowKey="sn" columns={columns} dataSource={[]} />,
    );
    expect(screen.getByText('No data', { selector: '.ant-empty-description' })).toBeInTheDocument();
    unmount();
    await changeLanguage('cn');
    render(<DataTable<Row> loadError={false} rowKey="sn" columns={columns} dataSource={[]} />);
    expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
    await changeLanguage('en');
  });

  it('says a read failed and why, in both languages, with no rows that may be out of date', async () => {
    const rows = [{ sn: 'SN1', name: 'T1' }];
    const onRefresh = vi.fn();
    const server = new ApiError(500, 'Server error, please try again later', null);
    const { unmount } = render(
      <DataTable<Row>
        loadError={server}
        onRefresh={onRefresh}
        rowKey="sn"
        columns={columns}
        dataSource={rows}
      />,
    );
    expect(screen.getByTestId('table-load-error')).toHaveTextContent(
      'The list could not be loaded: Server error, please try again later',
    );
    expect(screen.queryByText('SN1')).toBeNull();
    fireEvent.click(screen.getByTestId('table-retry'));
    expect(onRefresh).toHaveBeenCalledOnce();
    unmount();
    // A failure that names no reason says only that the list could not be read.
    await changeLanguage('cn');
    render(<DataTable<Row> loadError rowKey="sn" columns={columns} dataSource={rows} />);
    expect(screen.getByTestId('table-load-error')).toHaveTextContent(/^列表加载失败$/);
    await changeLanguage('en');
  });

  it('pages with size 14 and the spec sizes', () => {
    const onChange = vi.fn();
    const rows = Array.from({ length: 14 }, (_, i) => ({ sn: `SN${i}`, name: `T${i}` }));
    render(
      <DataTable<Row>
        loadError={false}
        rowKey="sn"
        columns={columns}
        dataSource={rows}
        paging={{ current: 1, size: 14, total: 100, onChange }}
      />,
    );
    expect(screen.getByText('14 / page')).toBeInTheDocument();
    expect(screen.getByTitle('8')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('2'));
    expect(onChange).toHaveBeenCalledWith(2, 14);
  });

  it('hides columns but never the last one', () => {
    render(
      <DataTable<Row>
        loadError={false}
        rowKey="sn"
        columns={columns}
        dataSource={[{ sn: 'A1', name: 'Till' }]}
      />,
    );
    fireEvent.click(screen.getByTestId('column-chooser-button'));
    const chooser = screen.getByTestId('column-chooser');
    fireEvent.click(within(chooser).getByText('Name'));
    expect(screen.queryByRole('columnheader', { name: 'Name' })).toBeNull();
    fireEvent.click(within(chooser).getByText('SN'));
    expect(screen.getByRole('columnheader', { name: 'SN' })).toBeInTheDocument();
  });

  it('gives the expander only to tree rows that have children', () => {
    type Group = { id: string; name: string; children: Group[] };
    const groups: Group[] = [
      { id: 'north', name: 'North', children: [{ id: 'store', name: 'Store 1', children: [] }] },
      { id: 'lone', name: 'Lone', children: [] },
    ];
    render(
      <DataTable<Group>
        loadError={false}
        rowKey="id"
        columns={[{ key: 'name', title: 'Name', dataIndex: 'name' }]}
        dataSource={groups}
        expandable={{ defaultExpandAllRows: true }}
      />,
    );
    const expanders = (name: string) =>
      screen
        .getByText(name)
        .closest('tr')
        ?.querySelectorAll('.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)').length;
    expect(expanders('North')).toBe(1);
    expect(expanders('Store 1')).toBe(0);
    expect(expanders('Lone')).toBe(0);
  });
});
