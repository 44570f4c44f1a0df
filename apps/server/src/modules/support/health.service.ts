import {
  type DictBundle,
  type HealthRule,
  type HealthRuleSave,
  matchHealthRule,
  type OrderPriority,
  type PageQuery,
  type ProposalRow,
  type ProposalStatus,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { pageOffset, toPage } from '../../shared/paging';
import { requirePlatformScope } from '../../shared/permissions';
import type { TerminalFault } from '../agent/agent.service';
import type { NotifyUser } from '../messages/messages.service';
import type { HealthRepository, HealthRuleRecord } from './health.repository';
import { type OrdersService, orderNumber } from './orders.service';

/** A fault a terminal reported, as peripheral health hears it. */
export type HeardFault = TerminalFault;

/** What peripheral health does once a fault crosses its rule's threshold: the fault, rule and count since when. */
type HealthAction = (breach: {
  f: HeardFault;
  rule: HealthRuleRecord;
  healthKey: string;
  faults: number;
  since: Date;
}) => Promise<HealthOutcome>;

/** What a fault led to. */
export type HealthOutcome =
  | { kind: 'ignored' }
  | { kind: 'counted'; faults: number; threshold: number }
  | { kind: 'linked'; orderId: string }
  | { kind: 'order'; orderId: string; created: boolean }
  | { kind: 'proposal'; proposalId: string; created: boolean };

const toRule = (r: HealthRuleRecord): HealthRule => ({
  id: r.id,
  peripheralType: r.peripheralType,
  threshold: r.threshold,
  windowMinutes: r.windowMinutes,
  action: r.action as HealthRule['action'],
  faultType: r.faultType,
  priority: r.priority as OrderPriority,
  enabled: r.enabled,
  updatedAt: r.updatedAt.toISOString(),
});

/** `24 小时` / `24 h`, or minutes below an hour. */
const windowText = (minutes: number): [string, string] =>
  minutes % 60 === 0 ? [`${minutes / 60} 小时`, `${minutes / 60} h`] : [`${minutes} 分钟`, `${minutes} min`];

/**
 * Peripheral health: faults terminals report are counted per terminal peripheral; past a rule's
 * threshold within its window they open a draft after-sales order (or propose an inspection of the
 * store), linked to the faults, and the accounts that asked for hardware SMS alerts are told.
 */
export const createHealthService = (deps: {
  repo: HealthRepository;
  clock: Clock;
  orders: Pick<OrdersService, 'insertSystemOrder' | 'noteFault'>;
  /**
   * The terminal's model, enterprise and store (its own store name, else the nearest store-type
   * group above it), regardless of any caller's scope (devices and groups modules).
   */
  terminal(
    sn: string,
    ownerId: string,
  ): Promise<{
    modelName: string;
    enterpriseName: string;
    storeName: string;
  } | null>;
  /** The account that owns the terminal (users module). */
  account(id: string): Promise<{ name: string; username: string; phone: string | null } | null>;
  dicts(): Promise<DictBundle>;
  /**
   * Phone numbers of the accounts that may see the owner's terminals and asked for hardware SMS
   * alerts, each with the language its SMS is written in (English for international users).
   */
  smsRecipients(ownerId: string): Promise<{ phone: string; lang: 'en' | 'zh' }[]>;
  /** Queues one SMS as a job, so a provider outage delays it instead of losing it. */
  queueSms(to: string, text: string): Promise<void>;
  notifyUser: NotifyUser;
  newId(): string;
}) => {
  const { repo, clock } = deps;

  const tellBySms = async (ownerId: string, text: { zh: string; en: string }) => {
    for (const { phone, lang } of await deps.smsRecipients(ownerId)) await deps.queueSms(phone, text[lang]);
  };

  const openOrder: HealthAction = async ({ f, rule, healthKey, faults, since }) => {
    const [t, owner] = await Promise.all([deps.terminal(f.sn, f.ownerId), deps.account(f.ownerId)]);
    const [zhWin, enWin] = windowText(rule.windowMinutes);
    const reason = f.detail ? `: ${f.detail}` : '';
    const now = clock.now();
    const row = await deps.orders.insertSystemOrder(
      {
        sn: f.sn,
        modelName: t?.modelName ?? '',
        enterpriseName: t?.enterpriseName ?? '',
        storeName: t?.storeName ?? '',
        contact: owner ? owner.name || owner.username : '',
        phone: owner?.phone ?? '',
        faultType: rule.faultType,
        description: `${f.peripheralName} ${zhWin}内故障 ${faults} 次 / failed ${faults} times within ${enWin}${reason}`,
        priority: rule.priority,
        status: 'draft',
        assigneeId: null,
        assigneeName: null,
        dueAt: null,
        rejectReason: null,
        source: 'health',
        requestKey: null,
        healthKey,
        recordId: null,
        recordItemKey: null,
        ownerId: f.ownerId,
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      },
      since,
    );
    if (!row) {
      // Another fault of the same peripheral opened it a moment ago: join that order.
      const standing = await repo.standingOrderId(healthKey);
      if (!standing) return { kind: 'counted', faults, threshold: rule.threshold };
      await repo.linkToOrder(healthKey, since, standing);
      return { kind: 'order', orderId: standing, created: false };
    }
    const number = orderNumber(row.seq);
    await tellBySms(f.ownerId, {
      zh: `[Cloud POS] ${f.sn} ${row.storeName}：${f.peripheralName} ${zhWin}内故障 ${faults} 次，已生成草稿工单 ${number}`,
      en: `[Cloud POS] ${f.sn} ${row.storeName}: ${f.peripheralName} failed ${faults} times in ${enWin}, draft order ${number} opened`,
    });
    return { kind: 'order', orderId: row.id, created: true };
  };

  const propose: HealthAction = async ({ f, rule, healthKey, faults, since }) => {
    const t = await deps.terminal(f.sn, f.ownerId);
    const storeName = t?.storeName ?? '';
    const now = clock.now();
    const { proposal, created } = await repo.propose(
      {
        healthKey,
        sn: f.sn,
        storeName,
        peripheralType: rule.peripheralType,
        peripheralName: f.peripheralName,
        status: 'open',
        recordId: null,
        ownerId: f.ownerId,
        createdAt: now,
        updatedAt: now,
      },
      since,
    );
    if (!proposal) return { kind: 'counted', faults, threshold: rule.threshold };
    if (created) {
      const [zhWin, enWin] = windowText(rule.windowMinutes);
      const title = `建议巡检门店 ${storeName} / Inspection proposed: ${storeName}`;
      const text = `${f.sn} ${f.peripheralName} ${zhWin}内故障 ${faults} 次 / failed ${faults} times within ${enWin}`;
      const { announce } = await deps.notifyUser({
        id: deps.newId(),
        userId: f.ownerId,
        title,
        content: `<p>${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`,
        notice: {
          key: 'inspectionProposed',
          params: {
            store: storeName,
            sn: f.sn,
            peripheral: f.peripheralName,
            faults,
            windowMinutes: rule.windowMinutes,
          },
        },
      });
      announce();
      await tellBySms(f.ownerId, {
        zh: `[Cloud POS] 建议巡检门店 ${storeName}：${f.sn} ${f.peripheralName} ${zhWin}内故障 ${faults} 次`,
        en: `[Cloud POS] Inspection proposed: ${storeName}: ${f.sn} ${f.peripheralName} failed ${faults} times within ${enWin}`,
      });
    }
    return { kind: 'proposal', proposalId: proposal.id, created };
  };

  return {
    /** Hears one fault: counts it, and past the threshold opens (or joins) the work its rule asks for. */
    async heard(f: HeardFault): Promise<HealthOutcome> {
      const rule = matchHealthRule(await repo.listRules(), f);
      if (!rule) return { kind: 'ignored' };
      const healthKey = `${f.terminalId}:${rule.peripheralType}`;
      const event = await repo.insertEvent({
        healthKey,
        terminalId: f.terminalId,
        sn: f.sn,
        ownerId: f.ownerId,
        kind: f.kind,
        peripheralType: rule.peripheralType,
        peripheralName: f.peripheralName,
        detail: f.detail,
        at: f.at,
      });
      if (event.orderId) {
        await deps.orders.noteFault(event.orderId, [f.peripheralName, f.detail].filter(Boolean).join(': '));
        return { kind: 'linked', orderId: event.orderId };
      }
      const since = new Date(f.at.getTime() - rule.windowMinutes * 60_000);
      const faults = await repo.countUnlinked(healthKey, since);
      if (faults < rule.threshold) return { kind: 'counted', faults, threshold: rule.threshold };
      return rule.action === 'order'
        ? openOrder({ f, rule, healthKey, faults, since })
        : propose({ f, rule, healthKey, faults, since });
    },

    listRules: async () => (await repo.listRules()).map(toRule),

    /** Rules apply to every terminal, so only platform administrators change them. */
    async saveRule(auth: AuthContext, input: HealthRuleSave) {
      requirePlatformScope(auth);
      if (!((await deps.dicts()).fault_type ?? []).some((i) => i.value === input.faultType))
        throw new AppError('orderFaultTypeUnknown');
      if (input.id && !(await repo.ruleExists(input.id))) throw new AppError('healthRuleNotFound');
      const { id, ...values } = input;
      const row = await repo.saveRule(id, { ...values, updatedAt: clock.now() });
      if (!row) throw new AppError('healthRuleTypeTaken');
      return toRule(row);
    },

    async deleteRule(auth: AuthContext, id: string) {
      requirePlatformScope(auth);
      const deleted = await repo.deleteRule(id);
      if (!deleted) throw new AppError('healthRuleNotFound');
      return { deleted };
    },

    async proposalPage(auth: AuthContext, q: PageQuery & { status?: ProposalStatus }) {
      const { rows, total } = await repo.proposalPage(auth, q, pageOffset(q), q.size);
      return toPage(
        rows.map(
          ({ p, faultCount }): ProposalRow => ({
            id: p.id,
            sn: p.sn,
            storeName: p.storeName,
            peripheralType: p.peripheralType,
            peripheralName: p.peripheralName,
            faultCount,
            status: p.status as ProposalStatus,
            recordId: p.recordId,
            createdAt: p.createdAt.toISOString(),
          }),
        ),
        total,
        q,
      );
    },

    proposalVisible: (auth: AuthContext, id: string) => repo.openProposalVisible(auth, id),

    async dismissProposal(auth: AuthContext, id: string) {
      const dismissed = await repo.dismissProposal(auth, id, clock.now());
      if (!dismissed) throw new AppError('proposalNotFound');
      return { dismissed };
    },
  };
};

export type HealthService = ReturnType<typeof createHealthService>;
