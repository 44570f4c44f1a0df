import {
  POLICY_FIELD_KEYS,
  type PolicyDocument,
  PolicyDocumentSchema,
  type PolicyFieldKey,
  type PolicyFieldResult,
  type PolicyReportAnswer,
} from '@cpm/contracts';
import type { TerminalApi, TerminalExtension } from './terminal-options';

/** How simulated terminals treat configuration policies. */
export type PolicySimOptions = {
  /** Fields the terminal refuses, with the reason code it gives (e.g. `bluetooth=PERMISSION_DENIED`). */
  refuse?: Partial<Record<PolicyFieldKey, string>>;
  /** Fields this terminal cannot apply at all (answered `unsupported`). */
  unsupported?: readonly PolicyFieldKey[];
  /** Chance per heartbeat that someone at the till flips Bluetooth (drift). */
  driftRate?: number;
  random?: () => number;
};

/** What a terminal holds before any policy: a shop-floor Android terminal as it leaves the box. */
const FACTORY: Record<PolicyFieldKey, unknown> = {
  kioskApp: null,
  allowedApps: [],
  requiredApps: [],
  appConfig: {},
  screenTimeoutSec: 60,
  brightness: 80,
  volume: 50,
  timeZone: 'Asia/Shanghai',
  wifiNetworks: [],
  bluetooth: true,
  usbDebugging: false,
  usbFileTransfer: true,
  locationReporting: true,
  wallpaper: null,
  bootAnimation: null,
  maintenance: { restartHour: null, updateWindow: null, freezeDates: [], appUpdateMode: 'immediately' },
};

const copy = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/**
 * A terminal's settings under configuration policies: applies each field of a document and answers
 * per field (applied with the value it now holds, failed with a reason, unsupported), asks for its
 * whole policy after every connection, and reports a value changed at the till.
 */
export const createPolicyAgent = (o: PolicySimOptions = {}) => {
  const rnd = o.random ?? Math.random;
  const settings = new Map<PolicyFieldKey, unknown>(
    Object.entries(copy(FACTORY)) as [PolicyFieldKey, unknown][],
  );
  const refuse = new Map(Object.entries(o.refuse ?? {}) as [PolicyFieldKey, string][]);
  const unsupported = new Set(o.unsupported ?? []);
  let api: TerminalApi | undefined;
  let lastRevision = 0;
  let lastError: string | undefined;

  const answer = (doc: PolicyDocument): PolicyFieldResult[] =>
    doc.fields.map(({ field, value }): PolicyFieldResult => {
      const key = field as PolicyFieldKey;
      if (unsupported.has(key) || !(POLICY_FIELD_KEYS as string[]).includes(field))
        return { field, state: 'unsupported', message: `${field} is not supported on this terminal` };
      const reason = refuse.get(key);
      if (reason)
        return { field, state: 'failed', reason, message: `${field} refused by the device (${reason})` };
      settings.set(key, copy(value));
      return { field, state: 'applied', actual: copy(settings.get(key)) };
    });

  /** Sends a report; over HTTP the answer may carry the next document (a revert), applied at once. */
  const report = async (body: Record<string, unknown>): Promise<void> => {
    if (!api) return;
    if (api.transport === 'mqtt') return api.send('policy', body);
    const res = (await api.http('POST', '/device/v1/agent/policy/report', body)) as PolicyReportAnswer;
    if (res.document) await apply(res.document);
  };

  const apply = async (doc: PolicyDocument) => {
    lastRevision = Math.max(lastRevision, doc.revision);
    await report({ revision: doc.revision, results: answer(doc), ts: Date.now() });
  };

  const sync = async () => {
    if (!api) return;
    if (api.transport === 'mqtt') return api.send('policy', { sync: true, ts: Date.now() });
    const res = (await api.http('GET', '/device/v1/agent/policy')) as PolicyReportAnswer;
    if (res.document) await apply(res.document);
  };

  /** Someone at the till changes a setting: the terminal reports the value it holds now. */
  const setAtTill = async (field: PolicyFieldKey, value: unknown) => {
    settings.set(field, copy(value));
    await report({ changes: [{ field, actual: copy(value) }], ts: Date.now() });
  };

  const fail = (err: unknown) => {
    lastError = err instanceof Error ? err.message : String(err);
  };

  return {
    /** The terminal extension (combine it with others through `combineExtensions`). */
    extension: (a: TerminalApi): TerminalExtension => {
      api = a;
      return {
        onConnected: () => void sync().catch(fail),
        onDown(kind, payload) {
          if (kind !== 'policy') return;
          let parsed: ReturnType<typeof PolicyDocumentSchema.safeParse>;
          try {
            parsed = PolicyDocumentSchema.safeParse(JSON.parse(payload.toString('utf8')));
          } catch {
            return;
          }
          if (parsed.success) void apply(parsed.data).catch(fail);
        },
        onHeartbeatAnswer: () => void sync().catch(fail),
        heartbeat() {
          if (o.driftRate && rnd() < o.driftRate)
            void setAtTill('bluetooth', !settings.get('bluetooth')).catch(fail);
          return {};
        },
      };
    },
    setAtTill,
    /** The value a field holds on the terminal now. */
    value: (field: PolicyFieldKey) => copy(settings.get(field)),
    /** Refuse a field from now on (`null` accepts it again). */
    refuseField(field: PolicyFieldKey, reason: string | null) {
      if (reason) refuse.set(field, reason);
      else refuse.delete(field);
    },
    /** The newest revision received, and the last error (a report that did not go out). */
    revision: () => lastRevision,
    lastError: () => lastError,
  };
};

export type PolicyAgent = ReturnType<typeof createPolicyAgent>;

/** One extension from several: each hook calls every part's, fields and lists merged in order. */
export const combineExtensions =
  (...parts: ((api: TerminalApi) => TerminalExtension)[]) =>
  (api: TerminalApi): TerminalExtension => {
    const built = parts.map((p) => p(api));
    const apps = built.find((b) => b.apps)?.apps;
    const versions = built.find((b) => b.versions)?.versions;
    return {
      onConnected: () => {
        for (const b of built) b.onConnected?.();
      },
      onDown: (kind, payload) => {
        for (const b of built) b.onDown?.(kind, payload);
      },
      onHeartbeatAnswer: (answer) => {
        for (const b of built) b.onHeartbeatAnswer?.(answer);
      },
      heartbeat: () => Object.assign({}, ...built.map((b) => b.heartbeat?.() ?? {})),
      ...(apps ? { apps } : {}),
      ...(versions ? { versions } : {}),
    };
  };

const fieldKey = (field: string): PolicyFieldKey => {
  if (!(POLICY_FIELD_KEYS as string[]).includes(field)) throw new Error(`unknown policy field: ${field}`);
  return field as PolicyFieldKey;
};

/** Parses `--policy-refuse bluetooth=PERMISSION_DENIED,kioskApp=APP_NOT_INSTALLED`. */
export const parsePolicyRefusals = (text: string | undefined): PolicySimOptions['refuse'] =>
  Object.fromEntries(
    (text ?? '')
      .split(',')
      .filter(Boolean)
      .map((part) => {
        const [field, reason] = part.split('=');
        return [fieldKey(field), reason || 'USER_REFUSED'];
      }),
  );

/** Parses `--policy-unsupported wallpaper,bootAnimation`. */
export const parsePolicyFields = (text: string | undefined): PolicyFieldKey[] =>
  (text ?? '').split(',').filter(Boolean).map(fieldKey);
