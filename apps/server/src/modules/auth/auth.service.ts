import { setTimeout as sleep } from 'node:timers/promises';
import {
  ACCOUNT_STATE,
  type LoginBody,
  type LoginResult,
  type StepUp,
  type StepUpRequired,
  SYS_CODE,
  type UserVo,
} from '@cpm/contracts';
import svgCaptcha from 'svg-captcha';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { DUMMY_PASSWORD_HASH, newToken, sha256, verifyPassword } from '../../shared/crypto';
import type { FactorsService } from '../identity/factors.service';
import type { AuthRepository } from './auth.repository';
import type { DeviceTokens } from './device-token';
import {
  deviceThrottleKeys,
  failureDelayMs,
  sessionThrottleKeys,
  type ThrottleKeys,
  throttleKeys,
} from './login-throttle';
import type { PendingSignIns } from './pending-sign-in';
import { createThrottleGate, type Reserved } from './throttle-gate';

export type AuthServiceDeps = {
  repo: AuthRepository;
  clock: Clock;
  /** Permission keys and data scope of a user (from their roles). */
  findGrants(userId: string): Promise<{ permissions: Set<string>; dataScope: 'all' | 'tree' }>;
  /** Signs and checks the device tokens that exempt an owner's browser from other addresses' failures. */
  deviceTokens: DeviceTokens;
  captchaEnabled: boolean;
  captchaTtlMs: number;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** How long a re-entered password spares asking again (default `STEP_UP_FRESH_MS`; 0 always asks). */
  stepUpMs?: number;
  /** Told of every login attempt (the operation log); its failure never changes the answer. */
  recordLogin?: (attempt: LoginAttempt) => Promise<void>;
  /**
   * What a sign-in needs after the password (`factors`) and the token signed between the two steps
   * (`pending`); without it the password alone signs in.
   */
  secondFactor?: {
    factors: Pick<FactorsService, 'stepAfterPassword' | 'methodsOf'>;
    pending: PendingSignIns;
  };
  /** Told when sessions of a user ended (logout), so their live connections close. */
  sessionsEnded?: (userIds: string[]) => void;
  /** Waits between failed attempts; replaced by a no-op in unit tests. */
  delay?: (ms: number) => Promise<unknown>;
  /** Whether the account may not sign in with a password (its enterprise allows only single sign-on). */
  passwordRefused?: (userId: string) => Promise<boolean>;
  /** Whether an account lies in the caller's data scope; without it only one's own menu is answered. */
  accountVisible?: (auth: AuthContext, userId: string) => Promise<boolean>;
};

/** One login attempt as the operation log sees it. */
export type LoginAttempt = {
  username: string;
  userId: string | null;
  ip: string;
  ok: boolean;
  reason?: string;
};

/** How long a password entered again spares asking for it in the same session (step-up), by default. */
export const STEP_UP_FRESH_MS = 5 * 60_000;

/**
 * A confirmed factor stands at least this long, even where the window is 0: unlike a password, it is
 * confirmed in a call of its own before the act it was asked for is sent again.
 */
export const FACTOR_MIN_FRESH_MS = 60_000;

/** The refusal of a risky act that names the second factors the console should ask for. */
export const stepUpRequired = (methods: StepUp['methods']) =>
  new AppError('stepUpFactorRequired', { result: { stepUp: { methods } } satisfies StepUpRequired });

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

  /** Until when a step-up made at `at` stands (for `ms`), or null when it no longer does. */
  const freshUntil = (at: Date | null, ms = deps.stepUpMs ?? STEP_UP_FRESH_MS) => {
    const until = at ? at.getTime() + ms : 0;
    return until > clock.now().getTime() ? new Date(until).toISOString() : null;
  };

  const gate = createThrottleGate({ repo, clock });
  const reserveAttempt = gate.reserve;
  const refundAttempt = gate.refund;

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
        // A sign-in waiting for its second factor is recorded by that step.
        if (!answer.secondFactor) await record(answer.userVo.id, true);
        return answer;
      } catch (err) {
        if (err instanceof AppError) {
          const user = await repo.findUserByUsername(body.username);
          await record(user?.id ?? null, false, err.key);
        }
        throw err;
      }
    },

    /**
     * The login itself, without the audit record. An attempt with a valid device token for the account
     * is checked and counted against that token only; any other attempt against the account, address
     * and account-wide counters (a forged token, or another user's, is ignored).
     */
    async attemptLogin(body: LoginBody, meta: { ip: string; userAgent?: string }) {
      if (body.sysCode !== SYS_CODE) throw new AppError('wrongSystem');
      const user = await repo.findUserByUsername(body.username);
      const device = user ? deps.deviceTokens.verify(body.deviceToken, user.id, clock.now()) : null;
      const keys: ThrottleKeys = device
        ? deviceThrottleKeys(device.id)
        : throttleKeys(body.username, meta.ip);
      const reserved = await reserveAttempt(keys);
      let failedOnPassword = false;
      try {
        await checkCaptcha(body.captchaId, body.captchaCode);
        const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
        if (!user || !passwordOk) {
          failedOnPassword = true;
          const strict = keys.device ?? keys.accountAddress;
          const wait = failureDelayMs(reserved.find((r) => r.key === strict)?.after.failures ?? 0);
          if (wait) await delay(wait);
          throw new AppError('badCredentials');
        }
        if (!user.enabled) throw new AppError('accountDisabled');
        if (await deps.passwordRefused?.(user.id)) throw new AppError('ssoOnly');
        // A success clears the counters it was judged by; the account-wide one stays when a device token
        // was used, or the owner signing in would reopen the account to a spray under way.
        await repo.clearThrottle(
          [keys.device, keys.accountAddress, keys.account].filter((k): k is string => k !== undefined),
        );
        const second = deps.secondFactor;
        const step = second ? await second.factors.stepAfterPassword(user.id) : 'none';
        if (second && step !== 'none') {
          const pending = second.pending.issue(user.id, step, clock.now());
          const methods = step === 'verify' ? await second.factors.methodsOf(user.id) : [];
          return {
            userVo: userVo(user),
            tokenValue: '',
            deviceToken: '',
            secondFactor: {
              step,
              methods,
              pendingToken: pending.token,
              expiresAt: pending.expiresAt.toISOString(),
            },
          };
        }
        return await service.openSession(user, meta);
      } finally {
        // Only a wrong user name or password counts; the cleared counters of a success are not recreated.
        if (!failedOnPassword) await refundAttempt(reserved);
      }
    },

    /** Opens a session for an account whose sign-in is complete; answers the login result. */
    async openSession(
      user: NonNullable<Awaited<ReturnType<AuthRepository['findUserById']>>>,
      meta: { ip: string; userAgent?: string; sso?: { providerId: string; idTokenEnc: string | null } },
    ): Promise<LoginResult> {
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
        ssoProviderId: meta.sso?.providerId,
        ssoIdTokenEnc: meta.sso?.idTokenEnc,
      });
      return { userVo: userVo(user), tokenValue: token, deviceToken: deps.deviceTokens.issue(user.id, now) };
    },

    /** The single sign-on provider (and its encrypted ID token) that opened the caller's session, if any. */
    ssoBindingOf: async (auth: AuthContext) => {
      const row = await repo.ssoBindingOf(auth.sessionId);
      return row?.providerId ? { providerId: row.providerId, idTokenEnc: row.idTokenEnc } : null;
    },

    /** Ends the session of a token; unknown or ended tokens are fine (logging out twice is harmless). */
    async logout(token: string | undefined) {
      if (!token) return;
      const ended = await repo.endSessionByTokenHash(sha256(token), clock.now());
      if (ended.length) deps.sessionsEnded?.(ended.map((row) => row.userId));
    },

    /**
     * Which of these sessions are still alive by the same rules as `resolve` (not ended, within the
     * idle and absolute limits, account enabled), each with its user's permissions now; used to close
     * the connections of ended ones and of ones that lost a permission.
     */
    async liveSessions(ids: string[]): Promise<Map<string, ReadonlySet<string>>> {
      const now = clock.now().getTime();
      const rows = (await repo.findOpenSessions(ids)).filter(
        (row) =>
          row.enabled && now < row.expiresAt.getTime() && now - row.lastSeenAt.getTime() < deps.sessionIdleMs,
      );
      const grants = new Map<string, Promise<ReadonlySet<string>>>();
      for (const row of rows)
        if (!grants.has(row.userId))
          grants.set(
            row.userId,
            row.state === ACCOUNT_STATE.active
              ? deps.findGrants(row.userId).then((g) => g.permissions)
              : Promise.resolve(new Set<string>()),
          );
      return new Map(
        await Promise.all(rows.map(async (row) => [row.id, await grants.get(row.userId)] as const)),
      ) as Map<string, ReadonlySet<string>>;
    },

    /** The caller behind a token, or null; ends sessions that passed their idle or absolute limit. */
    async resolve(token: string, meta?: { ip: string }): Promise<AuthContext | null> {
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
      // Written at most once a minute, but at least four times per idle timeout: with a one-minute
      // timeout, a once-a-minute write would let a session in steady use end at 60 s.
      if (now.getTime() - session.lastSeenAt.getTime() >= Math.min(TOUCH_EVERY_MS, deps.sessionIdleMs / 4))
        await repo.touchSession(session.id, now);
      const grants =
        user.state === ACCOUNT_STATE.active
          ? await deps.findGrants(user.id)
          : { permissions: new Set<string>(), dataScope: 'tree' as const };
      const context: AuthContext = {
        userId: user.id,
        sessionId: session.id,
        username: user.username,
        state: user.state,
        permissions: grants.permissions,
        dataScope: grants.dataScope,
        ip: meta?.ip,
        requireStepUp: () => service.requireFactor(context),
      };
      return context;
    },

    /**
     * The one check of a password entered again before a sensitive act (remote control, a risky task,
     * a shell command, an approval). Within `STEP_UP_FRESH_MS` of a success in the same session no
     * password is needed ('fresh'). Wrong answers count against the session and the account and
     * address, as failed logins from that address do (throttled past the limits: `passwordThrottled`,
     * 429); the account-wide counter, which a spray from elsewhere may hold blocked, is left out: the
     * session already proved the password once.
     */
    async reverify(
      auth: AuthContext,
      password: string | undefined,
    ): Promise<'fresh' | 'verified' | 'missing' | 'wrong'> {
      if (!password) return freshUntil(await repo.steppedUpAt(auth.sessionId)) ? 'fresh' : 'missing';
      const keys = sessionThrottleKeys(auth.sessionId, auth.username, auth.ip ?? 'unknown');
      let reserved: Reserved;
      try {
        reserved = await reserveAttempt(keys);
      } catch (err) {
        if (err instanceof AppError && err.key === 'loginThrottled')
          throw new AppError('passwordThrottled', err.extra);
        throw err;
      }
      const user = await repo.findUserById(auth.userId);
      const ok = (await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH)) && !!user;
      if (!ok) return 'wrong';
      await refundAttempt(reserved);
      await repo.stepUp(auth.sessionId, clock.now());
      return 'verified';
    },

    /**
     * Until when the session's last step-up spares asking again (null: ask), and with what it is asked:
     * an account with a second factor confirms that factor (`methods`), one without re-enters its password.
     */
    async stepUp(auth: AuthContext): Promise<StepUp> {
      const methods = (await deps.secondFactor?.factors.methodsOf(auth.userId)) ?? [];
      if (!methods.length) return { freshUntil: freshUntil(await repo.steppedUpAt(auth.sessionId)), methods };
      const ms = Math.max(deps.stepUpMs ?? STEP_UP_FRESH_MS, FACTOR_MIN_FRESH_MS);
      return { freshUntil: freshUntil(await repo.factorSteppedUpAt(auth.sessionId), ms), methods };
    },

    /**
     * Refuses a risky act (`stepUpFactorRequired`, naming the factors to ask) while an account with a
     * second factor has not confirmed it within the step-up window. An account without one, or an API
     * key (which has none), passes: the act's own checks (a password, an approval) still apply.
     */
    async requireFactor(auth: AuthContext): Promise<void> {
      if (auth.apiKey) return;
      const { freshUntil, methods } = await service.stepUp(auth);
      if (methods.length && !freshUntil) throw stepUpRequired(methods);
    },

    /**
     * The step-up before an act that asked for the password again (remote control, risky tasks,
     * commands): an account with a second factor must have confirmed it recently (a password does not
     * stand in for it); one without keeps the password (`reverify`).
     */
    async confirmRisky(
      auth: AuthContext,
      password: string | undefined,
    ): Promise<'fresh' | 'verified' | 'missing' | 'wrong'> {
      const { freshUntil, methods } = await service.stepUp(auth);
      if (!methods.length) return service.reverify(auth, password);
      if (freshUntil) return 'fresh';
      throw stepUpRequired(methods);
    },

    /** Remembers that the session confirmed a second factor now (the step-up service checked it). */
    async markFactorStepUp(auth: AuthContext): Promise<StepUp> {
      await repo.stepUpByFactor(auth.sessionId, clock.now());
      return service.stepUp(auth);
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
        hasEmail: Boolean(user.email?.trim()),
      };
    },

    /**
     * A user's menu tree: one's own, or that of an account in the caller's data scope for a caller who
     * may view users. Another enterprise's account answers as if it did not exist.
     */
    async menu(auth: AuthContext, userId: string) {
      if (userId !== auth.userId) {
        if (!auth.permissions.has('user:user:view')) throw new AppError('forbidden');
        if (!(await deps.accountVisible?.(auth, userId))) throw new AppError('notFound');
      }
      return { menuList: await repo.userMenuTree(userId) };
    },
  };
  return service;
};

export type AuthService = ReturnType<typeof createAuthService>;
