import { describe, expect, it } from 'vitest';
import { pickMessage } from './pickMessage';

describe('pickMessage', () => {
  const full = { message: '账号或密码错误', messageEn: 'Wrong account or password', msg: '错误' };

  it('uses messageEn in English', () => {
    expect(pickMessage(full, 'en')).toBe('Wrong account or password');
  });

  it('uses message in Chinese, then msg', () => {
    expect(pickMessage(full, 'cn')).toBe('账号或密码错误');
    expect(pickMessage({ message: '', msg: '错误' }, 'cn')).toBe('错误');
  });

  it('falls back to message, then msg, when English text is missing', () => {
    expect(pickMessage({ message: '中文', messageEn: '' }, 'en')).toBe('中文');
    expect(pickMessage({ msg: '备用' }, 'en')).toBe('备用');
  });
});
