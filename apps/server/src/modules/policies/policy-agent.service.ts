import {
  DEVICE_PROTOCOL,
  POLICY_PROTOCOL_VERSION,
  type PolicyDocument,
  type PolicyReport,
  PolicyReportSchema,
  parseUpTopic,
  terminalTopic,
} from '@cpm/contracts';
import type { Clock } from '../../shared/clock';
import { parseJsonMessage } from '../../shared/json-message';
import type { OutgoingField, PolicyFieldsRepository, SendPick } from './policy-fields.repository';

/** A terminal as the policy agent knows it. */
export type PolicyTerminal = { id: string; sn: string; ownerId: string };

export type PolicyAgentDeps = {
  fields: Pick<
    PolicyFieldsRepository,
    'nextRevision' | 'send' | 'applyResults' | 'applyChanges' | 'revert' | 'clearRevert'
  >;
  clock: Clock;
  /** The terminal with this SN, or null. */
  terminalBySn: (sn: string) => Promise<PolicyTerminal | null>;
  /** Publishes a document on the terminal's `down/policy` (null without a broker: HTTP terminals pull). */
  publish: ((sn: string, doc: PolicyDocument) => Promise<void>) | null;
  /** Tells the console a field drifted (live fleet events). */
  drifted: (t: PolicyTerminal, fields: string[]) => void;
  log: { error(obj: object, msg: string): void };
};

const documentOf = (
  revision: number,
  fields: { field: string; value: unknown }[],
  ts: number,
): PolicyDocument => ({
  type: 'policy',
  version: POLICY_PROTOCOL_VERSION,
  revision,
  fields: fields.map((f) => ({ field: f.field, value: f.value })),
  ts,
});

/**
 * The device side of configuration policies, the same over MQTT and HTTP: what a terminal is sent
 * and what its answers do to each field's state.
 */
export const createPolicyAgentService = (deps: PolicyAgentDeps) => {
  const { fields, clock } = deps;
  const stats = { reports: 0, malformed: 0, refused: 0, documents: 0 };

  /** Marks the picked fields as sent at a new revision; answers one document per terminal. */
  const sendPicked = async (pick: SendPick, revert = false) => {
    const now = clock.now();
    const revision = await fields.nextRevision();
    const rows = await fields.send(pick, revision, now, revert);
    const bySn = new Map<string, OutgoingField[]>();
    for (const r of rows) bySn.set(r.sn, [...(bySn.get(r.sn) ?? []), r]);
    return [...bySn].map(([sn, list]) => ({ sn, doc: documentOf(revision, list, now.getTime()) }));
  };

  /** Publishes documents to connected terminals; one that is not connected gets them after its next hello. */
  const publishAll = async (docs: { sn: string; doc: PolicyDocument }[]) => {
    if (!deps.publish) return;
    for (const d of docs) {
      stats.documents++;
      await deps.publish(d.sn, d.doc);
    }
  };

  /** What a report does; answers the next document for this terminal, or null. */
  const report = async (t: PolicyTerminal, body: PolicyReport): Promise<PolicyDocument | null> => {
    stats.reports++;
    const now = clock.now();
    let next: PolicyDocument | null = null;
    if (body.results.length && body.revision !== undefined) {
      const answers = body.results.map((r) => ({
        field: r.field,
        state: r.state,
        actual: 'actual' in r ? (r.actual ?? null) : null,
        reason: r.state === 'failed' ? r.reason : null,
        message: r.state === 'applied' ? null : (r.message ?? null),
      }));
      const updated = await fields.applyResults(t.id, body.revision, answers, now);
      if (updated.some((u) => u.state === 'failed')) {
        // All-or-nothing: a failure puts back what this converge changed.
        const back = await fields.revert(t.id, body.revision, now);
        if (back.length) next = documentOf(body.revision, back, now.getTime());
      }
      if (!updated.some((u) => u.state === 'pending')) await fields.clearRevert(t.id, body.revision);
    }
    if (body.changes.length) {
      const changed = await fields.applyChanges(t.id, body.changes, now);
      const drift = changed.filter((c) => c.drifted).map((c) => c.field);
      if (drift.length) deps.drifted(t, drift);
    }
    if (body.sync && !next) {
      const [doc] = await sendPicked({ kind: 'terminal', terminalId: t.id });
      next = doc?.doc ?? null;
    }
    return next;
  };

  return {
    stats: () => ({ ...stats }),

    /** HTTP: the whole effective policy to apply. */
    async pull(t: PolicyTerminal) {
      const [doc] = await sendPicked({ kind: 'terminal', terminalId: t.id });
      return { document: doc?.doc ?? null };
    },

    /** HTTP: a report, answered with what to apply next. */
    report: async (t: PolicyTerminal, body: PolicyReport) => ({ document: await report(t, body) }),

    /** MQTT: a report on `up/policy`; the next document goes back on `down/policy`. */
    async handleMessage(topic: string, payload: Buffer) {
      const parsed = parseUpTopic(topic);
      if (parsed?.kind !== 'policy' || payload.length > DEVICE_PROTOCOL.maxPayloadBytes) {
        stats.malformed++;
        return;
      }
      const body = parseJsonMessage(payload, PolicyReportSchema);
      if (!body) {
        stats.malformed++;
        return;
      }
      const t = await deps.terminalBySn(parsed.sn);
      if (!t) {
        stats.refused++;
        return;
      }
      const next = await report(t, body);
      if (next) await publishAll([{ sn: t.sn, doc: next }]);
    },

    /** Sends fields not sent yet of these terminals (after a change reached them). */
    sendUnsent: async (terminalIds: readonly string[]) =>
      publishAll(await sendPicked({ kind: 'unsent', terminalIds })),

    /**
     * Converge: sends a policy's fields again to chosen terminals, or to every terminal with a
     * drifted field of it; `allOrNothing` reverts what it applied on a terminal where any field fails.
     */
    async converge(policyId: string, terminalIds: readonly string[] | null, allOrNothing: boolean) {
      const docs = await sendPicked({ kind: 'converge', policyId, terminalIds }, allOrNothing);
      await publishAll(docs);
      return { terminals: docs.length, fields: docs.reduce((n, d) => n + d.doc.fields.length, 0) };
    },
  };
};

export type PolicyAgentService = ReturnType<typeof createPolicyAgentService>;

/** The topic a document goes out on. */
export const policyTopic = (sn: string) => terminalTopic(sn, 'down', 'policy');
