import type { AddressInfo } from 'node:net';
import { FleetEventSchema, terminalTopic, userFilters } from '@cpm/contracts';
import { eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from './app';
import { type Database, openDatabase } from './db/client';
import { sessions } from './modules/auth/auth.table';
import { sha256 } from './shared/crypto';
import { callAs, createFleetFixtures, deviceAuth, enrolledTerminals } from './test-support/fleet-fixtures';
import { ADMIN_PASSWORD, loginAs, openTestDatabase, type TestApp, testConfig } from './test-support/test-app';

// One PostgreSQL and one external broker shared by two server instances, as behind a load balancer.
const databaseUrl = process.env.TEST_DATABASE_URL;
const brokerUrl = process.env.TEST_MQTT_URL;
// Fleet events leave at most once a second, so a live event may take a little over that to arrive.
const LIVE = { timeout: 10_000, interval: 25 };

describe.skipIf(!databaseUrl || !brokerUrl)('two server instances on one PostgreSQL and one broker', () => {
  let shared: Database;
  let secondPool: Database;
  let first: App;
  let second: App;
  const closers: (() => Promise<unknown>)[] = [];
  // A share group of this run's own, so instances of another test run on the same broker are not in it.
  const shareGroup = `cpm-test-${process.pid}-${Date.now().toString(36)}`;
  const run = Date.now().toString(36).toUpperCase();
  const macRun = (Date.now() % 256).toString(16).padStart(2, '0');

  const start = async (database: Database) => {
    const built = await buildApp({
      config: testConfig({ MQTT_URL: brokerUrl ?? '', MQTT_SHARE_GROUP: shareGroup }),
      database,
      broker: true,
      gateway: { sweepMs: 3_600_000, flushMs: 50, fleetEventsMs: 50 },
    });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    return built;
  };
  const wsUrl = (app: App) => `ws://127.0.0.1:${(app.app.server.address() as AddressInfo).port}/mqtt`;

  /** A console tab on an instance's `/mqtt`, keeping what it hears on the user's topics. */
  const openConsole = async (app: App, token: string, userId: string) => {
    const client = await mqtt.connectAsync(wsUrl(app), {
      username: 'console',
      password: token,
      reconnectPeriod: 0,
    });
    closers.push(() => client.endAsync());
    const heard: { topic: string; payload: string }[] = [];
    client.on('message', (topic, payload) => heard.push({ topic, payload: payload.toString() }));
    await client.subscribeAsync(userFilters.all(userId), { qos: 1 });
    const changes = () =>
      heard
        .filter((h) => h.topic.endsWith('/device'))
        .flatMap((h) => FleetEventSchema.parse(JSON.parse(h.payload)).changes);
    return { heard, changes };
  };

  /** Registers and enrolls a terminal through the first instance; answers its secret. */
  const enrolled = async (
    sn: string,
    i: number,
    fixtures: { model: { id: string }; group: { id: string } },
  ) => {
    const admin = await loginAs(first.app, 'admin', ADMIN_PASSWORD);
    const account = { id: admin.userId, token: admin.token };
    const terminal = { sn, name: sn, mac: `02:00:00:${macRun}:00:0${i}` };
    return (await enrolledTerminals(first as TestApp, account, [terminal], fixtures)).secrets.get(
      sn,
    ) as string;
  };

  let fixtures: { model: { id: string }; group: { id: string } };

  beforeAll(async () => {
    shared = await openTestDatabase();
    // The second instance gets a pool of its own on the same database, as a second process would.
    const [{ name }] = (
      (await shared.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows;
    const url = new URL(databaseUrl ?? '');
    url.pathname = `/${name}`;
    first = await start(shared);
    secondPool = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    second = await start(secondPool);
    const admin = await loginAs(first.app, 'admin', ADMIN_PASSWORD);
    fixtures = await createFleetFixtures(first as TestApp, admin.userId);
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await second?.app.close();
    await first?.app.close();
    await secondPool?.close();
    await shared?.close();
  });

  it('shows a console on one instance a terminal that came online through the other', async () => {
    const sn = `TWO${run}01`;
    const secret = await enrolled(sn, 1, fixtures);
    const admin = await loginAs(second.app, 'admin', ADMIN_PASSWORD);
    const onSecond = await openConsole(second, admin.token, admin.userId);

    const hello = await first.app.inject({
      method: 'POST',
      url: '/device/v1/agent/hello',
      headers: deviceAuth(sn, secret),
      payload: { model: 'P2', osVersion: 'Android 11' },
    });
    expect(hello.json().result).toEqual({ accepted: true });
    await vi.waitFor(
      () => expect(onSecond.changes()).toContainEqual(expect.objectContaining({ sn, kind: 'online' })),
      LIVE,
    );
    // And the second instance's API reads it online from the shared database.
    await first.agent.flush();
    const found = await callAs(second as TestApp, admin.token)(
      'GET',
      `/device/v1/device/terminal/getBySn?sn=${sn}`,
    );
    expect(found.body.result).toMatchObject({ sn, online: true });
  });

  it('shows a terminal connected to the broker itself online on both instances, handled by one of them', async () => {
    const sn = `TWO${run}02`;
    const secret = await enrolled(sn, 2, fixtures);
    const admin = await loginAs(first.app, 'admin', ADMIN_PASSWORD);
    const onFirst = await openConsole(first, admin.token, admin.userId);
    const adminOnSecond = await loginAs(second.app, 'admin', ADMIN_PASSWORD);
    const onSecond = await openConsole(second, adminOnSecond.token, adminOnSecond.userId);

    // Which instance takes each of the terminal's messages, by the heartbeat's battery figure.
    const takenBy = { first: [] as number[], second: [] as number[] };
    for (const [name, app] of [
      ['first', first],
      ['second', second],
    ] as const) {
      const handle = app.agent.handleMessage.bind(app.agent);
      vi.spyOn(app.agent, 'handleMessage').mockImplementation(async (topic, payload) => {
        if (topic.includes(`/${sn}/up/heartbeat`)) takenBy[name].push(JSON.parse(payload.toString()).battery);
        return handle(topic, payload);
      });
    }
    const terminal = await mqtt.connectAsync(brokerUrl ?? '', {
      clientId: sn,
      username: sn,
      password: secret,
      protocolVersion: 5,
      reconnectPeriod: 0,
    });
    closers.push(() => terminal.endAsync());
    const count = 40;
    for (let battery = 1; battery <= count; battery++)
      await terminal.publishAsync(terminalTopic(sn, 'up', 'heartbeat'), JSON.stringify({ battery }), {
        qos: 1,
      });

    for (const console of [onFirst, onSecond])
      await vi.waitFor(
        () => expect(console.changes()).toContainEqual(expect.objectContaining({ sn, kind: 'online' })),
        LIVE,
      );
    // The broker shares the messages between the instances: both take some, and together every one, once.
    // Without sharing each instance takes all of them in order, so both would have taken the first.
    await vi.waitFor(() => {
      expect(takenBy.first.length).toBeGreaterThan(0);
      expect(takenBy.second.length).toBeGreaterThan(0);
      expect(new Set([...takenBy.first, ...takenBy.second]).size).toBe(count);
    }, LIVE);
    expect(takenBy.first.filter((b) => takenBy.second.includes(b))).toEqual([]);
    expect(takenBy.first.length + takenBy.second.length).toBe(count);
  });

  it('delivers a message published on one instance to its recipient connected to the other', async () => {
    const admin = await loginAs(first.app, 'admin', ADMIN_PASSWORD);
    const onSecond = await openConsole(
      second,
      (await loginAs(second.app, 'admin', ADMIN_PASSWORD)).token,
      admin.userId,
    );
    const call = callAs(first as TestApp, admin.token);
    const saved = await call('POST', '/upms/v1/upms/sysMsg/addOrUpdate', {
      title: `Across instances ${run}`,
      content: '<p>hello</p>',
      scope: 'users',
      targetIds: [admin.userId],
    });
    expect(saved.body.code, saved.body.messageEn).toBe(1);
    const id = (saved.body.result as { id: string }).id;
    expect((await call('POST', `/upms/v1/upms/sysMsg/publish?id=${id}`)).body.code).toBe(1);
    await first.noticesIdle();
    await vi.waitFor(
      () => expect(onSecond.heard.map((h) => h.topic)).toContain(`cpm/user/${admin.userId}/notice`),
      LIVE,
    );
    // The second instance lists it unread for the recipient.
    const box = await callAs(second as TestApp, admin.token)(
      'GET',
      '/upms/v1/upms/sysMsgUser/findPageList?current=1&size=10&read=false',
    );
    expect(box.body.result).toMatchObject({
      records: expect.arrayContaining([expect.objectContaining({ id })]),
    });
  });

  it('closes the connections a session holds on the other instance when it ends on this one', async () => {
    const session = await loginAs(second.app, 'admin', ADMIN_PASSWORD);
    const tab = await mqtt.connectAsync(wsUrl(second), {
      username: 'console',
      password: session.token,
      reconnectPeriod: 0,
    });
    closers.push(() => tab.endAsync());
    const tabClosed = new Promise<void>((resolve) => tab.once('close', () => resolve()));
    // A relay controller held by the second instance, as its relay registers one.
    const [row] = await shared.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(session.token)));
    const controllerClosed = new Promise<void>((close) =>
      second.sessionConnections.register({
        kind: 'relayController',
        sessionId: row.id,
        userId: session.userId,
        close,
      }),
    );
    const out = await callAs(first as TestApp, session.token)(
      'GET',
      `/oauth/v1/oauth/login/doLogout?token=${session.token}`,
    );
    expect(out.body.code).toBe(1);
    await Promise.all([tabClosed, controllerClosed]);
  });

  it('tells a terminal heartbeating on one instance of work written through the other', async () => {
    const sn = `TWO${run}05`;
    const secret = await enrolled(sn, 5, fixtures);
    const pending = async () => {
      const res = await second.app.inject({
        method: 'POST',
        url: '/device/v1/agent/heartbeat',
        headers: deviceAuth(sn, secret),
        payload: { battery: 80 },
      });
      return res.json().result.pending as number;
    };
    // The second instance keeps this answer until it hears that the terminal's work changed.
    expect(await pending()).toBe(0);
    const admin = await loginAs(first.app, 'admin', ADMIN_PASSWORD);
    const made = await callAs(first as TestApp, admin.token)('POST', '/task/v1/task/remoteTask/create', {
      name: 'Reboot tonight',
      platform: 'android',
      type: 'reboot',
      targets: { sns: [sn] },
      timing: { expireAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(1);
    await vi.waitFor(async () => expect(await pending()).toBe(1), LIVE);
  });
});
