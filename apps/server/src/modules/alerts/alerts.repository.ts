import type { AlertRuleInput, AlertSeverity, AlertState } from '@cpm/contracts';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inDataScope, type Scope } from '../../shared/data-scope';
import { likeAnywhere, likePrefix, uuidArray } from '../../shared/sql';
import { terminals } from '../devices/devices.table';
import type { Tx } from '../jobs/jobs.repository';
import { alertEvents, alertIncidents, alertRules, alerts } from './alerts.table';

export type RuleRecord = typeof alertRules.$inferSelect;
export type AlertRecord = typeof alerts.$inferSelect;
export type AlertFilter = {
  state?: AlertState;
  severity?: AlertSeverity;
  ruleId?: string;
  incidentId?: string;
  sn?: string;
  terminalId?: string;
  /** Only alerts active in a period: raised before its end and last seen at or after its start. */
  activeIn?: { from: Date; to: Date };
};

const alertColumns = {
  id: alerts.id,
  ruleId: alerts.ruleId,
  ruleName: alerts.ruleName,
  condition: alerts.condition,
  kind: alerts.kind,
  severity: alerts.severity,
  state: alerts.state,
  subjectKey: alerts.subjectKey,
  sn: terminals.sn,
  terminalName: terminals.name,
  detail: alerts.detail,
  count: alerts.count,
  incidentId: alerts.incidentId,
  firstAt: alerts.firstAt,
  lastAt: alerts.lastAt,
  ackAt: alerts.ackAt,
  ackBy: alerts.ackBy,
  closedAt: alerts.closedAt,
  closeReason: alerts.closeReason,
  ownerId: alerts.ownerId,
};
export type AlertListRow = Awaited<
  ReturnType<ReturnType<typeof createAlertsRepository>['findPage']>
>['rows'][number];

/** Alert rules, alerts, incidents and their timelines. */
/**
 * An incident's members as a correlated subquery. The outer table is named in plain SQL: a column
 * interpolated in a select's fields renders unqualified, and `id` would then read the member's own.
 */
const membersSql = () =>
  sql<number>`(select count(*)::int from alerts a where a.incident_id = alert_incidents.id)`;

export const createAlertsRepository = (db: Db) => {
  const alertWhere = (scope: Scope, f: AlertFilter): SQL | undefined =>
    and(
      inDataScope(scope, alerts.ownerId),
      f.state ? eq(alerts.state, f.state) : undefined,
      f.severity ? eq(alerts.severity, f.severity) : undefined,
      f.ruleId ? eq(alerts.ruleId, f.ruleId) : undefined,
      f.incidentId ? eq(alerts.incidentId, f.incidentId) : undefined,
      f.terminalId ? eq(alerts.terminalId, f.terminalId) : undefined,
      f.sn ? sql`${terminals.sn} like ${likePrefix(f.sn.toUpperCase())}` : undefined,
      f.activeIn
        ? sql`${alerts.firstAt} < ${f.activeIn.to} and ${alerts.lastAt} >= ${f.activeIn.from}`
        : undefined,
    );
  return {
    async findRulePage(scope: Scope, f: { name?: string }, offset: number, limit: number) {
      const where = and(
        inDataScope(scope, alertRules.ownerId),
        f.name ? sql`${alertRules.name} ilike ${likeAnywhere(f.name)}` : undefined,
      );
      // The outer table in plain SQL, as in `membersSql`.
      const openAlerts = sql<number>`(select count(*)::int from alerts a
        where a.rule_id = alert_rules.id and a.state <> 'closed')`;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ rule: alertRules, openAlerts })
          .from(alertRules)
          .where(where)
          .orderBy(desc(alertRules.createdAt), asc(alertRules.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(alertRules).where(where),
      ]);
      return { rows, total };
    },
    findRule: async (scope: Scope, id: string): Promise<RuleRecord | null> =>
      (
        await db
          .select()
          .from(alertRules)
          .where(and(eq(alertRules.id, id), inDataScope(scope, alertRules.ownerId)))
      )[0] ?? null,
    /** Enabled rules, for the evaluation round. */
    enabledRules: (): Promise<RuleRecord[]> =>
      db.select().from(alertRules).where(eq(alertRules.enabled, true)).orderBy(asc(alertRules.createdAt)),
    ruleById: async (id: string): Promise<RuleRecord | null> =>
      (await db.select().from(alertRules).where(eq(alertRules.id, id)))[0] ?? null,
    insertRule: async (ownerId: string, r: Omit<AlertRuleInput, 'id'>, now: Date) =>
      (
        await db
          .insert(alertRules)
          .values({ ...r, ownerId, createdAt: now, updatedAt: now })
          .returning({ id: alertRules.id })
      )[0],
    updateRule: (id: string, r: Omit<AlertRuleInput, 'id'>, now: Date) =>
      db
        .update(alertRules)
        .set({ ...r, updatedAt: now })
        .where(eq(alertRules.id, id)),
    /** Deletes a rule and closes its alerts and incident, in one transaction. */
    removeRule: (id: string, now: Date) =>
      db.transaction(async (tx) => {
        await tx
          .update(alerts)
          .set({ state: 'closed', closedAt: now, closeReason: 'cleared' })
          .where(and(eq(alerts.ruleId, id), ne(alerts.state, 'closed')));
        await tx
          .update(alertIncidents)
          .set({ state: 'closed', closedAt: now })
          .where(and(eq(alertIncidents.ruleId, id), eq(alertIncidents.state, 'open')));
        await tx.delete(alertRules).where(eq(alertRules.id, id));
      }),

    async findPage(scope: Scope, f: AlertFilter, offset: number, limit: number) {
      const where = alertWhere(scope, f);
      const from = () =>
        db.select(alertColumns).from(alerts).leftJoin(terminals, eq(terminals.id, alerts.terminalId));
      const [rows, [{ total }]] = await Promise.all([
        from().where(where).orderBy(desc(alerts.lastAt), asc(alerts.id)).limit(limit).offset(offset),
        db
          .select({ total: count() })
          .from(alerts)
          .leftJoin(terminals, eq(terminals.id, alerts.terminalId))
          .where(where),
      ]);
      return { rows, total };
    },
    /** Alerts by id, unchecked (notices of alerts the server raised itself). */
    findByIds: (ids: string[]) =>
      ids.length
        ? db
            .select(alertColumns)
            .from(alerts)
            .leftJoin(terminals, eq(terminals.id, alerts.terminalId))
            .where(inArray(alerts.id, ids))
            .orderBy(asc(terminals.sn))
        : Promise.resolve([]),
    findVisible: async (scope: Scope, id: string) =>
      (
        await db
          .select({ id: alerts.id })
          .from(alerts)
          .where(and(eq(alerts.id, id), inDataScope(scope, alerts.ownerId)))
      )[0] ?? null,
    timeline: (alertId: string) =>
      db
        .select()
        .from(alertEvents)
        .where(eq(alertEvents.alertId, alertId))
        .orderBy(asc(alertEvents.at), asc(alertEvents.id)),

    /**
     * Moves the visible alerts among `ids` from one of `from` to `to`, with a timeline step, in one
     * transaction; `within` runs in it with the alerts changed (to queue their notices).
     */
    transition: (
      scope: Scope,
      ids: string[],
      change: { to: 'acknowledged' | 'closed'; actor: string; note: string; now: Date },
      within: (tx: Tx, changed: AlertRecord[]) => Promise<void>,
    ) =>
      db.transaction(async (tx) => {
        const set =
          change.to === 'acknowledged'
            ? { state: 'acknowledged' as const, ackAt: change.now, ackBy: change.actor }
            : { state: 'closed' as const, closedAt: change.now, closeReason: 'manual' as const };
        const changed = await tx
          .update(alerts)
          .set(set)
          .where(
            and(
              inArray(alerts.id, ids),
              inDataScope(scope, alerts.ownerId),
              change.to === 'acknowledged' ? eq(alerts.state, 'open') : ne(alerts.state, 'closed'),
            ),
          )
          .returning();
        if (changed.length)
          await tx.insert(alertEvents).values(
            changed.map((a) => ({
              alertId: a.id,
              kind: change.to,
              actor: change.actor,
              note: change.note || null,
              at: change.now,
            })),
          );
        if (change.to === 'closed' && changed.length)
          await tx.execute(sql`
            update ${alertIncidents} i set state = 'closed', closed_at = ${change.now}
            where i.state = 'open' and i.id = any(${uuidArray([...new Set(changed.flatMap((a) => (a.incidentId ? [a.incidentId] : [])))])})
              and not exists (select 1 from ${alerts} a where a.incident_id = i.id and a.state <> 'closed')`);
        await within(tx, changed);
        return changed;
      }),

    /** Timeline steps written outside an evaluation (notices sent). */
    addEvents: (rows: { alertId: string; kind: string; note: string | null; at: Date }[], tx?: Tx) =>
      rows.length ? (tx ?? db).insert(alertEvents).values(rows) : Promise.resolve(),

    async findIncidentPage(scope: Scope, f: { state?: 'open' | 'closed' }, offset: number, limit: number) {
      const where = and(
        inDataScope(scope, alertIncidents.ownerId),
        f.state ? eq(alertIncidents.state, f.state) : undefined,
      );
      const members = membersSql();
      const openMembers = sql<number>`(select count(*)::int from alerts a
        where a.incident_id = alert_incidents.id and a.state <> 'closed')`;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ incident: alertIncidents, members, openMembers })
          .from(alertIncidents)
          .where(where)
          .orderBy(desc(alertIncidents.firstAt))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(alertIncidents).where(where),
      ]);
      return { rows, total };
    },
    incidentById: async (id: string) => {
      const [row] = await db
        .select({
          incident: alertIncidents,
          members: membersSql(),
        })
        .from(alertIncidents)
        .where(eq(alertIncidents.id, id));
      return row ?? null;
    },
    /** A few members of an incident for its notice, by SN. */
    incidentSample: (id: string, limit: number) =>
      db
        .select({ sn: terminals.sn, subjectKey: alerts.subjectKey, detail: alerts.detail })
        .from(alerts)
        .leftJoin(terminals, eq(terminals.id, alerts.terminalId))
        .where(eq(alerts.incidentId, id))
        .orderBy(asc(terminals.sn))
        .limit(limit),

    /** Alerts not closed, by state and severity. */
    countBySeverity: (scope: Scope) =>
      db
        .select({ state: alerts.state, severity: alerts.severity, n: count() })
        .from(alerts)
        .where(and(inDataScope(scope, alerts.ownerId), ne(alerts.state, 'closed')))
        .groupBy(alerts.state, alerts.severity),
  };
};

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
