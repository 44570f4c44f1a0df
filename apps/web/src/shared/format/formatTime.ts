import dayjs from 'dayjs';

/** A moment as the console shows it: to the minute, or to the second where the order within a minute matters. */
export const formatTime = (value: string | null | undefined, seconds = false) =>
  value ? dayjs(value).format(seconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm') : '-';
