import { DEFAULT_MENU, MENU_TYPE, type MenuNode, viewKey } from '@cpm/contracts';

let nextId = 1;

/** A menu node with sensible defaults. */
export const menuNode = (overrides: Partial<MenuNode> = {}): MenuNode => ({
  id: String(nextId++),
  name: '节点',
  menuEnglishName: 'Node',
  url: 'node',
  icon: 'AppstoreOutlined',
  hidden: 0,
  parentId: null,
  menuType: MENU_TYPE.page,
  permission: '',
  sort: 0,
  menuVoList: [],
  ...overrides,
});

/** The default menu tree as the server sends it to an administrator. */
export const defaultMenuNodes = (): MenuNode[] =>
  DEFAULT_MENU.map((module, moduleIndex) => {
    const moduleId = `m${moduleIndex}`;
    return menuNode({
      id: moduleId,
      name: module.zh,
      menuEnglishName: module.en,
      url: module.url,
      icon: module.icon,
      menuType: MENU_TYPE.module,
      sort: moduleIndex,
      menuVoList: module.pages.map((page, pageIndex) => {
        const pageId = `${moduleId}p${pageIndex}`;
        return menuNode({
          id: pageId,
          parentId: moduleId,
          name: page.zh,
          menuEnglishName: page.en,
          url: page.url,
          icon: page.icon,
          hidden: page.hidden ? 1 : 0,
          permission: viewKey(page),
          sort: pageIndex,
          menuVoList: page.buttons.map((button, buttonIndex) =>
            menuNode({
              id: `${pageId}b${buttonIndex}`,
              parentId: pageId,
              name: button.zh,
              menuEnglishName: button.en,
              url: '',
              icon: '',
              menuType: MENU_TYPE.button,
              permission: `${page.resource}:${button.action}`,
              sort: buttonIndex,
            }),
          ),
        });
      }),
    });
  });
