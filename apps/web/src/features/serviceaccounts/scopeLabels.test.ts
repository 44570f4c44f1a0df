import { describe, expect, it } from 'vitest';
import { scopeLabel } from './scopeLabels';

describe('scope labels', () => {
  it('names a button key by its page and button in the language asked for', () => {
    expect(scopeLabel('device:terminal:delete', 'en', 'View')).toBe(
      'My Devices › Delete (device:terminal:delete)',
    );
    expect(scopeLabel('device:terminal:delete', 'zh-CN', '查看')).toBe(
      '我的设备 › 删除 (device:terminal:delete)',
    );
  });

  it('names a view key by its page and the word for viewing', () => {
    expect(scopeLabel('task:task:view', 'en', 'View')).toBe('Task Management › View (task:task:view)');
  });

  it('answers an unknown key as it is', () => {
    expect(scopeLabel('nope:x:y', 'en', 'View')).toBe('nope:x:y');
  });
});
