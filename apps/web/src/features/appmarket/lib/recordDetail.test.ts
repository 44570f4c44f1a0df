import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enMarket from '../../../i18n/locales/en/appmarket.json';
import zhMarket from '../../../i18n/locales/zh/appmarket.json';
import { recordDetailOf } from './recordDetail';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { appmarket: enMarket }, zh: { appmarket: zhMarket } },
  lng: 'en',
  ns: ['appmarket'],
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});
const read = (r: Parameters<typeof recordDetailOf>[0], lng: 'en' | 'zh') =>
  recordDetailOf(r, i18n.getFixedT(lng), lng);

describe('recordDetailOf', () => {
  it('renders a version change and the task it came with in the reader’s language', () => {
    const r = {
      detail: '',
      detailText: { key: 'versionChange' as const, params: { before: 1, after: 1 } },
      taskId: 'abc',
    };
    expect(read(r, 'en')).toBe('1 → 1, task abc');
    expect(read(r, 'zh')).toBe('1 → 1，任务 abc');
  });

  it('renders an install task for its terminals and a rollback', () => {
    const install = {
      detail: '',
      detailText: { key: 'installTask' as const, params: { terminals: 2 } },
      taskId: 'x',
    };
    expect(read(install, 'en')).toBe('Install on 2 terminals, task x');
    expect(read(install, 'zh')).toBe('安装到 2 台终端，任务 x');
    const back = {
      detail: '',
      detailText: { key: 'rollback' as const, params: { version: '1.0.0', terminals: 1 } },
      taskId: null,
    };
    expect(read(back, 'en')).toBe('Back to 1.0.0 on 1 terminal');
    expect(read(back, 'zh')).toBe('回滚到 1.0.0，1 台终端');
  });

  it('names a refused install from the error catalogue and health breaches by their labels', () => {
    const failed = {
      detail: '',
      detailText: { key: 'installTaskFailed' as const, params: { error: 'taskNoTargets' } },
      taskId: null,
    };
    expect(read(failed, 'zh')).toMatch(/^未能创建安装任务：[\u3400-\u9fff]/);
    const paused = {
      detail: '',
      detailText: {
        key: 'healthPause' as const,
        params: { breaches: 'crashRate', gray: '0.50', rest: '0.10' },
      },
      taskId: null,
    };
    expect(read(paused, 'zh')).toBe('崩溃/ANR 率超出阈值；灰度 0.50，其余 0.10 次崩溃/终端');
    expect(read(paused, 'en')).toBe(
      'Crash/ANR rate above the threshold; gray 0.50 vs rest 0.10 crashes per terminal',
    );
  });

  it('keeps free text as written', () => {
    expect(read({ detail: 'SN1,SN2', detailText: null, taskId: null }, 'zh')).toBe('SN1,SN2');
  });
});
