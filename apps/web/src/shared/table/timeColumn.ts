import type { ReactNode } from 'react';
import { formatTime } from '../format/formatTime';
import type { DataColumn } from './DataTable';

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
