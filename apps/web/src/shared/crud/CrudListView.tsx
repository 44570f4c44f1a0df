import { Card } from 'antd';
import type { ReactNode } from 'react';
import { PageHeader } from '../page/PageHeader';
import { CrudListTable, type CrudListTableProps } from './CrudListTable';
import type { ListFilter } from './listState';

type Props<T extends object, F extends ListFilter> = CrudListTableProps<T, F> & {
  testId: string;
  /** The page header's title: the page's menu name when left out; `false` for a list inside another page. */
  title?: ReactNode | false;
  /** Dialogs of the page (forms, reports). */
  children?: ReactNode;
};

/** A list page: its header, the filter bar and the batch toolbar bound to the list, and its table. */
export const CrudListView = <T extends object, F extends ListFilter>({
  testId,
  title,
  children,
  ...table
}: Props<T, F>) => (
  <div className="cpm-page" data-testid={testId}>
    {title !== false && <PageHeader title={title} />}
    <Card variant="borderless">
      <CrudListTable<T, F> {...table} />
    </Card>
    {children}
  </div>
);
