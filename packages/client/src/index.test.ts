import { describe, expect, it } from 'vitest';
import { createClient } from './index';

/** A fetch that records the request and answers an empty page. */
const recordingFetch = () => {
  const seen: Request[] = [];
  const fetch = async (input: Request | string | URL) => {
    seen.push(input as Request);
    return new Response(JSON.stringify({ code: 1, message: '', messageEn: '', msg: '', result: null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { seen, fetch: fetch as typeof globalThis.fetch };
};

describe('client credentials', () => {
  it('sends an API key as a bearer token', async () => {
    const { seen, fetch } = recordingFetch();
    const api = createClient({ baseUrl: 'http://pos.test', apiKey: 'cpk_0123456789ab.secret', fetch });
    await api.GET('/device/v1/device/terminal/getPage', { params: { query: { current: 1, size: 5 } } });
    expect(seen[0].headers.get('authorization')).toBe('Bearer cpk_0123456789ab.secret');
    expect(seen[0].headers.get('satoken')).toBeNull();
  });

  it('prefers a session token once one is set', async () => {
    const { seen, fetch } = recordingFetch();
    const api = createClient({ baseUrl: 'http://pos.test', apiKey: 'cpk_0123456789ab.secret', fetch });
    api.setToken('session');
    await api.GET('/device/v1/device/terminal/getPage', { params: { query: { current: 1, size: 5 } } });
    expect(seen[0].headers.get('satoken')).toBe('session');
    expect(seen[0].headers.get('authorization')).toBeNull();
  });
});
