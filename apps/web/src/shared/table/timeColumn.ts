import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { DataColumn } from './DataTable';

/** A moment as lists show it: to the minute, or to the second where the order within a minute matters. */
export const formatTime = (value: string | null | undefined, seconds = false) =>
  value ? dayjs(value).format(seconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm') : '-';

type TimeColumnOptions<T> = Omit<DataColumn<T>, 'key' | 'title'> & {
  /** The row's field that holds the moment; the column's key by default. */
  field?: string | string[];
  seconds?: boolean;
};

/** A column of a moment in the row, '-' where there is none. */
export const timeColumn = <T>(
  key: string,
  title: ReactNode,
  { field = key, seconds = false, ...column }: TimeColumnOptions<T> = {},
): DataColumn<T> => ({
  key,
  title,
  dataIndex: field,
  render: (value: string | null) => formatTime(value, seconds),
  ...column,
});
