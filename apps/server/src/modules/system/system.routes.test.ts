import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/suite-app';
import { ADMIN_PASSWORD, loginAs } from '../../test-support/test-app';

const MAP_CONFIG = '/upms/v1/upms/system/getMapConfig';

describe('map configuration', () => {
  const t = useTestApp({
    env: {
      MAP_TILE_URL: 'http://{s}.tiles.example.test/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: 'Example tiles',
    },
  });

  it('is given to signed-in users only', async () => {
    const anonymous = await t.app.inject({ url: MAP_CONFIG });
    expect(anonymous.json().code).not.toBe(1);
    const { token } = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const res = await t.app.inject({ url: MAP_CONFIG, headers: { satoken: token } });
    expect(res.json()).toMatchObject({
      code: 1,
      result: {
        tileUrl: 'http://{s}.tiles.example.test/{z}/{x}/{y}.png',
        datum: 'wgs84',
        subdomains: 'abc',
        attribution: 'Example tiles',
        maxZoom: 18,
      },
    });
  });

  it('lets the console load images from a plain-http tile server', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['content-security-policy']).toMatch(/img-src [^;]*http:\/\/\*\.tiles\.example\.test/);
  });
});
