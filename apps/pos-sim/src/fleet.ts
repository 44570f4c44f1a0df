import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { createSimAlarms, type SimAlarms, withAlarms } from './alarms';
import type { CrashRates, SimApp } from './app-health';
import { startAlarmFlips } from './fleet-alarms';
import {
  combineExtensions,
  createPolicyAgent,
  type PolicyAgent,
  type PolicySimOptions,
} from './policy-agent';
import { createTaskAgent, newTaskStats, type TaskSimOptions } from './tasks';
import { CITIES, type City, createSimTerminal, newStats, type SimStats, type SimTerminal } from './terminal';

/** Options of a simulated fleet. */
export type FleetOptions = {
  count: number;
  server: string;
  /** Broker URL for MQTT; default the server's own `/mqtt` WebSocket. */
  mqttUrl?: string;
  transport: 'mqtt' | 'http';
  /** SN prefix; terminal i is `${prefix}${i padded to 6}`. */
  prefix: string;
  enrollmentKey: string;
  /** The secret every terminal was enrolled with before (a reconnecting fleet); unset: each enrolls. */
  secret?: string;
  cities: City[];
  /** The model the terminals report, or several that terminal `i` takes in turn (see `simModel`). */
  model: string | readonly string[];
  heartbeatSec: number;
  /** Seconds over which terminals start. */
  rampSec: number;
  faultRate: number;
  rebootRate: number;
  /** What the people at the terminals answer to remote session requests (default accept). */
  remoteAnswer?: 'accept' | 'refuse' | 'ignore';
  /** Apps installed on every terminal, and crash and ANR rates per version (see app-health.ts). */
  apps?: SimApp[];
  crashRates?: CrashRates;
  /** Platform the terminals report (default android). */
  platform?: 'android' | 'windows';
  /**
   * How the terminals treat remote tasks, app installs and commands (failure rate, sales, offline
   * spells); unset: `DEFAULT_TASK_SIM`. Every fleet handles them, as a real terminal's agent does.
   */
  tasks?: Partial<Omit<TaskSimOptions, 'stats'>>;
  /** Configuration policies: fields refused or unsupported, drift at the till. */
  policy?: PolicySimOptions;
  /** Chance per heartbeat period that a terminal raises or clears one of its alarms (default 0). */
  alarmRate?: number;
  /** Terminal `i` reports the MAC address `simMac(macBase + i)` (default 0), for fleets that must not share addresses. */
  macBase?: number;
};

/** What a fleet's terminals do with tasks unless told otherwise (the `npm run sim` defaults). */
export const DEFAULT_TASK_SIM: Omit<TaskSimOptions, 'stats'> = {
  failureRate: 0.02,
  paymentRate: 0.05,
  offlineRate: 0,
  offlineSec: 60,
  dataDir: path.join(tmpdir(), 'pos-sim'),
};

/** The model terminal `i` (from 1) of a fleet reports: one model, or several in turn. */
export const simModel = (model: string | readonly string[], i: number): string =>
  typeof model === 'string' ? model : model[(i - 1) % model.length];

/** The SN of terminal `i` of a fleet. */
export const simSn = (prefix: string, i: number) => `${prefix}${String(i).padStart(6, '0')}`;
/** A locally administered MAC address, unique per terminal index. */
export const simMac = (i: number) =>
  `02:${[(i >> 24) & 255, (i >> 16) & 255, (i >> 8) & 255, i & 255, 0x5a]
    .map((b) => b.toString(16).padStart(2, '0').toUpperCase())
    .join(':')}`;

/** Default broker URL: the server's own `/mqtt` endpoint. */
export const defaultMqttUrl = (server: string) => `${server.replace(/^http/, 'ws')}/mqtt`;

/** Starts `count` terminals spread over `rampSec`; returns handles and live counters. */
export const startFleet = (o: FleetOptions) => {
  const stats = newStats();
  const taskStats = newTaskStats();
  const platform = o.platform ?? 'android';
  const tasks = { ...DEFAULT_TASK_SIM, ...o.tasks };
  const taskAgent = createTaskAgent({ ...tasks, apps: tasks.apps ?? o.apps, stats: taskStats, platform });
  const terminals: SimTerminal[] = [];
  const timers: NodeJS.Timeout[] = [];
  const policies: PolicyAgent[] = [];
  const alarms: SimAlarms[] = [];
  for (let i = 1; i <= o.count; i++) {
    const policy = createPolicyAgent(o.policy);
    policies.push(policy);
    const t = createSimTerminal({
      sn: simSn(o.prefix, i),
      mac: simMac((o.macBase ?? 0) + i),
      server: o.server,
      enrollmentKey: o.enrollmentKey,
      secret: o.secret,
      transport: o.transport,
      mqttUrl: o.mqttUrl ?? defaultMqttUrl(o.server),
      city: o.cities[i % o.cities.length],
      model: simModel(o.model, i),
      heartbeatSec: o.heartbeatSec,
      faultRate: o.faultRate,
      rebootRate: o.rebootRate,
      remoteAnswer: o.remoteAnswer,
      apps: o.apps,
      crashRates: o.crashRates,
      stats,
      platform,
      // Every terminal keeps its alarms and sends their snapshot after each connection.
      extension: withAlarms(
        (api) => {
          const own = createSimAlarms(api);
          alarms.push(own);
          return own;
        },
        combineExtensions(taskAgent, policy.extension),
      ),
    });
    terminals.push(t);
    const delay = o.count > 1 ? (o.rampSec * 1000 * (i - 1)) / o.count : 0;
    timers.push(
      setTimeout(() => {
        t.start().catch((err: unknown) => {
          stats.errors++;
          stats.lastError = err instanceof Error ? err.message : String(err);
        });
      }, delay),
    );
  }
  const stopFlips = startAlarmFlips(alarms, {
    rate: o.alarmRate ?? 0,
    periodSec: o.heartbeatSec,
    onError: (err) => {
      stats.errors++;
      stats.lastError = err instanceof Error ? err.message : String(err);
    },
  });
  return {
    stats,
    taskStats,
    terminals,
    /** Each terminal's alarms (raise, clear, held), in the order the terminals built them. */
    alarms,
    /** Each terminal's configuration-policy side, in the order of `terminals`. */
    policies,
    /** Stop every terminal (graceful: each says goodbye). */
    async stop(graceful = true) {
      for (const timer of timers) clearTimeout(timer);
      stopFlips();
      await Promise.all(terminals.map((t) => t.stop(graceful)));
    },
  };
};

/** One line summarising the fleet. */
export const summary = (s: SimStats, count: number, startedAt: number) =>
  `[${((Date.now() - startedAt) / 1000).toFixed(0)}s] terminals ${count} enrolled ${s.enrolled} connected ${s.connected} ` +
  `heartbeats ${s.heartbeats} messages ${s.messages} reconnects ${s.reconnects} backoffs ${s.backoffs} reboots ${s.reboots} faults ${s.faults} ` +
  `errors ${s.errors}${s.lastError ? ` (last: ${s.lastError.slice(0, 80)})` : ''}`;

/** A signed-in API client for provisioning. */
export const apiClient = async (server: string, username: string, password: string) => {
  const login = await fetch(`${server}/oauth/v1/oauth/login/cpmDoLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captchaId: 'sim', captchaCode: 'sim', sysCode: 'cpm' }),
  }).then((r) => r.json() as Promise<{ code: number; messageEn: string; result: { tokenValue: string } }>);
  if (login.code !== 1)
    throw new Error(`login failed (${login.messageEn}); provisioning needs CAPTCHA=off on the server`);
  const token = login.result.tokenValue;
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    // A FormData body is a multipart upload; fetch sets its content type with the boundary.
    const form = body instanceof FormData;
    const res = await fetch(`${server}${path}`, {
      method,
      headers: {
        satoken: token,
        ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; messageEn: string; result: T };
    if (json.code !== 1) throw new Error(`${path}: ${json.messageEn}`);
    return json.result;
  };
  return { call };
};

/**
 * Registers the fleet's SNs as factory records (the ones missing) and makes sure the model exists:
 * what a manufacturer does before terminals first boot.
 */
export const registerFleet = async (o: {
  server: string;
  username: string;
  password: string;
  count: number;
  prefix: string;
  /** As the fleet reports it: one model, or several in turn. */
  model: string | readonly string[];
}) => {
  const api = await apiClient(o.server, o.username, o.password);
  const models = await api.call<{ id: string; name: string }[]>('GET', '/device/v1/device/model/getList');
  for (const name of typeof o.model === 'string' ? [o.model] : o.model)
    if (!models.some((m) => m.name.toLowerCase() === name.toLowerCase()))
      await api.call('POST', '/device/v1/device/model/addOrUpdate', {
        name,
        description: 'Simulated POS',
        state: 1,
      });
  const existing = new Set<string>();
  for (let current = 1; ; current++) {
    const page = await api.call<{ records: { sn: string }[]; total: number }>(
      'GET',
      `/device/v1/device/terminal/getPage?sn=${encodeURIComponent(o.prefix)}&size=500&current=${current}`,
    );
    for (const r of page.records) existing.add(r.sn);
    if (page.records.length < 500) break;
  }
  const missing: string[] = [];
  for (let i = 1; i <= o.count; i++) if (!existing.has(simSn(o.prefix, i))) missing.push(simSn(o.prefix, i));
  const modelOf = (sn: string) => simModel(o.model, Number(sn.slice(o.prefix.length)));
  for (let i = 0; i < missing.length; i += 5000) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('exit records');
    sheet.addRow(['SN', 'Model', 'Status', 'Enterprise', 'Production date', 'Shipping date']);
    for (const sn of missing.slice(i, i + 5000)) sheet.addRow([sn, modelOf(sn), 'warehoused', '', '', '']);
    // Imports are multipart uploads of the workbook.
    const upload = new FormData();
    upload.append('file', new Blob([await book.xlsx.writeBuffer()]), 'sim.xlsx');
    const report = await api.call<{ ok: boolean; errors: { row: number; messageEn: string }[] }>(
      'POST',
      '/device/v1/device/exitRecord/import',
      upload,
    );
    if (!report.ok) throw new Error(`import refused: ${JSON.stringify(report.errors.slice(0, 3))}`);
  }
  return { api, registered: missing.length };
};

/**
 * What {@link registerFleet} does, then issues the account a new enrollment key, which revokes its
 * previous one: terminals enrolling with the old key at that moment are refused.
 */
export const provisionFleet = async (o: Parameters<typeof registerFleet>[0]) => {
  const { api, registered } = await registerFleet(o);
  const { enrollmentKey } = await api.call<{ enrollmentKey: string }>(
    'POST',
    '/device/v1/device/terminal/rotateEnrollmentKey',
  );
  return { enrollmentKey, registered };
};

/** Cities by name, unknown names ignored. */
export const citiesByName = (names: string[]): City[] => {
  const found = names.map((n) => CITIES[n.trim().toLowerCase()]).filter((c): c is City => c !== undefined);
  return found.length ? found : [CITIES.shanghai];
};
