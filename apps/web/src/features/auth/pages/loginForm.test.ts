import { describe, expect, it } from 'vitest';
import { missingFields } from './loginForm';

describe('sign-in form', () => {
  it('finds every empty field; an account or captcha of spaces counts as empty', () => {
    expect(missingFields({ username: '', password: '', captchaCode: '' })).toEqual([
      'username',
      'password',
      'captchaCode',
    ]);
    expect(missingFields({ username: '  ', password: 'x', captchaCode: ' ' })).toEqual([
      'username',
      'captchaCode',
    ]);
  });

  it('keeps a password of spaces, which may be a real password', () => {
    expect(missingFields({ username: 'admin', password: '   ', captchaCode: 'ab12' })).toEqual([]);
  });
});
