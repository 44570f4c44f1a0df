import { LIMITS } from '@cpm/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../shared/clock';
import type { FactorsService } from '../identity/factors.service';
import type { PasskeysService } from '../identity/passkeys.service';
import type { AppKeys } from '../keys/app-keys';
import { findGrants } from '../menus/menus.repository';
import type { OplogService } from '../oplog/oplog.service';
import { isAccountVisible } from '../users/users.repository';
import { createAuthRepository } from './auth.repository';
import { createAuthService, type LoginAttempt } from './auth.service';
import { createDeviceTokens } from './device-token';
import { createPendingSignIns } from './pending-sign-in';
import { createSecondStepService } from './second-step.service';
import { createStepUpService } from './step-up.service';
import { createThrottleGate } from './throttle-gate';
import { createUserSessionsService } from './user-sessions.service';

/** Writes a sign-in attempt (password or single sign-on) to the operation log. */
export const loginRecorder = (oplog: OplogService) => (attempt: LoginAttempt) =>
  oplog.recordAnonymous({ id: attempt.userId, name: attempt.username }, attempt.ip, {
    action: 'login',
    objectType: 'session',
    objectId: attempt.userId,
    objectName: attempt.username,
    result: attempt.ok ? 'success' : 'failure',
    detail: attempt.reason ?? null,
  });

/**
 * Wires sign-in and sessions: the auth service over its repository, the second sign-in step, the step-up
 * by second factor and the sessions page, with every login attempt in the operation log. Their routes are registered once the
 * endpoint registry, which resolves sessions with the auth service, exists.
 */
export const createAuthModule = (deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'captcha' | 'sessionIdleMs' | 'sessionMaxMs' | 'stepUpMs'>;
  keys: Pick<AppKeys, 'deviceTokenKey'>;
  oplog: OplogService;
  /** Told when sessions of a user ended, so their live connections close. */
  sessionsEnded: (userIds: string[]) => void;
  identity: {
    /** Second factors: what a sign-in needs after the password, and the checks of its codes. */
    factors: Pick<FactorsService, 'stepAfterPassword' | 'methodsOf' | 'verify' | 'startTotp' | 'confirmTotp'>;
    /** Passkeys: the checks of a sign-in with one. */
    passkeys: Pick<
      PasskeysService,
      | 'signInOptions'
      | 'secondFactor'
      | 'passwordless'
      | 'stepUpOptions'
      | 'stepUp'
      | 'registerOptionsFor'
      | 'registerFor'
    >;
    /** Whether the account's enterprise allows only single sign-on. */
    passwordRefused?: (userId: string) => Promise<boolean>;
  };
}) => {
  const { db, config, oplog, clock } = deps;
  const repo = createAuthRepository(db);
  const pending = createPendingSignIns(deps.keys.deviceTokenKey);
  const recordLogin = loginRecorder(oplog);
  const auth = createAuthService({
    repo,
    secondFactor: { factors: deps.identity.factors, pending },
    deviceTokens: createDeviceTokens(deps.keys.deviceTokenKey),
    sessionsEnded: deps.sessionsEnded,
    clock: deps.clock,
    accountVisible: (caller, id) => isAccountVisible(db, caller, id),
    findGrants: (userId) => findGrants(db, userId),
    captchaEnabled: config.captcha,
    captchaTtlMs: LIMITS.captchaTtlMs,
    sessionIdleMs: config.sessionIdleMs,
    sessionMaxMs: config.sessionMaxMs,
    stepUpMs: config.stepUpMs,
    recordLogin,
    passwordRefused: deps.identity.passwordRefused,
  });
  const secondStep = createSecondStepService({
    repo,
    clock,
    pending,
    gate: createThrottleGate({ repo, clock }),
    factors: deps.identity.factors,
    passkeys: deps.identity.passkeys,
    openSession: auth.openSession,
    recordLogin,
  });
  const stepUp = createStepUpService({
    gate: createThrottleGate({ repo, clock }),
    factors: deps.identity.factors,
    passkeys: deps.identity.passkeys,
    auth,
  });
  const userSessions = createUserSessionsService({
    repo,
    clock,
    sessionIdleMs: config.sessionIdleMs,
    accountVisible: (caller, id) => isAccountVisible(db, caller, id),
    sessionsEnded: deps.sessionsEnded,
  });
  return { auth, secondStep, stepUp, userSessions };
};
