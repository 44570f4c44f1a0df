import type { GroupNode } from '@cpm/contracts';

type Row = Omit<GroupNode, 'children'>;

/** Builds the tree from flat rows; a row whose parent is not visible becomes a root. */
export const buildGroupTree = (rows: readonly Row[]): GroupNode[] => {
  const nodes = new Map<string, GroupNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: GroupNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
};

/** Ids of a node and every node below it. */
export const subtreeIds = (rows: readonly { id: string; parentId: string | null }[], rootId: string) => {
  const children = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.parentId) continue;
    children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  }
  const out = new Set<string>();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop() as string;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
};

/** Keeps matching nodes and the path to them. */
export const filterTree = (nodes: GroupNode[], match: (n: GroupNode) => boolean): GroupNode[] =>
  nodes.flatMap((n) => {
    if (match(n)) return [n];
    const children = filterTree(n.children, match);
    return children.length ? [{ ...n, children }] : [];
  });
