import type { AlertParams } from '@cpm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { accountSubtreeSql } from '../../shared/data-scope';
import { uuidArray } from '../../shared/sql';
import { groupZonesSql } from '../groups/group-zones.repository';
import { policyDriftSql } from '../policies/policies.service';
import type { alertRules } from './alerts.table';

export type RuleRecord = typeof alertRules.$inferSelect;

/**
 * One condition as SQL over a whole rule's scope at once: `match` answers the subjects for which
 * it holds now, as rows (subject_key, terminal_id, at, n, detail); `holds` answers the subject keys
 * whose open alert stays open (by default the same set: an alert closes when its condition clears).
 * `counts`: `n` counts occurrences (faults, breaches, crashes) and a higher `n` is a repeat.
 */
export type ConditionSql = { match: SQL; holds?: SQL; counts: boolean };

/** The rule's terminals: the owner's account subtree, narrowed to its groups and models. */
const inScope = (rule: RuleRecord): SQL => {
  const parts = [sql`t.owner_id in ${accountSubtreeSql(rule.ownerId)}`];
  if (rule.groupIds.length) parts.push(sql`t.group_id = any(${uuidArray(rule.groupIds)})`);
  if (rule.modelIds.length) parts.push(sql`t.model_id = any(${uuidArray(rule.modelIds)})`);
  return sql.join(parts, sql` and `);
};

const need = <K extends keyof AlertParams>(p: AlertParams, k: K): NonNullable<AlertParams[K]> => {
  const v = p[k];
  if (v === undefined || v === null) throw new Error(`alert rule without ${k}`);
  return v as NonNullable<AlertParams[K]>;
};

const terminalKey = sql`'terminal:' || t.id::text`;

/** Offline at least `minutes`, counted only inside the trading hours when the rule has them. */
const offline = (rule: RuleRecord, now: Date): ConditionSql => {
  const p = rule.params;
  const cutoff = new Date(now.getTime() - need(p, 'minutes') * 60_000);
  const since = sql`coalesce(t.online_changed_at, t.last_seen_at)`;
  const base = sql`${inScope(rule)} and not t.online and t.last_seen_at is not null`;
  const hours = p.tradingHours;
  if (!hours)
    return {
      match: sql`select ${terminalKey} as subject_key, t.id as terminal_id, ${since} as at, 1 as n, '' as detail
        from terminals t where ${base} and ${since} <= ${cutoff}`,
      holds: sql`select ${terminalKey} from terminals t where ${base}`,
      counts: false,
    };
  // Each terminal's hours run in its store's zone (its group's or the nearest ancestor's); the
  // rule's zone stands in when no group up the chain has one.
  const zones = groupZonesSql(sql`(select t.group_id from terminals t where ${base})`);
  const from = sql`terminals t left join ${zones} z on z.group_id = t.group_id`;
  const zone = sql`coalesce(z.zone, ${hours.timezone})`;
  // Local wall time of now in that zone; the day's opening as an instant.
  const local = sql`(${now}::timestamptz at time zone ${zone})`;
  const opening = sql`((date_trunc('day', ${local}) + ${hours.from}::interval) at time zone ${zone})`;
  const open = sql`${local}::time >= ${hours.from}::time and ${local}::time < ${hours.to}::time`;
  return {
    match: sql`select ${terminalKey} as subject_key, t.id as terminal_id, ${since} as at, 1 as n, '' as detail
      from ${from} where ${base} and ${open} and greatest(${since}, ${opening}) <= ${cutoff}`,
    // Closing time does not clear an alert: only the terminal coming back does.
    holds: sql`select ${terminalKey} from terminals t where ${base}`,
    counts: false,
  };
};

const stateOf = (rule: RuleRecord, where: SQL, detail: SQL = sql`''`): ConditionSql => ({
  match: sql`select ${terminalKey} as subject_key, t.id as terminal_id,
    coalesce(t.last_seen_at, t.created_at) as at, 1 as n, ${detail} as detail
    from terminals t where ${inScope(rule)} and ${where}`,
  counts: false,
});

/** Rows of a per-terminal event table, grouped per terminal: `from` joins `t` and names `e`. */
const eventsOf = (rule: RuleRecord, from: SQL, having: SQL = sql`true`): ConditionSql => ({
  match: sql`select ${terminalKey} as subject_key, t.id as terminal_id, max(e.at) as at,
    count(*)::int as n, string_agg(distinct e.label, ', ') as detail
    from ${from} where ${inScope(rule)} group by t.id having ${having}`,
  counts: true,
});

const named = (col: SQL, name: string | undefined) => (name ? sql`${col} = ${name}` : sql`true`);

/** The condition of a rule as SQL at `now`. */
export const conditionSql = (rule: RuleRecord, now: Date): ConditionSql => {
  const p = rule.params;
  switch (rule.condition) {
    case 'offline':
      return offline(rule, now);
    case 'battery':
      return stateOf(
        rule,
        sql`t.battery is not null and t.battery < ${need(p, 'percent')}`,
        sql`t.battery::text || '%'`,
      );
    case 'notSeen': {
      const cutoff = new Date(now.getTime() - need(p, 'days') * 86_400_000);
      return stateOf(rule, sql`t.last_seen_at is not null and t.last_seen_at < ${cutoff}`);
    }
    case 'metric': {
      const path = `{${need(p, 'metric').split('.').join(',')}}`;
      const fig = sql`(t.metrics #>> ${path}::text[])`;
      const op = need(p, 'op') === 'gt' ? sql`>` : sql`<`;
      // Only figures that read as numbers are compared.
      return stateOf(
        rule,
        sql`${fig} ~ '^-?[0-9]+(\\.[0-9]+)?$' and ${fig}::numeric ${op} ${need(p, 'value')}`,
        fig,
      );
    }
    case 'peripheralFault':
      return eventsOf(
        rule,
        sql`(select terminal_id, at, peripheral_name || coalesce(' ' || kind, '') as label from peripheral_faults
          where not handled and ${named(sql`kind`, p.name)}) e join terminals t on t.id = e.terminal_id`,
      );
    case 'fenceBreach':
      // Breaches not handled and not followed by a return.
      return eventsOf(
        rule,
        sql`(select w.terminal_id, w.at, coalesce(w.detail, '') as label from terminal_warnings w
          where w.kind = 'fenceBreach' and not w.handled and not exists (
            select 1 from terminal_warnings r where r.terminal_id = w.terminal_id
              and r.kind = 'fenceReturn' and r.at > w.at)) e join terminals t on t.id = e.terminal_id`,
      );
    case 'alarm':
      return eventsOf(
        rule,
        sql`(select terminal_id, raised_at as at, name as label from terminal_alarms
          where cleared_at is null and ${named(sql`name`, p.name)}) e join terminals t on t.id = e.terminal_id`,
      );
    case 'policyDrift':
      // Through the policies service: the compliance rows are that module's.
      return eventsOf(
        rule,
        sql`(${policyDriftSql(need(p, 'policySeverity'))}) e join terminals t on t.id = e.terminal_id`,
      );
    case 'appCrash': {
      const since = new Date(now.getTime() - need(p, 'minutes') * 60_000);
      return eventsOf(
        rule,
        sql`(select sn, at, package_name as label from app_events
          where kind in ('crash', 'anr') and at > ${since}) e join terminals t on t.sn = e.sn`,
        sql`count(*) >= ${need(p, 'count')}`,
      );
    }
    case 'taskFailureRate': {
      const pct = need(p, 'percent');
      const min = p.minCount ?? 10;
      return {
        match: sql`select 'task:' || k.id::text as subject_key, null::uuid as terminal_id, k.created_at as at,
            1 as n, k.name || ': ' || d.failed || '/' || d.total as detail
          from tasks k join (
            select task_id, count(*)::int as total, count(*) filter (where state = 'failure')::int as failed
            from task_deliveries group by task_id
          ) d on d.task_id = k.id
          where k.owner_id in ${accountSubtreeSql(rule.ownerId)} and d.total >= ${min}
            and d.failed * 100.0 / d.total > ${pct}`,
        counts: false,
      };
    }
    default:
      throw new Error(`unknown alert condition ${rule.condition satisfies never}`);
  }
};

/** Terminals of the rule's scope whose online state changed at least `changes` times since `since`. */
export const flappingSql = (rule: RuleRecord, changes: number, since: Date): SQL =>
  sql`select ${terminalKey} as subject_key, t.id as terminal_id, max(l.at) as at, count(*)::int as n,
      '' as detail
    from terminal_status_log l join terminals t on t.id = l.terminal_id
    where ${inScope(rule)} and l.kind in ('online', 'offline') and l.at > ${since}
    group by t.id having count(*) >= ${changes}`;
