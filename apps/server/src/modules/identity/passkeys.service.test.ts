import { describe, expect, it, vi } from 'vitest';
import type { AppError } from '../../shared/app-error';
import { createOperationNote } from '../../shared/operation-note';
import { fakeOf } from '../../test-support/fake';
import { authOf, RECORD_TIME } from '../../test-support/records';
import type { ChallengeRecord, PasskeyRecord, PasskeysRepository } from './passkeys.repository';
import { createPasskeysService } from './passkeys.service';
import type { WebAuthn } from './webauthn';

const USER = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

const key = (over: Partial<PasskeyRecord> = {}): PasskeyRecord => ({
  id: 'k1',
  userId: USER,
  name: 'Laptop',
  credentialId: 'cred-1',
  publicKey: 'pub',
  counter: 4,
  transports: ['internal'],
  synced: 'multi',
  lastUsedAt: null,
  createdAt: RECORD_TIME,
  ...over,
});

const setup = (
  opts: {
    challenge?: Partial<ChallengeRecord> | null;
    stored?: PasskeyRecord | null;
    allowed?: boolean;
    keepsFactor?: boolean;
  } = {},
) => {
  const now = RECORD_TIME;
  const repo = fakeOf<PasskeysRepository>({
    listOf: async () => [key()],
    findByCredential: async () => (opts.stored === undefined ? key() : opts.stored),
    saveChallenge: async () => 'ch-1',
    takeChallenge: async () =>
      opts.challenge === null
        ? null
        : {
            id: 'ch-1',
            purpose: 'signIn',
            userId: USER,
            challenge: 'abc',
            expiresAt: new Date(now.getTime() + 60_000),
            ...opts.challenge,
          },
    markUsed: async () => true,
    add: async () => 'k2',
    remove: async () => 'Work laptop',
  });
  const webauthn = fakeOf<WebAuthn>({
    authenticationOptions: async () => ({ challenge: 'abc', options: { challenge: 'abc' } }),
    verifyAuthentication: async () => ({ counter: 5 }),
  });
  const service = createPasskeysService({
    repo,
    webauthn,
    clock: { now: () => now },
    findAccount: async (id) => ({ id, username: 'ann' }),
    recoveryCodesForFirstFactor: async () => [],
    passwordlessAllowed: async () => opts.allowed ?? false,
    keepsRequiredFactor: async () => opts.keepsFactor ?? true,
  });
  return { repo, webauthn, service };
};

const answer = { challengeId: 'ch-1', credential: { id: 'cred-1' } };
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: AppError) => err.key,
  );

describe('checking a passkey', () => {
  it('accepts the account’s own passkey once, moving its counter forward', async () => {
    const s = setup();
    expect(await s.service.secondFactor(USER, answer)).toBe(true);
    expect(s.webauthn.verifyAuthentication).toHaveBeenCalledWith(answer.credential, 'abc', key(), false);
    expect(s.repo.markUsed).toHaveBeenCalledWith('k1', 4, 5, RECORD_TIME);
  });

  it('refuses a challenge taken already, expired, of another account or another purpose', async () => {
    expect(await refusal(setup({ challenge: null }).service.secondFactor(USER, answer))).toBe(
      'passkeyChallengeExpired',
    );
    expect(
      await refusal(setup({ challenge: { expiresAt: RECORD_TIME } }).service.secondFactor(USER, answer)),
    ).toBe('passkeyChallengeExpired');
    expect(await refusal(setup({ challenge: { userId: OTHER } }).service.secondFactor(USER, answer))).toBe(
      'passkeyChallengeExpired',
    );
    const s = setup();
    await s.service.secondFactor(USER, answer);
    expect(s.repo.takeChallenge).toHaveBeenCalledWith('ch-1', 'signIn');
  });

  it('refuses another account’s passkey, a bad signature and a counter that lost the race', async () => {
    expect(await refusal(setup({ stored: key({ userId: OTHER }) }).service.secondFactor(USER, answer))).toBe(
      'passkeyRejected',
    );
    const bad = setup();
    bad.webauthn.verifyAuthentication.mockResolvedValue(null);
    expect(await refusal(bad.service.secondFactor(USER, answer))).toBe('passkeyRejected');
    const raced = setup();
    raced.repo.markUsed.mockResolvedValue(false);
    expect(await refusal(raced.service.secondFactor(USER, answer))).toBe('passkeyRejected');
  });

  it('signs in alone only where allowed, with the user verified', async () => {
    const alone = { challenge: { userId: null } };
    expect(await refusal(setup(alone).service.passwordless(answer))).toBe('passkeyPasswordlessOff');
    const s = setup({ ...alone, allowed: true });
    expect(await s.service.passwordless(answer)).toBe(USER);
    expect(s.webauthn.verifyAuthentication).toHaveBeenCalledWith(answer.credential, 'abc', key(), true);
    expect(await refusal(setup({ ...alone, stored: null }).service.passwordless(answer))).toBe(
      'passkeyUnknown',
    );
  });

  it('answers passkeyUnavailable for every ceremony without a relying party', async () => {
    const s = setup();
    const service = createPasskeysService({
      repo: s.repo,
      webauthn: null,
      clock: { now: () => RECORD_TIME },
      findAccount: vi.fn(),
      recoveryCodesForFirstFactor: vi.fn(),
      passwordlessAllowed: vi.fn(),
      keepsRequiredFactor: vi.fn(),
    });
    expect(await refusal(service.registerOptions(authOf({ userId: USER })))).toBe('passkeyUnavailable');
    expect(await refusal(service.signInOptions(null))).toBe('passkeyUnavailable');
    expect(s.repo.saveChallenge).not.toHaveBeenCalled();
  });
});

describe('removing a passkey', () => {
  it('refuses the last factor where a rule requires one, and removes nothing', async () => {
    const s = setup({ keepsFactor: false });
    const { note, noted } = createOperationNote();
    expect(await refusal(s.service.remove(authOf({ userId: USER }), note, 'k1'))).toBe('factorLastRequired');
    expect(s.repo.remove).not.toHaveBeenCalled();
    expect(noted.failure).toBe('factorLastRequired');
  });

  it('removes it where another factor stays or none is required', async () => {
    const s = setup();
    const { note } = createOperationNote();
    expect(await s.service.remove(authOf({ userId: USER }), note, 'k1')).toBeNull();
    expect(s.repo.remove).toHaveBeenCalledWith(USER, 'k1');
  });
});
