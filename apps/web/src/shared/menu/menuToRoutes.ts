import { MENU_TYPE, type MenuNode } from '@cpm/contracts';
import { matchPath } from 'react-router';

export type Bilingual = { zh: string; en: string };

/** A page route made from a second-level menu entry. */
export type PageRoute = {
  /** Key in the page registry: `device/index`, `device/deviceDetail/:sn`. */
  key: string;
  /** Route pattern: `/device/deviceDetail/:sn`. */
  path: string;
  title: Bilingual;
  icon: string;
  hidden: boolean;
  permission: string;
  group: { key: string; title: Bilingual; icon: string };
};

/** A menu entry that leaves the console (url starting with http); it opens in a new browser tab. */
export type ExternalLink = { id: string; url: string; title: Bilingual; icon: string; hidden: boolean };

/** A first-level menu group with its pages. */
export type MenuGroup = {
  key: string;
  /** `/device`; it redirects to `redirect`. */
  path: string;
  title: Bilingual;
  icon: string;
  hidden: boolean;
  pages: PageRoute[];
  links: ExternalLink[];
  /** The first visible page, where the group's own path leads. */
  redirect: string | null;
  /** Set when the group itself is an external link. */
  externalUrl?: string;
};

export type MenuRoutes = { groups: MenuGroup[]; routes: PageRoute[] };

const isExternal = (url: string) => /^https?:\/\//i.test(url);
const trimSlashes = (url: string) => url.trim().replace(/^\/+|\/+$/g, '');
const bySort = (a: MenuNode, b: MenuNode) => a.sort - b.sort;
const titleOf = (node: MenuNode): Bilingual => ({ zh: node.name, en: node.menuEnglishName || node.name });

/**
 * Turns the user's menu tree into routes (spec section 2): each first-level entry becomes `/{url}`
 * with its second-level entries as children; button entries (menuType 3) are permissions, not pages.
 */
export const menuToRoutes = (menuList: readonly MenuNode[]): MenuRoutes => {
  const groups: MenuGroup[] = [];
  for (const module of [...menuList].sort(bySort)) {
    if (module.menuType === MENU_TYPE.button) continue;
    const groupKey = trimSlashes(module.url);
    const group: MenuGroup = {
      key: groupKey || module.id,
      path: `/${groupKey}`,
      title: titleOf(module),
      icon: module.icon,
      hidden: module.hidden === 1,
      pages: [],
      links: [],
      redirect: null,
    };
    if (isExternal(module.url)) {
      groups.push({ ...group, key: module.id, path: module.url, externalUrl: module.url });
      continue;
    }
    for (const child of [...module.menuVoList].sort(bySort)) {
      if (child.menuType === MENU_TYPE.button) continue;
      if (isExternal(child.url)) {
        group.links.push({
          id: child.id,
          url: child.url,
          title: titleOf(child),
          icon: child.icon,
          hidden: child.hidden === 1,
        });
        continue;
      }
      const pageUrl = trimSlashes(child.url);
      if (!pageUrl) continue;
      group.pages.push({
        key: `${groupKey}/${pageUrl}`,
        path: `/${groupKey}/${pageUrl}`,
        title: titleOf(child),
        icon: child.icon,
        hidden: child.hidden === 1,
        permission: child.permission,
        group: { key: group.key, title: group.title, icon: group.icon },
      });
    }
    group.redirect = group.pages.find((p) => !p.hidden && !p.path.includes(':'))?.path ?? null;
    groups.push(group);
  }
  return { groups, routes: groups.flatMap((g) => g.pages) };
};

/** The page route a location belongs to, if any. */
export const findRoute = (routes: readonly PageRoute[], pathname: string): PageRoute | null =>
  routes.find((route) => matchPath({ path: route.path, end: true }, pathname)) ?? null;

/** Entries the header search and the side menu may show: visible pages of visible groups, no parameters. */
export const visiblePages = (groups: readonly MenuGroup[]): PageRoute[] =>
  groups.filter((g) => !g.hidden).flatMap((g) => g.pages.filter((p) => !p.hidden && !p.path.includes(':')));
