import Fuse, { type IFuseOptions } from 'fuse.js';
import type { PageRoute } from '../../shared/menu/menuToRoutes';

/** One searchable page: its title in the current language and its path. */
export type SearchItem = { title: string; path: string; groupTitle: string; icon: string };

/** Spec section 9: longer input is cut to this many characters before matching. */
export const MAX_PATTERN_LENGTH = 32;

/** Spec section 9: fuzzy, threshold 0.4, weights title 0.7 and path 0.3. */
export const SEARCH_OPTIONS: IFuseOptions<SearchItem> = {
  threshold: 0.4,
  ignoreLocation: true,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

/** Search entries for the visible pages; hidden pages and parameterised routes are left out. */
export const toSearchItems = (pages: readonly PageRoute[], language: 'zh' | 'en'): SearchItem[] =>
  pages
    .filter((p) => !p.hidden && !p.path.includes(':'))
    .map((p) => ({
      title: p.title[language],
      path: p.path,
      groupTitle: p.group.title[language],
      icon: p.icon,
    }));

/** The header search over a list of pages. */
export const createMenuSearch = (items: readonly SearchItem[]) => {
  const fuse = new Fuse(items, SEARCH_OPTIONS);
  return (query: string): SearchItem[] => {
    const pattern = query.trim().slice(0, MAX_PATTERN_LENGTH);
    if (!pattern) return [];
    return fuse.search(pattern).map((hit) => hit.item);
  };
};
