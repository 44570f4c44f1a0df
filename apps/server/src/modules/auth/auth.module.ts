import { LIMITS } from '@cpm/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../shared/clock';
import type { AppKeys } from '../keys/app-keys';
import { findGrants } from '../menus/menus.repository';
import type { OplogService } from '../oplog/oplog.service';
import { isAccountVisible } from '../users/users.repository';
import { createAuthRepository } from './auth.repository';
import { createAuthService } from './auth.service';
import { createDeviceTokens } from './device-token';

/**
 * Wires sign-in and sessions: the auth service over its repository, with every login attempt in the
 * operation log. Its routes are registered once the endpoint registry, which resolves sessions with
 * it, exists.
 */
export const createAuthModule = (deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'captcha' | 'sessionIdleMs' | 'sessionMaxMs' | 'stepUpMs'>;
  keys: Pick<AppKeys, 'deviceTokenKey'>;
  oplog: OplogService;
  /** Told when sessions of a user ended, so their live connections close. */
  sessionsEnded: (userIds: string[]) => void;
}) => {
  const { db, config, oplog } = deps;
  return createAuthService({
    repo: createAuthRepository(db),
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
    recordLogin: (attempt) =>
      oplog.recordAnonymous({ id: attempt.userId, name: attempt.username }, attempt.ip, {
        action: 'login',
        objectType: 'session',
        objectId: attempt.userId,
        objectName: attempt.username,
        result: attempt.ok ? 'success' : 'failure',
        detail: attempt.reason ?? null,
      }),
  });
};
