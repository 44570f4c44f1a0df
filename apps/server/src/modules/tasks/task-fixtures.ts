import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { terminalGroups, terminalModels, terminals } from '../../db/schema';
import { sha256 } from '../../shared/crypto';

/** The secret every fixture terminal authenticates with. */
export const FIXTURE_SECRET = 'fixture-secret-0123456789';

/** HTTP Basic header of a fixture terminal. */
export const basicAuth = (sn: string) => ({
  authorization: `Basic ${Buffer.from(`${sn}:${FIXTURE_SECRET}`).toString('base64')}`,
});

/**
 * Registers activated terminals `${prefix}00001`... owned by `ownerId`, enrolled with FIXTURE_SECRET,
 * in one statement (tests and benchmarks with many terminals).
 */
export const insertTerminals = async (
  db: Db,
  o: {
    prefix: string;
    count: number;
    ownerId: string;
    groupId?: string | null;
    modelId?: string | null;
    platform?: string;
    online?: boolean | 'half';
    apps?: { packageName: string; name?: string }[];
  },
) => {
  const online = o.online === 'half' ? sql`(i % 2 = 0)` : sql`${o.online ?? false}`;
  const width = Math.max(5, String(o.count).length);
  await db.execute(sql`insert into terminals (sn, name, owner_id, group_id, model_id, platform, status, online,
      secret_hash, apps, last_seen_at)
    select ${o.prefix} || lpad(i::text, ${width}, '0'), 'Till ' || i, ${o.ownerId}::uuid, ${o.groupId ?? null}::uuid,
      ${o.modelId ?? null}::uuid, ${o.platform ?? 'android'}, 'activated', ${online}, ${sha256(FIXTURE_SECRET)},
      ${JSON.stringify(o.apps ?? [{ packageName: 'com.example.cashier' }])}::jsonb, now()
    from generate_series(1, ${o.count}) as i`);
  return Array.from({ length: o.count }, (_, i) => `${o.prefix}${String(i + 1).padStart(width, '0')}`);
};

/** A model, and a group with a sub-group, owned by an account. */
export const insertGroups = async (db: Db, ownerId: string, tag: string) => {
  const [model] = await db
    .insert(terminalModels)
    .values({ name: `Model ${tag}` })
    .returning();
  const [group] = await db
    .insert(terminalGroups)
    .values({ name: `Region ${tag}`, number: `R-${tag}`, ownerId })
    .returning();
  const [sub] = await db
    .insert(terminalGroups)
    .values({ name: `Store ${tag}`, number: `S-${tag}`, ownerId, parentId: group.id })
    .returning();
  return { model, group, sub };
};

/** Moves terminals (by SN) into a group. */
export const moveTerminals = (db: Db, sns: string[], groupId: string) =>
  db.execute(
    sql`update terminals set group_id = ${groupId}::uuid where sn = any(${`{${sns.join(',')}}`}::text[])`,
  );

/** Ids of terminals by SN. */
export const terminalIds = async (db: Db, sns: string[]) =>
  (
    await db
      .select({ id: terminals.id, sn: terminals.sn })
      .from(terminals)
      .where(sql`${terminals.sn} = any(${`{${sns.join(',')}}`}::text[])`)
  ).map((r) => r.id);
