import { type PolicyDocument, PolicyDocumentSchema, type PolicyReportAnswer } from '@cpm/contracts';
import type { AgentState } from '../state';
import { type Applier, applyField } from './appliers';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The terminal's side of configuration policies (policy protocol 1): asks for its whole policy after
 * every connection, applies each document field by field and answers per field, and reports a managed
 * value that changed on the terminal. Over MQTT reports go on `up/policy`; over HTTP to the report
 * call, whose answer may carry the next document.
 */
export const createPolicyAgent = (o: {
  appliers: Partial<Record<string, Applier>>;
  state: AgentState;
  /** Whether MQTT carries messages now (else the HTTP calls). */
  overMqtt: () => boolean;
  publish: (body: object) => Promise<void>;
  http: (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;
  log: (line: string) => void;
}) => {
  /** The values last reported per applied field, to see them change on the terminal (kept across restarts). */
  const reported = new Map<string, unknown>(
    Object.entries(o.state.read<Record<string, unknown>>('policy.json') ?? {}),
  );
  const save = () => o.state.write('policy.json', Object.fromEntries(reported));
  let busy: Promise<void> = Promise.resolve();
  /** One document or check at a time: a second waits, so answers never interleave. */
  const serial = (work: () => Promise<void>) => {
    const next = busy.then(work, work);
    busy = next.catch(() => undefined);
    return next;
  };

  const report = async (body: object): Promise<void> => {
    if (o.overMqtt()) return o.publish(body);
    const answer = (await o.http('POST', '/device/v1/agent/policy/report', body)) as PolicyReportAnswer;
    if (answer?.document?.fields.length) await applyNow(answer.document);
  };

  const applyNow = async (doc: PolicyDocument) => {
    const results = [];
    for (const { field, value } of doc.fields) {
      const r = await applyField(o.appliers, field, value);
      if (r.state === 'applied') reported.set(field, r.actual);
      if (r.state !== 'applied' || !same(r.actual, value))
        o.log(`policy ${field}: ${r.state}${'reason' in r ? ` ${r.reason}: ${r.message}` : ''}`);
      results.push(r);
    }
    save();
    await report({ revision: doc.revision, results, ts: Date.now() });
  };

  const apply = (doc: PolicyDocument) => serial(() => applyNow(doc));

  return {
    /** After every connection (and, over HTTP, every heartbeat): the whole effective policy. */
    sync: () =>
      serial(async () => {
        if (o.overMqtt()) return o.publish({ sync: true, ts: Date.now() });
        const answer = (await o.http('GET', '/device/v1/agent/policy')) as PolicyReportAnswer;
        if (answer?.document?.fields.length) await applyNow(answer.document);
      }),
    /** A `down/policy` message. */
    handle(payload: Buffer) {
      let doc: ReturnType<typeof PolicyDocumentSchema.safeParse>;
      try {
        doc = PolicyDocumentSchema.safeParse(JSON.parse(payload.toString('utf8')));
      } catch {
        return Promise.resolve();
      }
      return doc.success ? apply(doc.data) : Promise.resolve();
    },
    apply,
    /** Reads the managed values again and reports those changed on the terminal since the last report. */
    checkChanges: () =>
      serial(async () => {
        const changes: { field: string; actual: unknown }[] = [];
        for (const [field, was] of reported) {
          const applier = o.appliers[field];
          if (!applier) continue;
          const now = await applier.read().catch(() => undefined);
          if (now !== undefined && !same(now, was)) changes.push({ field, actual: now });
        }
        if (!changes.length) return;
        for (const c of changes) reported.set(c.field, c.actual);
        save();
        o.log(`policy: changed on the terminal: ${changes.map((c) => c.field).join(', ')}`);
        await report({ changes, ts: Date.now() });
      }),
  };
};
export type PolicyAgent = ReturnType<typeof createPolicyAgent>;
