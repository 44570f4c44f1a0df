import { Space, type TableProps } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from '../table/DataTable';
import { type BatchAction, BatchToolbar } from './BatchToolbar';
import { ExportButton, type ExportButtonProps } from './ExportButton';
import { FilterBar, type FilterField } from './FilterBar';
import { type ListFilter, sortRows } from './listState';
import type { CrudList } from './useCrudList';
import type { Selection } from './useSelection';

/**
 * What the table reads from its list: a kit list (`useCrudList`), or a tree read whole
 * (`useCrudTree`), which has no pages and no sort.
 */
export type ListSource<T, F extends ListFilter> = Pick<
  CrudList<T, F>,
  'filter' | 'rows' | 'loading' | 'error' | 'applyFilter' | 'resetFilter' | 'refetch' | 'invalidate'
> &
  Partial<Pick<CrudList<T, F>, 'sort' | 'paging' | 'onTableChange'>>;

export type CrudListTableProps<T extends object, F extends ListFilter> = {
  /** The row field that names a row (default `id`). */
  rowKey?: string;
  list: ListSource<T, F>;
  filters?: FilterField[];
  columns: DataColumn<T>[];
  /** Buttons above the table (add, import). */
  toolbar?: ReactNode;
  /**
   * An export button after the toolbar, for the rows the list's filter selects; `query` holds what
   * the list sends besides its filter.
   */
  exportTo?: Omit<ExportButtonProps, 'query'> & { query?: ListFilter };
  /** Rows can be picked across pages and handled together. */
  batch?: { selection: Selection & { rowSelection: TableRowSelection<T> }; actions: BatchAction[] };
  /** Rows picked for the page's own toolbar buttons, for lists without batch actions. */
  rowSelection?: TableRowSelection<T>;
  rowClassName?: TableProps<T>['rowClassName'];
  /** Row props, e.g. a click that opens the row; a control inside the row must stop its own click. */
  onRow?: TableProps<T>['onRow'];
  /** Tree rows: which are open and how they open. */
  expandable?: TableProps<T>['expandable'];
  /** Sort the page in the browser, for lists whose server does not sort. */
  localSort?: boolean;
  /** Wide tables scroll inside the card (default), so a phone's page never scrolls sideways. */
  scroll?: TableProps<T>['scroll'];
};

/** A list's filter bar, batch toolbar and table, bound to the list: the body of a list page or tab. */
export const CrudListTable = <T extends object, F extends ListFilter>({
  rowKey = 'id',
  list,
  filters,
  columns,
  toolbar,
  exportTo,
  batch,
  rowSelection,
  rowClassName,
  onRow,
  expandable,
  localSort,
  scroll,
}: CrudListTableProps<T, F>) => (
  <>
    {filters && (
      <FilterBar<F>
        fields={filters}
        value={list.filter}
        onSearch={list.applyFilter}
        onReset={list.resetFilter}
      />
    )}
    {batch && (
      <BatchToolbar
        selection={batch.selection}
        actions={batch.actions}
        onDone={() => void list.invalidate()}
      />
    )}
    <DataTable<T>
      rowKey={rowKey}
      columns={columns}
      dataSource={localSort ? sortRows(list.rows, list.sort ?? null) : list.rows}
      loading={list.loading}
      loadError={list.error}
      paging={list.paging}
      onRefresh={list.refetch}
      onChange={list.onTableChange}
      rowSelection={batch?.selection.rowSelection ?? rowSelection}
      rowClassName={rowClassName}
      onRow={onRow}
      expandable={expandable}
      scroll={scroll ?? { x: 'max-content' }}
      toolbar={
        exportTo ? (
          <Space wrap>
            {toolbar}
            <ExportButton {...exportTo} query={{ ...exportTo.query, ...list.filter }} />
          </Space>
        ) : (
          toolbar
        )
      }
    />
  </>
);
