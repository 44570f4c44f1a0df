import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, DEFAULT_MENU, DEFAULT_ROUTE_PATHS } from './menu-tree';

const HIDDEN = [
  '/device/earlyWarning',
  '/device/deviceDetail/:sn',
  '/dataCenter/deviceRunInfo/:sn',
  '/appMarket/appDetail',
  '/longRange/whitelist',
  '/longRange/taskInfo',
  '/technicalSupport/serviceInfo',
  '/technicalSupport/addService',
  '/technicalSupport/inspectionRecordInfo',
];

describe('default menu tree', () => {
  it('starts with the home menu (dashboard/index)', () => {
    expect(DEFAULT_MENU[0].url).toBe('dashboard');
    expect(DEFAULT_MENU[0].pages[0].url).toBe('index');
  });

  it('has every route group and page of the spec', () => {
    for (const route of [
      '/user/role',
      '/user/index',
      '/user/toExamine',
      '/user/equipment',
      '/user/sysMenu',
      '/user/dicInfo',
      '/user/cpmPrivatization',
      '/device/index',
      '/device/deviceMap',
      '/device/exitRecord',
      '/device/modelManage',
      '/device/deviceFavorites',
      '/device/modelPeripheralSetting',
      '/device/abnormalperipherals',
      '/device/peripheral',
      '/device/fence',
      '/remote/index',
      '/remote/common',
      '/dataCenter/index',
      '/dataCenter/monitor',
      '/appMarket/index',
      '/appMarket/myApp',
      '/appMarket/appAudit',
      '/appMarket/windowsFile',
      '/appMarket/appOperationRecord',
      '/longRange/index',
      '/longRange/taskManage',
      '/technicalSupport/index',
      '/technicalSupport/service',
      '/technicalSupport/inspectionRecord',
      '/sysManage/index',
      '/sysManage/wallpaper',
      '/messageManage/index',
      '/messageManage/myMessage',
      '/messageManage/helpManual',
      ...HIDDEN,
    ]) {
      expect(DEFAULT_ROUTE_PATHS, route).toContain(route);
    }
  });

  it('hides exactly the detail and helper pages', () => {
    const hidden = DEFAULT_MENU.flatMap((m) =>
      m.pages.filter((p) => p.hidden).map((p) => `/${m.url}/${p.url}`),
    );
    expect(hidden.sort()).toEqual([...HIDDEN].sort());
  });

  it('names every entry in both languages and uses unique routes and permission keys', () => {
    expect(new Set(DEFAULT_ROUTE_PATHS).size).toBe(DEFAULT_ROUTE_PATHS.length);
    for (const m of DEFAULT_MENU) {
      expect(m.zh && m.en && m.icon).toBeTruthy();
      for (const p of m.pages) {
        expect(p.zh && p.en && p.icon, `${m.url}/${p.url}`).toBeTruthy();
        for (const b of p.buttons)
          expect(b.zh !== b.en || b.action, `${p.resource}:${b.action}`).toBeTruthy();
      }
    }
    for (const key of ALL_PERMISSIONS) expect(key).toMatch(/^[a-z]+:[A-Za-z]+:[A-Za-z]+$/);
    expect(ALL_PERMISSIONS).toContain('device:terminal:add');
    expect(ALL_PERMISSIONS).toContain('device:terminal:view');
  });
});
