import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../shared/app-error';
import { fakeOf } from '../../test-support/fake';
import { RECORD_TIME } from '../../test-support/records';
import type { FactorsService } from '../identity/factors.service';
import type { PasskeysService } from '../identity/passkeys.service';
import type { AuthRepository } from './auth.repository';
import { factorThrottleKeys } from './login-throttle';
import { createPendingSignIns, PENDING_SIGN_IN_TTL_MS } from './pending-sign-in';
import { createSecondStepService } from './second-step.service';
import type { ThrottleGate } from './throttle-gate';

const USER_ID = '00000000-0000-4000-8000-000000000001';
const user = { id: USER_ID, username: 'ann', enabled: true } as NonNullable<
  Awaited<ReturnType<AuthRepository['findUserById']>>
>;
const META = { ip: '203.0.113.9' };
const SESSION = {
  userVo: { id: USER_ID, name: 'ann', verify: 1, username: 'ann', language: 'en' },
  tokenValue: 't',
  deviceToken: 'd',
};

const setup = () => {
  let now = RECORD_TIME;
  const clock = { now: () => now };
  const pending = createPendingSignIns(Buffer.alloc(32, 1));
  const gate = fakeOf<ThrottleGate>({ reserve: async () => [], refund: async () => undefined });
  const factors = fakeOf<Pick<FactorsService, 'verify' | 'startTotp' | 'confirmTotp'>>({
    verify: async () => true,
    confirmTotp: async () => ({ recoveryCodes: ['abcde-fghjk'] }),
  });
  const passkeys = fakeOf<
    Pick<
      PasskeysService,
      'signInOptions' | 'secondFactor' | 'passwordless' | 'registerOptionsFor' | 'registerFor'
    >
  >({
    secondFactor: async () => true,
    passwordless: async () => USER_ID,
  });
  const openSession = vi.fn(async () => SESSION);
  const recordLogin = vi.fn(async () => undefined);
  const service = createSecondStepService({
    repo: { findUserById: async () => user },
    clock,
    pending,
    gate,
    factors,
    passkeys,
    openSession,
    recordLogin,
  });
  const tokenFor = (step: 'verify' | 'enrol') => pending.issue(USER_ID, step, now).token;
  return {
    service,
    gate,
    factors,
    passkeys,
    openSession,
    recordLogin,
    tokenFor,
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
};

describe('the second sign-in step', () => {
  it('opens the session after a right code and takes back its count', async () => {
    const s = setup();
    expect(await s.service.verify({ pendingToken: s.tokenFor('verify'), otp: '123456' }, META)).toBe(SESSION);
    expect(s.gate.reserve).toHaveBeenCalledWith(factorThrottleKeys(USER_ID));
    expect(s.gate.refund).toHaveBeenCalled();
    expect(s.recordLogin).toHaveBeenCalledWith(expect.objectContaining({ ok: true, reason: 'totp' }));
  });

  it('keeps the count of a wrong code, opens nothing and records the failure', async () => {
    const s = setup();
    s.factors.verify.mockResolvedValue(false);
    await expect(
      s.service.verify({ pendingToken: s.tokenFor('verify'), otp: '000000' }, META),
    ).rejects.toMatchObject({
      key: 'factorCodeWrong',
    });
    expect(s.gate.refund).not.toHaveBeenCalled();
    expect(s.openSession).not.toHaveBeenCalled();
    expect(s.recordLogin).toHaveBeenCalledWith(
      expect.objectContaining({ ok: false, reason: 'totp: factorCodeWrong' }),
    );
  });

  it('answers a blocked counter as too many wrong codes, with the wait, without checking the code', async () => {
    const s = setup();
    s.gate.reserve.mockRejectedValue(new AppError('loginThrottled', { retryAfterSeconds: 60 }));
    await expect(
      s.service.verify({ pendingToken: s.tokenFor('verify'), otp: '123456' }, META),
    ).rejects.toMatchObject({
      key: 'factorThrottled',
      extra: { retryAfterSeconds: 60 },
    });
    expect(s.factors.verify).not.toHaveBeenCalled();
  });

  it('refuses a step past its five minutes', async () => {
    const s = setup();
    const pendingToken = s.tokenFor('verify');
    s.advance(PENDING_SIGN_IN_TTL_MS);
    await expect(s.service.verify({ pendingToken, otp: '123456' }, META)).rejects.toMatchObject({
      key: 'factorStepExpired',
    });
  });

  it('refuses an enrolment token for a code and a code token for enrolling', async () => {
    const s = setup();
    await expect(
      s.service.verify({ pendingToken: s.tokenFor('enrol'), otp: '123456' }, META),
    ).rejects.toMatchObject({
      key: 'factorStepExpired',
    });
    await expect(s.service.enrolStart({ pendingToken: s.tokenFor('verify') })).rejects.toMatchObject({
      key: 'factorStepExpired',
    });
  });

  it('signs in after enrolling and answers the recovery codes with the session', async () => {
    const s = setup();
    const done = await s.service.enrolConfirm({ pendingToken: s.tokenFor('enrol'), otp: '123456' }, META);
    expect(done).toEqual({ ...SESSION, recoveryCodes: ['abcde-fghjk'] });
  });

  it('counts a wrong code while enrolling as well', async () => {
    const s = setup();
    s.factors.confirmTotp.mockResolvedValue(null);
    await expect(
      s.service.enrolConfirm({ pendingToken: s.tokenFor('enrol'), otp: '000000' }, META),
    ).rejects.toMatchObject({ key: 'factorCodeWrong' });
    expect(s.gate.refund).not.toHaveBeenCalled();
  });
});
