const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** Bytes in binary units with one decimal above KB, e.g. `500 KB`, `1.0 GB`. */
export const formatBytes = (bytes: number): string => {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${Number.isInteger(value) ? value : value.toFixed(1)} ${UNITS[unit]}`;
};
