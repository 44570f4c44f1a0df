import { type Bilingual, findRoute, type PageRoute } from '../shared/menu/menuToRoutes';
import { ACCOUNT_SECURITY_PATH, HOME_PATH } from '../shared/worktabs/worktabRules';

/** What the frame needs to know about the current location. */
export type RouteMeta = {
  /** Route pattern, the worktab's identity for pages with parameters is the real path. */
  pattern: string;
  title: Bilingual;
  group: Bilingual | null;
  /** Hidden pages never become worktabs and do not appear in the menu or search. */
  hidden: boolean;
  /** Stand-alone pages (login, guide) are outside the frame and never become worktabs. */
  standalone: boolean;
};

/** Titles of the static routes, in both languages. */
export const STATIC_META: Record<string, RouteMeta> = {
  [HOME_PATH]: {
    pattern: HOME_PATH,
    title: { zh: '工作台', en: 'Dashboard' },
    group: { zh: '首页', en: 'Home' },
    hidden: false,
    standalone: false,
  },
  '/login': {
    pattern: '/login',
    title: { zh: '登录', en: 'Log in' },
    group: null,
    hidden: true,
    standalone: true,
  },
  '/exception/guide-to-filling': {
    pattern: '/exception/guide-to-filling',
    title: { zh: '完善信息', en: 'Complete your information' },
    group: null,
    hidden: true,
    standalone: true,
  },
  [ACCOUNT_SECURITY_PATH]: {
    pattern: ACCOUNT_SECURITY_PATH,
    title: { zh: '账号安全', en: 'Account security' },
    group: null,
    hidden: false,
    standalone: false,
  },
  '/kit/gallery': {
    pattern: '/kit/gallery',
    title: { zh: '组件样例', en: 'Component gallery' },
    group: null,
    hidden: true,
    standalone: false,
  },
  '/exception/403': {
    pattern: '/exception/403',
    title: { zh: '无权访问', en: 'No permission' },
    group: null,
    hidden: true,
    standalone: false,
  },
  '/exception/404': {
    pattern: '/exception/404',
    title: { zh: '页面不存在', en: 'Page not found' },
    group: null,
    hidden: true,
    standalone: false,
  },
  '/exception/500': {
    pattern: '/exception/500',
    title: { zh: '服务器出错', en: 'Server error' },
    group: null,
    hidden: true,
    standalone: false,
  },
};

const fromPage = (page: PageRoute): RouteMeta => ({
  pattern: page.path,
  title: page.title,
  group: page.group.title,
  hidden: page.hidden,
  standalone: false,
});

/** Meta of a location: the menu's entry first (its names win), then the static routes. */
export const resolveRouteMeta = (routes: readonly PageRoute[], pathname: string): RouteMeta | null => {
  const page = findRoute(routes, pathname);
  if (page) return fromPage(page);
  return STATIC_META[pathname] ?? null;
};
