import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uuidArray } from '../../shared/sql';
import type { Tx } from '../jobs/jobs.repository';
import { conditionSql, flappingSql, type RuleRecord } from './conditions.repository';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What one evaluation of a rule changed. */
export type Evaluation = {
  /** Alerts opened now that notify on their own (not in an incident). */
  raised: string[];
  /** Flapping alerts opened now. */
  flapping: string[];
  /** Open alerts seen again with more occurrences. */
  repeated: number;
  /** Alerts closed because their condition cleared. */
  cleared: string[];
  /** The incident opened now, with its members. */
  incidentOpened: { id: string; members: number } | null;
  /** New alerts that joined an incident already open. */
  joined: number;
  /** Incidents closed now (their last member closed). */
  incidentsClosed: string[];
};

/** Runs the upsert of matching subjects as alerts of `kind`; answers the new ones and the repeats. */
const upsert = async (
  tx: Tx,
  rule: RuleRecord,
  kind: 'condition' | 'flapping',
  match: SQL,
  counts: boolean,
  now: Date,
) => {
  const bump = counts ? sql`greatest(alerts.count, excluded.count)` : sql`alerts.count`;
  const rows = rowsOf<{ id: string; inserted: boolean; repeated: boolean }>(
    await tx.execute(sql`
      with m as (${match}),
      -- Read once: a per-row lookup planned on stale statistics (a whole fleet just went offline)
      -- becomes a nested loop over the rows this very statement inserts, quadratic in the fleet.
      flapping as materialized (select f.subject_key from alerts f where f.rule_id = ${rule.id}
        and f.kind = 'flapping' and f.state <> 'closed'),
      up as (
        insert into alerts (owner_id, rule_id, rule_name, condition, kind, severity, state, subject_key,
          terminal_id, detail, count, first_at, last_at)
        select ${rule.ownerId}, ${rule.id}, ${rule.name}, ${rule.condition}, ${kind}, ${rule.severity}, 'open',
          m.subject_key, m.terminal_id, coalesce(m.detail, ''), m.n, ${now}, ${now}
        from m
        where ${kind === 'condition' ? sql`m.subject_key not in (select subject_key from flapping)` : sql`true`}
        on conflict (rule_id, subject_key, kind) where state <> 'closed'
        do update set last_at = excluded.last_at, detail = excluded.detail, count = ${bump}
        returning id, (xmax = 0) as inserted, count, ${counts ? sql`true` : sql`false`} as counts
      )
      select id, inserted, (not inserted and counts) as repeated from up`),
  );
  return rows;
};

/** Set-based evaluation of alert rules: every subject of a rule in a few statements. */
export const createEvaluateRepository = (db: Db) => ({
  /**
   * Evaluates one rule at `now` in one transaction; `within` runs in it with what changed (to queue
   * the notices with the alerts, so they are sent once and only if the alerts were kept).
   */
  evaluate: (rule: RuleRecord, now: Date, within: (tx: Tx, e: Evaluation) => Promise<void>) =>
    db.transaction(async (tx) => {
      const e: Evaluation = {
        raised: [],
        flapping: [],
        repeated: 0,
        cleared: [],
        incidentOpened: null,
        joined: 0,
        incidentsClosed: [],
      };
      const cond = conditionSql(rule, now);
      let flapSet: SQL | null = null;
      if (rule.flapChanges && rule.flapMinutes) {
        const flap = flappingSql(rule, rule.flapChanges, new Date(now.getTime() - rule.flapMinutes * 60_000));
        const rows = await upsert(tx, rule, 'flapping', flap, false, now);
        e.flapping = rows.filter((r) => r.inserted).map((r) => r.id);
        flapSet = sql`select subject_key from (${flap}) fl`;
        // Calm again: the flapping alert clears first, so the condition may raise its own this round.
        e.cleared.push(
          ...rowsOf<{ id: string }>(
            await tx.execute(sql`
              update alerts set state = 'closed', closed_at = ${now}, close_reason = 'cleared'
              where rule_id = ${rule.id} and kind = 'flapping' and state <> 'closed'
                and subject_key not in (${flapSet})
              returning id`),
          ).map((r) => r.id),
        );
        // A flapping alert stands in for the condition's own alert of the same subject.
        await tx.execute(sql`
          update alerts set state = 'closed', closed_at = ${now}, close_reason = 'cleared'
          where rule_id = ${rule.id} and kind = 'condition' and state <> 'closed'
            and subject_key in (${flapSet})`);
      }
      const rows = await upsert(tx, rule, 'condition', cond.match, cond.counts, now);
      const fresh = rows.filter((r) => r.inserted).map((r) => r.id);
      e.repeated = rows.filter((r) => r.repeated).length;
      const repeatedIds = rows.filter((r) => r.repeated).map((r) => r.id);

      // Clear what no longer holds (every flapping alert when the rule no longer looks for flapping).
      const holds = cond.holds ?? sql`select subject_key from (${cond.match}) h`;
      const cleared = rowsOf<{ id: string }>(
        await tx.execute(sql`
          update alerts set state = 'closed', closed_at = ${now}, close_reason = 'cleared'
          where rule_id = ${rule.id} and state <> 'closed' and (
            (kind = 'condition' and subject_key not in (${holds}))
            ${flapSet ? sql`` : sql`or kind = 'flapping'`})
          returning id`),
      );
      e.cleared.push(...cleared.map((r) => r.id));

      // Grouping: from `groupAt` open alerts on, new ones join the rule's one open incident.
      const [{ open, incident }] = rowsOf<{ open: number; incident: string | null }>(
        await tx.execute(sql`
          select (select count(*)::int from alerts where rule_id = ${rule.id} and state <> 'closed') as open,
            (select id from alert_incidents where rule_id = ${rule.id} and state = 'open') as incident`),
      );
      let raised = [...fresh, ...e.flapping];
      if (raised.length && (incident || open >= rule.groupAt)) {
        let incidentId = incident;
        if (!incidentId) {
          incidentId = rowsOf<{ id: string }>(
            await tx.execute(sql`
              insert into alert_incidents (owner_id, rule_id, rule_name, severity, state, first_at, last_at)
              values (${rule.ownerId}, ${rule.id}, ${rule.name}, ${rule.severity}, 'open', ${now}, ${now})
              returning id`),
          )[0].id;
          // Opening: every open alert of the rule without an incident joins.
          const joined = rowsOf<{ n: number }>(
            await tx.execute(sql`
              with j as (update alerts set incident_id = ${incidentId}
                where rule_id = ${rule.id} and state <> 'closed' and incident_id is null returning 1)
              select count(*)::int as n from j`),
          )[0].n;
          e.incidentOpened = { id: incidentId, members: joined };
        } else {
          await tx.execute(sql`
            update alerts set incident_id = ${incidentId} where id = any(${uuidArray(raised)})`);
          await tx.execute(sql`update alert_incidents set last_at = ${now} where id = ${incidentId}`);
          e.joined = raised.length;
        }
        raised = [];
      }
      const newFlapping = e.flapping;
      e.raised = raised.filter((id) => !newFlapping.includes(id));
      e.flapping = raised.filter((id) => newFlapping.includes(id));

      e.incidentsClosed = rowsOf<{ id: string }>(
        await tx.execute(sql`
          update alert_incidents i set state = 'closed', closed_at = ${now}
          where i.rule_id = ${rule.id} and i.state = 'open'
            and not exists (select 1 from alerts a where a.incident_id = i.id and a.state <> 'closed')
          returning id`),
      ).map((r) => r.id);

      // The timeline, one statement per kind of step.
      const steps: [string, string[]][] = [
        ['raised', fresh],
        ['flapping', newFlapping],
        ['repeated', repeatedIds],
        ['cleared', e.cleared],
      ];
      for (const [kind, ids] of steps)
        if (ids.length)
          await tx.execute(sql`
            insert into alert_events (alert_id, kind, at)
            select id, ${kind}, ${now} from unnest(${uuidArray(ids)}) as id`);
      await tx.execute(sql`update alert_rules set last_evaluated_at = ${now} where id = ${rule.id}`);
      await within(tx, e);
      return e;
    }),
});

export type EvaluateRepository = ReturnType<typeof createEvaluateRepository>;
