import type { StepUp, StepUpCodeBody } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { OperationNote } from '../../shared/operation-note';
import type { FactorsService } from '../identity/factors.service';
import type { PasskeyAnswer, PasskeysService } from '../identity/passkeys.service';
import type { AuthService } from './auth.service';
import { factorThrottleKeys } from './login-throttle';
import type { ThrottleGate } from './throttle-gate';

/**
 * Confirming a second factor before a risky act (step-up): an authenticator code newer than the last
 * one accepted, an unused recovery code, or one of the account's passkeys. Wrong answers count against
 * the account's second-factor counter, the same one the sign-in's codes meet (`factorThrottled` past
 * it); a success keeps the session stepped up for the step-up window. Every attempt is in the log.
 */
export const createStepUpService = (deps: {
  gate: ThrottleGate;
  factors: Pick<FactorsService, 'verify'>;
  passkeys: Pick<PasskeysService, 'stepUpOptions' | 'stepUp'>;
  auth: Pick<AuthService, 'markFactorStepUp'>;
}) => {
  /** Runs a check under the throttle: a wrong answer keeps its count (and is refused), a right one takes it back. */
  const throttled = async (
    auth: AuthContext,
    note: OperationNote,
    wrong: 'factorCodeWrong' | 'passkeyRejected',
    check: () => Promise<boolean>,
  ) => {
    let reserved: Awaited<ReturnType<ThrottleGate['reserve']>>;
    try {
      reserved = await deps.gate.reserve(factorThrottleKeys(auth.userId));
    } catch (err) {
      if (err instanceof AppError && err.key === 'loginThrottled') {
        note.fail('factorThrottled');
        throw new AppError('factorThrottled', err.extra);
      }
      throw err;
    }
    if (!(await check())) {
      note.fail(wrong);
      throw new AppError(wrong);
    }
    await deps.gate.refund(reserved);
  };

  return {
    /** Confirms the step-up with an authenticator code or a recovery code (used up by this call). */
    async code(auth: AuthContext, note: OperationNote, body: StepUpCodeBody): Promise<StepUp> {
      const how = body.recoveryCode !== undefined ? 'recoveryCode' : 'totp';
      note.subject({ id: auth.userId, name: auth.username, detail: how });
      await throttled(auth, note, 'factorCodeWrong', () => deps.factors.verify(auth.userId, body));
      return deps.auth.markFactorStepUp(auth);
    },

    /** Options for the browser's passkey prompt, limited to the caller's passkeys. */
    async passkeyOptions(auth: AuthContext) {
      try {
        return await deps.passkeys.stepUpOptions(auth);
      } catch (err) {
        // The sign-in's "unknown passkey" (401) would read as a lost session here.
        if (err instanceof AppError && err.key === 'passkeyUnknown') throw new AppError('stepUpNoPasskey');
        throw err;
      }
    },

    /** Confirms the step-up with one of the caller's passkeys. */
    async passkey(auth: AuthContext, note: OperationNote, answer: PasskeyAnswer): Promise<StepUp> {
      note.subject({ id: auth.userId, name: auth.username, detail: 'passkey' });
      await throttled(auth, note, 'passkeyRejected', async () => {
        try {
          return await deps.passkeys.stepUp(auth, answer);
        } catch (err) {
          if (err instanceof AppError && err.key === 'passkeyRejected') return false;
          if (err instanceof AppError) note.fail(err.key);
          throw err;
        }
      });
      return deps.auth.markFactorStepUp(auth);
    },
  };
};

export type StepUpService = ReturnType<typeof createStepUpService>;
