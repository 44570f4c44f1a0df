import { describe, expect, it } from 'vitest';
import { recordDetailIn } from './app-record-texts';

const record = (over: Partial<Parameters<typeof recordDetailIn>[0]>) => ({
  detail: '',
  detailText: null,
  taskId: null,
  ...over,
});

describe('recordDetailIn', () => {
  it('renders a version change and its task in each language', () => {
    const r = record({
      detailText: { key: 'versionChange', params: { before: 1, after: 2 } },
      taskId: 'abc',
    });
    expect(recordDetailIn(r, 'en')).toBe('1 → 2, task abc');
    expect(recordDetailIn(r, 'zh')).toBe('1 → 2，任务 abc');
  });

  it('names the refusal of an install task from the error catalogue', () => {
    const r = record({ detailText: { key: 'installTaskFailed', params: { error: 'taskNoTargets' } } });
    expect(recordDetailIn(r, 'zh')).toMatch(/^未能创建安装任务：[\u3400-\u9fff]/);
    expect(recordDetailIn(r, 'en')).toMatch(/^Install task not created: [A-Z]/);
  });

  it('names health gate breaches by their labels', () => {
    const r = record({
      detailText: {
        key: 'healthPause',
        params: { breaches: 'crashRate,offline', gray: '0.50', rest: '0.10' },
      },
    });
    expect(recordDetailIn(r, 'zh')).toBe(
      '崩溃/ANR 率超出阈值；离线率超出阈值；灰度 0.50，其余 0.10 次崩溃/终端',
    );
    expect(recordDetailIn(r, 'en')).toContain('Offline rate above the threshold; gray 0.50 vs rest 0.10');
  });

  it('keeps free text as written', () => {
    expect(recordDetailIn(record({ detail: 'Icon is blurry' }), 'zh')).toBe('Icon is blurry');
  });
});
