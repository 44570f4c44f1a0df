import dayjs from 'dayjs';

/** Seconds as hours and minutes: `12h 05m`. */
export const formatDuration = (sec: number) => {
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  return `${h}h ${String(m).padStart(2, '0')}m`;
};

/** Bytes in the largest fitting unit. */
export const formatBytes = (bytes: number) => {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
};

/** The default range: the last seven days, today included (UTC dates, as the rollups keep them). */
export const defaultRange = (now = Date.now()) => ({
  startDate: new Date(now - 6 * 86_400_000).toISOString().slice(0, 10),
  endDate: new Date(now).toISOString().slice(0, 10),
});

export const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '-');
