import {
  ALERT_SEVERITIES,
  type AlertCondition,
  type AlertParams,
  type AlertRow,
  type AlertRuleInput,
  type AlertRuleRow,
  type AlertSeverity,
  type AlertState,
  type IncidentRow,
  type PageQuery,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError, orNotFound } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import { pageOffset, toPage } from '../../shared/paging';
import { requireAddOrEdit } from '../../shared/permissions';
import type { Tx } from '../jobs/jobs.repository';
import type { AlertListRow, AlertRecord, AlertsRepository, RuleRecord } from './alerts.repository';
import type { Evaluation } from './evaluate.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The figures each condition needs; a rule without them is refused on save. */
export const REQUIRED_PARAMS: Record<AlertCondition, (keyof AlertParams)[]> = {
  offline: ['minutes'],
  battery: ['percent'],
  peripheralFault: [],
  fenceBreach: [],
  taskFailureRate: ['percent'],
  appCrash: ['count', 'minutes'],
  notSeen: ['days'],
  metric: ['metric', 'op', 'value'],
  alarm: [],
  policyDrift: ['policySeverity'],
};

export const toRuleRow = (r: RuleRecord, openAlerts: number): AlertRuleRow => ({
  id: r.id,
  ownerId: r.ownerId,
  name: r.name,
  enabled: r.enabled,
  condition: r.condition,
  params: r.params,
  severity: r.severity,
  groupIds: r.groupIds,
  modelIds: r.modelIds,
  channels: r.channels,
  recipients: r.recipients,
  quietHours: r.quietHours ?? null,
  maintenance: r.maintenance,
  flapChanges: r.flapChanges,
  flapMinutes: r.flapMinutes,
  groupAt: r.groupAt,
  openAlerts,
  lastEvaluatedAt: iso(r.lastEvaluatedAt),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const toAlertRow = (a: AlertListRow): AlertRow => ({
  id: a.id,
  ruleId: a.ruleId,
  ruleName: a.ruleName,
  condition: a.condition,
  kind: a.kind,
  severity: a.severity,
  state: a.state,
  subjectKey: a.subjectKey,
  sn: a.sn,
  terminalName: a.terminalName,
  detail: a.detail,
  count: a.count,
  incidentId: a.incidentId,
  firstAt: a.firstAt.toISOString(),
  lastAt: a.lastAt.toISOString(),
  ackAt: iso(a.ackAt),
  ackBy: a.ackBy,
  closedAt: iso(a.closedAt),
  closeReason: a.closeReason,
});

/** Whether `now` lies in one of the rule's maintenance windows (the rule stays silent then). */
export const inMaintenance = (rule: Pick<RuleRecord, 'maintenance'>, now: Date) =>
  rule.maintenance.some((w) => Date.parse(w.from) <= now.getTime() && now.getTime() < Date.parse(w.to));

/** Whether an evaluation opened, closed or grouped alerts (a repeat only counts again). */
export const changedAlerts = (e: Evaluation) =>
  e.raised.length + e.flapping.length + e.cleared.length + e.joined + e.incidentsClosed.length > 0 ||
  e.incidentOpened !== null;

/** Something to queue when alerts change: the notices of a rule's alerts or incident. */
export type AlertNotice = {
  ruleId: string;
  event: 'raised' | 'flapping' | 'incident' | 'acknowledged' | 'closed' | 'incidentClosed';
  alertIds?: string[];
  incidentId?: string;
  actor?: string;
  note?: string;
};

/** Rules, alerts and their lifecycle; notices are queued through `queue` in the same transaction. */
export const createAlertsService = (deps: {
  repo: AlertsRepository;
  evaluateRule: (
    rule: RuleRecord,
    now: Date,
    within: (tx: Tx, e: Evaluation) => Promise<void>,
  ) => Promise<Evaluation>;
  queue: (tx: Tx, notices: AlertNotice[]) => Promise<void>;
  clock: Clock;
  /** Tells the consoles that may see a rule's alerts that they changed, once committed; never rejects. */
  announce?: (rule: { id: string; ownerId: string }) => void;
}) => {
  const { repo, clock } = deps;
  const mustFindRule = async (auth: AuthContext, id: string) => orNotFound(await repo.findRule(auth, id));

  const evaluate = (rule: RuleRecord, now: Date) =>
    deps.evaluateRule(rule, now, async (tx, e) => {
      const notices: AlertNotice[] = [];
      // Large batches are split so one notice job never carries an unbounded list.
      for (let i = 0; i < e.raised.length; i += 500)
        notices.push({ ruleId: rule.id, event: 'raised', alertIds: e.raised.slice(i, i + 500) });
      if (e.flapping.length) notices.push({ ruleId: rule.id, event: 'flapping', alertIds: e.flapping });
      if (e.incidentOpened)
        notices.push({ ruleId: rule.id, event: 'incident', incidentId: e.incidentOpened.id });
      for (const id of e.incidentsClosed)
        notices.push({ ruleId: rule.id, event: 'incidentClosed', incidentId: id });
      if (notices.length) await deps.queue(tx, notices);
    });

  return {
    async rulePage(auth: AuthContext, q: PageQuery & { name?: string }) {
      const { rows, total } = await repo.findRulePage(auth, q, pageOffset(q), q.size);
      return toPage(
        rows.map((r) => toRuleRow(r.rule, r.openAlerts)),
        total,
        q,
      );
    },

    async saveRule(auth: AuthContext, note: OperationNote, body: AlertRuleInput) {
      requireAddOrEdit(auth, 'device:alertRule', body.id);
      if (REQUIRED_PARAMS[body.condition].some((k) => body.params[k] === undefined))
        throw new AppError('alertRuleParamMissing');
      if ((body.flapChanges === null) !== (body.flapMinutes === null))
        throw new AppError('alertRuleParamMissing');
      const { id, ...fields } = body;
      const now = clock.now();
      if (id) {
        const existing = await mustFindRule(auth, id);
        await repo.updateRule(existing.id, fields, now);
        note.subject({ id: existing.id, name: body.name });
        return { id: existing.id };
      }
      const row = await repo.insertRule(auth.userId, fields, now);
      note.subject({ id: row.id, name: body.name });
      return { id: row.id };
    },

    async removeRule(auth: AuthContext, note: OperationNote, id: string) {
      const rule = await mustFindRule(auth, id);
      await repo.removeRule(rule.id, clock.now());
      note.subject({ id: rule.id, name: rule.name });
      return null;
    },

    async page(
      auth: AuthContext,
      q: PageQuery & {
        state?: AlertState;
        severity?: AlertSeverity;
        ruleId?: string;
        incidentId?: string;
        sn?: string;
        terminalId?: string;
      },
    ) {
      const { rows, total } = await repo.findPage(auth, q, pageOffset(q), q.size);
      return toPage(rows.map(toAlertRow), total, q);
    },

    /** The caller's alerts active in a period, newest first, at most `limit`, with how many there were. */
    async inPeriod(auth: AuthContext, period: { from: Date; to: Date }, limit: number) {
      const { rows, total } = await repo.findPage(auth, { activeIn: period }, 0, limit);
      return { rows: rows.map(toAlertRow), total };
    },

    async timeline(auth: AuthContext, id: string) {
      orNotFound(await repo.findVisible(auth, id));
      return (await repo.timeline(id)).map((e) => ({
        id: String(e.id),
        kind: e.kind as 'raised',
        actor: e.actor,
        note: e.note,
        at: e.at.toISOString(),
      }));
    },

    /** Acknowledges or closes the caller's alerts among `ids`; the webhook and mail hear of it. */
    async transition(
      auth: AuthContext,
      note: OperationNote,
      to: 'acknowledged' | 'closed',
      ids: string[],
      text: string,
    ) {
      const changed: AlertRecord[] = await repo.transition(
        auth,
        ids,
        { to, actor: auth.username, note: text, now: clock.now() },
        async (tx, rows: AlertRecord[]) => {
          const byRule = new Map<string, string[]>();
          for (const a of rows) byRule.set(a.ruleId, [...(byRule.get(a.ruleId) ?? []), a.id]);
          await deps.queue(
            tx,
            [...byRule].map(([ruleId, alertIds]) => ({
              ruleId,
              event: to,
              alertIds,
              actor: auth.username,
              note: text,
            })),
          );
        },
      );
      const rules = new Map(changed.map((a) => [a.ruleId, { id: a.ruleId, ownerId: a.ownerId }]));
      for (const rule of rules.values()) deps.announce?.(rule);
      for (const a of changed)
        note.also({
          action: to === 'closed' ? 'alert.close' : 'alert.acknowledge',
          detail: `${a.ruleName} ${a.subjectKey}${text ? `: ${text}` : ''}`,
        });
      note.subject({ id: changed[0]?.id ?? ids[0], name: `${changed.length}`, detail: text });
      return { changed: changed.length };
    },

    async incidentPage(auth: AuthContext, q: PageQuery & { state?: 'open' | 'closed' }) {
      const { rows, total } = await repo.findIncidentPage(auth, q, pageOffset(q), q.size);
      return toPage(
        rows.map(
          (r): IncidentRow => ({
            id: r.incident.id,
            ruleId: r.incident.ruleId,
            ruleName: r.incident.ruleName,
            severity: r.incident.severity,
            state: r.incident.state,
            members: r.members,
            openMembers: r.openMembers,
            firstAt: r.incident.firstAt.toISOString(),
            lastAt: r.incident.lastAt.toISOString(),
            closedAt: iso(r.incident.closedAt),
          }),
        ),
        total,
        q,
      );
    },

    async summary(auth: AuthContext) {
      const zero = () =>
        Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, 0])) as Record<AlertSeverity, number>;
      const out = { open: zero(), acknowledged: zero() };
      for (const r of await repo.countBySeverity(auth))
        if (r.state !== 'closed') out[r.state][r.severity] += r.n;
      return out;
    },

    /** Evaluates every enabled rule once at the clock's time (rules in maintenance stay silent). */
    async evaluateAll() {
      const now = clock.now();
      const results = [];
      for (const rule of await repo.enabledRules()) {
        if (inMaintenance(rule, now)) continue;
        const e = await evaluate(rule, now);
        if (changedAlerts(e)) deps.announce?.(rule);
        results.push({ ruleId: rule.id, ...e });
      }
      return results;
    },
  };
};

export type AlertsService = ReturnType<typeof createAlertsService>;
