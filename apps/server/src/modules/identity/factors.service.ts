import { randomBytes } from 'node:crypto';
import {
  type FactorRule,
  type FactorRuleSave,
  type FactorStatus,
  RECOVERY_CODE_COUNT,
  type TotpEnrolment,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError, orNotFound } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { sha256 } from '../../shared/crypto';
import type { OperationNote } from '../../shared/operation-note';
import type { AppKeys } from '../keys/app-keys';
import type { FactorsRepository } from './factors.repository';
import type { PasskeyRecord } from './passkeys.repository';
import { passkeyView } from './passkeys.service';
import type { Totp } from './totp';

/** What a sign-in needs after the password: nothing more, a code or passkey, or enrolling a factor first. */
export type StepAfterPassword = 'none' | 'verify' | 'enrol';

/** A factor that confirms a sign-in or a risky act. */
export type FactorMethod = 'totp' | 'passkey';

/** A code offered in place of the password's second step. */
export type FactorCode = { otp?: string; recoveryCode?: string };

type Account = { id: string; username: string };

/** Recovery codes read well aloud and typed by hand: ten characters of a 32-letter alphabet, in two halves. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const newRecoveryCode = () => {
  const chars = [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};
/** The stored form of a recovery code: case, spaces and the dash do not matter. */
export const recoveryCodeHash = (code: string) => sha256(code.toLowerCase().replace(/[\s-]/g, ''));

/**
 * Second factors: enrolling an authenticator (its seed encrypted with the server key, shown only
 * while enrolling), checking codes once each, recovery codes, and the enterprise and role rules that
 * make a second factor compulsory.
 */
export const createFactorsService = (deps: {
  repo: FactorsRepository;
  keys: Pick<AppKeys, 'encryptSecret' | 'decryptSecret'>;
  totp: Totp;
  clock: Clock;
  /** The top account of the account's enterprise (see the call limits). */
  enterpriseOf(userId: string): Promise<string>;
  roleIdsOf(userId: string): Promise<string[]>;
  findAccount(id: string): Promise<Account | null>;
  /** The account's passkeys. */
  passkeysOf(userId: string): Promise<PasskeyRecord[]>;
  /** An account in the caller's data scope, or null. */
  visibleAccount(auth: AuthContext, id: string): Promise<Account | null>;
  /** A role the caller may edit, or null. */
  visibleRole(auth: AuthContext, id: string): Promise<{ id: string; name: string } | null>;
}) => {
  const { repo, clock } = deps;
  const confirmedTotp = async (userId: string) =>
    (await repo.findFactors(userId)).find((f) => f.kind === 'totp' && f.confirmedAt) ?? null;

  /** Replaces the account's recovery codes by ten new ones, kept hashed; answers them, once. */
  const newRecoveryCodes = async (userId: string) => {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(userId, codes.map(recoveryCodeHash), clock.now());
    return codes;
  };

  const requirementOf = async (userId: string): Promise<FactorStatus['requirement']> => {
    const rules = await repo.listRules({
      enterpriseId: await deps.enterpriseOf(userId),
      roleIds: await deps.roleIdsOf(userId),
    });
    const enterprise = rules.find((r) => r.kind === 'enterprise');
    return {
      required: rules.length > 0,
      enterprise: enterprise ? (enterprise.targetName ?? '') : null,
      roles: rules.filter((r) => r.kind === 'role').map((r) => r.targetName ?? ''),
    };
  };

  const statusOf = async (userId: string): Promise<FactorStatus> => ({
    factors: (await repo.findFactors(userId))
      .filter((f) => f.confirmedAt)
      .map((f) => ({
        id: f.id,
        kind: f.kind,
        createdAt: f.createdAt.toISOString(),
        lastUsedAt: f.lastUsedAt?.toISOString() ?? null,
      })),
    passkeys: (await deps.passkeysOf(userId)).map(passkeyView),
    recoveryCodesLeft: await repo.recoveryCodesLeft(userId),
    requirement: await requirementOf(userId),
  });

  const service = {
    /** The factors the account can confirm a sign-in or a risky act with. */
    async methodsOf(userId: string): Promise<FactorMethod[]> {
      const [totp, keys] = await Promise.all([confirmedTotp(userId), deps.passkeysOf(userId)]);
      return [...(totp ? (['totp'] as const) : []), ...(keys.length ? (['passkey'] as const) : [])];
    },

    /** What the sign-in asks after a right password. */
    async stepAfterPassword(userId: string): Promise<StepAfterPassword> {
      if ((await service.methodsOf(userId)).length) return 'verify';
      return (await requirementOf(userId)).required ? 'enrol' : 'none';
    },

    /** Ten new recovery codes when the account's only factor is a passkey just added; otherwise none. */
    async recoveryCodesForFirstFactor(userId: string): Promise<string[]> {
      if ((await confirmedTotp(userId)) || (await deps.passkeysOf(userId)).length !== 1) return [];
      return newRecoveryCodes(userId);
    },

    /** Whether the account's enterprise lets it sign in with a passkey alone. */
    async passwordlessAllowed(userId: string) {
      return repo.hasRule('passwordless', await deps.enterpriseOf(userId));
    },

    /**
     * Whether a code signs the account in: an authenticator code newer than the last one accepted,
     * or an unused recovery code (used up by this call).
     */
    async verify(userId: string, code: FactorCode): Promise<boolean> {
      const now = clock.now();
      if (code.recoveryCode !== undefined)
        return repo.useRecoveryCode(userId, recoveryCodeHash(code.recoveryCode), now);
      const factor = await confirmedTotp(userId);
      if (!factor?.secretEnc || code.otp === undefined) return false;
      const secret = deps.keys.decryptSecret(factor.secretEnc);
      const step = await deps.totp.check(secret, code.otp, now, factor.lastUsedStep);
      return step !== null && repo.useStep(factor.id, step, now);
    },

    /** A new authenticator secret for the account, unconfirmed until `confirmTotp`. */
    async startTotp(account: Account): Promise<TotpEnrolment> {
      if (await confirmedTotp(account.id)) throw new AppError('factorAlreadyEnrolled');
      const secret = deps.totp.newSecret();
      const saved = await repo.savePendingTotp(account.id, deps.keys.encryptSecret(secret), clock.now());
      if (!saved) throw new AppError('factorAlreadyEnrolled');
      return { secret, otpauthUri: deps.totp.uri(secret, account.username) };
    },

    /**
     * Confirms the enrolling authenticator with a code from it; answers ten new recovery codes,
     * which are kept hashed and never shown again. Null for a wrong code.
     */
    async confirmTotp(userId: string, otp: string): Promise<{ recoveryCodes: string[] } | null> {
      const pending = (await repo.findFactors(userId)).find((f) => f.kind === 'totp');
      if (!pending?.secretEnc) throw new AppError('factorNotStarted');
      if (pending.confirmedAt) throw new AppError('factorAlreadyEnrolled');
      const now = clock.now();
      const step = await deps.totp.check(deps.keys.decryptSecret(pending.secretEnc), otp, now, null);
      if (step === null) return null;
      if (!(await repo.confirm(pending.id, step, now))) throw new AppError('factorAlreadyEnrolled');
      return { recoveryCodes: await newRecoveryCodes(userId) };
    },

    /** The caller's own factors. */
    mine: (auth: AuthContext) => statusOf(auth.userId),

    /** Starts enrolling from the user menu. */
    async startMine(auth: AuthContext) {
      return service.startTotp(orNotFound(await deps.findAccount(auth.userId)));
    },

    /** Confirms the enrolment started from the user menu. */
    async confirmMine(auth: AuthContext, note: OperationNote, otp: string) {
      note.subject({ id: auth.userId, name: auth.username, detail: 'totp' });
      const codes = await service.confirmTotp(auth.userId, otp);
      if (!codes) throw new AppError('factorCodeWrong');
      return codes;
    },

    /**
     * Removes the caller's own authenticator (the endpoint asked a step-up first). Refused while a
     * rule requires a second factor and no passkey would be left: the account could not sign in.
     */
    async removeMine(auth: AuthContext, note: OperationNote) {
      note.subject({ id: auth.userId, name: auth.username, detail: 'totp' });
      if (!(await confirmedTotp(auth.userId))) throw new AppError('notFound');
      const keys = await deps.passkeysOf(auth.userId);
      if (keys.length === 0 && (await requirementOf(auth.userId)).required) {
        note.fail('factorLastRequired');
        throw new AppError('factorLastRequired');
      }
      await repo.removeTotp(auth.userId);
      return null;
    },

    /** Whether the account keeps a second factor without passkey `passkeyId`, where a rule requires one. */
    async keepsRequiredFactor(userId: string, passkeyId: string) {
      if (await confirmedTotp(userId)) return true;
      if ((await deps.passkeysOf(userId)).some((k) => k.id !== passkeyId)) return true;
      return !(await requirementOf(userId)).required;
    },

    /** Ten new recovery codes for the caller, answered once; the old ones stop working. */
    async regenerateRecovery(auth: AuthContext, note: OperationNote) {
      note.subject({ id: auth.userId, name: auth.username });
      if (!(await service.methodsOf(auth.userId)).length) throw new AppError('factorNotStarted');
      return { recoveryCodes: await newRecoveryCodes(auth.userId) };
    },

    /** An account's factors, for an administrator who sees it. */
    async ofUser(auth: AuthContext, id: string) {
      return statusOf(orNotFound(await deps.visibleAccount(auth, id)).id);
    },

    /** Removes an account's factors and recovery codes: it signs in with the password (and enrols if required). */
    async reset(auth: AuthContext, note: OperationNote, id: string) {
      const account = orNotFound(await deps.visibleAccount(auth, id));
      const removed = await repo.removeAll(account.id);
      note.subject({ id: account.id, name: account.username, detail: `${removed} factor(s)` });
      return { removed };
    },

    /** The rules whose enterprise or role the caller sees. */
    async rules(auth: AuthContext): Promise<FactorRule[]> {
      const visible = await Promise.all(
        (await repo.listRules()).map(async (rule) => {
          if (rule.targetName === null) return null;
          const seen =
            rule.kind !== 'role'
              ? await deps.visibleAccount(auth, rule.targetId)
              : await deps.visibleRole(auth, rule.targetId);
          return seen ? { kind: rule.kind, targetId: rule.targetId, targetName: rule.targetName } : null;
        }),
      );
      return visible.filter((r): r is FactorRule => r !== null);
    },

    /**
     * Sets or lifts a rule: an enterprise's (its top account, in the caller's scope, with user edit)
     * or a role's (a role the caller sees, with role edit).
     */
    async saveRule(auth: AuthContext, note: OperationNote, body: FactorRuleSave) {
      let name: string;
      if (body.kind !== 'role') {
        if (!auth.permissions.has('user:user:edit')) throw new AppError('forbidden');
        const account = orNotFound(await deps.visibleAccount(auth, body.targetId));
        if ((await deps.enterpriseOf(account.id)) !== account.id) throw new AppError('factorRuleTarget');
        name = account.username;
      } else {
        if (!auth.permissions.has('user:role:edit')) throw new AppError('forbidden');
        name = orNotFound(await deps.visibleRole(auth, body.targetId)).name;
      }
      if (body.required) await repo.saveRule(body.kind, body.targetId, auth.userId, clock.now());
      else await repo.removeRule(body.kind, body.targetId);
      note.subject({ id: body.targetId, name, detail: body.kind });
      return null;
    },
  };
  return service;
};

export type FactorsService = ReturnType<typeof createFactorsService>;
