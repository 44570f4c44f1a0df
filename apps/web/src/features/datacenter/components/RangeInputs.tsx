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
  return (['start', 'end'] as const).map((end) => {
    const field = `${end}Date` as const;
    return (
      <Input
        key={end}
        addonBefore={t(field)}
        aria-label={t(field)}
        value={range[field]}
        onChange={(e) => onChange((r) => ({ ...r, [field]: e.target.value }))}
        style={{ width: 230 }}
        data-testid={`${testId}-${end}`}
      />
    );
  });
};
