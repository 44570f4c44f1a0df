import { ACCOUNT_STATE, API_KEY_LIMITS } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationRecord } from '../oplog/oplog.service';
import { parseApiKey, secretMatches, sourceAllowed } from './api-key-format';
import type { ServiceAccountsRepository } from './serviceaccounts.repository';

const MINUTE_MS = 60_000;
const LOCK_WINDOW_MS = API_KEY_LIMITS.lockWindowMinutes * MINUTE_MS;

/** Counter keys: calls of a key, wrong secrets for a prefix, unknown prefixes from an address. */
export const counterKeys = {
  calls: (keyId: string) => `calls:${keyId}`,
  prefix: (prefix: string) => `fail:prefix:${prefix}`,
  address: (ip: string) => `fail:ip:${ip}`,
};

/** One role's grants as the keys of its service accounts read them. */
export type RoleGrants = { enabled: boolean; dataScope: 'all' | 'tree'; permissions: ReadonlySet<string> };

/** What the request carries besides the key: its address, and where the rate-limit headers go. */
export type KeyRequestMeta = { ip: string; header(name: string, value: string): void };

/**
 * Authenticates `Authorization: Bearer prefix.secret`: a key that is whole, live, used from an allowed
 * address and within its rate becomes a caller with the service account's data scope and the key's
 * scopes (as far as the role still grants them). Every refusal throws.
 */
export const createApiKeyAuth = (deps: {
  repo: Pick<ServiceAccountsRepository, 'findKeyByPrefix' | 'counters' | 'hit' | 'touchKey'>;
  clock: Clock;
  roleGrants(roleId: string): Promise<RoleGrants | null>;
  /** Whether the owning account is enabled and active: a disabled enterprise's keys stop with it. */
  ownerActive(ownerId: string): Promise<boolean>;
  /** Writes an operation log entry by the service account (sampled uses). */
  audit(actor: { id: string; name: string }, ip: string, entry: OperationRecord): Promise<void>;
}) => {
  const { repo } = deps;

  /** Refuses while a failure counter is at the limit, until its window ends. */
  const refuseWhileLocked = async (counters: string[], now: Date) => {
    for (const state of (await repo.counters(counters)).values()) {
      const ends = state.windowStart.getTime() + LOCK_WINDOW_MS;
      if (state.count < API_KEY_LIMITS.failuresBeforeLock || ends <= now.getTime()) continue;
      throw new AppError('apiKeyLocked', {
        retryAfterSeconds: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)),
      });
    }
  };

  const failed = async (counter: string, now: Date): Promise<never> => {
    await repo.hit(counter, LOCK_WINDOW_MS, now, 1);
    throw new AppError('apiKeyInvalid');
  };

  /** Counts the call in the key's one-minute window and says where the window stands. */
  const countCall = async (keyId: string, limit: number, now: Date, meta: KeyRequestMeta) => {
    const { count, windowStart } = await repo.hit(counterKeys.calls(keyId), MINUTE_MS, now, 1);
    const reset = Math.max(1, Math.ceil((windowStart.getTime() + MINUTE_MS - now.getTime()) / 1000));
    meta.header('RateLimit-Limit', String(limit));
    meta.header('RateLimit-Remaining', String(Math.max(0, limit - count)));
    meta.header('RateLimit-Reset', String(reset));
    if (count > limit) throw new AppError('apiKeyRateLimited', { retryAfterSeconds: reset });
  };

  return {
    async authenticate(presented: string, meta: KeyRequestMeta): Promise<AuthContext> {
      const now = deps.clock.now();
      const parsed = parseApiKey(presented);
      const address = counterKeys.address(meta.ip);
      await refuseWhileLocked(parsed ? [address, counterKeys.prefix(parsed.prefix)] : [address], now);
      if (!parsed) return failed(address, now);
      const found = await repo.findKeyByPrefix(parsed.prefix);
      if (!found) return failed(address, now);
      const { key, account } = found;
      if (!secretMatches(parsed.secret, key.secretHash)) return failed(counterKeys.prefix(key.prefix), now);
      if (key.revokedAt || now.getTime() >= key.expiresAt.getTime() || !account.enabled)
        throw new AppError('apiKeyInvalid');
      if (!(await deps.ownerActive(account.ownerId))) throw new AppError('apiKeyInvalid');
      if (!sourceAllowed(key.allowedSources, meta.ip)) throw new AppError('apiKeySourceRefused');
      await countCall(key.id, key.rateLimitPerMinute, now, meta);
      const role = await deps.roleGrants(account.roleId);
      const granted = role?.enabled ? role.permissions : new Set<string>();
      // Named by account and key wherever the caller's name shows (the operation log's actor); the
      // owning account is the actor's id, so the log is seen by those who see the account's data.
      const username = `${account.name} (${key.prefix})`;
      // Sampled: the last use and its log entry are written at most once a minute per key.
      if (await repo.touchKey(key.id, now, meta.ip, new Date(now.getTime() - MINUTE_MS)))
        await deps.audit({ id: account.ownerId, name: username }, meta.ip, {
          action: 'serviceaccount.key.use',
          objectType: 'apiKey',
          objectId: key.id,
          objectName: `${key.name} (${key.prefix})`,
          detail: null,
        });
      return {
        userId: account.ownerId,
        // A key is no session: its id stands where a session id is read, and matches no session.
        sessionId: key.id,
        username,
        state: ACCOUNT_STATE.active,
        permissions: new Set(key.scopes.filter((s) => granted.has(s))),
        dataScope: role?.enabled ? role.dataScope : 'tree',
        ip: meta.ip,
        apiKey: { id: key.id, prefix: key.prefix, serviceAccountId: account.id },
      };
    },
  };
};

export type ApiKeyAuth = ReturnType<typeof createApiKeyAuth>;
