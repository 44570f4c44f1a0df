import { randomInt } from 'node:crypto';
import {
  ACCOUNT_STATE,
  ACTIVATION_TTL_MS,
  type ChangePasswordBodySchema,
  EMAIL_CODE,
  isStrongPassword,
  type RegisterBodySchema,
  SYS_CODE,
  type UpdatePasswordBodySchema,
} from '@cpm/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { hashPassword, newToken, sha256 } from '../../shared/crypto';
import type { OperationNote } from '../../shared/operation-note';
import type { AppKeys } from '../keys/app-keys';
import type { Mailer } from '../mail/mailer';
import { MAIL } from '../mail/templates';
import type { UsersRepository } from '../users/users.repository';
import { PUBLIC_LIMITS } from './rate-limit';
import type { RegistryRepository } from './registry.repository';

/** The role a self-registered account gets; it grants nothing until the account is approved. */
const REGISTERED_ROLE = 'enterprise_admin';

type Meta = { ip: string; sessionId?: string; sessionUserId?: string };
/** The operation log note of the call; endpoints that are not logged pass none. */
type Noted = { note: OperationNote };

/** Registration, activation, mailed codes and the password change they allow. */
export const createRegistryService = (deps: {
  repo: RegistryRepository;
  keys: AppKeys;
  mailer: Mailer;
  users: UsersRepository;
  /** Told when sessions of a user ended, so their live connections close. */
  sessionsEnded?: (userIds: string[]) => void;
  clock: Clock;
  publicUrl: string;
  /** Checks a signed-in user's password, counted against the sign-in throttle. */
  confirmPassword: (auth: AuthContext, password: string, ip: string) => Promise<boolean>;
}) => {
  const { repo, clock } = deps;
  const lower = (v: string) => v.trim().toLowerCase();
  const langOf = (isEnglish: number) => (isEnglish ? 'en' : 'zh') as 'en' | 'zh';

  /** Opens both encrypted fields, then checks that they match and meet the policy. */
  const openPasswords = (cipher: string, confirmCipher: string) => {
    const password = deps.keys.decryptPassword(cipher);
    const confirm = deps.keys.decryptPassword(confirmCipher);
    if (!confirm || password !== confirm) throw new AppError('passwordsDoNotMatch');
    if (!isStrongPassword(password)) throw new AppError('weakPassword');
    return password;
  };

  const findAccount = (name: string, email: string) => repo.findAccount(lower(name), lower(email));

  /** Stores the new password and ends the account's sessions except `keep` (the caller's own). */
  const setPassword = async (
    account: { id: string; username: string },
    password: string,
    keep: string | undefined,
    note: OperationNote,
  ) => {
    const now = clock.now();
    await deps.users.update(account.id, {
      passwordHash: await hashPassword(password),
      passwordChangedAt: now,
      updatedAt: now,
    });
    const ended = await deps.users.endSessions(account.id, 'password', now, keep);
    if (ended > 0) deps.sessionsEnded?.([account.id]);
    note.actor({ id: account.id, name: account.username });
    note.subject({ id: account.id, name: account.username, detail: `${ended} other session(s) ended` });
  };

  return {
    publicKey: () => ({ publicKey: deps.keys.publicKey, algorithm: 'RSA-OAEP-256' as const }),

    /**
     * Mails a code when the name and address belong to one account. The answer is the same either
     * way, so the call does not tell who has an account.
     */
    async sendEmailCode(q: { email: string; name: string; isEnglish: number; sysCode: string }, meta: Meta) {
      if (q.sysCode !== SYS_CODE) throw new AppError('wrongSystem');
      const now = clock.now();
      const email = lower(q.email);
      await repo.hitLimit(`code:ip:${meta.ip}`, PUBLIC_LIMITS.codePerIp, now);
      await repo.hitLimit(`code:wait:${email}`, PUBLIC_LIMITS.codePerEmailWait, now, 'emailCodeTooSoon');
      await repo.hitLimit(`code:to:${email}`, PUBLIC_LIMITS.codePerEmail, now);
      const account = await findAccount(q.name, q.email);
      if (!account) return;
      const code = String(randomInt(0, 10 ** EMAIL_CODE.digits)).padStart(EMAIL_CODE.digits, '0');
      const codeId = await repo.insertCode(
        {
          email,
          username: lower(account.username),
          codeHash: sha256(`${email}:${code}`),
          createdAt: now,
          expiresAt: new Date(now.getTime() + EMAIL_CODE.ttlMs),
        },
        now,
      );
      try {
        await deps.mailer.send(
          MAIL.emailCode(account.email as string, langOf(q.isEnglish), code, EMAIL_CODE.ttlMs / 60_000),
        );
      } catch (err) {
        // A code that never reached its owner must not work for anyone else who learns it.
        await repo.deleteCode(codeId);
        throw err;
      }
    },

    /** Checks the code (single use, 10 minutes, 5 tries), sets the password and ends the account's other sessions. */
    async updatePassword(body: z.output<typeof UpdatePasswordBodySchema>, meta: Meta & Noted) {
      if (body.sysCode !== SYS_CODE) throw new AppError('wrongSystem');
      const now = clock.now();
      const email = lower(body.email);
      await repo.hitLimit(`password:ip:${meta.ip}`, PUBLIC_LIMITS.passwordPerIp, now);
      await repo.hitLimit(`password:to:${email}`, PUBLIC_LIMITS.passwordPerEmail, now);
      const password = openPasswords(body.newPassword, body.confirempsd);
      const code = await repo.findUsableCode(email, lower(body.name), now, EMAIL_CODE.maxAttempts);
      const account = await findAccount(body.name, body.email);
      const fail = () => {
        meta.note.actor({ id: account?.id ?? null, name: body.name });
        meta.note.subject({ id: account?.id ?? null, name: body.name });
        meta.note.fail('wrong or expired email code');
        throw new AppError('emailCodeInvalid');
      };
      if (!code || !account) return fail();
      if (code.codeHash !== sha256(`${email}:${body.emailCaptcha}`)) {
        await repo.countWrongAttempt(code.id);
        return fail();
      }
      if (!(await repo.useCode(code.id, now))) return fail();
      const keep = meta.sessionUserId === account.id ? meta.sessionId : undefined;
      await setPassword({ id: account.id, username: account.username }, password, keep, meta.note);
    },

    /**
     * A signed-in user's change with the current password: for accounts without an email as well.
     * Wrong passwords count against the sign-in throttle, so this is no side door for guessing.
     */
    async changePassword(
      auth: AuthContext,
      body: z.output<typeof ChangePasswordBodySchema>,
      meta: Meta & Noted,
    ) {
      const password = openPasswords(body.newPassword, body.confirempsd);
      const current = deps.keys.decryptPassword(body.currentPassword);
      const account = { id: auth.userId, username: auth.username };
      if (!current || !(await deps.confirmPassword(auth, current, meta.ip))) {
        meta.note.actor({ id: account.id, name: account.username });
        meta.note.subject({ id: account.id, name: account.username });
        meta.note.fail('wrong current password');
        throw new AppError('currentPasswordWrong');
      }
      await setPassword(account, password, auth.sessionId, meta.note);
    },

    /** Keeps the registration until its mailed link is used; the account exists only then. */
    async register(body: z.output<typeof RegisterBodySchema>, meta: Meta & Noted) {
      if (body.sysCode !== SYS_CODE) throw new AppError('wrongSystem');
      const now = clock.now();
      await repo.hitLimit(`register:ip:${meta.ip}`, PUBLIC_LIMITS.registerPerIp, now);
      await repo.hitLimit(`register:to:${lower(body.email)}`, PUBLIC_LIMITS.registerPerEmail, now);
      const password = openPasswords(body.password, body.confirmPassword);
      if (
        (await repo.pendingUsernameTaken(lower(body.username), now)) ||
        (await deps.users.usernameTaken(body.username))
      )
        throw new AppError('usernameTaken');
      const token = newToken();
      await repo.insertPending({
        tokenHash: sha256(token),
        username: body.username,
        email: body.email.trim(),
        passwordHash: await hashPassword(password),
        language: body.isEnglish ? 'en' : 'cn',
        expiresAt: new Date(now.getTime() + ACTIVATION_TTL_MS),
      });
      const link = `${deps.publicUrl}/login?activate=${encodeURIComponent(token)}`;
      await deps.mailer.send(MAIL.activation(body.email.trim(), langOf(body.isEnglish), body.username, link));
      meta.note.actor({ id: null, name: body.username });
      meta.note.subject({ name: body.username });
    },

    /** Creates the account from a registration whose link is still valid; it then needs its details. */
    async activate(token: string, meta: Meta & Noted) {
      const now = clock.now();
      await repo.hitLimit(`activate:ip:${meta.ip}`, PUBLIC_LIMITS.activatePerIp, now);
      const pending = await repo.takePending(sha256(token));
      if (!pending || pending.expiresAt.getTime() <= now.getTime()) throw new AppError('activationInvalid');
      if (await deps.users.usernameTaken(pending.username)) throw new AppError('usernameTaken');
      const roleId = await repo.roleIdByCode(REGISTERED_ROLE);
      const id = await deps.users.insert(
        {
          username: pending.username,
          email: pending.email,
          passwordHash: pending.passwordHash,
          language: pending.language,
          // Registered in English: an international user, who gets English mail and SMS.
          international: pending.language === 'en',
          state: ACCOUNT_STATE.needsDetails,
          systemLevel: 'enterprise',
          activatedAt: now,
        },
        roleId ? [roleId] : [],
      );
      meta.note.actor({ id, name: pending.username });
      meta.note.subject({ id, name: pending.username });
      return { username: pending.username };
    },
  };
};

export type RegistryService = ReturnType<typeof createRegistryService>;
