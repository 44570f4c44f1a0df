import { describe, expect, it } from 'vitest';
import { menuToRoutes } from '../shared/menu/menuToRoutes';
import { defaultMenuNodes } from '../test/menuFactory';
import { resolveRouteMeta } from './routeMeta';

describe('resolveRouteMeta', () => {
  const { routes } = menuToRoutes(defaultMenuNodes());

  it('takes titles from the menu', () => {
    expect(resolveRouteMeta(routes, '/device/index')).toMatchObject({
      title: { zh: '我的设备', en: 'My Devices' },
      group: { zh: '设备管理', en: 'Devices' },
      hidden: false,
    });
    expect(resolveRouteMeta(routes, '/device/deviceDetail/SN1')?.hidden).toBe(true);
  });

  it('knows the static routes, with the stand-alone ones flagged', () => {
    expect(resolveRouteMeta([], '/dashboard/index')?.title.en).toBe('Dashboard');
    expect(resolveRouteMeta(routes, '/login')?.standalone).toBe(true);
    expect(resolveRouteMeta(routes, '/exception/guide-to-filling')?.standalone).toBe(true);
    expect(resolveRouteMeta(routes, '/exception/404')?.hidden).toBe(true);
    expect(resolveRouteMeta(routes, '/nowhere')).toBeNull();
  });
});
