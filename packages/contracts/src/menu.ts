/** Menu node types: 0 system, 1 module (first level), 2 menu page, 3 button/permission entry. */
export const MENU_TYPE = { system: 0, module: 1, page: 2, button: 3 } as const;
export type MenuType = (typeof MENU_TYPE)[keyof typeof MENU_TYPE];

/** A node of the user's menu tree as the console receives it (spec section 3). */
export type MenuNode = {
  id: string;
  /** Chinese name. */
  name: string;
  /** English name. */
  menuEnglishName: string;
  /** Path segment: first level `device`, second level `index` or `deviceDetail/:sn`, or an http URL. */
  url: string;
  /** antd icon name, e.g. `MobileOutlined`. */
  icon: string;
  /** 1 hides the entry from the menu, header search and worktabs. */
  hidden: 0 | 1;
  parentId: string | null;
  menuType: MenuType;
  /** Permission key (`domain:resource:action`) for pages and buttons. */
  permission: string;
  sort: number;
  /** Children: pages under a module, buttons under a page. */
  menuVoList: MenuNode[];
};

/** Collects the permission keys of every button entry (menuType 3) in a tree. */
export const collectPermissions = (nodes: readonly MenuNode[]): string[] => {
  const keys: string[] = [];
  const walk = (list: readonly MenuNode[]) => {
    for (const node of list) {
      if (node.menuType === MENU_TYPE.button && node.permission) keys.push(node.permission);
      walk(node.menuVoList);
    }
  };
  walk(nodes);
  return keys;
};
