import { get, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { REMOTE_PROTOCOL, type RemoteDown, type RemoteTicket, relayUrlFor, userTopic } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminals } from '../../db/schema';
import { ACCOUNT_PASSWORD, callApi, createAccount } from '../../test-support/accounts';
import { createFleetFixtures } from '../../test-support/fleet-fixtures';
import { type ListeningApp, openListeningApp, runPrefix, snSeries } from '../../test-support/listening-app';
import { ADMIN_PASSWORD, brokerModes, loginAs } from '../../test-support/test-app';
import { type RelayClient, relayClient } from '../remote/relay-client.testing';
import { roleMenus, roles } from '../roles/roles.table';
import type { SessionConnectionKind } from './session-connections';

type Kind = SessionConnectionKind;
type User = { id: string; token: string; username: string; roleId: string };
const KINDS: Kind[] = ['live', 'stream', 'relayController', 'relayViewer'];
const IDLE_MIN = 30;
const MAX_HOURS = 2;

/**
 * Every long-lived connection a console session opens closes when the session ends, whatever ends
 * it; a relay token issued to the session before is refused after. A role change that takes away the
 * remote desktop closes only what needs it. Before, only `/mqtt` closed, and only on some endings.
 */
describe.each(brokerModes())('connections end with their session ($name)', ({ name, env }) => {
  const prefix = runPrefix(name, 'SEN', 'SE');
  const sn = snSeries(prefix);
  let world: ListeningApp;
  let blobId: string;
  let templateRole: string;
  const downs: { sn: string; message: RemoteDown }[] = [];
  const closers: (() => unknown)[] = [];

  beforeAll(async () => {
    world = await openListeningApp('endings', {
      broker: true,
      env: {
        ...env,
        PUBLIC_URL: 'https://cpm.example.test',
        SESSION_IDLE_MINUTES: String(IDLE_MIN),
        SESSION_MAX_HOURS: String(MAX_HOURS),
      },
      sessionCheckMs: 100,
      // No sweeps: moving the clock must end only the console sessions, not the remote ones.
      gateway: { sweepMs: 3_600_000 },
      jobs: { run: false },
    });
    const { t, admin } = world;
    const f = await createFleetFixtures(t, admin.userId);
    // Two terminals for each ending below (a controller and a viewer).
    for (let i = 1; i <= 2 * endings.length; i++)
      await callApi(t, admin.token, 'POST', '/device/v1/device/terminal/addOrUpdate', {
        sn: sn(i),
        name: `Till ${i}`,
        modelId: f.model.id,
        groupId: f.group.id,
        storeName: 'Store',
        mac: `00:00:00:01:${String(i).padStart(2, '0')}:03`,
      });
    await t.database.db.update(terminals).set({ online: true });
    await t.broker?.subscribe('cpm/dev/+/down/remote', (topic, payload) => {
      downs.push({ sn: topic.split('/')[2], message: JSON.parse(payload.toString()) });
    });
    // Large enough that a reader who stops reading keeps the download open.
    const chunk = Buffer.alloc(1 << 20, 7);
    const blob = await t.blobs.storeUpload({
      kind: 'exportFile',
      name: 'list.bin',
      stream: Readable.from(Array.from({ length: 48 }, () => chunk)),
      ownerId: admin.userId,
      createdBy: admin.userId,
    });
    blobId = blob.id;
    [{ id: templateRole }] = await t.database.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.code, 'enterprise_admin'));
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await world.t.close();
  });

  /** An account with a role of its own (the enterprise administrator's grants over all data). */
  const account = async (username: string): Promise<User> => {
    const [role] = await world.t.database.db
      .insert(roles)
      .values({ code: `${username}_role`, name: username, nameEn: username, dataScope: 'all' })
      .returning();
    const menus = await world.t.database.db
      .select()
      .from(roleMenus)
      .where(eq(roleMenus.roleId, templateRole));
    await world.t.database.db
      .insert(roleMenus)
      .values(menus.map((m) => ({ roleId: role.id, menuId: m.menuId })));
    return { ...(await createAccount(world.t, { username, roleId: role.id })), roleId: role.id };
  };

  const relayClientOf = async (url: string) => {
    const c = await relayClient(url);
    closers.push(() => c.close());
    return c;
  };
  const viewerUrl = (ticket: RemoteTicket) =>
    relayUrlFor({ protocol: 'http:', hostname: '127.0.0.1', host: `127.0.0.1:${world.port}` }, ticket.relay, {
      session: ticket.sessionId,
      token: ticket.token,
    });

  /** A remote session on a terminal that dialled in and agreed, with this session's viewer on it. */
  const relayViewer = async (user: User, terminalSn: string, mode: 'control' | 'view') => {
    const opened = await callApi(world.t, user.token, 'POST', '/remote/v1/remote/session/open', {
      sn: terminalSn,
      mode,
      password: mode === 'control' ? ACCOUNT_PASSWORD : undefined,
    });
    expect(opened.body.code, JSON.stringify(opened.body)).toBe(1);
    const ticket = opened.body.result as RemoteTicket;
    await expect.poll(() => downs.find((d) => d.sn === terminalSn), { timeout: 10_000 }).toBeDefined();
    const down = downs.find((d) => d.sn === terminalSn)?.message as Extract<RemoteDown, { type: 'open' }>;
    const u = new URL(down.url);
    const terminal = await relayClientOf(`ws://127.0.0.1:${world.port}${u.pathname}${u.search}`);
    terminal.send({ t: 'hello', width: 400, height: 300, rotation: 0 });
    terminal.send({ t: 'consent', granted: true });
    const viewer = await relayClientOf(viewerUrl(ticket));
    await viewer.json('state', (d) => d.state === 'active');
    return { viewer, terminal, ticket };
  };

  /** A download the reader has stopped reading: it stays open until the server ends it. */
  const stream = (token: string) =>
    new Promise<{ closed: Promise<boolean>; resume: () => void }>((resolve, reject) => {
      const req = get(
        {
          host: '127.0.0.1',
          port: world.port,
          path: `/file/v1/file/blob/download?id=${blobId}`,
          headers: { satoken: token },
        },
        (res: IncomingMessage) => {
          expect(res.statusCode).toBe(200);
          res.pause();
          res.on('error', () => undefined);
          const closed = new Promise<boolean>((done) => res.once('close', () => done(res.complete)));
          resolve({ closed, resume: () => res.resume() });
        },
      );
      req.on('error', () => undefined);
      req.once('error', reject);
      closers.push(() => req.destroy());
    });

  /** A console tab on `/mqtt`. */
  const tab = async (token: string) => {
    const client: MqttClient = await mqtt.connectAsync(`ws://127.0.0.1:${world.port}/mqtt`, {
      username: 'console',
      password: token,
      reconnectPeriod: 0,
    });
    closers.push(() => client.end(true));
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    return { client, closed };
  };

  /** Moves the clock in steps, keeping the session in use, until its absolute limit passed. */
  const pastAbsoluteLimit = async (user: User) => {
    for (let minutes = 0; minutes <= MAX_HOURS * 60; minutes += IDLE_MIN / 2) {
      world.t.clock.advance((IDLE_MIN / 2) * 60_000);
      await callApi(world.t, user.token, 'GET', '/upms/v1/upms/user/getUserStatus');
    }
  };

  const adminCall = (method: 'GET' | 'POST', url: string, body?: object) =>
    callApi(world.t, world.admin.token, method, url, body);
  /** The live sessions a token's user sees on the sessions page. */
  const sessionIdsOf = async (token: string) =>
    (await callApi(world.t, token, 'GET', '/oauth/v1/oauth/sessions/mine')).body.result as {
      id: string;
      current: boolean;
    }[];

  const endings: {
    name: string;
    end(user: User, other: User): Promise<unknown>;
    /** What it closes; everything else stays open. */
    closes: Kind[];
  }[] = [
    {
      name: 'logout',
      end: (u) => callApi(world.t, u.token, 'GET', `/oauth/v1/oauth/login/doLogout?token=${u.token}`),
      closes: KINDS,
    },
    {
      name: 'kick',
      end: (u) => adminCall('POST', '/upms/v1/upms/user/kickOut', { id: u.id }),
      closes: KINDS,
    },
    {
      name: 'disable',
      end: (u) => adminCall('POST', '/upms/v1/upms/user/updateStatus', { id: u.id, enabled: false }),
      closes: KINDS,
    },
    {
      name: 'reset',
      end: (u) =>
        adminCall('POST', '/upms/v1/upms/user/resetPassword', { id: u.id, password: 'Fresh#Pass9' }),
      closes: KINDS,
    },
    {
      // Changed from another of the user's sessions, which stays; this one ends.
      name: 'change',
      end: (u, other) =>
        callApi(world.t, other.token, 'POST', '/upms/v1/upms/user/resetPassword', {
          id: u.id,
          password: 'Own#Pass9',
        }),
      closes: KINDS,
    },
    {
      // Ended from the user's other session on the sessions page, which stays.
      name: 'own page',
      end: async (_u, other) => {
        const id = (await sessionIdsOf(other.token)).find((s) => !s.current)?.id;
        return callApi(world.t, other.token, 'POST', '/oauth/v1/oauth/sessions/end', { id });
      },
      closes: KINDS,
    },
    {
      name: 'admin page',
      end: async (u, other) => {
        const others = (await sessionIdsOf(other.token)).find((s) => s.current)?.id;
        const listed = await adminCall('GET', `/upms/v1/upms/user/sessions?id=${u.id}`);
        const id = (listed.body.result as { id: string }[]).find((s) => s.id !== others)?.id;
        return adminCall('POST', '/upms/v1/upms/user/sessions/end', { userId: u.id, id });
      },
      closes: KINDS,
    },
    { name: 'idle', end: async () => world.t.clock.advance((IDLE_MIN + 1) * 60_000), closes: KINDS },
    { name: 'absolute', end: (u) => pastAbsoluteLimit(u), closes: KINDS },
    {
      name: 'role',
      end: (u) =>
        adminCall('POST', '/upms/v1/upms/role/addOrUpdate', {
          id: u.roleId,
          name: u.username,
          nameEn: u.username,
          code: `${u.username}_role`,
          enabled: false,
          dataScope: 'all',
          menuIds: [],
        }),
      closes: ['relayController', 'relayViewer'],
    },
  ];

  it.each(endings.map((e, i) => ({ ...e, i })))(
    '$name closes $closes',
    async ({ name, end, closes, i }) => {
      const user = await account(`${prefix.toLowerCase()}_${name}`);
      const other = { ...user, ...(await loginAs(world.t.app, user.username, ACCOUNT_PASSWORD)) };
      const live = await tab(user.token);
      await live.client.subscribeAsync(userTopic(user.id, 'notice'), { qos: 1 });
      const download = await stream(user.token);
      const controller = await relayViewer(user, sn(2 * i + 1), 'control');
      const observer = await relayViewer(user, sn(2 * i + 2), 'view');
      // A token issued to this session before it ends, not yet used.
      const spare = await callApi(world.t, user.token, 'POST', '/remote/v1/remote/session/token', {
        sessionId: controller.ticket.sessionId,
      });
      expect(spare.body.code).toBe(1);
      // Input reaches the terminal while the session lives.
      controller.viewer.send({ t: 'input', input: { kind: 'tap', x: 0.5, y: 0.5 } });

      await controller.terminal.json('input');

      const ended = await end(user, other);
      if (ended && typeof ended === 'object' && 'body' in ended)
        expect((ended as { body: { code: number } }).body.code, name).toBe(1);

      const relayClosed = async (c: RelayClient) =>
        expect((await c.closed()).code).toBe(REMOTE_PROTOCOL.closeCodes.signedOut);
      const waits: Record<Kind, () => Promise<unknown>> = {
        live: () => live.closed,
        // A reader that stopped reading hears of the end only once it reads again: it does once the
        // server let go of the download, and gets less than the whole file.
        stream: async () => {
          await expect.poll(() => world.t.sessionConnections.count('stream')).toBe(0);
          download.resume();
          expect(await download.closed).toBe(false);
        },
        relayController: () => relayClosed(controller.viewer),
        relayViewer: () => relayClosed(observer.viewer),
      };
      await Promise.all(closes.map((k) => waits[k]()));
      // One check judged every connection of the user: those it left open stay open.
      if (!closes.includes('live')) expect(live.client.connected).toBe(true);
      if (!closes.includes('stream')) expect(world.t.sessionConnections.count('stream')).toBe(1);

      const late = await relayClientOf(viewerUrl(spare.body.result as RemoteTicket));
      expect((await late.closed()).code).toBe(REMOTE_PROTOCOL.closeCodes.tokenInvalid);
      // Nothing the controller sends after the end reaches the terminal.
      expect(
        controller.terminal.received.filter((r) => r.kind === 'json' && r.data.t === 'input'),
      ).toHaveLength(1);

      // The clock moved for some: the administrator signs in again for the next ending.
      world.admin = await loginAs(world.t.app, 'admin', ADMIN_PASSWORD);
    },
    120_000,
  );
});
