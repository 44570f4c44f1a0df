import type { LoginResult, TotpEnrolment } from '@cpm/contracts';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { FactorCode, FactorsService } from '../identity/factors.service';
import type { PasskeyAnswer, PasskeysService } from '../identity/passkeys.service';
import type { AuthRepository } from './auth.repository';
import type { AuthService, LoginAttempt } from './auth.service';
import { factorThrottleKeys } from './login-throttle';
import type { PendingSignIns, PendingStep } from './pending-sign-in';
import type { ThrottleGate } from './throttle-gate';

type Meta = { ip: string; userAgent?: string };

/**
 * The second sign-in step, after a right password: a code (or a recovery code), or enrolling an
 * authenticator first when a rule requires one. The session opens only here. Wrong codes count
 * against the account's own counter of the login throttle (`factorThrottled` past it).
 */
export const createSecondStepService = (deps: {
  repo: Pick<AuthRepository, 'findUserById'>;
  clock: Clock;
  pending: PendingSignIns;
  gate: ThrottleGate;
  factors: Pick<FactorsService, 'verify' | 'startTotp' | 'confirmTotp'>;
  passkeys: Pick<
    PasskeysService,
    'signInOptions' | 'secondFactor' | 'passwordless' | 'registerOptionsFor' | 'registerFor'
  >;
  openSession: AuthService['openSession'];
  /** Told of every second-step attempt (the operation log); its failure never changes the answer. */
  recordLogin?: (attempt: LoginAttempt) => Promise<void>;
}) => {
  const { clock } = deps;

  /** The account of an unexpired pending token for this step, still enabled. */
  const accountOf = async (pendingToken: string, step: PendingStep) => {
    const claims = deps.pending.verify(pendingToken, clock.now());
    if (!claims || claims.step !== step) throw new AppError('factorStepExpired');
    const user = await deps.repo.findUserById(claims.userId);
    if (!user) throw new AppError('factorStepExpired');
    if (!user.enabled) throw new AppError('accountDisabled');
    return user;
  };

  /** Runs a code check under the throttle: a wrong code (null) keeps its count, a right one takes it back. */
  const throttled = async <T>(
    userId: string,
    check: () => Promise<T | null>,
    wrong: 'factorCodeWrong' | 'passkeyRejected' = 'factorCodeWrong',
  ): Promise<T> => {
    let reserved: Awaited<ReturnType<ThrottleGate['reserve']>>;
    try {
      reserved = await deps.gate.reserve(factorThrottleKeys(userId));
    } catch (err) {
      if (err instanceof AppError && err.key === 'loginThrottled')
        throw new AppError('factorThrottled', err.extra);
      throw err;
    }
    const result = await check();
    if (result === null) throw new AppError(wrong);
    await deps.gate.refund(reserved);
    return result;
  };

  /** Records the attempt whatever its outcome, then answers as it did. */
  const recorded = async <T>(
    user: { id: string; username: string },
    meta: Meta,
    how: string,
    run: () => Promise<T>,
  ): Promise<T> => {
    const record = (ok: boolean, reason: string) =>
      deps
        .recordLogin?.({ username: user.username, userId: user.id, ip: meta.ip, ok, reason })
        .catch(() => undefined);
    try {
      const result = await run();
      await record(true, how);
      return result;
    } catch (err) {
      if (err instanceof AppError) await record(false, `${how}: ${err.key}`);
      throw err;
    }
  };

  return {
    /** Signs in with an authenticator code or a recovery code; each is accepted once. */
    async verify(body: { pendingToken: string } & FactorCode, meta: Meta): Promise<LoginResult> {
      const user = await accountOf(body.pendingToken, 'verify');
      const how = body.recoveryCode !== undefined ? 'recoveryCode' : 'totp';
      return recorded(user, meta, how, async () => {
        await throttled(user.id, async () =>
          (await deps.factors.verify(user.id, { otp: body.otp, recoveryCode: body.recoveryCode }))
            ? true
            : null,
        );
        return deps.openSession(user, meta);
      });
    },

    /**
     * Options for the browser's passkey prompt: the account's passkeys for the second step after its
     * password, or any passkey (no pending token) for a sign-in without one.
     */
    async passkeyOptions(body: { pendingToken?: string }) {
      if (body.pendingToken === undefined) return deps.passkeys.signInOptions(null);
      return deps.passkeys.signInOptions((await accountOf(body.pendingToken, 'verify')).id);
    },

    /**
     * Signs in with a passkey: as the second step (counted by the throttle as codes are), or alone
     * where the account's enterprise allows it.
     */
    async passkey(body: { pendingToken?: string } & PasskeyAnswer, meta: Meta): Promise<LoginResult> {
      const answer = { challengeId: body.challengeId, credential: body.credential };
      if (body.pendingToken === undefined) {
        const userId = await deps.passkeys.passwordless(answer);
        const user = await deps.repo.findUserById(userId);
        if (!user) throw new AppError('passkeyUnknown');
        return recorded(user, meta, 'passkeyOnly', async () => {
          if (!user.enabled) throw new AppError('accountDisabled');
          return deps.openSession(user, meta);
        });
      }
      const user = await accountOf(body.pendingToken, 'verify');
      return recorded(user, meta, 'passkey', async () => {
        await throttled(
          user.id,
          async () => {
            try {
              return await deps.passkeys.secondFactor(user.id, answer);
            } catch (err) {
              if (err instanceof AppError && err.key === 'passkeyRejected') return null;
              throw err;
            }
          },
          'passkeyRejected',
        );
        return deps.openSession(user, meta);
      });
    },

    /** A new authenticator secret for an account that must enrol before its first session. */
    async enrolStart(body: { pendingToken: string }): Promise<TotpEnrolment> {
      const user = await accountOf(body.pendingToken, 'enrol');
      return deps.factors.startTotp(user);
    },

    /** Confirms the enrolment with a code and signs in; answers the recovery codes once. */
    async enrolConfirm(
      body: { pendingToken: string; otp: string },
      meta: Meta,
    ): Promise<LoginResult & { recoveryCodes: string[] }> {
      const user = await accountOf(body.pendingToken, 'enrol');
      return recorded(user, meta, 'totpEnrol', async () => {
        const codes = await throttled(user.id, () => deps.factors.confirmTotp(user.id, body.otp));
        return { ...(await deps.openSession(user, meta)), ...codes };
      });
    },

    /** Options to create a passkey for an account that must enrol a second factor before its first session. */
    async enrolPasskeyOptions(body: { pendingToken: string }) {
      return deps.passkeys.registerOptionsFor((await accountOf(body.pendingToken, 'enrol')).id);
    },

    /** Registers the passkey made while enrolling and signs in; answers the recovery codes once. */
    async enrolPasskey(
      body: { pendingToken: string; challengeId: string; name: string; credential: unknown },
      meta: Meta,
    ): Promise<LoginResult & { recoveryCodes: string[] }> {
      const user = await accountOf(body.pendingToken, 'enrol');
      return recorded(user, meta, 'passkeyEnrol', async () => {
        const codes = await deps.passkeys.registerFor(user.id, body);
        return { ...(await deps.openSession(user, meta)), ...codes };
      });
    },
  };
};

export type SecondStepService = ReturnType<typeof createSecondStepService>;
