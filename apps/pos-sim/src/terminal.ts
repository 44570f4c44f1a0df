import {
  DEVICE_PROTOCOL,
  type DeviceEvent,
  type EnrollResult,
  type Heartbeat,
  type Hello,
  type Location,
  terminalFilters,
  terminalTopic,
  type UpKind,
} from '@cpm/contracts';
import mqtt, { type MqttClient } from 'mqtt';

/** A city the simulated terminals wander around. */
export type City = { name: string; lat: number; lng: number };

/** Cities known by name to `--cities`. */
export const CITIES: Record<string, City> = {
  shanghai: { name: 'Shanghai', lat: 31.2304, lng: 121.4737 },
  beijing: { name: 'Beijing', lat: 39.9042, lng: 116.4074 },
  shenzhen: { name: 'Shenzhen', lat: 22.5431, lng: 114.0579 },
  singapore: { name: 'Singapore', lat: 1.3521, lng: 103.8198 },
  london: { name: 'London', lat: 51.5074, lng: -0.1278 },
  saopaulo: { name: 'Sao Paulo', lat: -23.5505, lng: -46.6333 },
};

/** How one virtual terminal behaves. */
export type TerminalOptions = {
  sn: string;
  mac: string;
  /** HTTP base URL of the server (enrollment and the HTTP transport). */
  server: string;
  enrollmentKey: string;
  transport: 'mqtt' | 'http';
  /** Broker URL for the MQTT transport. */
  mqttUrl: string;
  city: City;
  model: string;
  heartbeatSec: number;
  /** Chance per heartbeat of a peripheral fault and of a reboot. */
  faultRate: number;
  rebootRate: number;
  /** Counters shared by the whole fleet. */
  stats: SimStats;
  random?: () => number;
};

/** What the fleet has done so far. */
export type SimStats = {
  enrolled: number;
  connected: number;
  heartbeats: number;
  messages: number;
  reconnects: number;
  reboots: number;
  faults: number;
  errors: number;
  lastError?: string;
};

export const newStats = (): SimStats => ({
  enrolled: 0,
  connected: 0,
  heartbeats: 0,
  messages: 0,
  reconnects: 0,
  reboots: 0,
  faults: 0,
  errors: 0,
});

const PERIPHERALS = [
  { kind: 'usb' as const, name: 'Thermal printer', vid: '0483', pid: '5740', status: 'ok' as const },
  { kind: 'serial' as const, name: 'Cash drawer', port: '/dev/ttyS1', status: 'ok' as const },
  { kind: 'usb' as const, name: 'Barcode scanner', vid: '05E0', pid: '1200', status: 'ok' as const },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One virtual terminal speaking the device protocol: enroll, hello, heartbeats, locations, events. */
export const createSimTerminal = (o: TerminalOptions) => {
  const rnd = o.random ?? Math.random;
  const stats = o.stats;
  let secret: string | undefined;
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

  const fail = (err: unknown) => {
    stats.errors++;
    stats.lastError = err instanceof Error ? err.message : String(err);
  };

  const http = async (path: string, body: unknown, auth = true) => {
    const res = await fetch(`${o.server}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(auth && secret
          ? { authorization: `Basic ${Buffer.from(`${o.sn}:${secret}`).toString('base64')}` }
          : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; result: unknown; messageEn?: string };
    if (json.code !== 1) throw new Error(`${path}: ${json.code} ${json.messageEn ?? ''}`);
    return json.result;
  };

  const send = async (kind: UpKind, body: unknown) => {
    stats.messages++;
    if (o.transport === 'http') return void (await http(`/device/v1/agent/${kind}`, body));
    if (!client || !connected) return;
    await client.publishAsync(terminalTopic(o.sn, 'up', kind), JSON.stringify(body), {
      qos: kind === 'heartbeat' ? 0 : 1,
    });
  };

  const hello = (): Hello => ({
    ts: Date.now(),
    platform: 'android',
    model: o.model,
    osVersion: 'Android 11',
    firmwareVersion: 'FW-2.4.1',
    agentVersion: 'pos-sim 1.0.1',
    hardware: {
      cpu: 'Cortex-A53 2.0GHz',
      cores: 8,
      memoryMb: 2048,
      storageMb: 16384,
      resolution: '1280x800',
      mac: o.mac,
      bluetoothMac: o.mac.replace(/^..:/, 'BB:'),
    },
    apps: [
      {
        packageName: 'com.cpm.agent',
        name: 'CPM Agent',
        versionName: '1.0.1',
        versionCode: 101,
        system: true,
      },
      { packageName: 'com.example.cashier', name: 'Cashier', versionName: '3.2.0', versionCode: 320 },
    ],
    peripherals: PERIPHERALS,
  });

  const heartbeat = (): Heartbeat => {
    const charging = battery < 20 || rnd() < 0.3;
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
    };
  };

  const location = (): Location => {
    lat += (rnd() - 0.5) * 0.002;
    lng += (rnd() - 0.5) * 0.002;
    return { ts: Date.now(), lat, lng, accuracy: 5 + rnd() * 30, source: 'gps' };
  };

  const event = (e: DeviceEvent) => send('event', e);

  const tick = async () => {
    if (!running) return;
    try {
      beats++;
      await send('heartbeat', heartbeat());
      stats.heartbeats++;
      httpFailures = 0;
      if (beats % 10 === 1) await send('location', location());
      if (rnd() < o.faultRate) {
        stats.faults++;
        await event({
          type: 'peripheralFault',
          peripheral: { ...PERIPHERALS[0], status: 'fault' },
          detail: 'paper jam',
        });
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

  const schedule = (ms: number) => {
    if (!running) return;
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
    } catch (err) {
      fail(err);
    }
  };

  const connectMqtt = () =>
    new Promise<void>((resolve) => {
      let attempt = 0;
      client = mqtt.connect(o.mqttUrl, {
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
        if (client) client.options.reconnectPeriod = 1000;
        void client?.subscribeAsync(terminalFilters.down(o.sn), { qos: 1 }).catch(fail);
        void onConnected();
        resolve();
      });
      client.on('message', (_topic, payload) => {
        try {
          const cmd = JSON.parse(payload.toString()) as { type?: string; requestId?: string };
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
        attempt++;
        stats.reconnects++;
        if (client)
          client.options.reconnectPeriod = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5)) * (0.5 + rnd());
      });
      client.on('error', fail);
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

  return { sn: o.sn, start, stop, reboot, isConnected: () => connected };
};

export type SimTerminal = ReturnType<typeof createSimTerminal>;

/** Protocol defaults the simulator follows. */
export const SIM_DEFAULTS = { heartbeatSec: DEVICE_PROTOCOL.heartbeatIntervalSec };
