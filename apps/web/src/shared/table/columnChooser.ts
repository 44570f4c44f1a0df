/**
 * Shows or hides a column. The last visible column cannot be hidden (spec section 5): the result
 * is then the unchanged list, and the caller can tell the user why.
 */
export const toggleColumn = (visible: readonly string[], key: string): string[] => {
  if (!visible.includes(key)) return [...visible, key];
  if (visible.length <= 1) return [...visible];
  return visible.filter((k) => k !== key);
};

/** Keeps the table's column order when columns come back. */
export const orderColumns = (all: readonly string[], visible: readonly string[]): string[] =>
  all.filter((key) => visible.includes(key));
