import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { FleetEventSchema, systemTopics, terminalTopic, userFilters } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../app';
import type { Database } from '../../db/client';
import { terminals } from '../../db/schema';
import { createAccount } from '../../test-support/accounts';
import {
  callAs,
  createFleetFixtures,
  deviceAuth,
  enrollSn,
  rotateEnrollmentKey,
} from '../../test-support/fleet-fixtures';
import { connectTerminal as connectMqttTerminal } from '../../test-support/mqtt-terminal';
import {
  ADMIN_PASSWORD,
  brokerModes,
  createTestApp,
  createTestClock,
  loginAs,
  openTestDatabase,
  type TestApp,
  testConfig,
} from '../../test-support/test-app';
import { IDENTITY_TTL_MS } from '../agent/identity-cache';

// Fleet events leave at most once a second, so a live event may take a little over that to arrive.
const LIVE = { timeout: 8_000, interval: 25 };

type Heard = { sn: string; kind: string };

/** A console tab of one user on an instance's `/mqtt`, keeping every terminal change it hears. */
const openConsole = async (wsUrl: string, token: string, userId: string) => {
  const client = await mqtt.connectAsync(wsUrl, { username: 'console', password: token, reconnectPeriod: 0 });
  const heard: Heard[] = [];
  client.on('message', (_topic, payload) => {
    for (const c of FleetEventSchema.parse(JSON.parse(payload.toString())).changes)
      heard.push({ sn: c.sn, kind: c.kind });
  });
  await client.subscribeAsync(userFilters.all(userId), { qos: 1 });
  return { client, heard };
};

/** Console tabs of both enterprises' users; their connections are closed with the test's others. */
const openBothConsoles = async (
  wsUrl: string,
  ents: { entA: { token: string; id: string }; entB: { token: string; id: string } },
  closers: (() => Promise<unknown>)[],
) => {
  const a = await openConsole(wsUrl, ents.entA.token, ents.entA.id);
  const b = await openConsole(wsUrl, ents.entB.token, ents.entB.id);
  closers.push(
    () => a.client.endAsync(),
    () => b.client.endAsync(),
  );
  return { a, b };
};

/** Whatever `heard` gained from `from` on. */
const since = (heard: Heard[], from: number) => heard.slice(from);

/** Two enterprises, the administrator's enrollment key, and two enrolled terminals owned by the first. */
const createFleet = async (app: Pick<App, 'app' | 'database'>) => {
  const run = randomUUID().slice(0, 6).toUpperCase();
  const admin = await loginAs(app.app, 'admin', ADMIN_PASSWORD);
  const call = callAs(app as TestApp, admin.token);
  // Below the administrator, so the administrator's enrollment key enrolls their terminals.
  const entA = await createAccount(app as TestApp, {
    username: `ent_a_${run.toLowerCase()}`,
    superiorId: admin.userId,
  });
  const entB = await createAccount(app as TestApp, {
    username: `ent_b_${run.toLowerCase()}`,
    superiorId: admin.userId,
  });
  const { model, group } = await createFleetFixtures(app as TestApp, admin.userId);
  const enrollmentKey = await rotateEnrollmentKey(app as TestApp, admin.token);
  const fields = (sn: string, i: number) => ({
    sn,
    name: sn,
    modelId: model.id,
    groupId: group.id,
    storeName: 'Store',
    mac: `02:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}:00:0${i}`,
  });
  const made: { sn: string; id: string; secret: string; fields: ReturnType<typeof fields> }[] = [];
  for (const [i, sn] of [`MV${run}01`, `MV${run}02`].entries()) {
    const saved = await call('POST', '/device/v1/device/terminal/addOrUpdate', {
      ...fields(sn, i),
      ownerId: entA.id,
    });
    expect(saved.body.code).toBe(1);
    made.push({
      sn,
      id: (saved.body.result as { id: string }).id,
      secret: await enrollSn(app as TestApp, sn, enrollmentKey),
      fields: fields(sn, i),
    });
  }
  const [moved, sentinel] = made;
  /** Gives a terminal to another enterprise through the console's edit call. */
  const giveTo = async (ownerId: string, as = call) => {
    const res = await as('POST', '/device/v1/device/terminal/addOrUpdate', {
      id: moved.id,
      ...moved.fields,
      ownerId,
    });
    expect(res.body.code).toBe(1);
  };
  return { admin, call, entA, entB, moved, sentinel, giveTo };
};

/** A terminal event over the HTTP fallback of the device protocol. */
const bootOverHttp = async (app: App['app'], t: { sn: string; secret: string }) => {
  const res = await app.inject({
    method: 'POST',
    url: '/device/v1/agent/event',
    headers: deviceAuth(t.sn, t.secret),
    payload: { type: 'boot' },
  });
  return res.statusCode;
};

describe.each(brokerModes())('a terminal given to another enterprise ($name)', ({ env }) => {
  let t: TestApp;
  let wsUrl: string;
  let fleet: Awaited<ReturnType<typeof createFleet>>;
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      broker: true,
      env,
      gateway: { sweepMs: 3_600_000, flushMs: 50, fleetEventsMs: 50 },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mqtt`;
    fleet = await createFleet(t);
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await t.close();
  });

  /** A terminal on MQTT: the embedded broker's `/mqtt`, or the external broker itself. */
  const connectTerminal = async (sn: string, secret: string) => {
    const client = await connectMqttTerminal(env.MQTT_URL ?? wsUrl, {
      clientId: `sim-${sn}`,
      username: sn,
      password: secret,
      reconnectPeriod: 0,
    });
    closers.push(() => client.endAsync());
    return {
      boot: () =>
        client.publishAsync(terminalTopic(sn, 'up', 'event'), JSON.stringify({ type: 'boot' }), { qos: 1 }),
    };
  };

  it("sends the terminal's next live event to the new owner's users and none to the old owner's", async () => {
    const { entA, entB, moved, sentinel, giveTo } = fleet;
    const { a, b } = await openBothConsoles(wsUrl, { entA, entB }, closers);
    const movedTerminal = await connectTerminal(moved.sn, moved.secret);
    const sentinelTerminal = await connectTerminal(sentinel.sn, sentinel.secret);

    // The gateway has now looked the terminal up, and the old owner hears it: its boot, and its coming
    // online (which may be sent after the boot), so nothing from before the move arrives after it.
    await movedTerminal.boot();
    await vi.waitFor(() => expect(a.heard).toContainEqual({ sn: moved.sn, kind: 'boot' }), LIVE);
    await vi.waitFor(() => expect(a.heard).toContainEqual({ sn: moved.sn, kind: 'online' }), LIVE);

    await giveTo(entB.id);
    const fromA = a.heard.length;
    await movedTerminal.boot();
    await vi.waitFor(() => expect(b.heard).toContainEqual({ sn: moved.sn, kind: 'boot' }), LIVE);

    // Sentinel: the old owner's next event arrives after anything the moved terminal could have sent it.
    await sentinelTerminal.boot();
    await vi.waitFor(
      () => expect(since(a.heard, fromA)).toContainEqual({ sn: sentinel.sn, kind: 'boot' }),
      LIVE,
    );
    expect(since(a.heard, fromA).filter((h) => h.sn === moved.sn)).toEqual([]);
    expect(b.heard.filter((h) => h.sn === sentinel.sn)).toEqual([]);
  });

  it('reads the owner again once the cached identity expires, even when nobody announced the change', async () => {
    const { entA, entB, moved, sentinel } = fleet;
    const { a, b } = await openBothConsoles(wsUrl, { entA, entB }, closers);
    expect(await bootOverHttp(t.app, moved)).toBe(200);
    await vi.waitFor(() => expect(b.heard).toContainEqual({ sn: moved.sn, kind: 'boot' }), LIVE);

    // Straight in the database: no edit call, so no instance is told.
    await t.database.db.update(terminals).set({ ownerId: entA.id }).where(eq(terminals.id, moved.id));
    t.clock.advance(IDENTITY_TTL_MS + 1);
    const fromB = b.heard.length;
    expect(await bootOverHttp(t.app, moved)).toBe(200);
    await vi.waitFor(() => expect(a.heard).toContainEqual({ sn: moved.sn, kind: 'boot' }), LIVE);

    await t.database.db.update(terminals).set({ ownerId: entB.id }).where(eq(terminals.id, sentinel.id));
    t.clock.advance(IDENTITY_TTL_MS + 1);
    expect(await bootOverHttp(t.app, sentinel)).toBe(200);
    await vi.waitFor(
      () => expect(since(b.heard, fromB)).toContainEqual({ sn: sentinel.sn, kind: 'boot' }),
      LIVE,
    );
    expect(since(b.heard, fromB).filter((h) => h.sn === moved.sn)).toEqual([]);
  });

  it('stops hearing a terminal the moment it is logged off', async () => {
    const { call, moved } = fleet;
    expect(await bootOverHttp(t.app, moved)).toBe(200);
    const res = await call('POST', '/device/v1/device/terminal/addOrUpdate', {
      id: moved.id,
      ...moved.fields,
      status: 'loggedOff',
    });
    expect(res.body.code).toBe(1);
    expect(await bootOverHttp(t.app, moved)).toBe(401);
  });
});

// Two instances need a broker they both reach as MQTT 5 clients: the external one (the embedded Aedes speaks 3.1.1).
const sharedBrokerUrl = process.env.TEST_MQTT_URL;

describe.skipIf(!sharedBrokerUrl)('a terminal given to another enterprise on one of two instances', () => {
  let database: Database;
  let first: App;
  let second: App;
  const clock = createTestClock();
  const closers: (() => Promise<unknown>)[] = [];

  const startInstance = async () => {
    const built = await buildApp({
      config: testConfig({ MQTT_URL: sharedBrokerUrl ?? '' }),
      database,
      clock,
      broker: true,
      gateway: { sweepMs: 3_600_000, flushMs: 50, fleetEventsMs: 50 },
    });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    return built;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    first = await startInstance();
    second = await startInstance();
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await first?.app.close();
    await second?.app.close();
    await database?.close();
  });

  it("reaches the new owner's users from the instance that had cached the old owner", async () => {
    const { entA, entB, moved, sentinel, giveTo } = await createFleet(first);
    const wsUrl = `ws://127.0.0.1:${(first.app.server.address() as AddressInfo).port}/mqtt`;
    const { a, b } = await openBothConsoles(wsUrl, { entA, entB }, closers);

    // The second instance serves the terminal and caches who owns it; its events reach the first's /mqtt.
    expect(await bootOverHttp(second.app, moved)).toBe(200);
    await vi.waitFor(() => expect(a.heard).toContainEqual({ sn: moved.sn, kind: 'boot' }), LIVE);
    await vi.waitFor(() => expect(a.heard).toContainEqual({ sn: moved.sn, kind: 'online' }), LIVE);

    // The change is made on the first instance; the second hears about it through the broker.
    const heardBySecond: string[] = [];
    await second.broker?.subscribe(systemTopics.terminalChanged, (_topic, payload) =>
      heardBySecond.push(...(JSON.parse(payload.toString()) as { sns: string[] }).sns),
    );
    await giveTo(entB.id);
    await vi.waitFor(() => expect(heardBySecond).toContain(moved.sn), LIVE);

    const fromA = a.heard.length;
    expect(await bootOverHttp(second.app, moved)).toBe(200);
    await vi.waitFor(() => expect(b.heard).toContainEqual({ sn: moved.sn, kind: 'boot' }), LIVE);
    expect(await bootOverHttp(second.app, sentinel)).toBe(200);
    await vi.waitFor(
      () => expect(since(a.heard, fromA)).toContainEqual({ sn: sentinel.sn, kind: 'boot' }),
      LIVE,
    );
    expect(since(a.heard, fromA).filter((h) => h.sn === moved.sn)).toEqual([]);
  });
});
