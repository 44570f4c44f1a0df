import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { defaultRange } from '../lib/format';

export type DateRange = ReturnType<typeof defaultRange>;

/** The from and to dates of a data-centre page (`YYYY-MM-DD`, checked by `rangeProblem`). */
export const RangeInputs = ({
  range,
  onChange,
  testId,
}: {
  range: DateRange;
  onChange: (update: (range: DateRange) => DateRange) => void;
  /** Prefix of the two inputs' test ids: `<testId>-start`, `<testId>-end`. */
  testId: string;
}) => {
  const { t } = useTranslation('datacenter');
  return (
    <>
      <Input
        addonBefore={t('startDate')}
        aria-label={t('startDate')}
        value={range.startDate}
        onChange={(e) => onChange((r) => ({ ...r, startDate: e.target.value }))}
        style={{ width: 230 }}
        data-testid={`${testId}-start`}
      />
      <Input
        addonBefore={t('endDate')}
        aria-label={t('endDate')}
        value={range.endDate}
        onChange={(e) => onChange((r) => ({ ...r, endDate: e.target.value }))}
        style={{ width: 230 }}
        data-testid={`${testId}-end`}
      />
    </>
  );
};
