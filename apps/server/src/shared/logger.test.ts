import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

describe('redactUrl', () => {
  it('hides token, password and code values but keeps the rest', () => {
    expect(redactUrl('/oauth/v1/oauth/login/doLogout?token=abc123&x=1')).toBe(
      '/oauth/v1/oauth/login/doLogout?token=***&x=1',
    );
    expect(redactUrl('/a?emailCaptcha=123456&code=9&password=p')).toBe(
      '/a?emailCaptcha=***&code=***&password=***',
    );
    expect(redactUrl('/a?id=5')).toBe('/a?id=5');
  });
});
