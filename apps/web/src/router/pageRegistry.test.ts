import { DEFAULT_MENU, DEFAULT_ROUTE_PATHS } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { PendingPage, pageFor, pageRegistry } from './pageRegistry';

describe('pageRegistry', () => {
  it('has a page for every route of the default menu', () => {
    const missing = DEFAULT_ROUTE_PATHS.map((path) => path.slice(1)).filter((key) => !(key in pageRegistry));
    expect(missing).toEqual([]);
  });

  it('has no key the default menu does not know', () => {
    const known = new Set(DEFAULT_ROUTE_PATHS.map((path) => path.slice(1)));
    expect(Object.keys(pageRegistry).filter((key) => !known.has(key))).toEqual([]);
  });

  it('routes the home page to the dashboard and unknown keys to the stand-in page', () => {
    const home = DEFAULT_MENU[0];
    expect(pageFor(`${home.url}/${home.pages[0].url}`)).toBe(pageRegistry['dashboard/index']);
    expect(pageFor('nothing/here')).toBe(PendingPage);
  });
});
