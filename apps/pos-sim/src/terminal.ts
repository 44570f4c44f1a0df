import {
  connectBackoffMs,
  DEVICE_PROTOCOL,
  type DeviceEvent,
  distanceMetres,
  type EnrollResult,
  type Heartbeat,
  type Location,
  PaymentLockCommandSchema,
  terminalFilters,
  terminalTopic,
  type UpKind,
} from '@cpm/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { healthEvents } from './app-health';
import { createSimPrinter } from './printer';
import { createRemoteScreen } from './remote-screen';
import { helloOf, installedAppsOf } from './terminal-hello';
import type { TerminalExtension, TerminalOptions } from './terminal-options';

export {
  CITIES,
  type City,
  newStats,
  type SimStats,
  type TerminalApi,
  type TerminalExtension,
  type TerminalOptions,
} from './terminal-options';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One virtual terminal speaking the device protocol: enroll, hello, heartbeats, locations, events. */
export const createSimTerminal = (o: TerminalOptions) => {
  const rnd = o.random ?? Math.random;
  const stats = o.stats;
  const printer = createSimPrinter({ jamRate: o.faultRate, random: rnd });
  let secret: string | undefined = o.secret;
  let client: MqttClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let connected = false;
  let lat = o.city.lat + (rnd() - 0.5) * 0.2;
  let lng = o.city.lng + (rnd() - 0.5) * 0.2;
  let battery = 40 + Math.floor(rnd() * 60);
  let bootAt = Date.now();
  // Since-boot data counters, as Android's TrafficStats keeps them: they restart at every boot.
  let dataUsage = 0;
  let mobileBytes = 0;
  let wifiBytes = 0;
  let beats = 0;
  let httpFailures = 0;
  // A boot event belongs to a power-on, not to every reconnection.
  let booted = false;
  const remote = createRemoteScreen({ sn: o.sn, answer: o.remoteAnswer });
  let charging = false;
  // Declared below; the extension is built once the handles it uses exist.
  let ext: TerminalExtension = {};

  const fail = (err: unknown) => {
    stats.errors++;
    stats.lastError = err instanceof Error ? err.message : String(err);
  };

  /**
   * The payment app obeys the server's lock and says what it holds now; an order repeated (on every
   * hello until it is confirmed) is confirmed again.
   */
  const applyPaymentLock = (order: unknown) => {
    const p = PaymentLockCommandSchema.safeParse(order);
    if (!p.success) return;
    remote.setPaymentLock(p.data.locked ? (p.data.fence ?? '') : null);
    void send('event', {
      ts: Date.now(),
      type: p.data.locked ? 'paymentLocked' : 'paymentUnlocked',
      ...(p.data.fence ? { detail: p.data.fence } : {}),
    }).catch(fail);
  };

  const http = async (path: string, body: unknown, auth = true, method: 'GET' | 'POST' = 'POST') => {
    const res = await fetch(`${o.server}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(auth && secret
          ? { authorization: `Basic ${Buffer.from(`${o.sn}:${secret}`).toString('base64')}` }
          : {}),
      },
      body: method === 'GET' ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; result: unknown; messageEn?: string };
    if (json.code !== 1) throw new Error(`${path}: ${json.code} ${json.messageEn ?? ''}`);
    return json.result;
  };

  const send = async (kind: UpKind, body: unknown) => {
    stats.messages++;
    if (o.transport === 'http') {
      const path = kind === 'result' ? '/device/v1/agent/tasks/report' : `/device/v1/agent/${kind}`;
      const answer = await http(path, body);
      if (kind === 'heartbeat') {
        const a = answer as { pending: number; paymentLock?: unknown };
        if (a.paymentLock) applyPaymentLock(a.paymentLock);
        ext.onHeartbeatAnswer?.(a);
      }
      return;
    }
    if (!client || !connected) return;
    await client.publishAsync(terminalTopic(o.sn, 'up', kind), JSON.stringify(body), {
      qos: kind === 'heartbeat' ? 0 : 1,
    });
  };

  const installedApps = () => installedAppsOf(o, ext);
  const hello = () => helloOf(o, ext);

  const heartbeat = (): Heartbeat => {
    charging = battery < 20 || rnd() < 0.3;
    battery = Math.max(1, Math.min(100, battery + (charging ? 2 : -1)));
    const network = rnd() < 0.8 ? 'wifi' : 'cellular';
    const used = Math.floor(rnd() * 50_000);
    dataUsage += used;
    if (network === 'wifi') wifiBytes += used;
    else mobileBytes += used;
    return {
      ts: Date.now(),
      battery,
      charging,
      network,
      signal: -40 - Math.floor(rnd() * 50),
      ip: `10.${Math.floor(rnd() * 255)}.${Math.floor(rnd() * 255)}.${1 + Math.floor(rnd() * 250)}`,
      storageFreeMb: 8000 + Math.floor(rnd() * 4000),
      memoryFreeMb: 500 + Math.floor(rnd() * 1000),
      uptimeSec: Math.floor((Date.now() - bootAt) / 1000),
      dataUsageBytes: dataUsage,
      mobileBytes,
      wifiBytes,
      ...ext.heartbeat?.(),
    };
  };

  const location = (): Location => {
    lat += (rnd() - 0.5) * 0.002;
    lng += (rnd() - 0.5) * 0.002;
    return { ts: Date.now(), lat, lng, accuracy: 5 + rnd() * 30, source: 'gps' };
  };

  const event = (e: DeviceEvent) => send('event', e);

  /** Puts the terminal at a place and reports a GPS fix from there at once. */
  const moveTo = async (to: { lat: number; lng: number; accuracy?: number }) => {
    lat = to.lat;
    lng = to.lng;
    await send('location', { ts: Date.now(), lat, lng, accuracy: to.accuracy ?? 8, source: 'gps' });
  };

  /**
   * Travels to a place in a straight line at a plausible speed, reporting a fix every `everyMs`
   * (the server drops fixes that would mean an impossible jump), and a second one on arrival so
   * the place is confirmed.
   */
  const walkTo = async (
    to: { lat: number; lng: number },
    opts: { speedMps?: number; everyMs?: number } = {},
  ) => {
    const everyMs = opts.everyMs ?? 1000;
    const step = (opts.speedMps ?? 250) * (everyMs / 1000);
    const from = { lat, lng };
    const steps = Math.max(1, Math.ceil(distanceMetres(from, to) / step));
    for (let i = 1; i <= steps; i++) {
      await new Promise((resolve) => setTimeout(resolve, everyMs));
      await moveTo({
        lat: from.lat + ((to.lat - from.lat) * i) / steps,
        lng: from.lng + ((to.lng - from.lng) * i) / steps,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    await moveTo(to);
  };

  const tick = async () => {
    if (!running) return;
    try {
      beats++;
      await send('heartbeat', heartbeat());
      stats.heartbeats++;
      httpFailures = 0;
      if (beats % 10 === 1) await send('location', location());
      const jam = printer.print();
      if (jam) {
        stats.faults++;
        await event(jam);
      }
      if (o.crashRates?.size)
        for (const e of healthEvents(installedApps(), o.crashRates, rnd)) {
          stats.crashes++;
          await event(e);
        }
      if (rnd() < o.rebootRate) return void reboot();
    } catch (err) {
      fail(err);
      httpFailures++;
    }
    // Jitter spreads a fleet started together over the whole period; HTTP failures back off.
    const backoff = o.transport === 'http' && httpFailures ? Math.min(60_000, 1000 * 2 ** httpFailures) : 0;
    schedule(o.heartbeatSec * 1000 * (0.9 + rnd() * 0.2) + backoff);
  };

  // A hushed terminal stays connected but sends nothing more (benchmarks count what was sent).
  let hushed = false;
  const schedule = (ms: number) => {
    if (!running || hushed) return;
    timer = setTimeout(() => void tick(), ms);
  };

  const onConnected = async () => {
    connected = true;
    stats.connected++;
    try {
      await send('status', { online: true });
      await send('hello', hello());
      if (!booted) {
        booted = true;
        await event({ type: 'boot' });
      }
      ext.onConnected?.();
    } catch (err) {
      fail(err);
    }
  };

  const connectMqtt = () =>
    new Promise<void>((resolve) => {
      let attempt = 0;
      // "Server unavailable" refusals in a row; the device protocol's back-off grows with them.
      let refusals = 0;
      client = mqtt.connect(o.mqttUrl, {
        // Refused connections are retried too: after the back-off for "server unavailable", else ended below.
        reconnectOnConnackError: true,
        clientId: `sim-${o.sn}`,
        username: o.sn,
        password: secret,
        clean: true,
        keepalive: 60,
        reconnectPeriod: 1000,
        connectTimeout: 15_000,
        will: {
          topic: terminalTopic(o.sn, 'up', 'status'),
          payload: Buffer.from('{"online":false}'),
          qos: 1,
          retain: false,
        },
      });
      client.on('connect', () => {
        attempt = 0;
        refusals = 0;
        if (client) client.options.reconnectPeriod = 1000;
        void client?.subscribeAsync(terminalFilters.down(o.sn), { qos: 1 }).catch(fail);
        void onConnected();
        resolve();
      });
      client.on('message', (topic, payload) => {
        if (topic === terminalTopic(o.sn, 'down', 'remote')) return void remote.handle(payload).catch(fail);
        const kind = topic.slice(topic.lastIndexOf('/') + 1);
        if (kind !== 'cmd') return ext.onDown?.(kind, payload);
        try {
          const cmd = JSON.parse(payload.toString()) as { type?: string; requestId?: string };
          if (cmd.type === 'paymentLock') return applyPaymentLock(cmd);
          if (cmd.type === 'uploadLog' && cmd.requestId)
            void send('output', {
              requestId: cmd.requestId,
              text: `${new Date().toISOString()} I/agent: ${o.sn} log on request\n${new Date().toISOString()} I/agent: battery ${battery}%`,
            });
        } catch {
          // A command the simulator does not know is ignored, as a real agent would log and skip it.
        }
      });
      client.on('close', () => {
        if (connected) stats.connected--;
        connected = false;
        if (!running) return;
        // Exponential backoff with jitter so a restarted server is not hit by the whole fleet at once.
        stats.reconnects++;
        // A refusal for load already set its back-off (see below).
        if (refusals) return;
        attempt++;
        if (client)
          client.options.reconnectPeriod = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5)) * (0.5 + rnd());
      });
      client.on('error', (err) => {
        const code = (err as { code?: unknown }).code;
        if (code === 3) {
          // The server is admitting as many terminals as it serves: come back after the protocol's back-off.
          refusals++;
          stats.backoffs++;
          if (client) client.options.reconnectPeriod = connectBackoffMs(refusals, rnd());
          return;
        }
        refusals = 0;
        fail(err);
        // Any other refusal (bad credentials, not authorised) is final, as it was before retries on refusal.
        if (typeof code === 'number' && err.message.startsWith('Connection refused')) client?.end(true);
      });
    });

  const enroll = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        const result = (await http(
          '/device/v1/agent/enroll',
          { sn: o.sn, enrollmentKey: o.enrollmentKey, mac: o.mac },
          false,
        )) as EnrollResult;
        secret = result.secret;
        stats.enrolled++;
        return;
      } catch (err) {
        fail(err);
        if (!running || attempt > 8) throw err;
        await sleep(Math.min(30_000, 500 * 2 ** attempt) * (0.5 + rnd()));
      }
    }
  };

  const start = async () => {
    running = true;
    booted = false;
    bootAt = Date.now();
    dataUsage = 0;
    mobileBytes = 0;
    wifiBytes = 0;
    if (!secret) await enroll();
    if (o.transport === 'mqtt') await connectMqtt();
    else {
      connected = true;
      stats.connected++;
      await onConnected();
    }
    schedule(rnd() * o.heartbeatSec * 1000 * 0.2);
  };

  /** Shut down: tells the server first when `graceful`, otherwise vanishes (the will or the timeout tells it). */
  const stop = async (graceful = true) => {
    running = false;
    remote.stop();
    if (timer) clearTimeout(timer);
    if (graceful && connected) {
      await event({ type: 'shutdown' }).catch(fail);
      if (o.transport === 'http') await send('status', { online: false }).catch(fail);
    }
    if (o.transport === 'http' && connected) {
      connected = false;
      stats.connected--;
    }
    if (client) {
      const c = client;
      client = undefined;
      if (graceful) await c.endAsync().catch(() => undefined);
      else c.end(true);
    }
  };

  const reboot = async () => {
    stats.reboots++;
    await stop(true);
    await sleep(3000 + rnd() * 7000);
    await start().catch(fail);
  };

  /** Reports a failure of the terminal's own hardware (e.g. `touch panel unresponsive`). */
  const hardwareFault = (detail: string) => event({ ts: Date.now(), type: 'hardwareFault', detail });

  ext =
    o.extension?.({
      sn: o.sn,
      server: o.server,
      transport: o.transport,
      secret: () => secret,
      send,
      http: (method, path, body) => http(path, body ?? {}, true, method),
      reboot: () => reboot(),
      async dropOut(ms) {
        await stop(false);
        await sleep(ms);
        await start().catch(fail);
      },
      battery: () => battery,
      charging: () => charging,
      isConnected: () => connected,
      screenshot: () => remote.screenshot(),
      hello: () => send('hello', hello()),
      async upload(path, name, mediaType, bytes) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(bytes)], { type: mediaType }), name);
        const res = await fetch(`${o.server}${path}`, {
          method: 'POST',
          headers: secret
            ? { authorization: `Basic ${Buffer.from(`${o.sn}:${secret}`).toString('base64')}` }
            : {},
          body: form,
        });
        const json = (await res.json()) as { code: number; result: unknown; messageEn?: string };
        if (json.code !== 1) throw new Error(`${path}: ${json.code} ${json.messageEn ?? ''}`);
        return json.result;
      },
    }) ?? {};

  return {
    sn: o.sn,
    start,
    stop,
    reboot,
    printer,
    hardwareFault,
    moveTo,
    walkTo,
    position: () => ({ lat, lng }),
    /** Whether the payment app is locked by a geofence now. */
    paymentLocked: () => remote.paymentLocked(),
    isConnected: () => connected,
    /** Stops sending heartbeats while staying connected. */
    hush() {
      hushed = true;
      if (timer) clearTimeout(timer);
    },
    remote,
  };
};

export type SimTerminal = ReturnType<typeof createSimTerminal>;

/** Protocol defaults the simulator follows. */
export const SIM_DEFAULTS = { heartbeatSec: DEVICE_PROTOCOL.heartbeatIntervalSec };
