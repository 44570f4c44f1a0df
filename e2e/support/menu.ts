/** The parts of a menu node (spec section 3) the suite reads. */
export type MenuNode = {
  id: string;
  name: string;
  menuEnglishName: string;
  url: string;
  hidden: number;
  menuType: number;
  sort: number;
  menuVoList: MenuNode[];
};

/** A page reachable from the side menu. */
export type MenuPage = {
  path: string;
  zh: string;
  en: string;
  groupZh: string;
  groupEn: string;
  hidden: boolean;
};

const BUTTON = 3;
const trim = (url: string) => url.trim().replace(/^\/+|\/+$/g, '');

/** Every page of a menu tree (spec section 2: /{group url}/{page url}), hidden ones flagged. */
export const menuPages = (menuList: MenuNode[]): MenuPage[] =>
  [...menuList]
    .sort((a, b) => a.sort - b.sort)
    .filter((group) => group.menuType !== BUTTON && !/^https?:/i.test(group.url))
    .flatMap((group) =>
      [...group.menuVoList]
        .sort((a, b) => a.sort - b.sort)
        .filter((page) => page.menuType !== BUTTON && !/^https?:/i.test(page.url) && trim(page.url))
        .map((page) => ({
          path: `/${trim(group.url)}/${trim(page.url)}`,
          zh: page.name,
          en: page.menuEnglishName || page.name,
          groupZh: group.name,
          groupEn: group.menuEnglishName || group.name,
          hidden: group.hidden === 1 || page.hidden === 1 || page.url.includes(':'),
        })),
    );
