import { describe, expect, it } from 'vitest';
import { dictLabel } from './useDict';

describe('dictionary labels', () => {
  const bundle = { enabled_status: [{ value: '1', label: '已启用', englishName: 'Enabled' }] };
  it('gives the label in the current language and the value when unknown', () => {
    expect(dictLabel(bundle, 'enabled_status', '1', 'zh')).toBe('已启用');
    expect(dictLabel(bundle, 'enabled_status', '1', 'en')).toBe('Enabled');
    expect(dictLabel(bundle, 'enabled_status', '9', 'en')).toBe('9');
    expect(dictLabel(undefined, 'x', 'v', 'en')).toBe('v');
  });
});
