import { ERRORS, ssoEndpoints } from '@cpm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf } from '../../test-support/api-client';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/** The public single sign-on calls are limited per client address, as no account is known yet. */
describe('single sign-on call limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_SSO_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('refuses discovery, start and callback past the limit with a 429 in both languages, for a minute', async () => {
    const anon = clientOf(t, null);
    const statuses: number[] = [];
    for (const query of ['a@example.test', 'b@example.test', 'ENT-CODE'])
      statuses.push((await anon.send(ssoEndpoints.discover, { query })).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = [
      await anon.send(ssoEndpoints.discover, { query: 'c@example.test' }),
      await anon.send(ssoEndpoints.start, { providerId: '00000000-0000-4000-8000-000000000000' }),
      await anon.send(ssoEndpoints.finish, { flowToken: 'x', callbackQuery: '?code=x&state=y' }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.body).toMatchObject({
        message: ERRORS.ssoRateLimited.zh,
        messageEn: ERRORS.ssoRateLimited.en,
      });
    }
    t.clock.advance(60_000);
    expect((await anon.send(ssoEndpoints.discover, { query: 'd@example.test' })).status).toBe(200);
  });
});
