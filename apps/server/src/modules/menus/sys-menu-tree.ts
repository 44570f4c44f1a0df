import type { SysMenuNode } from '@cpm/contracts';
import type { MenuRow } from './menus.repository';

/** A flat menu row as the management page sees it. */
export const toSysMenuNode = (r: MenuRow): SysMenuNode => ({
  id: r.id,
  parentId: r.parentId,
  menuType: r.menuType,
  name: r.name,
  menuEnglishName: r.englishName,
  sysCode: r.sysCode,
  url: r.url,
  permission: r.permission,
  icon: r.icon,
  enabled: r.enabled,
  hidden: r.hidden,
  sort: r.sort,
  builtIn: r.seedKey !== null,
  children: [],
});

/** Nests rows by parent, sorted by `sort`; rows whose parent is missing become roots. */
export const buildSysMenuTree = (rows: readonly MenuRow[]): SysMenuNode[] => {
  const nodes = new Map(rows.map((r) => [r.id, toSysMenuNode(r)]));
  const roots: SysMenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const sortAll = (list: SysMenuNode[]) => {
    list.sort((a, b) => a.sort - b.sort);
    for (const n of list) sortAll(n.children);
  };
  sortAll(roots);
  return roots;
};

/**
 * The entries a caller holding `permissions` may grant: every entry whose permission they hold,
 * and the modules and systems above those (which carry no permission of their own).
 */
export const grantableRows = (rows: readonly MenuRow[], permissions: ReadonlySet<string>): MenuRow[] => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<string>();
  for (const r of rows) {
    if (!r.permission || !permissions.has(r.permission)) continue;
    let cur: MenuRow | undefined = r;
    while (cur && !keep.has(cur.id)) {
      keep.add(cur.id);
      cur = cur.parentId ? byId.get(cur.parentId) : undefined;
    }
  }
  return rows.filter((r) => keep.has(r.id));
};

/** Whether `candidateId` is `id` or below it. */
export const isSelfOrDescendant = (rows: readonly MenuRow[], id: string, candidateId: string) => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  let cur = byId.get(candidateId);
  const seen = new Set<string>();
  while (cur && !seen.has(cur.id)) {
    if (cur.id === id) return true;
    seen.add(cur.id);
    cur = cur.parentId ? byId.get(cur.parentId) : undefined;
  }
  return false;
};
