import type { AlertChannel, AlertSeverity } from '@cpm/contracts';
import type { Clock } from '../../shared/clock';
import type { DomainEvent } from '../../shared/domain-events';
import type { SmsSender } from '../../shared/sms';
import type { Tx } from '../jobs/jobs.repository';
import type { JobsService } from '../jobs/jobs.service';
import { MAIL_JOB_KIND } from '../mail/mail.jobs';
import type { AlertListRow, AlertsRepository, RuleRecord } from './alerts.repository';
import type { AlertNotice } from './alerts.service';
import type { DigestItem, NotifyRepository } from './notify.repository';
import { type Bi, CONDITION_TEXT, quietUntil, severityTag } from './notify-texts';

export type Recipient = {
  id: string;
  username: string;
  email: string | null;
  phone: string | null;
  international: boolean;
};

/** One notice, ready for every channel. */
type Message = { title: Bi; lines: Bi[]; events: DomainEvent[]; alertIds: string[] };

const both = (b: Bi) => `${b.zh}\n${b.en}`;
const pick = (b: Bi, english: boolean) => (english ? b.en : b.zh);

/** How many terminals an incident notice names; the rest are counted. */
export const INCIDENT_SAMPLE = 20;

/**
 * Alert notices: a job per notice fans out, in one transaction under its lease, to a job per mail,
 * SMS and webhook event and to in-app notices (so each is sent once), or to digest items for the
 * recipients who chose a digest or while the rule's quiet hours hold.
 */
export const createNotifyService = (deps: {
  repo: Pick<AlertsRepository, 'ruleById' | 'findByIds' | 'incidentById' | 'incidentSample' | 'addEvents'>;
  notifyRepo: NotifyRepository;
  recipients: (userIds: string[], roleIds: string[]) => Promise<Recipient[]>;
  jobs: Pick<JobsService, 'registerHandler' | 'enqueueJob' | 'schedule'>;
  notifyUser: (
    n: { id: string; userId: string; title: string; content: string },
    tx: Tx,
  ) => Promise<{ announce(): void }>;
  sms: SmsSender;
  publish: (e: DomainEvent) => Promise<unknown>;
  clock: Clock;
}) => {
  const { repo, jobs, clock } = deps;

  const alertEvent = (type: string, a: AlertListRow, extra: Record<string, unknown> = {}): DomainEvent => ({
    type,
    ownerId: a.ownerId,
    objectKey: `alert:${a.id}`,
    at: clock.now(),
    data: {
      id: a.id,
      rule: { id: a.ruleId, name: a.ruleName, condition: a.condition },
      kind: a.kind,
      severity: a.severity,
      state: a.state,
      subject: a.subjectKey,
      sn: a.sn,
      detail: a.detail,
      count: a.count,
      firstAt: a.firstAt.toISOString(),
      lastAt: a.lastAt.toISOString(),
      ...extra,
    },
  });

  const line = (a: AlertListRow): Bi => {
    const who = a.sn ?? a.subjectKey;
    const detail = a.detail ? ` (${a.detail})` : '';
    return { zh: `${who}${detail}`, en: `${who}${detail}` };
  };

  /** The notice's texts and webhook events; null when there is nothing left to tell. */
  const messageOf = async (rule: RuleRecord, n: AlertNotice): Promise<Message | null> => {
    const tag = severityTag(rule.severity);
    const cond = CONDITION_TEXT[rule.condition];
    if (n.event === 'incident' || n.event === 'incidentClosed') {
      const inc = await repo.incidentById(n.incidentId ?? '');
      if (!inc) return null;
      const sample = await repo.incidentSample(inc.incident.id, INCIDENT_SAMPLE);
      const opened = n.event === 'incident';
      const sns = sample.map((s) => s.sn ?? s.subjectKey);
      const more = inc.members - sample.length;
      return {
        title: opened
          ? {
              zh: `${tag.zh}告警事件：${rule.name}（${cond.zh}），${inc.members} 台终端`,
              en: `${tag.en} Incident: ${rule.name} (${cond.en}), ${inc.members} terminals`,
            }
          : { zh: `告警事件已结束：${rule.name}`, en: `Incident closed: ${rule.name}` },
        lines: opened
          ? [
              { zh: sns.join(', '), en: sns.join(', ') },
              ...(more > 0 ? [{ zh: `另有 ${more} 台`, en: `and ${more} more` }] : []),
            ]
          : [],
        events: [
          {
            type: opened ? 'incident.opened' : 'incident.closed',
            ownerId: inc.incident.ownerId,
            objectKey: `incident:${inc.incident.id}`,
            at: clock.now(),
            data: {
              id: inc.incident.id,
              rule: { id: rule.id, name: rule.name, condition: rule.condition },
              severity: inc.incident.severity,
              state: inc.incident.state,
              members: inc.members,
              sample: sns,
              firstAt: inc.incident.firstAt.toISOString(),
            },
          },
        ],
        alertIds: [],
      };
    }
    const alerts = await repo.findByIds(n.alertIds ?? []);
    if (!alerts.length) return null;
    const lines = alerts.slice(0, 50).map(line);
    if (alerts.length > 50)
      lines.push({ zh: `另有 ${alerts.length - 50} 条`, en: `and ${alerts.length - 50} more` });
    const count = alerts.length;
    const note = n.note ? `: ${n.note}` : '';
    const titles: Record<AlertNotice['event'], Bi> = {
      raised: {
        zh: `${tag.zh}${rule.name}（${cond.zh}）：${count} 条告警`,
        en: `${tag.en} ${rule.name} (${cond.en}): ${count} alert(s)`,
      },
      flapping: {
        zh: `${tag.zh}${rule.name}：${count} 台终端状态频繁变化`,
        en: `${tag.en} ${rule.name}: ${count} terminal(s) flapping`,
      },
      acknowledged: {
        zh: `${n.actor} 已确认 ${count} 条告警${note}`,
        en: `${n.actor} acknowledged ${count} alert(s)${note}`,
      },
      closed: {
        zh: `${n.actor} 已关闭 ${count} 条告警${note}`,
        en: `${n.actor} closed ${count} alert(s)${note}`,
      },
      incident: { zh: '', en: '' },
      incidentClosed: { zh: '', en: '' },
    };
    const type =
      n.event === 'acknowledged'
        ? 'alert.acknowledged'
        : n.event === 'closed'
          ? 'alert.closed'
          : 'alert.raised';
    return {
      title: titles[n.event],
      lines,
      events: alerts.map((a) => alertEvent(type, a, n.note ? { note: n.note, by: n.actor } : {})),
      alertIds: alerts.map((a) => a.id),
    };
  };

  const modeOf = (
    prefs: Awaited<ReturnType<NotifyRepository['preferencesOf']>>,
    userId: string,
    s: AlertSeverity,
    c: AlertChannel,
  ) => {
    const p = prefs.get(userId);
    if (p?.mutedChannels.includes(c)) return 'off';
    return p?.modes[s] ?? 'instant';
  };

  /** Sends (queues) one notice on every channel of its rule, in the lease's transaction. */
  const fanOut = async (
    rule: RuleRecord,
    n: AlertNotice,
    m: Message,
    to: { users: Recipient[]; prefs: Awaited<ReturnType<NotifyRepository['preferencesOf']>> },
    tx: Tx,
  ) => {
    const now = clock.now();
    const quiet = quietUntil(rule.quietHours ?? null, now);
    const channels = new Set(rule.channels);
    const sent: Record<string, number> = {};
    const count = (c: string) => {
      sent[c] = (sent[c] ?? 0) + 1;
    };
    const held: DigestItem[] = [];
    const hold = (userId: string | null, channel: AlertChannel, address: string, english: boolean) => {
      held.push({
        userId,
        channel,
        address,
        line: both(m.title).split('\n')[0],
        lineEn: m.title.en,
        english,
        at: now,
        notBefore: quiet ?? now,
      });
      count(`${channel}(digest)`);
    };
    const text = (english: boolean | null) =>
      english === null
        ? [both(m.title), ...m.lines.map((l) => l.en)].join('\n')
        : [pick(m.title, english), ...m.lines.map((l) => pick(l, english))].join('\n');
    const mail = (to: string, english: boolean | null) =>
      jobs.enqueueJob(
        {
          kind: MAIL_JOB_KIND,
          payload: {
            to,
            subject: english === null ? `${m.title.zh} / ${m.title.en}` : pick(m.title, english),
            text: text(english),
          },
        },
        tx,
      );
    const sms = (to: string, english: boolean | null) =>
      jobs.enqueueJob(
        { kind: SMS_JOB, payload: { to, text: english === null ? both(m.title) : pick(m.title, english) } },
        tx,
      );

    const { users, prefs } = to;
    const announce: (() => void)[] = [];
    for (const u of users) {
      const english = u.international;
      for (const c of ['inApp', 'email', 'sms'] as const) {
        if (!channels.has(c)) continue;
        const address = c === 'email' ? u.email : c === 'sms' ? u.phone : u.id;
        if (!address) continue;
        const mode = modeOf(prefs, u.id, rule.severity, c);
        if (mode === 'off') continue;
        if (mode === 'digest' || quiet) {
          hold(u.id, c, address, english);
          continue;
        }
        count(c);
        if (c === 'email') await mail(address, english);
        else if (c === 'sms') await sms(address, english);
        else {
          const { announce: a } = await deps.notifyUser(
            {
              id: crypto.randomUUID(),
              userId: u.id,
              title: pick(m.title, english),
              content: m.lines.map((l) => pick(l, english)).join('<br>'),
            },
            tx,
          );
          announce.push(a);
        }
      }
    }
    for (const to of channels.has('email') ? rule.recipients.emails : []) {
      if (quiet) hold(null, 'email', to, false);
      else {
        count('email');
        await mail(to, null);
      }
    }
    for (const to of channels.has('sms') ? rule.recipients.phones : []) {
      if (quiet) hold(null, 'sms', to, false);
      else {
        count('sms');
        await sms(to, null);
      }
    }
    // Machines are never held for quiet hours: a webhook receiver decides itself.
    if (channels.has('webhook'))
      for (const e of m.events) {
        count('webhook');
        await jobs.enqueueJob({ kind: WEBHOOK_JOB, payload: { ...e, at: e.at?.toISOString() } }, tx);
      }
    await deps.notifyRepo.addDigestItems(held, tx);
    const summary = Object.entries(sent)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    if (summary && m.alertIds.length && n.event !== 'acknowledged' && n.event !== 'closed')
      await repo.addEvents(
        m.alertIds.map((alertId) => ({ alertId, kind: 'notified', note: summary, at: now })),
        tx,
      );
    return { sent, announce };
  };

  jobs.registerHandler<AlertNotice>(NOTIFY_JOB, async (ctx) => {
    const rule = await repo.ruleById(ctx.payload.ruleId);
    if (!rule) return { skipped: 'rule deleted' };
    const m = await messageOf(rule, ctx.payload);
    if (!m) return { skipped: 'nothing to tell' };
    // Read before the lease's transaction: nothing else may wait on the database inside it.
    const users = await deps.recipients(rule.recipients.userIds, rule.recipients.roleIds);
    const prefs = await deps.notifyRepo.preferencesOf(users.map((u) => u.id));
    const { sent, announce } = await ctx.inLease((tx) => fanOut(rule, ctx.payload, m, { users, prefs }, tx));
    for (const a of announce) a();
    return sent;
  });
  jobs.registerHandler<{ to: string; text: string }>(SMS_JOB, async (ctx) => {
    await deps.sms.send(ctx.payload.to, ctx.payload.text);
    return { to: ctx.payload.to };
  });
  jobs.registerHandler<DomainEvent & { at?: string }>(WEBHOOK_JOB, async (ctx) => {
    const e = ctx.payload;
    await deps.publish({ ...e, at: e.at ? new Date(e.at) : undefined });
    return { type: e.type };
  });

  return {
    /** Queues the notices in the transaction that changed the alerts. */
    queue: async (tx: Tx, notices: AlertNotice[]) => {
      for (const n of notices) await jobs.enqueueJob({ kind: NOTIFY_JOB, payload: n }, tx);
    },
  };
};

export const NOTIFY_JOB = 'alerts.notify';
export const SMS_JOB = 'alerts.sms';
export const WEBHOOK_JOB = 'alerts.webhook';
