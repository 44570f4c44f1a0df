import { useMemo } from 'react';
import { useSessionStore } from '../session/sessionStore';
import { type MenuRoutes, menuToRoutes } from './menuToRoutes';

/** The signed-in user's menu as groups and routes, recomputed only when the menu changes. */
export const useMenuRoutes = (): MenuRoutes => {
  const menuList = useSessionStore((s) => s.menuList);
  return useMemo(() => menuToRoutes(menuList), [menuList]);
};
