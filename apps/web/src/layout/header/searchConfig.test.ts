import { describe, expect, it } from 'vitest';
import { menuToRoutes } from '../../shared/menu/menuToRoutes';
import { defaultMenuNodes } from '../../test/menuFactory';
import { createMenuSearch, MAX_PATTERN_LENGTH, SEARCH_OPTIONS, toSearchItems } from './searchConfig';

describe('header search configuration', () => {
  it('uses the spec values', () => {
    expect(SEARCH_OPTIONS.threshold).toBe(0.4);
    expect(MAX_PATTERN_LENGTH).toBe(32);
    expect(SEARCH_OPTIONS.keys).toEqual([
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ]);
  });

  const { routes } = menuToRoutes(defaultMenuNodes());

  it('excludes hidden pages', () => {
    const items = toSearchItems(routes, 'en');
    const paths = items.map((i) => i.path);
    expect(paths).not.toContain('/device/earlyWarning');
    expect(paths).not.toContain('/appMarket/appDetail');
    expect(paths.some((p) => p.includes(':'))).toBe(false);
    const search = createMenuSearch(items);
    expect(search('Early Warnings').map((i) => i.path)).not.toContain('/device/earlyWarning');
  });

  it('finds pages fuzzily by title in the current language and by path', () => {
    const en = createMenuSearch(toSearchItems(routes, 'en'));
    expect(en('devce map')[0]?.path).toBe('/device/deviceMap');
    expect(en('geofence')[0]?.path).toBe('/device/fence');
    const zh = createMenuSearch(toSearchItems(routes, 'zh'));
    expect(zh('设备地图')[0]?.path).toBe('/device/deviceMap');
    expect(zh('wallpaper')[0]?.path).toBe('/sysManage/wallpaper');
  });

  it('cuts long input to 32 characters and ignores blank input', () => {
    const search = createMenuSearch(toSearchItems(routes, 'en'));
    expect(search('   ')).toEqual([]);
    expect(search(`Device Map${'x'.repeat(100)}`)).toEqual(search(`Device Map${'x'.repeat(22)}`));
  });
});
