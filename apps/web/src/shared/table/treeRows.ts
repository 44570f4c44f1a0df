/**
 * Rows of a tree table with every empty child list taken away. antd gives a row an expander when
 * its child list exists at all, so a leaf that arrives with `children: []` would show an arrow
 * with nothing under it. An unchanged row, and a list without a change, keep their identity.
 */
export const pruneEmptyChildren = <T extends object>(rows: readonly T[], childrenKey: string): T[] => {
  const pruned = rows.map((row): T => {
    const children = (row as Record<string, unknown>)[childrenKey];
    if (!Array.isArray(children)) return row;
    if (children.length === 0) {
      const { [childrenKey]: _empty, ...leaf } = row as Record<string, unknown>;
      return leaf as T;
    }
    const next = pruneEmptyChildren(children as T[], childrenKey);
    return next === children ? row : ({ ...row, [childrenKey]: next } as T);
  });
  return pruned.every((row, i) => row === rows[i]) ? (rows as T[]) : pruned;
};
