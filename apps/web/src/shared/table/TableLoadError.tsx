import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../page/LoadFailed';
import { failureReason } from '../page/loadFailure';

/**
 * In place of a table's rows that could not be read: says so and why (when `error` tells), with a
 * retry where there is one.
 */
export const TableLoadError = ({ onRetry, error }: { onRetry?: () => void; error?: unknown }) => {
  const { t } = useTranslation('table');
  const reason = failureReason(error);
  return (
    <LoadFailed
      onRetry={onRetry}
      description={reason ? t('loadFailedBecause', { reason }) : t('loadFailed')}
      testId="table-load-error"
      retryTestId="table-retry"
    />
  );
};
