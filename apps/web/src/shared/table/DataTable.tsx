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
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/http';
import { orderColumns, toggleColumn } from './columnChooser';
import { TABLE_PAGINATION } from './pagination';
import { TableLoadError } from './TableLoadError';
import { pruneEmptyChildren } from './treeRows';
import { useFocusableScroll } from './useFocusableScroll';

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
  /**
   * Why the rows could not be read (the read's error, or `true`): the table shows that and its
   * reason, with a retry, instead of rows that may be out of date or an empty list that would say
   * there is nothing. Every list says whether its read failed (null or `false` when it did not, or
   * for rows not read from the server), so none can forget to.
   */
  loadError: unknown;
};

/**
 * Every list's table: column chooser (one column always stays), page size 14 with sizes 14 to 80,
 * prev / pager / next / jumper, the localized empty state, and tree rows whose expander shows only
 * where there are children.
 */
export const DataTable = <T extends object>({
  columns,
  paging,
  toolbar,
  onRefresh,
  loadError,
  dataSource,
  ...rest
}: DataTableProps<T>) => {
  const { t } = useTranslation('table');
  const box = useRef<HTMLDivElement>(null);
  useFocusableScroll(box);
  const childrenKey = rest.expandable?.childrenColumnName ?? 'children';
  const rows = useMemo(
    () => (dataSource ? pruneEmptyChildren(dataSource, childrenKey) : dataSource),
    [dataSource, childrenKey],
  );
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
    <div className="cpm-data-table" data-testid="data-table" ref={box}>
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
        // Wide tables scroll inside their card, so a phone's page never scrolls sideways and narrow
        // columns never squeeze their titles a character a line.
        scroll={rest.scroll ?? { x: 'max-content' }}
        dataSource={loadError ? [] : rows}
        columns={columns.filter((c) => shown.includes(c.key))}
        locale={{
          emptyText: loadError ? (
            <TableLoadError onRetry={onRefresh} error={loadError} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
          ),
        }}
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
