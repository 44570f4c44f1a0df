import { SwapRightOutlined } from '@ant-design/icons';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

type Props = {
  id: string;
  /** The first and last day as ISO times (start of the first day, end of the last), absent when open. */
  from?: string;
  to?: string;
  onChange: (from: string | undefined, to: string | undefined) => void;
  width?: number;
  /** Test ids of the start and the end picker. */
  testId: string;
  toTestId: string;
};

/**
 * A filter bar's day range as two pickers rather than a range picker, whose two-month popup does
 * not fit a phone; it loads only with a list that has one, the date picker being large.
 */
export const DateRangeFilter = ({ id, from, to, onChange, width, testId, toTestId }: Props) => {
  const { t } = useTranslation('crud');
  const start = from ? dayjs(from) : null;
  return (
    <span className="cpm-date-range" style={width ? { width } : undefined}>
      <DatePicker
        id={id}
        value={start}
        onChange={(day) => onChange(day?.startOf('day').toISOString(), to)}
        data-testid={testId}
      />
      <SwapRightOutlined aria-hidden className="cpm-date-range-arrow" />
      <DatePicker
        id={`${id}-to`}
        aria-label={t('filter.until')}
        value={to ? dayjs(to) : null}
        defaultPickerValue={start ?? undefined}
        disabledDate={(day) => start !== null && day.isBefore(start, 'day')}
        onChange={(day) => onChange(from, day?.endOf('day').toISOString())}
        data-testid={toTestId}
      />
    </span>
  );
};
