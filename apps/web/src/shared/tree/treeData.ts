import type { GroupNode, SysMenuNode } from '@cpm/contracts';

type TreeOption = { value: string; title: string; key: string; children: TreeOption[]; disabled?: boolean };

/** Groups as TreeSelect data; `excludeId` and its subtree are disabled (a group cannot go below itself). */
export const toTreeSelect = (nodes: GroupNode[], excludeId?: string, parentExcluded = false): TreeOption[] =>
  nodes.map((n) => {
    const excluded = parentExcluded || n.id === excludeId;
    return {
      value: n.id,
      key: n.id,
      title: `${n.name} (${n.number})`,
      disabled: excluded,
      children: toTreeSelect(n.children, excludeId, excluded),
    };
  });

/** Ids of the groups that have sub-groups, at every depth: the rows a fully open tree expands. */
export const parentGroupIds = (nodes: GroupNode[]): string[] =>
  nodes.flatMap((n) => (n.children.length ? [n.id, ...parentGroupIds(n.children)] : []));

type MenuTreeOption = {
  key: string;
  value: string;
  title: string;
  children: MenuTreeOption[];
  disabled?: boolean;
};

/** Menu entries as Tree/TreeSelect data in the current language. */
export const menuTreeData = (
  nodes: SysMenuNode[],
  zh: boolean,
  excludeId?: string,
  parentExcluded = false,
): MenuTreeOption[] =>
  nodes.map((n) => {
    const excluded = parentExcluded || n.id === excludeId;
    return {
      key: n.id,
      value: n.id,
      title: zh ? n.name : n.menuEnglishName,
      disabled: excluded,
      children: menuTreeData(n.children, zh, excludeId, excluded),
    };
  });
