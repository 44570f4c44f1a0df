import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enCommands from '../../i18n/locales/en/commands.json';
import enCommon from '../../i18n/locales/en/common.json';
import zhCommands from '../../i18n/locales/zh/commands.json';
import zhCommon from '../../i18n/locales/zh/common.json';
import { taskNameOf } from './taskName';

const i18n = i18next.createInstance();
await i18n.init({
  resources: {
    en: { common: enCommon, commands: enCommands },
    zh: { common: zhCommon, commands: zhCommands },
  },
  lng: 'en',
  ns: ['common', 'commands'],
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});
const inLang = (lng: 'en' | 'zh') => i18n.getFixedT(lng);

describe('taskNameOf', () => {
  const command = (total: number) => ({
    name: 'device_props W3SIM000001 +1',
    nameText: { key: 'command' as const, params: { op: 'device_props', sn: 'W3SIM000001', total } },
  });

  it('names a command task on several terminals in each reader language', () => {
    expect(taskNameOf(command(2), inLang('en'))).toBe('Read device properties · W3SIM000001 and 1 more');
    expect(taskNameOf(command(2), inLang('zh'))).toBe('读取设备属性 · W3SIM000001 等 2 台');
  });

  it('names a command task on one terminal by its SN alone', () => {
    expect(taskNameOf(command(1), inLang('en'))).toBe('Read device properties · W3SIM000001');
    expect(taskNameOf(command(1), inLang('zh'))).toBe('读取设备属性 · W3SIM000001');
  });

  it('names a market install by app, version and why', () => {
    const task = {
      name: 'Cashier 1.2 gray release',
      nameText: {
        key: 'appInstall' as const,
        params: { app: 'Cashier', version: '1.2', reason: 'gray' },
      },
    };
    expect(taskNameOf(task, inLang('en'))).toBe('Cashier 1.2 · gray release');
    expect(taskNameOf(task, inLang('zh'))).toBe('Cashier 1.2 · 灰度发布');
  });

  it('names a permission task by what it does to which package', () => {
    const task = {
      name: 'Grant permissions · com.cpm.tool',
      nameText: { key: 'permission' as const, params: { action: 'grant', packageName: 'com.cpm.tool' } },
    };
    expect(taskNameOf(task, inLang('en'))).toBe('Grant permissions · com.cpm.tool');
    expect(taskNameOf(task, inLang('zh'))).toBe('授予权限 · com.cpm.tool');
  });

  it('names an uninstall task by its package', () => {
    const task = {
      name: 'Uninstall · com.cpm.tool',
      nameText: { key: 'appUninstall' as const, params: { packageName: 'com.cpm.tool' } },
    };
    expect(taskNameOf(task, inLang('en'))).toBe('Uninstall · com.cpm.tool');
    expect(taskNameOf(task, inLang('zh'))).toBe('卸载 · com.cpm.tool');
  });

  it('keeps a typed name as typed', () => {
    expect(taskNameOf({ name: 'Price update', nameText: null }, inLang('zh'))).toBe('Price update');
  });
});
