import type {
  ApiKeyIssue,
  ApiKeyRotate,
  ApiKeyRow,
  ApiKeyStatus,
  IssuedApiKey,
  PageQuery,
  ServiceAccountRow,
  ServiceAccountSave,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError, orNotFound } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import { pageOffset, toPage } from '../../shared/paging';
import { requireAddOrEdit } from '../../shared/permissions';
import { refuseOnUniqueViolation } from '../../shared/sql';
import type { NewApiKey } from './api-key-format';
import type {
  ApiKeyRecord,
  ServiceAccountRecord,
  ServiceAccountsRepository,
} from './serviceaccounts.repository';

const HOUR_MS = 3_600_000;

/** A role as service accounts show and check it. */
export type RoleSummary = {
  name: string;
  nameEn: string;
  enabled: boolean;
  permissions: ReadonlySet<string>;
};

/** Where a key stands at a moment. */
export const keyStatus = (key: ApiKeyRecord, now: Date): ApiKeyStatus => {
  if (key.revokedAt) return 'revoked';
  if (now.getTime() >= key.expiresAt.getTime()) return 'expired';
  return key.replacedById ? 'rotating' : 'active';
};

const toKeyRow = (key: ApiKeyRecord, now: Date): ApiKeyRow => ({
  id: key.id,
  prefix: key.prefix,
  name: key.name,
  scopes: key.scopes,
  expiresAt: key.expiresAt.toISOString(),
  allowedSources: key.allowedSources,
  rateLimitPerMinute: key.rateLimitPerMinute,
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  lastUsedIp: key.lastUsedIp,
  revokedAt: key.revokedAt?.toISOString() ?? null,
  status: keyStatus(key, now),
  createdAt: key.createdAt.toISOString(),
});

/**
 * Service accounts and their API keys. A key's scopes stay within its service account's role and
 * within what the caller holds; its secret is shown once, when issued.
 */
export const createServiceAccountsService = (deps: {
  repo: ServiceAccountsRepository;
  clock: Clock;
  newKey(): NewApiKey;
  /** A role's names and grants by id; null when it is gone. */
  roleOf(roleId: string): Promise<RoleSummary | null>;
  /** Refuses a role the caller may not see or assign (as for a user's roles). */
  assertAssignable(auth: AuthContext, roleId: string): Promise<void>;
  /** Enabled roles the caller may assign. */
  roleOptions(auth: AuthContext): Promise<{ id: string; name: string; nameEn: string; code: string }[]>;
}) => {
  const { repo, clock } = deps;
  const mustFind = async (auth: AuthContext, id: string) => orNotFound(await repo.findVisible(auth, id));
  const mustFindKey = async (auth: AuthContext, id: string) =>
    orNotFound(await repo.findKeyVisible(auth, id));

  /** Scopes must be granted by the role and held by the caller (a key never mints a wider key). */
  const checkScopes = async (auth: AuthContext, account: ServiceAccountRecord, scopes: readonly string[]) => {
    const role = await deps.roleOf(account.roleId);
    const granted = role?.enabled ? role.permissions : new Set<string>();
    if (scopes.some((s) => !granted.has(s))) throw new AppError('apiKeyScopesOutsideRole');
    if (scopes.some((s) => !auth.permissions.has(s))) throw new AppError('forbidden');
  };

  const issue = async (
    account: ServiceAccountRecord,
    values: Pick<ApiKeyRecord, 'name' | 'scopes' | 'allowedSources' | 'rateLimitPerMinute'>,
    expiresInHours: number,
    replacing?: { id: string; until: Date },
  ): Promise<IssuedApiKey> => {
    const now = clock.now();
    const made = deps.newKey();
    const row = {
      name: values.name,
      scopes: values.scopes,
      allowedSources: values.allowedSources,
      rateLimitPerMinute: values.rateLimitPerMinute,
      serviceAccountId: account.id,
      prefix: made.prefix,
      secretHash: made.secretHash,
      expiresAt: new Date(now.getTime() + expiresInHours * HOUR_MS),
      createdAt: now,
    };
    const id = replacing
      ? await repo.rotateKey(replacing.id, replacing.until, row)
      : await repo.insertKey(row);
    return { id, prefix: made.prefix, key: made.key, expiresAt: row.expiresAt.toISOString() };
  };

  return {
    async page(
      auth: AuthContext,
      q: PageQuery & { name?: string },
    ): Promise<ReturnType<typeof toPage<ServiceAccountRow>>> {
      const { rows: accounts, total } = await repo.page(auth, q.name, pageOffset(q), q.size);
      const keys = await repo.keysOf(accounts.map((a) => a.id));
      const roles = new Map<string, RoleSummary | null>();
      for (const a of accounts) if (!roles.has(a.roleId)) roles.set(a.roleId, await deps.roleOf(a.roleId));
      const now = clock.now();
      const records = accounts.map((a) => ({
        id: a.id,
        name: a.name,
        description: a.description,
        roleId: a.roleId,
        roleName: roles.get(a.roleId)?.name ?? '',
        roleNameEn: roles.get(a.roleId)?.nameEn ?? '',
        enabled: a.enabled,
        ownerId: a.ownerId,
        createdAt: a.createdAt.toISOString(),
        keys: keys.filter((k) => k.serviceAccountId === a.id).map((k) => toKeyRow(k, now)),
      }));
      return toPage(records, total, q);
    },

    /** Roles the caller may give a service account, with what each grants (the scopes to choose from). */
    async roleOptions(auth: AuthContext) {
      const out = [];
      for (const option of await deps.roleOptions(auth)) {
        const role = await deps.roleOf(option.id);
        out.push({ ...option, permissions: [...(role?.permissions ?? [])].sort() });
      }
      return out;
    },

    async save(auth: AuthContext, note: OperationNote, body: ServiceAccountSave) {
      requireAddOrEdit(auth, 'user:serviceaccount', body.id);
      const existing = body.id ? await mustFind(auth, body.id) : null;
      if (!existing || existing.roleId !== body.roleId) await deps.assertAssignable(auth, body.roleId);
      const ownerId = existing?.ownerId ?? auth.userId;
      if (await repo.nameTaken(ownerId, body.name, existing?.id))
        throw new AppError('serviceAccountNameTaken');
      const values = {
        name: body.name,
        description: body.description ?? null,
        roleId: body.roleId,
        enabled: body.enabled,
      };
      const id = await refuseOnUniqueViolation('serviceAccountNameTaken', async () => {
        if (!existing)
          return repo.insert({ ...values, ownerId, createdBy: auth.apiKey ? null : auth.userId });
        await repo.update(existing.id, { ...values, updatedAt: clock.now() });
        return existing.id;
      });
      note.subject({ id, name: body.name, detail: body.enabled ? null : 'disabled' });
      return { id };
    },

    async remove(auth: AuthContext, note: OperationNote, id: string) {
      const account = await mustFind(auth, id);
      await repo.remove(account.id);
      note.subject({ id: account.id, name: account.name });
    },

    async issueKey(auth: AuthContext, note: OperationNote, body: ApiKeyIssue) {
      const account = await mustFind(auth, body.serviceAccountId);
      const scopes = [...new Set(body.scopes)];
      await checkScopes(auth, account, scopes);
      const issued = await issue(
        account,
        {
          name: body.name,
          scopes,
          allowedSources: body.allowedSources,
          rateLimitPerMinute: body.rateLimitPerMinute,
        },
        body.expiresInHours,
      );
      note.subject({
        id: issued.id,
        name: `${body.name} (${issued.prefix})`,
        detail: `${account.name}: ${scopes.join(' ')}; expires ${issued.expiresAt}`,
      });
      return issued;
    },

    async rotateKey(auth: AuthContext, note: OperationNote, body: ApiKeyRotate) {
      const { key, account } = await mustFindKey(auth, body.id);
      const now = clock.now();
      if (keyStatus(key, now) !== 'active') throw new AppError('apiKeyNotActive');
      await checkScopes(auth, account, key.scopes);
      const overlapEnd = new Date(now.getTime() + body.overlapMinutes * 60_000);
      const until = overlapEnd < key.expiresAt ? overlapEnd : key.expiresAt;
      const issued = await issue(account, key, body.expiresInHours, { id: key.id, until });
      note.subject({
        id: key.id,
        name: `${key.name} (${key.prefix})`,
        detail: `successor ${issued.prefix}; old key valid until ${until.toISOString()}`,
      });
      return issued;
    },

    async revokeKey(auth: AuthContext, note: OperationNote, id: string) {
      const { key } = await mustFindKey(auth, id);
      if (key.revokedAt) throw new AppError('apiKeyNotActive');
      await repo.revokeKey(key.id, clock.now());
      note.subject({ id: key.id, name: `${key.name} (${key.prefix})` });
    },
  };
};

export type ServiceAccountsService = ReturnType<typeof createServiceAccountsService>;
