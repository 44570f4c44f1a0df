import { ERRORS } from '@cpm/contracts';
import { rolesRoutes } from '@cpm/contracts/routes';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient, type HttpDeps } from './httpClient';

const refusal = {
  code: 403,
  message: ERRORS.stepUpFactorRequired.zh,
  messageEn: ERRORS.stepUpFactorRequired.en,
  msg: ERRORS.stepUpFactorRequired.zh,
  result: { stepUp: { methods: ['totp', 'passkey'] } },
};
const ok = { code: 1, message: '', messageEn: '', msg: '', result: { id: 'r1' } };
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const makeClient = (confirmFactor: HttpDeps['confirmFactor'], answers: unknown[]) => {
  const fetchMock = vi.fn<typeof fetch>(async () => json(answers.shift()));
  const deps = {
    fetch: fetchMock,
    getToken: () => 'tok-1',
    getLanguage: () => 'en' as const,
    notify: { error: vi.fn(), success: vi.fn() },
    overlay: { start: vi.fn(), stop: vi.fn() },
    onSessionEnd: vi.fn(),
    texts: () => ({ networkFailed: 'Network connection failed', success: 'Operation succeeded' }),
    confirmFactor,
  } satisfies HttpDeps;
  return { client: createHttpClient(deps), deps, fetchMock };
};
const body = { name: 'Cashier', nameEn: '', code: 'cashier', menuIds: [] };

describe('a risky call refused for want of a second factor', () => {
  it('asks for the factors named, outside the overlay, and sends the call again once confirmed', async () => {
    const confirm = vi.fn(async () => true);
    const { client, deps, fetchMock } = makeClient(confirm, [refusal, ok]);
    await expect(client.call(rolesRoutes.save, { body })).resolves.toEqual({ id: 'r1' });
    expect(confirm).toHaveBeenCalledWith(['totp', 'passkey']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(deps.overlay.stop).toHaveBeenCalledTimes(2);
    expect(deps.notify.error).not.toHaveBeenCalled();
  });

  it('gives up without a message when the dialog is closed, and shows a second refusal', async () => {
    const { client, deps, fetchMock } = makeClient(async () => false, [refusal]);
    await expect(client.call(rolesRoutes.save, { body })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(deps.notify.error).not.toHaveBeenCalled();

    const again = makeClient(async () => true, [refusal, refusal]);
    await expect(again.client.call(rolesRoutes.save, { body })).rejects.toThrow(
      ERRORS.stepUpFactorRequired.en,
    );
    expect(again.fetchMock).toHaveBeenCalledTimes(2);
    expect(again.deps.notify.error).toHaveBeenCalledWith(ERRORS.stepUpFactorRequired.en);
  });
});
