import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { FRAME_FLAGS, parseRecording, type RemoteDown, type RemoteTicket, relayUrlFor } from '@cpm/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalGroups, terminals } from '../../db/schema';
import { ACCOUNT_PASSWORD, createAccount } from '../../test-support/accounts';
import { callAs, createFleetFixtures } from '../../test-support/fleet-fixtures';
import { type ListeningApp, openListeningApp, runPrefix, snSeries } from '../../test-support/listening-app';
import { ADMIN_PASSWORD, brokerModes, loginAs } from '../../test-support/test-app';
import { menus } from '../menus/menus.table';
import { operationLogs } from '../oplog/oplog.table';
import { roleMenus, roles } from '../roles/roles.table';
import { type RelayClient, relayClient } from './relay-client.testing';
import { remoteSessions, remoteTokens } from './remote.table';

const OPEN = '/remote/v1/remote/session/open';
const CLOSE = '/remote/v1/remote/session/close';
const TOKEN = '/remote/v1/remote/session/token';
const PAGE = '/remote/v1/remote/session/getPage';
const RECORDING = '/remote/v1/remote/recording/download';
const POLICY = '/remote/v1/remote/policy/save';
const POLICIES = '/remote/v1/remote/policy/getList';

const jpeg = (marker: number) => Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, marker, 1, 2, 3, 0xff, 0xd9]);

describe.each(brokerModes())('remote desktop sessions and relay ($name)', ({ name, env }) => {
  const _external = name === 'external broker';
  const prefix = runPrefix(name, 'RMT', 'RX');
  const sn = snSeries(prefix);
  let world: ListeningApp;
  let groupId: string;
  let childGroupId: string;
  const downs: { sn: string; message: RemoteDown }[] = [];
  const clients: RelayClient[] = [];

  const as = (token: string) => callAs(world.t, token);
  const relayAt = (url: string) => {
    // The terminal is told PUBLIC_URL's address; the test server listens on a port of its own.
    const u = new URL(url);
    return `ws://127.0.0.1:${world.port}${u.pathname}${u.search}`;
  };
  const dial = async (url: string) => {
    const c = await relayClient(url);
    clients.push(c);
    return c;
  };
  const viewerUrl = (ticket: RemoteTicket) =>
    relayUrlFor({ protocol: 'http:', hostname: '127.0.0.1', host: `127.0.0.1:${world.port}` }, ticket.relay, {
      session: ticket.sessionId,
      token: ticket.token,
    });
  const nextDown = async (s: string, type: RemoteDown['type'], after = 0) => {
    await expect
      .poll(() => downs.filter((d) => d.sn === s && d.message.type === type).length, { timeout: 10_000 })
      .toBeGreaterThan(after);
    return downs.filter((d) => d.sn === s && d.message.type === type)[after].message;
  };
  const sessionRow = async (id: string) =>
    (await world.t.database.db.select().from(remoteSessions).where(eq(remoteSessions.id, id)))[0];

  /** A terminal answering on the relay: hello, then consent as told. */
  const terminalJoins = async (s: string, granted = true, after = 0) => {
    const down = (await nextDown(s, 'open', after)) as Extract<RemoteDown, { type: 'open' }>;
    const terminal = await dial(relayAt(down.url));
    terminal.send({ t: 'hello', width: 400, height: 300, rotation: 0 });
    terminal.send({ t: 'consent', granted });
    return { terminal, down };
  };

  beforeAll(async () => {
    world = await openListeningApp('remote', {
      broker: true,
      env: { ...env, PUBLIC_URL: 'https://cpm.example.test' },
      // The terminals here are marked online in the database and send no heartbeats: the gateway's
      // sweep (every 15 s) would take them offline half-way through a slow run.
      gateway: { sweepMs: 3_600_000 },
    });
    const { t, admin } = world;
    const f = await createFleetFixtures(t, admin.userId);
    groupId = f.group.id;
    const [child] = await t.database.db
      .insert(terminalGroups)
      .values({ name: 'Back office', number: `${prefix}C`, ownerId: admin.userId, parentId: groupId })
      .returning();
    childGroupId = child.id;
    for (let i = 1; i <= 6; i++)
      await as(admin.token)('POST', '/device/v1/device/terminal/addOrUpdate', {
        sn: sn(i),
        name: `Till ${i}`,
        modelId: f.model.id,
        groupId: i === 6 ? childGroupId : groupId,
        storeName: 'Store',
        mac: `00:00:00:00:0${i}:02`,
      });
    await t.database.db
      .update(terminals)
      .set({ online: true })
      .where(
        inArray(
          terminals.sn,
          [1, 2, 3, 4, 6].map((i) => sn(i)),
        ),
      );
    await t.broker?.subscribe(`cpm/dev/+/down/remote`, (topic, payload) => {
      downs.push({ sn: topic.split('/')[2], message: JSON.parse(payload.toString()) });
    });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await world.t.close();
  });

  it('refuses an offline terminal, a foreign one, and control without the password, changing nothing', async () => {
    const call = as(world.admin.token);
    const offline = await call('POST', OPEN, { sn: sn(5), mode: 'view' });
    expect(offline.status).toBe(409);
    expect(offline.body.messageEn).toBe(
      'The terminal is offline, so details or real-time information cannot be fetched',
    );

    const other = await createAccount(world.t, { username: `${prefix.toLowerCase()}_other` });
    const foreign = await as(other.token)('POST', OPEN, { sn: sn(1), mode: 'view' });
    expect(foreign.status).toBe(404);

    const noPassword = await call('POST', OPEN, { sn: sn(1), mode: 'control' });
    expect(noPassword.body.messageEn).toBe('Enter your password again to control a terminal');
    const wrong = await call('POST', OPEN, { sn: sn(1), mode: 'control', password: 'Wrong#Pass1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.messageEn).toBe('Wrong password; no remote session was opened');

    const rows = await world.t.database.db.select().from(remoteSessions);
    expect(rows).toHaveLength(0);
    expect(downs).toHaveLength(0);
    // The refused attempts are in the operation log.
    const logged = await world.t.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'remote.control'));
    expect(logged.map((l) => l.result)).toContain('failure');
  });

  it('needs the control permission to control; a watcher-only role may still watch', async () => {
    const [role] = await world.t.database.db
      .insert(roles)
      .values({ code: `${prefix}_watch`, name: '观看', nameEn: 'Watch', dataScope: 'all' })
      .returning();
    const grants = await world.t.database.db
      .select()
      .from(menus)
      .where(
        inArray(menus.permission, ['remote:desktop:view', 'remote:desktop:connect', 'device:terminal:view']),
      );
    await world.t.database.db
      .insert(roleMenus)
      .values(grants.map((m) => ({ roleId: role.id, menuId: m.id })));
    const watcher = await createAccount(world.t, {
      username: `${prefix.toLowerCase()}_watch`,
      roleId: role.id,
    });
    const control = await as(watcher.token)('POST', OPEN, {
      sn: sn(4),
      mode: 'control',
      password: ACCOUNT_PASSWORD,
    });
    expect(control.status).toBe(403);
    expect(control.body.messageEn).toBe('You may not control terminals remotely, only watch');
    const view = await as(watcher.token)('POST', OPEN, { sn: sn(4), mode: 'view' });
    expect(view.body.code).toBe(1);
    const ticket = view.body.result as RemoteTicket;
    expect(ticket.role).toBe('observer');
    const { terminal } = await terminalJoins(sn(4));
    const viewer = await dial(viewerUrl(ticket));
    await viewer.json('state', (d) => d.state === 'active');
    // A watcher's input goes nowhere.
    viewer.send({ t: 'input', input: { kind: 'tap', x: 0.5, y: 0.5 } });
    const refused = await viewer.json<{ messageEn: string }>('error');
    expect(refused.messageEn).toBe('You are watching; only the controller can operate the terminal');
    viewer.send({ t: 'settings', settings: { quality: 30, fps: 5 } });
    await expect
      .poll(() => viewer.received.filter((r) => r.kind === 'json' && r.data.t === 'error').length)
      .toBe(2);
    expect(terminal.received.some((r) => r.kind === 'json' && r.data.t === 'input')).toBe(false);
    // The opener may end it.
    expect((await as(watcher.token)('POST', CLOSE, { sessionId: ticket.sessionId })).body.code).toBe(1);
    await viewer.closed();
  });

  it('streams frames to the controller and observers, carries input back, allows one controller, and records it all', async () => {
    const call = as(world.admin.token);
    const opened = await call('POST', OPEN, { sn: sn(1), mode: 'control', password: ADMIN_PASSWORD });
    expect(opened.body.code).toBe(1);
    const ticket = opened.body.result as RemoteTicket;
    expect(ticket).toMatchObject({ role: 'controller', state: 'waiting', relay: { port: null, url: null } });

    const down = (await nextDown(sn(1), 'open')) as Extract<RemoteDown, { type: 'open' }>;
    expect(down).toMatchObject({ sessionId: ticket.sessionId, consent: 'ask', operator: 'Administrator' });
    expect(down.url).toMatch(/^wss:\/\/cpm\.example\.test\/remote\/relay\?session=/);

    const controller = await dial(viewerUrl(ticket));
    expect((await controller.json('state')).state).toBe('waiting');
    const { terminal } = await terminalJoins(sn(1));
    const active = await controller.json('state', (d) => d.state === 'active');
    expect(active).toMatchObject({ role: 'controller', width: 400, height: 300 });
    expect((await sessionRow(ticket.sessionId)).state).toBe('active');

    // A frame reaches the controller byte for byte; the controller's paint acknowledges it to the terminal.
    terminal.sendFrame({ flags: 0, seq: 1, capturedAt: Date.now(), width: 400, height: 300 }, jpeg(1));
    const f1 = await controller.frame(1);
    expect([...f1.bytes.subarray(18)]).toEqual([...jpeg(1)]);
    controller.send({ t: 'ack', seq: 1 });
    expect((await terminal.json('ack')).seq).toBe(1);

    // Input and settings go to the terminal.
    controller.send({ t: 'input', input: { kind: 'tap', x: 0.25, y: 0.75 } });
    controller.send({ t: 'input', input: { kind: 'key', key: 'back' } });
    controller.send({ t: 'input', input: { kind: 'text', text: 'no sugar' } });
    controller.send({ t: 'settings', settings: { quality: 40, fps: 15 } });
    expect((await terminal.json('input')).input).toEqual({ kind: 'tap', x: 0.25, y: 0.75 });
    expect(
      (await terminal.json('settings', (d) => (d.settings as { fps: number }).fps === 15)).settings,
    ).toEqual({
      quality: 40,
      fps: 15,
    });
    await expect.poll(async () => (await sessionRow(ticket.sessionId)).fps).toBe(15);
    // A malformed input is answered, not forwarded.
    controller.send({ t: 'input', input: { kind: 'tap', x: 7, y: 0 } });
    expect((await controller.json<{ code: string }>('error')).code).toBe('invalidInput');

    // A second user may watch but not take control.
    const second = await createAccount(world.t, {
      username: `${prefix.toLowerCase()}_second`,
      roleCode: 'platform_admin',
    });
    const busy = await as(second.token)('POST', OPEN, {
      sn: sn(1),
      mode: 'control',
      password: ACCOUNT_PASSWORD,
    });
    expect(busy.status).toBe(409);
    expect(busy.body.messageEn).toBe(
      'Someone else is controlling this terminal; you can join as an observer',
    );
    const watch = await as(second.token)('POST', OPEN, { sn: sn(1), mode: 'view' });
    const watchTicket = watch.body.result as RemoteTicket;
    expect(watchTicket).toMatchObject({ sessionId: ticket.sessionId, role: 'observer' });
    const observer = await dial(viewerUrl(watchTicket));
    await observer.json('state', (d) => d.viewers === 2);
    // Joining asks the terminal for a whole frame.
    await terminal.json('refresh');
    terminal.sendFrame(
      { flags: FRAME_FLAGS.secure, seq: 2, capturedAt: Date.now(), width: 400, height: 300 },
      jpeg(2),
    );
    expect((await observer.frame(2)).header.flags).toBe(FRAME_FLAGS.secure);
    await controller.frame(2);

    // A token works once; a forged one never.
    const reused = await dial(viewerUrl(ticket));
    expect((await reused.json<{ messageEn: string }>('error')).messageEn).toBe(
      'The remote connection token is invalid, already used or expired',
    );
    expect((await reused.closed()).code).toBe(4401);
    const forged = await dial(viewerUrl({ ...ticket, token: 'x'.repeat(43) }));
    expect((await forged.closed()).code).toBe(4401);
    const otherSession = await dial(
      viewerUrl({ ...watchTicket, sessionId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect((await otherSession.closed()).code).toBe(4401);

    // Only the controller or the opener may end it; the observer may not.
    const refused = await as(second.token)('POST', CLOSE, { sessionId: ticket.sessionId });
    expect(refused.status).toBe(403);
    expect((await call('POST', CLOSE, { sessionId: ticket.sessionId })).body.code).toBe(1);
    const endedState = await controller.json('state', (d) => d.state === 'ended');
    expect(endedState.reason).toBe('closed');
    expect((await terminal.json('end')).reason).toBe('closed');
    expect((await observer.closed()).code).toBe(4000);

    // After the end: no new token, no second close, no input anywhere.
    expect((await call('POST', TOKEN, { sessionId: ticket.sessionId })).body.messageEn).toBe(
      'The remote session has ended',
    );
    expect((await call('POST', CLOSE, { sessionId: ticket.sessionId })).status).toBe(409);

    // The audit list and the recording.
    await world.t.remote.relay.recordingsIdle();
    const page = await call('GET', `${PAGE}?sn=${sn(1)}`);
    const row = (page.body.result as { records: Record<string, unknown>[] }).records[0];
    expect(row).toMatchObject({
      sn: sn(1),
      openedBy: 'Administrator',
      controller: 'Administrator',
      state: 'ended',
      endReason: 'closed',
      recording: { frames: 2, inputs: 3 },
    });
    expect(row.participants).toEqual([
      { name: 'Administrator', role: 'controller' },
      { name: `${prefix.toLowerCase()}_second`, role: 'observer' },
    ]);
    const file = await world.t.app.inject({
      method: 'GET',
      url: `${RECORDING}?id=${ticket.sessionId}`,
      headers: { satoken: world.admin.token },
    });
    expect(file.statusCode).toBe(200);
    const entries = parseRecording(new Uint8Array(file.rawPayload));
    expect(entries.filter((e) => e.kind === 'frame')).toHaveLength(2);
    expect(
      entries.filter((e) => e.kind === 'input').map((e) => (e as { data: { kind: string } }).data.kind),
    ).toEqual(['tap', 'key', 'text']);
    expect(entries.some((e) => e.kind === 'event' && (e.data as { t: string }).t === 'ended')).toBe(true);
    expect(await readdir(path.join(world.t.dataDir, 'remote-recordings'))).toEqual([]);

    // Someone outside the scope sees neither the session nor its recording.
    const other = await createAccount(world.t, { username: `${prefix.toLowerCase()}_outsider` });
    expect(((await as(other.token)('GET', PAGE)).body.result as { total: number }).total).toBe(0);
    expect((await as(other.token)('GET', `${RECORDING}?id=${ticket.sessionId}`)).status).toBe(404);
  });

  it('keeps sessions apart: a frame of one terminal never reaches another session', async () => {
    const call = as(world.admin.token);
    const a = (await call('POST', OPEN, { sn: sn(2), mode: 'control', password: ADMIN_PASSWORD })).body
      .result as RemoteTicket;
    const b = (await call('POST', OPEN, { sn: sn(3), mode: 'control', password: ADMIN_PASSWORD })).body
      .result as RemoteTicket;
    const ta = (await terminalJoins(sn(2))).terminal;
    const tb = (await terminalJoins(sn(3))).terminal;
    const va = await dial(viewerUrl(a));
    const vb = await dial(viewerUrl(b));
    await va.json('state', (d) => d.state === 'active');
    await vb.json('state', (d) => d.state === 'active');
    ta.sendFrame({ flags: 0, seq: 10, capturedAt: Date.now(), width: 400, height: 300 }, jpeg(10));
    tb.sendFrame({ flags: 0, seq: 20, capturedAt: Date.now(), width: 400, height: 300 }, jpeg(20));
    await va.frame(10);
    await vb.frame(20);
    va.send({ t: 'input', input: { kind: 'rotate' } });
    await ta.json('input');
    expect(va.frames().map((f) => f.header.seq)).toEqual([10]);
    expect(vb.frames().map((f) => f.header.seq)).toEqual([20]);
    expect(tb.received.some((r) => r.kind === 'json' && r.data.t === 'input')).toBe(false);

    // The terminal leaving ends its session only.
    ta.close();
    expect((await va.json('state', (d) => d.state === 'ended')).reason).toBe('terminalLeft');
    expect((await sessionRow(b.sessionId)).state).toBe('active');
    await call('POST', CLOSE, { sessionId: b.sessionId });
    await vb.closed();
  });

  it('tells the viewer when the person at the terminal refuses, and honours the group policy', async () => {
    const call = as(world.admin.token);
    const before = downs.filter((d) => d.sn === sn(2) && d.message.type === 'open').length;
    const ticket = (await call('POST', OPEN, { sn: sn(2), mode: 'view' })).body.result as RemoteTicket;
    const viewer = await dial(viewerUrl(ticket));
    // The relay has taken the viewer in (its first state) before the terminal answers: on a slow
    // machine the refusal could otherwise be told to nobody.
    await viewer.json('state');
    await terminalJoins(sn(2), false, before);
    expect((await viewer.json<{ messageEn: string }>('error')).messageEn).toBe(
      'The person at the terminal refused the remote session',
    );
    expect((await viewer.json('state', (d) => d.state === 'ended')).reason).toBe('refused');
    expect(viewer.frames()).toHaveLength(0);
    expect((await sessionRow(ticket.sessionId)).endReason).toBe('refused');

    // Refuse on the parent group: the child group inherits it; its own policy overrides.
    expect((await call('POST', POLICY, { groupId, policy: 'deny' })).body.code).toBe(1);
    const denied = await call('POST', OPEN, { sn: sn(6), mode: 'view' });
    expect(denied.status).toBe(409);
    expect(denied.body.messageEn).toBe("The terminal group's policy does not allow remote desktop sessions");
    await call('POST', POLICY, { groupId: childGroupId, policy: 'auto' });
    const list = (await call('GET', POLICIES)).body.result as {
      groupId: string;
      effective: string;
      policy: string;
    }[];
    expect(list.find((g) => g.groupId === childGroupId)).toMatchObject({ policy: 'auto', effective: 'auto' });
    expect(list.find((g) => g.groupId === groupId)).toMatchObject({ policy: 'deny', effective: 'deny' });
    const auto = (await call('POST', OPEN, { sn: sn(6), mode: 'view' })).body.result as RemoteTicket;
    expect(((await nextDown(sn(6), 'open')) as { consent: string }).consent).toBe('auto');
    await call('POST', CLOSE, { sessionId: auto.sessionId });
    await call('POST', POLICY, { groupId, policy: 'inherit' });
    await call('POST', POLICY, { groupId: childGroupId, policy: 'inherit' });
    const other = await createAccount(world.t, { username: `${prefix.toLowerCase()}_pol` });
    expect((await as(other.token)('POST', POLICY, { groupId, policy: 'auto' })).status).toBe(400);
  });

  it('ends a session whose terminal never dials in, and expires recordings after the retention', async () => {
    const call = as(world.admin.token);
    const ticket = (await call('POST', OPEN, { sn: sn(3), mode: 'view' })).body.result as RemoteTicket;
    const closesBefore = downs.filter((d) => d.sn === sn(3) && d.message.type === 'close').length;
    world.t.clock.advance(3 * 60_000);
    expect(await world.t.remote.service.sweepStale(2 * 60_000)).toEqual({ ended: 1 });
    expect(await sessionRow(ticket.sessionId)).toMatchObject({
      state: 'ended',
      endReason: 'terminalTimeout',
    });
    const closeDown = await nextDown(sn(3), 'close', closesBefore);
    expect(closeDown).toEqual({ type: 'close', sessionId: ticket.sessionId });
    // Its token is gone with it.
    const late = await dial(viewerUrl(ticket));
    expect((await late.closed()).code).toBe(4401);

    const recorded = (await world.t.database.db.select().from(remoteSessions)).filter(
      (s) => s.recordingBlobId,
    );
    expect(recorded.length).toBeGreaterThan(0);
    world.t.clock.advance(31 * 86_400_000);
    expect((await world.t.remote.service.sweepRecordings()).removed).toBe(recorded.length);
    const after = await sessionRow(recorded[0].id);
    expect(after).toMatchObject({ recordingBlobId: null, recordingExpired: true });
    // A month on, the admin signs in again.
    const fresh = await loginAs(world.t.app, 'admin', ADMIN_PASSWORD);
    const gone = await as(fresh.token)('GET', `${RECORDING}?id=${recorded[0].id}`);
    expect(gone.body.messageEn).toBe(
      'This session has no recording (it may have passed its retention period)',
    );
    // Old tokens are swept too.
    await world.t.remote.service.sweepStale(2 * 60_000);
    expect(await world.t.database.db.select().from(remoteTokens)).toHaveLength(0);
  });

  it('refuses users whose roles do not include the remote desktop page', async () => {
    const sales = await createAccount(world.t, {
      username: `${prefix.toLowerCase()}_sales`,
      roleCode: 'sales',
    });
    const res = await as(sales.token)('GET', PAGE);
    expect(res.status).toBe(403);
    const open = await as(sales.token)('POST', OPEN, { sn: sn(1), mode: 'view' });
    expect(open.status).toBe(403);
  });
});
