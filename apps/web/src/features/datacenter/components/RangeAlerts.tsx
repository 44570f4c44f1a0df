import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { rangeProblem } from '../lib/rangeProblem';

/** Why a range's data is not shown: the range is not allowed, or the read failed. */
export const RangeAlerts = ({
  problem,
  error,
}: {
  problem: ReturnType<typeof rangeProblem>;
  error: Error | null;
}) => {
  const { i18n } = useTranslation();
  if (problem) {
    return (
      <Alert
        type="error"
        showIcon
        message={i18n.language.startsWith('zh') ? problem.zh : problem.en}
        data-testid="range-problem"
      />
    );
  }
  return error ? <Alert type="error" showIcon message={error.message} /> : null;
};
