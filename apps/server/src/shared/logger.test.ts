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

  it('hides the signature of a signed download link, also a presigned S3 one', () => {
    expect(redactUrl('/file/v1/file/blob/signed?id=7&expires=1780000000&signature=9f8e7d')).toBe(
      '/file/v1/file/blob/signed?id=7&expires=1780000000&signature=***',
    );
    expect(redactUrl('/b/k?X-Amz-Credential=AKIA%2F1&X-Amz-Signature=abc&X-Amz-Expires=60')).toBe(
      '/b/k?X-Amz-Credential=***&X-Amz-Signature=***&X-Amz-Expires=60',
    );
  });
});
