import { setTimeout as sleep } from 'node:timers/promises';
import { ACCOUNT_STATE, type LoginBody, SYS_CODE, type UserVo } from '@cpm/contracts';
import svgCaptcha from 'svg-captcha';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { DUMMY_PASSWORD_HASH, newToken, sha256, verifyPassword } from '../../shared/crypto';
import type { AuthRepository } from './auth.repository';
import { failureDelayMs, nextFailure, THROTTLE_RULES, throttleKeys } from './login-throttle';

export type AuthServiceDeps = {
  repo: AuthRepository;
  clock: Clock;
  /** Permission keys and data scope of a user (from their roles). */
  findGrants(userId: string): Promise<{ permissions: Set<string>; dataScope: 'all' | 'tree' }>;
  captchaEnabled: boolean;
  captchaTtlMs: number;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** Told of every login attempt (the operation log); its failure never changes the answer. */
  recordLogin?: (attempt: LoginAttempt) => Promise<void>;
  /** Waits between failed attempts; replaced by a no-op in unit tests. */
  delay?: (ms: number) => Promise<unknown>;
};

/** One login attempt as the operation log sees it. */
export type LoginAttempt = {
  username: string;
  userId: string | null;
  ip: string;
  ok: boolean;
  reason?: string;
};

/** Sessions touch their last-seen time at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

/** Login, logout, captcha and session resolution. */
export const createAuthService = (deps: AuthServiceDeps) => {
  const { repo, clock } = deps;
  const delay = deps.delay ?? sleep;

  const checkCaptcha = async (captchaId: string, answer: string) => {
    if (!deps.captchaEnabled) return;
    const uuidLike = /^[0-9a-f-]{36}$/i.test(captchaId);
    const row = uuidLike ? await repo.takeCaptcha(captchaId) : null;
    const valid =
      row &&
      row.expiresAt.getTime() > clock.now().getTime() &&
      row.answerHash === sha256(answer.trim().toLowerCase());
    if (!valid) throw new AppError('captchaInvalid');
  };

  const refuseIfBlocked = async (keys: string[]) => {
    const now = clock.now().getTime();
    const blocked = (await repo.findThrottle(keys))
      .map((row) => row.blockedUntil?.getTime() ?? 0)
      .filter((until) => until > now);
    if (blocked.length) {
      throw new AppError('loginThrottled', {
        retryAfterSeconds: Math.ceil((Math.max(...blocked) - now) / 1000),
      });
    }
  };

  const recordFailure = async (keys: ReturnType<typeof throttleKeys>) => {
    const now = clock.now();
    const rows = new Map((await repo.findThrottle(Object.values(keys))).map((row) => [row.key, row]));
    let worst = 0;
    for (const rule of Object.keys(THROTTLE_RULES) as (keyof typeof THROTTLE_RULES)[]) {
      const key = keys[rule];
      const next = nextFailure(rows.get(key), rule, now);
      await repo.saveThrottle({ key, ...next });
      if (rule === 'accountAddress') worst = next.failures;
    }
    const wait = failureDelayMs(worst);
    if (wait) await delay(wait);
  };

  const userVo = (user: NonNullable<Awaited<ReturnType<AuthRepository['findUserById']>>>): UserVo => ({
    id: user.id,
    name: user.name || user.username,
    verify: user.state,
    username: user.username,
    language: user.language,
  });

  const service = {
    /** A new captcha image; its answer is kept hashed for two minutes and can be tried once. */
    async captcha() {
      const { data, text } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true });
      const now = clock.now();
      const captchaId = await repo.saveCaptcha(
        sha256(text.toLowerCase()),
        new Date(now.getTime() + deps.captchaTtlMs),
        now,
      );
      return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
    },

    /** Checks captcha, throttle and password; answers the same for an unknown user and a wrong password. */
    async login(body: LoginBody, meta: { ip: string; userAgent?: string }) {
      const record = (userId: string | null, ok: boolean, reason?: string) =>
        deps
          .recordLogin?.({ username: body.username, userId, ip: meta.ip, ok, reason })
          .catch(() => undefined);
      try {
        const answer = await service.attemptLogin(body, meta);
        await record(answer.userVo.id, true);
        return answer;
      } catch (err) {
        if (err instanceof AppError) {
          const user = await repo.findUserByUsername(body.username);
          await record(user?.id ?? null, false, err.key);
        }
        throw err;
      }
    },

    /** The login itself, without the audit record. */
    async attemptLogin(body: LoginBody, meta: { ip: string; userAgent?: string }) {
      if (body.sysCode !== SYS_CODE) throw new AppError('wrongSystem');
      const keys = throttleKeys(body.username, meta.ip);
      await refuseIfBlocked(Object.values(keys));
      await checkCaptcha(body.captchaId, body.captchaCode);
      const user = await repo.findUserByUsername(body.username);
      const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!user || !passwordOk) {
        await recordFailure(keys);
        throw new AppError('badCredentials');
      }
      if (!user.enabled) throw new AppError('accountDisabled');
      await repo.clearThrottle([keys.accountAddress, keys.account]);
      const token = newToken();
      const now = clock.now();
      await repo.createSession({
        tokenHash: sha256(token),
        userId: user.id,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + deps.sessionMaxMs),
      });
      return { userVo: userVo(user), tokenValue: token };
    },

    /** Ends the session of a token; unknown or ended tokens are fine (logging out twice is harmless). */
    async logout(token: string | undefined) {
      if (token) await repo.endSessionByTokenHash(sha256(token), clock.now());
    },

    /** The caller behind a token, or null; ends sessions that passed their idle or absolute limit. */
    async resolve(token: string): Promise<AuthContext | null> {
      if (token.length > 128) return null;
      const found = await repo.findLiveSession(sha256(token));
      if (!found) return null;
      const { session, user } = found;
      const now = clock.now();
      if (now.getTime() >= session.expiresAt.getTime()) {
        await repo.endSession(session.id, 'expired', now);
        return null;
      }
      if (now.getTime() - session.lastSeenAt.getTime() >= deps.sessionIdleMs) {
        await repo.endSession(session.id, 'idle', now);
        return null;
      }
      if (!user.enabled) {
        await repo.endSession(session.id, 'disabled', now);
        return null;
      }
      if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
        await repo.touchSession(session.id, now);
      const grants =
        user.state === ACCOUNT_STATE.active
          ? await deps.findGrants(user.id)
          : { permissions: new Set<string>(), dataScope: 'tree' as const };
      return {
        userId: user.id,
        sessionId: session.id,
        username: user.username,
        state: user.state,
        permissions: grants.permissions,
        dataScope: grants.dataScope,
      };
    },

    /** Account state and permissions of the caller. */
    async status(auth: AuthContext) {
      const user = await repo.findUserById(auth.userId);
      if (!user) throw new AppError('notLoggedIn');
      return {
        id: user.id,
        username: user.username,
        name: user.name || user.username,
        verify: user.state,
        enabled: user.enabled,
        rejectReason: user.rejectReason,
        permissions: [...auth.permissions].sort(),
      };
    },

    /** A user's menu tree: one's own, or anyone's for a caller who may view users. */
    async menu(auth: AuthContext, userId: string) {
      if (userId !== auth.userId && !auth.permissions.has('user:user:view')) throw new AppError('forbidden');
      return { menuList: await repo.userMenuTree(userId) };
    },
  };
  return service;
};

export type AuthService = ReturnType<typeof createAuthService>;
