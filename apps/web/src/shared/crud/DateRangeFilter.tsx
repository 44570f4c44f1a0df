import { DatePicker } from 'antd';
import dayjs from 'dayjs';

type Props = {
  id: string;
  /** The first and last day as ISO times (start of the first day, end of the last), absent when open. */
  from?: string;
  to?: string;
  onChange: (from: string | undefined, to: string | undefined) => void;
  width?: number;
  testId: string;
};

/** A filter bar's day range; it loads only with a list that has one, the date picker being large. */
export const DateRangeFilter = ({ id, from, to, onChange, width, testId }: Props) => (
  <DatePicker.RangePicker
    id={id}
    value={from && to ? [dayjs(from), dayjs(to)] : null}
    onChange={(range) =>
      onChange(range?.[0]?.startOf('day').toISOString(), range?.[1]?.endOf('day').toISOString())
    }
    style={width ? { width } : undefined}
    data-testid={testId}
  />
);
