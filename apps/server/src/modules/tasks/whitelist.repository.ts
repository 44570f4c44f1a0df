import type { WhitelistEntry, WhitelistRow } from '@cpm/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  findInScope,
  inDataScope,
  ownedNamed,
  type Scope,
  visibleAccountsSql,
} from '../../shared/data-scope';
import {
  allWhere,
  firstWhere,
  likePrefix,
  nullOnUniqueViolation,
  pageWhere,
  textArray,
} from '../../shared/sql';
import type { Tx } from '../jobs/jobs.repository';
import { iso, rowsOf } from './task-sql';
import { taskWhitelists } from './tasks.table';

type Record = typeof taskWhitelists.$inferSelect;

/** Storage of whitelists and their SNs, within the caller's data scope. */
export const createWhitelistRepository = (db: Db) => {
  const toRows = async (rows: Record[]): Promise<WhitelistRow[]> => {
    if (!rows.length) return [];
    const ids = `{${rows.map((r) => r.id).join(',')}}`;
    const stats = rowsOf<{ id: string; size: number; active: number }>(
      await db.execute(sql`select w.id::text,
          (select count(*)::int from task_whitelist_entries e where e.whitelist_id = w.id) as size,
          (select count(*)::int from tasks k where k.whitelist_id = w.id
            and k.status in ('pendingApproval', 'creating', 'normal', 'paused')) as active
        from task_whitelists w where w.id = any(${ids}::uuid[])`),
    );
    const by = new Map(stats.map((s) => [s.id, s]));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      size: by.get(r.id)?.size ?? 0,
      activeTasks: by.get(r.id)?.active ?? 0,
      ownerId: r.ownerId,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
  };

  const addSns = async (tx: Db | Tx, id: string, sns: string[], now: Date) => {
    // In slices, so a list of a hundred thousand SNs is not one huge parameter.
    for (let i = 0; i < sns.length; i += 10_000)
      await tx.execute(sql`insert into task_whitelist_entries (whitelist_id, sn, added_at)
        select ${id}::uuid, s, ${now} from unnest(${textArray(sns.slice(i, i + 10_000))}) as s
        on conflict do nothing`);
  };

  return {
    findVisible: async (scope: Scope, id: string) => findInScope(db, taskWhitelists, scope, id),

    findById: async (id: string) => firstWhere(db, taskWhitelists, eq(taskWhitelists.id, id)),

    async page(scope: Scope, name: string | undefined, offset: number, limit: number) {
      const where = ownedNamed(scope, taskWhitelists, name);
      const { rows, total } = await pageWhere(
        db,
        taskWhitelists,
        where,
        [asc(taskWhitelists.name)],
        offset,
        limit,
      );
      return { records: await toRows(rows), total };
    },

    rowOf: async (row: Record) => (await toRows([row]))[0],

    async entries(scope: Scope, id: string, sn: string | undefined, offset: number, limit: number) {
      const visible = visibleAccountsSql(scope);
      const where = sql`e.whitelist_id = ${id} ${sn ? sql`and e.sn like ${likePrefix(sn.toUpperCase())}` : sql``}`;
      const [rows, [{ n }]] = await Promise.all([
        db.execute(sql`select e.sn, t.name, t.online, e.added_at from task_whitelist_entries e
          left join terminals t on t.sn = e.sn ${visible ? sql`and t.owner_id in ${visible}` : sql``}
          where ${where} order by e.sn offset ${offset} limit ${limit}`),
        db
          .execute(sql`select count(*)::int as n from task_whitelist_entries e where ${where}`)
          .then((r) => rowsOf<{ n: number }>(r)),
      ]);
      const records: WhitelistEntry[] = rowsOf<{
        sn: string;
        name: string | null;
        online: boolean | null;
        added_at: Date;
      }>(rows).map((r) => ({
        sn: r.sn,
        terminalName: r.name,
        online: r.online,
        addedAt: iso(r.added_at) as string,
      }));
      return { records, total: n };
    },

    /** Creates a list; null when the owner already has one of that name. */
    async insert(
      values: { name: string; description: string; ownerId: string; createdBy: string },
      sns: string[],
      now: Date,
    ) {
      return nullOnUniqueViolation(async () => {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(taskWhitelists)
            .values({ ...values, createdAt: now, updatedAt: now })
            .returning();
          await addSns(tx, row.id, sns, now);
          return row;
        });
      });
    },

    /** Renames a list and adds SNs; null on a name clash. */
    async update(id: string, values: { name: string; description: string }, sns: string[], now: Date) {
      return nullOnUniqueViolation(async () => {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .update(taskWhitelists)
            .set({ ...values, updatedAt: now })
            .where(eq(taskWhitelists.id, id))
            .returning();
          await addSns(tx, id, sns, now);
          return row;
        });
      });
    },

    removeSns: (id: string, sns: string[], now: Date) =>
      db.transaction(async (tx) => {
        for (let i = 0; i < sns.length; i += 10_000)
          await tx.execute(sql`delete from task_whitelist_entries
            where whitelist_id = ${id} and sn = any(${textArray(sns.slice(i, i + 10_000))})`);
        await tx.update(taskWhitelists).set({ updatedAt: now }).where(eq(taskWhitelists.id, id));
      }),

    remove: async (id: string) => {
      await db.delete(taskWhitelists).where(eq(taskWhitelists.id, id));
    },

    all: async (scope: Scope) =>
      toRows(
        await allWhere(db, taskWhitelists, inDataScope(scope, taskWhitelists.ownerId), [
          asc(taskWhitelists.name),
        ]),
      ),
  };
};

export type WhitelistRepository = ReturnType<typeof createWhitelistRepository>;
