import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import {
  Button,
  Checkbox,
  Empty,
  Popover,
  Table,
  type TableColumnType,
  type TableProps,
  Tooltip,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/http';
import { orderColumns, toggleColumn } from './columnChooser';
import { TABLE_PAGINATION } from './pagination';

/** A column with a stable key, so the chooser can show and hide it. */
export type DataColumn<T> = TableColumnType<T> & { key: string; title: ReactNode };

export type DataTablePaging = {
  current: number;
  size: number;
  total: number;
  onChange: (current: number, size: number) => void;
};

type DataTableProps<T> = Omit<TableProps<T>, 'columns' | 'pagination'> & {
  columns: DataColumn<T>[];
  /** Server-side paging; leave out for a table without pages. */
  paging?: DataTablePaging;
  /** Buttons and filters left of the table tools. */
  toolbar?: ReactNode;
  onRefresh?: () => void;
};

/**
 * Every list's table: column chooser (one column always stays), page size 14 with sizes 14 to 80,
 * prev / pager / next / jumper, and the localized empty state.
 */
export const DataTable = <T extends object>({
  columns,
  paging,
  toolbar,
  onRefresh,
  ...rest
}: DataTableProps<T>) => {
  const { t } = useTranslation('table');
  const allKeys = useMemo(() => columns.map((c) => c.key), [columns]);
  const [visible, setVisible] = useState<string[]>(allKeys);
  const shown = orderColumns(allKeys, visible.length ? visible : allKeys);

  const toggle = (key: string) => {
    const next = toggleColumn(shown, key);
    if (next.length === shown.length && shown.includes(key)) showMessage('warning', t('keepOneColumn'));
    setVisible(next);
  };

  const chooser = (
    <div className="cpm-column-chooser" data-testid="column-chooser">
      {columns.map((column) => (
        <Checkbox key={column.key} checked={shown.includes(column.key)} onChange={() => toggle(column.key)}>
          {column.title}
        </Checkbox>
      ))}
      <Button size="small" type="link" onClick={() => setVisible(allKeys)}>
        {t('columnsReset')}
      </Button>
    </div>
  );

  return (
    <div className="cpm-data-table" data-testid="data-table">
      <div className="cpm-table-toolbar">
        <div>{toolbar}</div>
        <div className="cpm-table-toolbar-actions">
          {onRefresh && (
            <Tooltip title={t('refresh')}>
              <Button type="text" icon={<ReloadOutlined />} onClick={onRefresh} aria-label={t('refresh')} />
            </Tooltip>
          )}
          <Popover trigger="click" placement="bottomRight" content={chooser} title={t('columns')}>
            <Button
              type="text"
              icon={<SettingOutlined />}
              aria-label={t('columns')}
              data-testid="column-chooser-button"
            />
          </Popover>
        </div>
      </div>
      <Table<T>
        {...rest}
        columns={columns.filter((c) => shown.includes(c.key))}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
        pagination={
          paging
            ? {
                current: paging.current,
                pageSize: paging.size,
                total: paging.total,
                pageSizeOptions: [...TABLE_PAGINATION.sizes],
                showSizeChanger: true,
                showQuickJumper: true,
                onChange: paging.onChange,
              }
            : false
        }
      />
    </div>
  );
};
