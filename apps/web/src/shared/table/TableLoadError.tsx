import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../page/LoadFailed';

/** In place of a table's rows that could not be read: says so, with a retry where there is one. */
export const TableLoadError = ({ onRetry }: { onRetry?: () => void }) => {
  const { t } = useTranslation('table');
  return (
    <LoadFailed
      onRetry={onRetry}
      description={t('loadFailed')}
      testId="table-load-error"
      retryTestId="table-retry"
    />
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
