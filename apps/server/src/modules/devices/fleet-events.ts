import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Broker } from '../../gateway/broker';
import type { Clock } from '../../shared/clock';
import { accountAncestorsSql } from '../../shared/data-scope';

/** A change the console shows live: a terminal came online, went offline, changed status or data. */
export type FleetChange = { sn: string; ownerId: string; online?: boolean; status?: string; kind: string };

/** Console topic of fleet events for one user. */
export const fleetTopic = (userId: string) => `cpm/user/${userId}/device`;

const RECIPIENT_TTL_MS = 60_000;
const FLUSH_MS = 1_000;
const MAX_CHANGES_PER_MESSAGE = 200;

/**
 * Collects fleet changes and tells every console user who may see them, at most once a second per
 * user: the owner account, the accounts above it, and platform administrators.
 */
export const createFleetEvents = (deps: { db: Db; broker: Broker | null; clock: Clock }) => {
  const pending: FleetChange[] = [];
  const recipients = new Map<string, { ids: string[]; until: number }>();
  let timer: NodeJS.Timeout | undefined;

  const recipientsOf = async (ownerId: string): Promise<string[]> => {
    const now = deps.clock.now().getTime();
    const cached = recipients.get(ownerId);
    if (cached && cached.until > now) return cached.ids;
    const result = await deps.db.execute<{ id: string }>(sql`
      select id from ${accountAncestorsSql(ownerId)} up
      union
      select ur.user_id from user_roles ur join roles r on r.id = ur.role_id
        where r.data_scope = 'all' and r.enabled`);
    const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    recipients.set(ownerId, { ids, until: now + RECIPIENT_TTL_MS });
    return ids;
  };

  const flush = async () => {
    timer = undefined;
    const changes = pending.splice(0);
    if (!deps.broker || changes.length === 0) return;
    const byUser = new Map<string, FleetChange[]>();
    for (const change of changes) {
      for (const userId of await recipientsOf(change.ownerId)) {
        const list = byUser.get(userId) ?? [];
        list.push(change);
        byUser.set(userId, list);
      }
    }
    await Promise.all(
      [...byUser].map(([userId, list]) =>
        deps.broker
          ?.publish(
            fleetTopic(userId),
            JSON.stringify({
              type: 'terminals',
              more: list.length > MAX_CHANGES_PER_MESSAGE,
              changes: list.slice(0, MAX_CHANGES_PER_MESSAGE).map(({ ownerId: _o, ...c }) => c),
            }),
            { qos: 0 },
          )
          .catch(() => undefined),
      ),
    );
  };

  return {
    /** Queue changes; they leave within a second. */
    emit(...changes: FleetChange[]) {
      if (!deps.broker || changes.length === 0) return;
      pending.push(...changes);
      timer ??= setTimeout(() => void flush().catch(() => undefined), FLUSH_MS);
    },
    /** Send what is queued now (shutdown, tests). */
    flush: async () => {
      if (timer) clearTimeout(timer);
      await flush();
    },
  };
};

export type FleetEvents = ReturnType<typeof createFleetEvents>;
