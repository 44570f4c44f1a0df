import { ENDPOINTS } from '@cpm/contracts';
import { describe, expect, it, vi } from 'vitest';
import { clientOf } from './api-client';
import type { TestApp } from './test-app';

/** An app whose inject records what it was asked and answers an empty success. */
const recordingApp = () => {
  const inject = vi.fn(
    async (_opts: { method: string; url: string; headers: object; payload?: unknown }) => ({
      statusCode: 200,
      headers: {},
      json: () => ({ code: 1, message: '', messageEn: '', msg: '', result: null }),
    }),
  );
  return { t: { app: { inject } } as unknown as TestApp, inject };
};

describe('clientOf', () => {
  it('sends a GET endpoint’s input as its query, leaving out what is undefined', async () => {
    const { t, inject } = recordingApp();
    await clientOf(t, 'tok').call(ENDPOINTS.tasks.page, { name: 'a b', status: undefined });
    expect(inject.mock.calls[0][0]).toMatchObject({
      method: 'GET',
      url: `${ENDPOINTS.tasks.page.path}?name=a+b`,
      headers: { satoken: 'tok' },
    });
  });

  it('sends a POST endpoint’s input as its body', async () => {
    const { t, inject } = recordingApp();
    await clientOf(t, 'tok').call(ENDPOINTS.tasks.stop, { id: 'x' });
    expect(inject.mock.calls[0][0]).toMatchObject({
      method: 'POST',
      url: ENDPOINTS.tasks.stop.path,
      payload: { id: 'x' },
    });
  });

  it('sends a POST endpoint that has only a query in the query', async () => {
    const { t, inject } = recordingApp();
    await clientOf(t, 'tok').call(ENDPOINTS.media.wallpaperDelete, { id: 'x' });
    expect(inject.mock.calls[0][0].url).toBe(`${ENDPOINTS.media.wallpaperDelete.path}?id=x`);
  });

  it('calls without a session when the token is null', async () => {
    const { t, inject } = recordingApp();
    await clientOf(t, null).send(ENDPOINTS.auth.captcha);
    expect(inject.mock.calls[0][0].headers).toEqual({});
  });
});
