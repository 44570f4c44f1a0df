import { MENU_TYPE, type MenuNode } from '@cpm/contracts';
import { useCallback } from 'react';
import { useSessionStore } from '../session/sessionStore';

const trim = (url: string) => url.trim().replace(/^\/+|\/+$/g, '');

/**
 * Whether the menu holds a page at `/{module}/{page}`, hidden or not: the user may open it. Buttons
 * are the only permissions the console stores, so a link to a hidden page (one without a menu entry
 * of its own) is shown by this instead.
 */
export const menuHasPage = (menu: readonly MenuNode[], path: string) => {
  const [module, page] = trim(path).split('/');
  return menu.some(
    (m) =>
      m.menuType !== MENU_TYPE.button &&
      trim(m.url) === module &&
      m.menuVoList.some((c) => c.menuType !== MENU_TYPE.button && trim(c.url) === page),
  );
};

/** `canOpen(path)` for the signed-in user's menu. */
export const useCanOpen = () => {
  const menu = useSessionStore((s) => s.menuList);
  return useCallback((path: string) => menuHasPage(menu, path), [menu]);
};
