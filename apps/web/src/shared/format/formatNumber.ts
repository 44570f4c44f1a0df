const formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Two decimals with thousands commas; anything that is not a number shows as 0.00 (spec section 9). */
export const formatNumber = (value: number | string | null | undefined): string => {
  const number = typeof value === 'string' ? Number(value.replace(/,/g, '')) : value;
  if (number === null || number === undefined || value === '' || !Number.isFinite(number)) return '0.00';
  return formatter.format(number);
};
