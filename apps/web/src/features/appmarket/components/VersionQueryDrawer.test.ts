import { describe, expect, it } from 'vitest';
import { versionQueryRefusal } from './VersionQueryDrawer';

describe('versionQueryRefusal', () => {
  it('refuses an empty name, or one of spaces only, with the words the server answers', () => {
    for (const name of ['', '   ']) {
      expect(versionQueryRefusal(name)).toEqual({
        zh: '请输入应用名称后再查询版本',
        en: 'Enter an app name to query its versions',
      });
    }
  });

  it('lets a name through', () => {
    expect(versionQueryRefusal('CashTool')).toBeNull();
  });
});
