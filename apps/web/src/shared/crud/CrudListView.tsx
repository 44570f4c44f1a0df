import { Card } from 'antd';
import type { ReactNode } from 'react';
import { PageHeader } from '../page/PageHeader';
import { CrudListTable, type CrudListTableProps } from './CrudListTable';
import type { ListFilter } from './listState';
import type { ListPage } from './useCrudList';

type Props<T extends object, F extends ListFilter, P extends ListPage<T>> = CrudListTableProps<T, F, P> & {
  testId: string;
  /** The page header's title: the page's menu name when left out; `false` for a list inside another page. */
  title?: ReactNode | false;
  /** Dialogs of the page (forms, reports). */
  children?: ReactNode;
};

/** A list page: its header, the filter bar and the batch toolbar bound to the list, and its table. */
export const CrudListView = <T extends object, F extends ListFilter, P extends ListPage<T> = ListPage<T>>({
  testId,
  title,
  children,
  ...table
}: Props<T, F, P>) => (
  <div className="cpm-page" data-testid={testId}>
    {title !== false && <PageHeader title={title} />}
    <Card variant="borderless">
      <CrudListTable<T, F, P> {...table} />
    </Card>
    {children}
  </div>
);
