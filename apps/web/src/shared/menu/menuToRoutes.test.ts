import { DEFAULT_ROUTE_PATHS, MENU_TYPE } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { defaultMenuNodes, menuNode } from '../../test/menuFactory';
import { findRoute, menuToRoutes, visiblePages } from './menuToRoutes';

describe('menuToRoutes', () => {
  it('creates /{module}/{page} routes for every page of the default menu', () => {
    const { routes } = menuToRoutes(defaultMenuNodes());
    expect(routes.map((r) => r.path).sort()).toEqual([...DEFAULT_ROUTE_PATHS].sort());
    expect(routes.find((r) => r.path === '/device/deviceDetail/:sn')).toMatchObject({
      key: 'device/deviceDetail/:sn',
      hidden: true,
      title: { zh: '设备详情', en: 'Device Detail' },
      group: { key: 'device', title: { zh: '设备管理', en: 'Devices' } },
    });
  });

  it('leaves button entries out and sorts by sort', () => {
    const tree = [
      menuNode({
        url: 'b',
        menuType: MENU_TYPE.module,
        sort: 2,
        menuVoList: [
          menuNode({ url: 'two', sort: 2 }),
          menuNode({
            url: 'one',
            sort: 1,
            menuVoList: [menuNode({ menuType: MENU_TYPE.button, permission: 'x:y' })],
          }),
          menuNode({ url: 'btn', menuType: MENU_TYPE.button, permission: 'b:btn' }),
        ],
      }),
      menuNode({ url: '/a/', menuType: MENU_TYPE.module, sort: 1, menuVoList: [menuNode({ url: 'index' })] }),
    ];
    const { groups, routes } = menuToRoutes(tree);
    expect(groups.map((g) => g.path)).toEqual(['/a', '/b']);
    expect(routes.map((r) => r.key)).toEqual(['a/index', 'b/one', 'b/two']);
    expect(groups[1].redirect).toBe('/b/one');
  });

  it('keeps http entries as external links, not routes', () => {
    const { groups, routes } = menuToRoutes([
      menuNode({
        url: 'docs',
        menuType: MENU_TYPE.module,
        menuVoList: [
          menuNode({ url: 'https://example.com/manual', name: '手册', menuEnglishName: 'Manual' }),
        ],
      }),
      menuNode({ url: 'http://example.com', menuType: MENU_TYPE.module }),
    ]);
    expect(routes).toEqual([]);
    expect(groups[0].links[0]).toMatchObject({ url: 'https://example.com/manual', title: { en: 'Manual' } });
    expect(groups[1].externalUrl).toBe('http://example.com');
  });

  it('redirects a group to its first visible page without parameters', () => {
    const { groups } = menuToRoutes(defaultMenuNodes());
    expect(groups.find((g) => g.key === 'user')?.redirect).toBe('/user/role');
    expect(groups.find((g) => g.key === 'dataCenter')?.redirect).toBe('/dataCenter/index');
  });

  it('falls back to the Chinese name when the English one is empty', () => {
    const { routes } = menuToRoutes([
      menuNode({
        url: 'x',
        menuType: MENU_TYPE.module,
        menuVoList: [menuNode({ url: 'y', name: '页', menuEnglishName: '' })],
      }),
    ]);
    expect(routes[0].title).toEqual({ zh: '页', en: '页' });
  });
});

describe('findRoute / visiblePages', () => {
  const { groups, routes } = menuToRoutes(defaultMenuNodes());

  it('matches parameterised paths', () => {
    expect(findRoute(routes, '/device/deviceDetail/SN123')?.key).toBe('device/deviceDetail/:sn');
    expect(findRoute(routes, '/device/index')?.key).toBe('device/index');
    expect(findRoute(routes, '/device/nothing')).toBeNull();
  });

  it('excludes hidden pages', () => {
    const paths = visiblePages(groups).map((p) => p.path);
    expect(paths).toContain('/device/index');
    expect(paths).not.toContain('/device/earlyWarning');
    expect(paths).not.toContain('/device/deviceDetail/:sn');
    expect(paths).not.toContain('/longRange/taskInfo');
  });
});
