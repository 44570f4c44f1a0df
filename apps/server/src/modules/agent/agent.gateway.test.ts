import { DEVICE_PROTOCOL } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { terminals, terminalWarnings } from '../../db/schema';
import {
  callAs,
  createFleetFixtures,
  deviceAuth,
  rotateEnrollmentKey,
} from '../../test-support/fleet-fixtures';
import { type ListeningApp, openListeningApp, runPrefix, snSeries } from '../../test-support/listening-app';
import { connectTerminal } from '../../test-support/mqtt-terminal';
import { brokerModes } from '../../test-support/test-app';
import { waitFor } from '../../test-support/wait';

const until = (check: () => Promise<boolean>, what: string) => waitFor(check, what, { ms: 5_000 });

describe.each(brokerModes())('device gateway ($name)', ({ name, env }) => {
  const external = name === 'external broker';
  let world: ListeningApp;
  let call: ReturnType<typeof callAs>;
  let key: string;
  const prefix = runPrefix(name, 'GW', 'EXT');
  const sn = snSeries(prefix);
  const secrets = new Map<string, string>();
  const logLines: string[] = [];

  const enroll = async (s: string, enrollmentKey = key) =>
    world.t.app.inject({ method: 'POST', url: '/device/v1/agent/enroll', payload: { sn: s, enrollmentKey } });
  const row = async (s: string) =>
    (await world.t.database.db.select().from(terminals).where(eq(terminals.sn, s)))[0];

  beforeAll(async () => {
    world = await openListeningApp('gateway', {
      broker: true,
      env: { ...env, LOG_LEVEL: 'warn' },
      logStream: { write: (line) => logLines.push(line) },
      gateway: { sweepMs: 3_600_000, flushMs: 50 },
    });
    const { t, admin } = world;
    call = callAs(t, admin.token);
    const f = await createFleetFixtures(t, admin.userId);
    for (let i = 1; i <= 5; i++)
      await call('POST', '/device/v1/device/terminal/addOrUpdate', {
        sn: sn(i),
        name: `T${i}`,
        modelId: f.model.id,
        groupId: f.group.id,
        storeName: 'Store',
        mac: `00:00:00:00:0${i}:01`,
      });
    key = await rotateEnrollmentKey(t, admin.token);
  });
  afterAll(() => world.t.close());

  it('enrolls a registered SN with the enterprise key, activating it; refuses a wrong key or an unknown SN', async () => {
    const wrongKey = await enroll(sn(1), 'ek_wrong-key-wrong-key');
    const unknown = await enroll('NOSUCHSN01');
    expect(wrongKey.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual(wrongKey.json());
    const wrongMac = await world.t.app.inject({
      method: 'POST',
      url: '/device/v1/agent/enroll',
      payload: { sn: sn(1), enrollmentKey: key, mac: '00:00:00:00:09:09' },
    });
    expect(wrongMac.statusCode).toBe(409);
    expect((await row(sn(1))).secretHash).toBeNull();
    for (let i = 1; i <= 5; i++) {
      const res = await enroll(sn(i));
      expect(res.json().code).toBe(1);
      secrets.set(sn(i), res.json().result.secret);
    }
    const first = await row(sn(1));
    expect(first.status).toBe('activated');
    expect(first.activationDate).not.toBeNull();
  });

  it('takes hello and heartbeats over HTTP, writing heartbeats in batches, and turns the terminal online', async () => {
    const auth = deviceAuth(sn(1), secrets.get(sn(1)) as string);
    const hello = await world.t.app.inject({
      method: 'POST',
      url: '/device/v1/agent/hello',
      headers: auth,
      payload: {
        model: 'P2',
        osVersion: 'Android 11',
        hardware: { cpu: 'A53', memoryMb: 2048 },
        apps: [{ packageName: 'a.b' }],
      },
    });
    expect(hello.json().result).toEqual({ accepted: true });
    for (const battery of [80, 79, 10]) {
      const hb = await world.t.app.inject({
        method: 'POST',
        url: '/device/v1/agent/heartbeat',
        headers: auth,
        payload: { battery, ip: '10.0.0.5' },
      });
      expect(hb.json().result.heartbeatIntervalSec).toBe(30);
    }
    await world.t.agent.flush();
    const r = await row(sn(1));
    expect(r).toMatchObject({ online: true, battery: 10, ip: '10.0.0.5', osVersion: 'Android 11' });
    expect(r.hardware).toMatchObject({ cpu: 'A53' });
    const warnings = await world.t.database.db
      .select()
      .from(terminalWarnings)
      .where(eq(terminalWarnings.terminalId, r.id));
    expect(warnings.map((w) => w.kind)).toEqual(['lowBattery']);
    const detail = await call('GET', `/device/v1/device/terminal/getBySn?sn=${sn(1)}`);
    expect(detail.body.result).toMatchObject({ online: true, enrolled: true, osVersion: 'Android 11' });
  });

  it('refuses a terminal using another terminal SN with its own secret', async () => {
    const res = await world.t.app.inject({
      method: 'POST',
      url: '/device/v1/agent/heartbeat',
      headers: deviceAuth(sn(2), secrets.get(sn(1)) as string),
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });

  it('turns silent terminals offline after the heartbeat timeout', async () => {
    world.t.clock.advance(91_000);
    await world.t.agent.sweep();
    expect((await row(sn(1))).online).toBe(false);
    const page = await call('GET', `/device/v1/device/terminal/getPage?sn=${prefix}&online=true`);
    expect(page.body.result).toMatchObject({ total: 0 });
  });

  it.skipIf(external)(
    'lets a terminal use only its own topics on the embedded broker, with online state from the connection',
    async () => {
      const s2 = sn(2);
      const url = world.t.broker?.tcpPort() ? `mqtt://127.0.0.1:${world.t.broker.tcpPort()}` : world.wsUrl;
      await expect(
        mqtt.connectAsync(url, { username: s2, password: 'wrong', reconnectPeriod: 0, connectTimeout: 3000 }),
      ).rejects.toThrow();
      const device = await connectTerminal(url, {
        clientId: `sim-${s2}`,
        username: s2,
        password: secrets.get(s2),
        reconnectPeriod: 0,
        will: {
          topic: `cpm/dev/${s2}/up/status`,
          payload: Buffer.from('{"online":false}'),
          qos: 1,
          retain: false,
        },
      });
      await device.subscribeAsync(`cpm/dev/${s2}/down/#`);
      await expect(device.subscribeAsync(`cpm/dev/${sn(3)}/down/#`)).rejects.toThrow(/Subscribe error/);
      await device.publishAsync(`cpm/dev/${s2}/up/hello`, JSON.stringify({ osVersion: 'Android 12' }), {
        qos: 1,
      });
      await device.publishAsync(`cpm/dev/${s2}/up/heartbeat`, JSON.stringify({ battery: 55 }), { qos: 1 });
      // Malformed: not JSON, wrong shape. Each is dropped and counted; the terminal stays connected. (The
      // embedded broker refuses an oversized message itself: see broker.test.ts.)
      const before = world.t.agent.stats().malformed;
      await device.publishAsync(`cpm/dev/${s2}/up/heartbeat`, 'not json', { qos: 1 });
      await device.publishAsync(`cpm/dev/${s2}/up/location`, JSON.stringify({ lat: 500 }), { qos: 1 });
      await until(async () => world.t.agent.stats().malformed >= before + 2, 'malformed count');
      await until(async () => {
        await world.t.agent.flush();
        return (await row(s2)).online && (await row(s2)).osVersion === 'Android 12';
      }, 'online over MQTT');
      // Log on request: the command reaches the terminal's own down topic, the answer lands on the detail page.
      const got = new Promise<{ requestId: string }>((resolve) =>
        device.on('message', (_t, p) => resolve(JSON.parse(p.toString()))),
      );
      await call('POST', '/device/v1/device/terminal/requestLog', { sn: s2 });
      const { requestId } = await got;
      await device.publishAsync(`cpm/dev/${s2}/up/output`, JSON.stringify({ requestId, text: 'log line' }), {
        qos: 1,
      });
      await until(
        async () =>
          ((await call('GET', `/device/v1/device/terminal/logs?sn=${s2}`)).body.result as unknown[])
            .length === 1,
        'log',
      );
      // Publishing as another terminal is refused and disconnects the offender; its will then marks it offline.
      const closed = new Promise((resolve) => device.once('close', () => resolve(null)));
      device.publish(`cpm/dev/${sn(3)}/up/heartbeat`, '{}', { qos: 1 });
      await closed;
      await until(async () => !(await row(s2)).online, 'offline from the will');
      expect((await row(sn(3))).online).toBe(false);
      device.end(true);
    },
  );

  it.runIf(external)(
    'refuses terminal logins on the server /mqtt when an external broker serves terminals',
    async () => {
      await expect(
        mqtt.connectAsync(world.wsUrl, {
          username: sn(2),
          password: secrets.get(sn(2)),
          reconnectPeriod: 0,
          connectTimeout: 3000,
        }),
      ).rejects.toThrow();
    },
  );

  it.runIf(external)('handles terminal messages arriving through the external broker', async () => {
    const s3 = sn(3);
    const device = await mqtt.connectAsync(process.env.TEST_MQTT_URL as string, { reconnectPeriod: 0 });
    const before = world.t.agent.stats().malformed;
    await device.publishAsync(`cpm/dev/${s3}/up/heartbeat`, JSON.stringify({ battery: 66 }), { qos: 1 });
    await device.publishAsync(`cpm/dev/${s3}/up/heartbeat`, '{broken', { qos: 1 });
    // An external broker may let an oversized message through; the gateway still drops and counts it.
    const oversized = JSON.stringify({ battery: 1, ip: 'x'.repeat(DEVICE_PROTOCOL.maxPayloadBytes) });
    await device.publishAsync(`cpm/dev/${s3}/up/heartbeat`, oversized, { qos: 1 });
    await until(async () => world.t.agent.stats().malformed >= before + 2, 'malformed count');
    await until(async () => {
      await world.t.agent.flush();
      return (await row(s3)).battery === 66;
    }, 'heartbeat via external broker');
    expect((await row(s3)).online).toBe(true);
    await device.endAsync();
  });

  it('drops and counts what a terminal sends beyond its rate limit, logging it once', async () => {
    const s5 = sn(5);
    const device = external
      ? await mqtt.connectAsync(process.env.TEST_MQTT_URL as string, { reconnectPeriod: 0 })
      : await connectTerminal(world.wsUrl, { username: s5, password: secrets.get(s5), reconnectPeriod: 0 });
    // Closed whatever happens: a client left connected would hold up the app's close.
    onTestFinished(() => device.endAsync(true));
    const topic = `cpm/dev/${s5}/up/heartbeat`;
    const before = world.t.agent.stats();
    // Small messages each cost the minimum, so this many fill the burst exactly (the test clock stands still).
    const { burstBytes, minMessageBytes } = DEVICE_PROTOCOL.rateLimit;
    const fit = burstBytes / minMessageBytes;
    const beats = Array.from({ length: fit }, () => JSON.stringify({ battery: 50 }));
    const beyond = [7, 8, 9].map((battery) => JSON.stringify({ battery }));
    await Promise.all([...beats, ...beyond].map((body) => device.publishAsync(topic, body, { qos: 1 })));
    // Every message is counted once handled, accepted or dropped: once all are, none can still arrive.
    const handled = () => {
      const now = world.t.agent.stats();
      return now.accepted - before.accepted + now.rateLimited - before.rateLimited;
    };
    await until(async () => handled() >= beats.length + beyond.length, 'every message handled');
    expect(world.t.agent.stats().rateLimited - before.rateLimited).toBe(beyond.length);
    expect(world.t.agent.stats().accepted - before.accepted).toBe(fit);
    await world.t.agent.flush();
    expect((await row(s5)).battery).toBe(50);
    const reports = logLines.filter((line) => line.includes(`"sn":"${s5}"`) && line.includes('rate limit'));
    expect(reports).toHaveLength(1);
  });

  it('handles a heartbeat from a terminal it knows at once, leaving nothing to wait for', async () => {
    const s2 = sn(2);
    const topic = `cpm/dev/${s2}/up/heartbeat`;
    // Who the terminal is, read from the database on its first message after it was forgotten...
    world.t.agent.forgetLocally([s2]);
    const first = world.t.agent.handleMessage(topic, Buffer.from(JSON.stringify({ battery: 41 })));
    expect(first).toBeInstanceOf(Promise);
    await first;
    // ...and known from then on: checked, validated and queued for the writer before the call returns.
    const before = world.t.agent.stats().accepted;
    expect(world.t.agent.handleMessage(topic, Buffer.from(JSON.stringify({ battery: 42 })))).toBeUndefined();
    expect(world.t.agent.stats().accepted).toBe(before + 1);
    // A malformed heartbeat is dropped the same way, at once.
    const malformed = world.t.agent.stats().malformed;
    expect(
      world.t.agent.handleMessage(topic, Buffer.from(JSON.stringify({ battery: 'full' }))),
    ).toBeUndefined();
    expect(world.t.agent.stats().malformed).toBe(malformed + 1);
    await world.t.agent.flush();
    expect((await row(s2)).battery).toBe(42);
  });

  it('stores a heartbeat as its terminal wrote it, and no heartbeat can fail its batch for the others', async () => {
    const [s1, s2, s3, s4] = [sn(1), sn(2), sn(3), sn(4)];
    const send = (s: string, text: string | Buffer) =>
      world.t.agent.handleMessage(`cpm/dev/${s}/up/heartbeat`, Buffer.from(text));
    // A terminal heard from twice before a write: its later heartbeat is what is written.
    await send(s1, '{"battery":10,"ip":"10.0.0.9","storageFreeMb":3}');
    // Written as sent: integral numbers in any JSON spelling; an unknown key is dropped by the contract.
    await send(s1, '{ "battery": 5.0e0, "ip": "10.0.0.1", "uptimeSec": 7 }');
    await send(s2, JSON.stringify({ battery: 64, ip: '10.0.0.2', extra: 'dropped' }));
    // jsonb refuses the NUL escape and a lone surrogate: this one is written without its NUL and with
    // U+FFFD for the surrogate, other escapes are read as they mean, and the batch goes through.
    await send(s3, '{"battery":77,"ip":"a\\u0000b\\ud800\\u0031"}');
    // PostgreSQL refuses bytes that are not UTF-8: this one is written as JSON.parse read it.
    await send(
      s4,
      Buffer.concat([Buffer.from('{"battery":42,"ip":"a'), Buffer.from([0xff]), Buffer.from('b"}')]),
    );
    // So does a hello, which is batched the same way.
    await world.t.agent.handleMessage(
      `cpm/dev/${s3}/up/hello`,
      Buffer.from(JSON.stringify({ osVersion: '13\u0000.1', agentVersion: '2.0.0' })),
    );
    await world.t.agent.flush();
    expect(await row(s1)).toMatchObject({
      battery: 5,
      ip: '10.0.0.1',
      metrics: { battery: 5, ip: '10.0.0.1', uptimeSec: 7 },
    });
    expect(await row(s2)).toMatchObject({ battery: 64, metrics: { battery: 64, ip: '10.0.0.2' } });
    expect((await row(s2)).metrics).not.toHaveProperty('extra');
    expect((await row(s1)).metrics).toEqual({ battery: 5, ip: '10.0.0.1', uptimeSec: 7 });
    expect(await row(s3)).toMatchObject({
      battery: 77,
      ip: 'ab\ufffd1',
      osVersion: '13.1',
      agentVersion: '2.0.0',
    });
    expect(await row(s4)).toMatchObject({ battery: 42, ip: 'a\ufffdb' });
  });

  it('still writes what a terminal sent just before it went offline, without marking it online again', async () => {
    const s2 = sn(2);
    const send = (kind: string, body: object) =>
      world.t.agent.handleMessage(`cpm/dev/${s2}/up/${kind}`, Buffer.from(JSON.stringify(body)));
    await send('heartbeat', { battery: 60 });
    await world.t.agent.flush();
    expect((await row(s2)).online).toBe(true);
    await send('heartbeat', { battery: 33 });
    await send('status', { online: false });
    await world.t.agent.flush();
    expect(await row(s2)).toMatchObject({ online: false, battery: 33 });
    // Its next sign of life brings it back.
    await send('heartbeat', { battery: 34 });
    await world.t.agent.flush();
    expect(await row(s2)).toMatchObject({ online: true, battery: 34 });
  });

  it('answers the external broker auth calls in Mosquitto go-auth and EMQX formats', async () => {
    const s4 = sn(4);
    const secret = secrets.get(s4) as string;
    const post = (url: string, payload: object) => world.t.app.inject({ method: 'POST', url, payload });
    expect(
      (await post('/device/v1/broker/mosquitto/user', { username: s4, password: secret })).statusCode,
    ).toBe(200);
    expect(
      (await post('/device/v1/broker/mosquitto/user', { username: s4, password: 'nope' })).statusCode,
    ).toBe(403);
    expect((await post('/device/v1/broker/mosquitto/superuser', { username: s4 })).statusCode).toBe(403);
    const acl = (topic: string, acc: number) =>
      post('/device/v1/broker/mosquitto/acl', { username: s4, topic, acc });
    expect((await acl(`cpm/dev/${s4}/up/heartbeat`, 2)).statusCode).toBe(200);
    expect((await acl(`cpm/dev/${sn(1)}/up/heartbeat`, 2)).statusCode).toBe(403);
    expect((await acl(`cpm/dev/${s4}/down/#`, 4)).statusCode).toBe(200);
    expect((await acl(`cpm/dev/${s4}/down/cmd`, 1)).statusCode).toBe(200);
    expect((await acl('cpm/dev/+/down/#', 4)).statusCode).toBe(403);
    const emqx = await post('/device/v1/broker/emqx/authenticate', {
      username: s4,
      password: secret,
      clientid: 'x',
    });
    expect(emqx.json()).toEqual({ result: 'allow', is_superuser: false });
    const denied = await post('/device/v1/broker/emqx/authenticate', { username: s4, password: 'no' });
    expect(denied.json().result).toBe('deny');
    const pub = await post('/device/v1/broker/emqx/authorize', {
      username: s4,
      topic: `cpm/dev/${s4}/up/event`,
      action: 'publish',
    });
    expect(pub.json()).toEqual({ result: 'allow' });
    const sub = await post('/device/v1/broker/emqx/authorize', {
      username: s4,
      topic: 'cpm/user/x/#',
      action: 'subscribe',
    });
    expect(sub.json()).toEqual({ result: 'deny' });
  });

  it('keeps serving a console user on /mqtt beside terminals', async () => {
    const client = await mqtt.connectAsync(world.wsUrl, {
      username: 'console',
      password: world.admin.token,
      reconnectPeriod: 0,
    });
    await client.endAsync();
  });
});
