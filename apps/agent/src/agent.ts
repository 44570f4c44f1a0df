import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import {
  type AttachedPeripheral,
  type DeviceEvent,
  type EnrollResult,
  PaymentLockCommandSchema,
  TaskNudgeSchema,
} from '@cpm/contracts';
import { createAlarms } from './alarms';
import { createAppStore } from './apps';
import { readPaymentStatus, screenSecure } from './conditions';
import { type AgentConfig, mqttUrlOf } from './config';
import { createHttp } from './http';
import { createJournal } from './journal';
import { createLink } from './link';
import type { Platform } from './platform';
import { appliersFor } from './policy/appliers';
import { createPolicyAgent } from './policy/policy';
import { createRemoteDesktop } from './remote';
import { createResults } from './results';
import { type Identity, openState } from './state';
import { createTaskRunner } from './tasks';
import { createSelfUpdate, spawnWatcher } from './update/self-update';

const run = promisify(execFile);
/** This build's version; an installed package's launcher names its own (`CPM_AGENT_VERSION`). */
export const AGENT_VERSION = process.env.CPM_AGENT_VERSION ?? '1.0.1';

/** Enrols with an enterprise key: the server answers the terminal's secret, kept in the state folder. */
export const enroll = async (config: AgentConfig, o: { sn: string; enrollmentKey: string; mac?: string }) => {
  const state = openState(config.stateDir);
  const http = createHttp(config.server, () => null);
  const r = await http.call<EnrollResult>('POST', '/device/v1/agent/enroll', {
    sn: o.sn,
    enrollmentKey: o.enrollmentKey,
    ...(o.mac ? { mac: o.mac } : {}),
  });
  const id: Identity = {
    sn: r.sn,
    secret: r.secret,
    enrollmentKey: o.enrollmentKey,
    heartbeatIntervalSec: r.heartbeatIntervalSec,
  };
  state.saveIdentity(id);
  return id;
};

const samePeripheral = (a: AttachedPeripheral, b: AttachedPeripheral) =>
  a.kind === b.kind && a.name === b.name && (a.port ?? '') === (b.port ?? '');

/**
 * The agent: connects as the device protocol asks, says hello (with the system's facts) and sends
 * heartbeats, locations from gpsd and peripheral events, pulls and runs tasks, answers commands.
 */
export const startAgent = async (
  config: AgentConfig,
  platform: Platform,
  opts: { echo?: boolean; configFile?: string; restart?: () => void } = {},
) => {
  const state = openState(config.stateDir);
  let identity = state.identity();
  if (!identity)
    throw new Error(`not enrolled: no identity in ${config.stateDir} (run "cpm-agent enroll" first)`);
  const journal = createJournal(config.logFile ?? path.join(config.stateDir, 'agent.log'), opts.echo ?? true);
  const log = journal.write;
  const http = createHttp(config.server, () =>
    identity ? { sn: identity.sn, secret: identity.secret } : null,
  );
  const apps = createAppStore({ appsDir: config.appsDir, allowDeb: config.allowDeb });
  let heartbeatSec = config.heartbeatSec ?? identity.heartbeatIntervalSec ?? 30;
  let timer: NodeJS.Timeout | undefined;
  let running = true;
  let peripherals: AttachedPeripheral[] | null = null;
  let lastFixAt = 0;
  const stats = { heartbeats: 0, hellos: 0, locations: 0, events: 0, errors: 0 };

  const send = (kind: Parameters<typeof link.send>[0], body: unknown) => link.send(kind, body);
  const selfUpdate = createSelfUpdate({
    installDir: config.installDir,
    publicKeyFile: config.updatePublicKey,
    confirmSec: config.updateConfirmSec,
    version: AGENT_VERSION,
    state,
    log,
    startWatcher: () => spawnWatcher(opts.configFile ?? '/etc/cpm-agent/agent.json'),
  });
  selfUpdate.markRunning();
  const remote = createRemoteDesktop({
    desktop: () => {
      const display = config.display ?? process.env.DISPLAY;
      if (!display) throw new Error('no X display (DISPLAY is not set)');
      return platform.desktop(display);
    },
    secure: () => screenSecure(config.paymentStatusFile),
    language: config.language,
    log,
  });
  const results = createResults(state, (batch) => send('result', { results: batch }));
  const alarms = createAlarms({
    state,
    send: (body) => send('alarm', body),
    connected: () => link.state() === 'mqtt' || link.state() === 'http',
    log,
  });
  const policy = createPolicyAgent({
    appliers: appliersFor(
      {
        timeZone: config.policy.timeZone,
        display: config.display ?? process.env.DISPLAY,
        backlight:
          config.policy.backlight === null ? undefined : (config.policy.backlight ?? platform.backlight()),
        hooks: config.policy.hooks,
      },
      { ...platform.policySystem, installed: (pkg) => apps.list().some((a) => a.packageName === pkg) },
    ),
    state,
    overMqtt: () => link.state() === 'mqtt',
    publish: (body) => send('policy', body),
    http: (method, p, body) => http.call(method, p, body),
    log,
  });
  const event = (e: DeviceEvent) => {
    stats.events++;
    return send('event', { ts: Date.now(), ...e }).catch((err) => log(`event ${e.type}: ${err.message}`));
  };

  const hello = async () => {
    const h = await platform.hello({ model: config.model, agentVersion: AGENT_VERSION });
    h.apps = apps
      .list()
      .map((a) => ({ packageName: a.packageName, versionCode: a.versionCode, versionName: a.versionName }));
    peripherals = h.peripherals;
    await send('hello', h);
    stats.hellos++;
  };

  const tasks = createTaskRunner({
    config,
    state,
    http,
    results,
    apps,
    send: (kind, body) => send(kind, body),
    vitals: async () => {
      const h = await platform.heartbeat();
      return { battery: h.battery, charging: h.charging };
    },
    reboot: async () => {
      log(`rebooting: ${config.rebootCommand.join(' ')}`);
      await event({ type: 'shutdown', detail: 'reboot task' });
      const [cmd, ...args] = config.rebootCommand;
      await run(cmd, args, { timeout: 60_000 });
    },
    log,
    props: async () => {
      const h = await platform.hello({ model: config.model, agentVersion: AGENT_VERSION });
      return [
        ['sn', identity?.sn ?? ''],
        ['model', h.model ?? ''],
        ['os', h.osVersion ?? ''],
        ['cpu', h.hardware.cpu ?? ''],
        ['memoryMb', String(h.hardware.memoryMb ?? '')],
        ['mac', h.hardware.mac ?? ''],
        ['agent', AGENT_VERSION],
      ];
    },
    uploadLogs: async (item, c) => {
      const from = Date.parse(c.from);
      const to = Date.parse(c.to);
      const lines = journal.range(from, to);
      const gz = gzipSync(Buffer.from(`${lines.join('\n')}\n`, 'utf8'));
      const name = `cpm-agent-${identity?.sn}-${new Date(from).toISOString().slice(0, 16).replace(/[:T]/g, '')}.log.gz`;
      await http.upload(
        `/device/v1/agent/command/upload?deliveryId=${item.deliveryId}&kind=log`,
        name,
        'application/gzip',
        gz,
      );
      return `${name}: ${lines.length} lines, ${gz.length} bytes`;
    },
    onAppsChanged: () => void hello().catch((err) => log(`hello: ${err.message}`)),
    screenshot: () => platform.screenshot(config.display),
    selfUpdate: (zip, t) => selfUpdate.install(zip, t),
    restart: () => {
      log('restarting for an update');
      (opts.restart ?? (() => process.exit(0)))();
    },
  });

  /** Compares peripherals with the last hello: attached and detached ones, and printers that stopped. */
  const checkPeripherals = async () => {
    const now = await platform.peripherals();
    if (!peripherals) {
      peripherals = now;
      return;
    }
    const before = peripherals;
    peripherals = now;
    let changed = false;
    for (const p of now) {
      const was = before.find((b) => samePeripheral(b, p));
      if (!was) {
        changed = true;
        await event({ type: 'peripheralAttached', peripheral: p });
      } else if (was.status !== p.status) {
        changed = true;
        if (p.status === 'fault')
          await event({ type: 'peripheralFault', peripheral: p, detail: `${p.name}: stopped` });
      }
    }
    for (const b of before)
      if (!now.some((p) => samePeripheral(b, p))) {
        changed = true;
        await event({ type: 'peripheralDetached', peripheral: b });
      }
    if (changed) await hello();
  };

  /** Raises and clears the agent's alarms from this heartbeat's readings (offline too: kept for the snapshot). */
  const checkAlarms = async (h: { battery?: number; charging?: boolean }, live = true) => {
    const disk = platform.diskFreePercent(config.alarms.diskPath);
    await alarms.update(
      {
        printers: (peripherals ?? [])
          .filter((p) => p.kind === 'printer')
          .map((p) => ({ name: p.name, stopped: p.status === 'fault' })),
        ...(h.battery !== undefined
          ? { battery: { percent: h.battery, charging: h.charging ?? false } }
          : {}),
        ...(disk !== null ? { diskFreePercent: disk } : {}),
      },
      config.alarms,
      live,
    );
  };

  const beat = async () => {
    if (!running) return;
    const step = async (what: string, work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (err) {
        stats.errors++;
        log(`${what}: ${(err as Error).message}`);
      }
    };
    // Each step on its own: while the server is away the peripherals and alarms are still followed,
    // and the snapshot after the next connection carries what changed meanwhile.
    let h: Awaited<ReturnType<Platform['heartbeat']>> | undefined;
    await step('heartbeat', async () => {
      h = await platform.heartbeat();
      const payment = readPaymentStatus(config.paymentStatusFile);
      await send('heartbeat', payment ? { ...h, payment } : h);
      stats.heartbeats++;
    });
    await step('peripherals', checkPeripherals);
    await step('alarms', () => checkAlarms(h ?? {}));
    await step('results', () => results.flush());
    // Over HTTP nothing is pushed: the policy is asked for after each heartbeat, as the protocol says.
    await step('policy', async () => {
      if (link.state() !== 'mqtt') await policy.sync();
      await policy.checkChanges();
    });
    if (running) timer = setTimeout(() => void beat(), heartbeatSec * 1000);
  };

  const onConnected = async (via: 'mqtt' | 'http') => {
    log(`connected over ${via}`);
    try {
      await send('status', { online: true });
      // The server took a message: that confirms a new version, at once, before the slower hello.
      const updated = selfUpdate.afterConnect();
      await hello();
      // What the terminal holds now (read again first, quietly: it may have changed while the agent
      // was stopped), so alarms raised or cleared while it was away end right on the server.
      await checkAlarms(await platform.heartbeat(), false).catch((err) => log(`alarms: ${err.message}`));
      await alarms.snapshot();
      await policy.sync().catch((err) => log(`policy: ${err.message}`));
      const boot = platform.bootId();
      if (state.read<{ bootId: string }>('boot.json')?.bootId !== boot) {
        await event({ type: 'boot' });
        state.write('boot.json', { bootId: boot });
        await tasks.afterBoot();
      }
      if (updated) await results.report({ ...updated, ts: Date.now() });
      await results.flush();
      if (timer) clearTimeout(timer);
      void beat();
      await tasks.pull();
    } catch (err) {
      stats.errors++;
      log(`after connecting: ${(err as Error).message}`);
    }
  };

  const onCommand = (payload: Buffer) => {
    let cmd: { type?: string; requestId?: string };
    try {
      cmd = JSON.parse(payload.toString());
    } catch {
      return;
    }
    if (cmd.type === 'paymentLock') {
      // The lock belongs to the payment app; the agent hands it on in the payment status folder.
      const p = PaymentLockCommandSchema.safeParse(cmd);
      if (p.success) state.write('payment-lock.json', p.data);
      return;
    }
    if (cmd.type === 'uploadLog' && cmd.requestId) {
      const lines = journal.range(Date.now() - 3600_000, Date.now());
      void send('output', { requestId: cmd.requestId, text: lines.join('\n').slice(-60_000) }).catch(
        () => undefined,
      );
      return;
    }
    log(`command ${cmd.type} is not supported by this agent`);
  };

  const link = createLink({
    sn: () => identity?.sn ?? '',
    secret: () => identity?.secret ?? '',
    mqttUrl: mqttUrlOf(config),
    transport: config.transport,
    fallbackAfterMs: config.httpFallbackAfterSec * 1000,
    http,
    log,
    onConnected: (via) => void onConnected(via),
    onDown: (kind, payload) => {
      if (kind === 'task') {
        if (TaskNudgeSchema.safeParse(JSON.parse(payload.toString() || 'null')).success) void tasks.pull();
      } else if (kind === 'cmd') onCommand(payload);
      else if (kind === 'remote') void remote.handle(payload);
      else if (kind === 'policy') void policy.handle(payload).catch((err) => log(`policy: ${err.message}`));
    },
    onHeartbeatAnswer: (a) => {
      if (!config.heartbeatSec) heartbeatSec = a.heartbeatIntervalSec || heartbeatSec;
      if (a.pending > 0) void tasks.pull();
    },
    onCredentialsRefused: () => {
      // The secret no longer works (the terminal was enrolled again elsewhere, or reset): enrol again.
      const id = identity;
      if (!id || !running) return;
      log('the broker refused the secret: enrolling again');
      void enroll(config, { sn: id.sn, enrollmentKey: id.enrollmentKey })
        .then((fresh) => {
          identity = fresh;
          link.restart();
        })
        .catch((err) => log(`enrolling again failed: ${err.message}`));
    },
  });

  const gps = config.gpsd
    ? platform.watchLocation({
        ...config.gpsd,
        onFix: (fix) => {
          if (Date.now() - lastFixAt < config.locationEverySec * 1000) return;
          lastFixAt = Date.now();
          stats.locations++;
          void send('location', fix).catch((err) => log(`location: ${err.message}`));
        },
      })
    : null;

  link.start();
  log(`cpm-agent ${AGENT_VERSION} started for ${identity.sn} (${config.server})`);

  return {
    stats,
    remote,
    link,
    sn: () => identity?.sn,
    /** Sends a shutdown event and `{online:false}`, then disconnects (the will stays unsent). */
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      gps?.stop();
      tasks.stop();
      remote.stop();
      await event({ type: 'shutdown', detail: 'agent stopped' });
      if (link.state() === 'http') await send('status', { online: false }).catch(() => undefined);
      await link.stop();
      log('stopped');
    },
  };
};
