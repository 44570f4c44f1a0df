import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../session/sessionStore';
import { unlessSteppedUp } from './stepUp';

/** The server's answer to the step-up question. */
const answer = (freshUntil: string | null, methods: string[] = []) =>
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    expect(new URL(String(input), 'http://console.test').pathname).toBe('/oauth/v1/oauth/login/stepUp');
    return new Response(
      JSON.stringify({ code: 1, message: '', messageEn: '', msg: '', result: { freshUntil, methods } }),
      { headers: { 'content-type': 'application/json' } },
    );
  });

describe('asking for the password again', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ token: null, user: null, isLogin: false });
  });

  it('goes ahead without the dialog while the server says the step-up is fresh', async () => {
    useSessionStore.setState({ token: 'tok', isLogin: true });
    answer(new Date(Date.now() + 60_000).toISOString());
    const ask = vi.fn();
    const proceed = vi.fn(async () => undefined);
    await unlessSteppedUp(ask, proceed);
    expect(proceed).toHaveBeenCalledOnce();
    expect(ask).not.toHaveBeenCalled();
  });

  it('opens the dialog when it is not', async () => {
    useSessionStore.setState({ token: 'tok', isLogin: true });
    answer(null);
    const ask = vi.fn();
    const proceed = vi.fn(async () => undefined);
    await unlessSteppedUp(ask, proceed);
    expect(ask).toHaveBeenCalledOnce();
    expect(proceed).not.toHaveBeenCalled();
  });

  it('leaves the password out when the account confirms a second factor instead', async () => {
    useSessionStore.setState({ token: 'tok', isLogin: true });
    answer(null, ['totp']);
    const ask = vi.fn();
    const proceed = vi.fn(async () => undefined);
    await unlessSteppedUp(ask, proceed);
    expect(proceed).toHaveBeenCalledOnce();
    expect(ask).not.toHaveBeenCalled();
  });
});
