import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inDataScope, ownedNamed, type Scope } from '../../shared/data-scope';
import { pageWhere } from '../../shared/sql';
import { terminals, terminalWarnings } from '../devices/devices.table';
import { terminalGroups } from '../groups/groups.table';
import { geofenceStates, geofences, geofenceTargets } from './geo.table';

export type FenceRecord = typeof geofences.$inferSelect & {
  groupIds: string[];
  terminalSns: string[];
  violating: number;
};
export type FenceWrite = Omit<typeof geofences.$inferInsert, 'id' | 'createdAt'>;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** A fence that applies to a terminal, with where the fix lies against it and the standing so far. */
export type FenceHit = {
  id: string;
  name: string;
  ownerId: string;
  rule: 'inside' | 'outside';
  activeFrom: number | null;
  activeTo: number | null;
  timezone: string;
  lockPayment: boolean;
  inside: boolean;
  /** Distance from the fix to the fence's edge, in degrees. */
  edgeDeg: number;
  violating: boolean;
  pending: number;
};

/** Storage of geofences, their targets and each terminal's standing. */
export const createFencesRepository = (db: Db) => {
  const withTargets = async (rows: (typeof geofences.$inferSelect)[]): Promise<FenceRecord[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const targets = await db
      .select({
        fenceId: geofenceTargets.fenceId,
        kind: geofenceTargets.kind,
        targetId: geofenceTargets.targetId,
        sn: terminals.sn,
      })
      .from(geofenceTargets)
      .leftJoin(terminals, eq(terminals.id, geofenceTargets.targetId))
      .where(inArray(geofenceTargets.fenceId, ids));
    const counts = await db
      .select({ fenceId: geofenceStates.fenceId, n: sql<number>`count(*)::int` })
      .from(geofenceStates)
      .where(and(inArray(geofenceStates.fenceId, ids), eq(geofenceStates.violating, true)))
      .groupBy(geofenceStates.fenceId);
    return rows.map((r) => ({
      ...r,
      groupIds: targets.filter((t) => t.fenceId === r.id && t.kind === 'group').map((t) => t.targetId),
      terminalSns: targets.filter((t) => t.fenceId === r.id && t.kind === 'terminal').map((t) => t.sn ?? ''),
      violating: counts.find((c) => c.fenceId === r.id)?.n ?? 0,
    }));
  };

  return {
    async page(scope: Scope, f: { name?: string }, offset: number, limit: number) {
      const where = ownedNamed(scope, geofences, f.name);
      const { rows, total } = await pageWhere(
        db,
        geofences,
        where,
        [desc(geofences.updatedAt)],
        offset,
        limit,
      );
      return { rows: await withTargets(rows), total };
    },

    findVisible: async (scope: Scope, id: string) =>
      (
        await withTargets(
          await db
            .select()
            .from(geofences)
            .where(and(eq(geofences.id, id), inDataScope(scope, geofences.ownerId))),
        )
      )[0] ?? null,

    /** Groups among `ids` owned by the caller's own account tree. */
    ownGroups: async (scope: Scope, ids: string[]) =>
      ids.length === 0
        ? []
        : (
            await db
              .select({ id: terminalGroups.id })
              .from(terminalGroups)
              .where(and(inArray(terminalGroups.id, ids), inDataScope(scope, terminalGroups.ownerId)))
          ).map((r) => r.id),

    /** Terminals among `sns` in the caller's data scope. */
    ownTerminals: async (scope: Scope, sns: string[]) =>
      sns.length === 0
        ? []
        : db
            .select({ id: terminals.id, sn: terminals.sn })
            .from(terminals)
            .where(and(inArray(terminals.sn, sns), inDataScope(scope, terminals.ownerId))),

    /** Inserts or updates a fence and replaces its targets, in one transaction. */
    save: (
      id: string | undefined,
      values: FenceWrite,
      targets: { kind: 'group' | 'terminal'; targetId: string }[],
    ) =>
      db.transaction(async (tx) => {
        const [row] = id
          ? await tx.update(geofences).set(values).where(eq(geofences.id, id)).returning()
          : await tx.insert(geofences).values(values).returning();
        await tx.delete(geofenceTargets).where(eq(geofenceTargets.fenceId, row.id));
        if (targets.length > 0)
          await tx.insert(geofenceTargets).values(targets.map((t) => ({ fenceId: row.id, ...t })));
        return row.id;
      }),

    remove: async (scope: Scope, ids: string[]) =>
      (
        await db
          .delete(geofences)
          .where(and(inArray(geofences.id, ids), inDataScope(scope, geofences.ownerId)))
          .returning({ id: geofences.id })
      ).length,

    /**
     * The enabled fences applying to a terminal (directly or through its group), tested against a fix
     * in SQL. The point is written as a one-point polygon: GiST's polygon operators index
     * `polygon @> polygon`, not `polygon @> point`, and the answer is the same.
     */
    /**
     * The enabled fences aimed at each fix's terminal (itself or its group), with where the fix stands
     * against each and the terminal's standing so far: one statement for a batch of fixes, answered
     * by the fix's index in `fixes`.
     */
    async hits(fixes: { terminalId: string; lat: number; lng: number }[]): Promise<Map<number, FenceHit[]>> {
      const batch = JSON.stringify(
        fixes.map((f, k) => ({ k, terminal_id: f.terminalId, lat: f.lat, lng: f.lng })),
      );
      const rows = rowsOf<FenceHit & { k: number }>(
        await db.execute(sql`
          with v as (
            select * from json_to_recordset(${batch}::json) as v(k int, terminal_id uuid, lat float8, lng float8)
          )
          select v.k, f.id, f.name, f.owner_id as "ownerId", f.rule, f.active_from as "activeFrom",
                 f.active_to as "activeTo", f.timezone, f.lock_payment as "lockPayment",
                 f.area @> polygon(box(point(v.lng, v.lat), point(v.lng, v.lat))) as inside,
                 (point(v.lng, v.lat) <-> path(f.area))::float8 as "edgeDeg",
                 coalesce(s.violating, false) as violating, coalesce(s.pending, 0)::int as pending
          from v
          join terminals t on t.id = v.terminal_id
          cross join lateral (
            select distinct gt.fence_id from geofence_targets gt
            where gt.target_id = v.terminal_id or gt.target_id = t.group_id
          ) aimed
          join geofences f on f.id = aimed.fence_id and f.enabled
          left join geofence_states s on s.fence_id = f.id and s.terminal_id = v.terminal_id`),
      );
      const byFix = new Map<number, FenceHit[]>();
      for (const { k, ...hit } of rows) byFix.set(k, [...(byFix.get(k) ?? []), hit]);
      return byFix;
    },

    /**
     * Writes a terminal's standing with fences; a change raises an early warning (one open per kind and
     * terminal: a newer one replaces its text). One transaction.
     */
    saveStates: (
      terminalId: string,
      states: { fenceId: string; violating: boolean; pending: number }[],
      warnings: { kind: 'fenceBreach' | 'fenceReturn'; detail: string; alerted: string[] }[],
      at: Date,
    ) =>
      db.transaction(async (tx) => {
        for (const s of states)
          await tx
            .insert(geofenceStates)
            .values({ terminalId, ...s, changedAt: at })
            .onConflictDoUpdate({
              target: [geofenceStates.fenceId, geofenceStates.terminalId],
              set: {
                violating: s.violating,
                pending: s.pending,
                changedAt: sql`case when ${geofenceStates.violating} = ${s.violating} then ${geofenceStates.changedAt} else ${at}::timestamptz end`,
              },
            });
        for (const w of warnings)
          await tx
            .insert(terminalWarnings)
            .values({ terminalId, kind: w.kind, detail: w.detail, alerted: w.alerted, at })
            .onConflictDoUpdate({
              target: [terminalWarnings.terminalId, terminalWarnings.kind],
              targetWhere: sql`not ${terminalWarnings.handled}`,
              set: { detail: w.detail, alerted: w.alerted, at },
            });
      }),
  };
};
export type FencesRepository = ReturnType<typeof createFencesRepository>;
