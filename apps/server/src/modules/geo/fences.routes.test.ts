import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { terminals, terminalWarnings, users } from '../../db/schema';
import { createAccount } from '../../test-support/accounts';
import { agentPost, callAs, enrolledTerminal } from '../../test-support/fleet-fixtures';
import { useTestApp } from '../../test-support/suite-app';
import { ADMIN_PASSWORD, loginAs } from '../../test-support/test-app';
import { MAIL_JOB_KIND } from '../mail/mail.jobs';

type Envelope = { code: number; result: never; messageEn: string; message: string };
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

// A square of about 1.1 km around a store in Paris.
const SQUARE: [number, number][] = [
  [2.345, 48.85],
  [2.36, 48.85],
  [2.36, 48.86],
  [2.345, 48.86],
];
const INSIDE = { lat: 48.855, lng: 2.3525, accuracy: 8 };
const OUTSIDE = { lat: 48.87, lng: 2.3525, accuracy: 8 };

describe('geofences', () => {
  const t = useTestApp({ env: { LOG_LEVEL: 'warn' } });
  let call: ReturnType<typeof callAs>;
  let tenant: ReturnType<typeof callAs>;
  let secret: string;
  let groupId: string;
  let tenantGroupId: string;
  let adminId: string;
  const SN = 'FEN0000001';

  const report = async (loc: Record<string, unknown>) => {
    t.clock.advance(30_000);
    const res = await agentPost(t, SN, secret, 'location', loc);
    expect(res.statusCode).toBe(200);
  };
  const warnings = async () =>
    t.database.db
      .select({
        kind: terminalWarnings.kind,
        detail: terminalWarnings.detail,
        alerted: terminalWarnings.alerted,
      })
      .from(terminalWarnings)
      .innerJoin(terminals, eq(terminals.id, terminalWarnings.terminalId))
      .where(eq(terminals.sn, SN))
      .orderBy(terminalWarnings.at);
  const fence = (over: Record<string, unknown> = {}) => ({
    name: 'Store square',
    shape: 'polygon',
    points: SQUARE,
    rule: 'inside',
    groupIds: [groupId],
    ...over,
  });

  beforeAll(async () => {
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    adminId = admin.userId;
    call = callAs(t, admin.token);
    await t.database.db
      .update(users)
      .set({
        email: 'admin@example.test',
        phone: '+8613800000000',
        fenceEmailAlert: true,
        hardwareSmsAlert: true,
      })
      .where(eq(users.id, adminId));
    const terminal = await enrolledTerminal(
      t,
      { id: admin.userId, token: admin.token },
      { sn: SN, name: 'Till 1', mac: '00:00:00:00:0B:01' },
    );
    groupId = terminal.group.id;
    secret = terminal.secret;
    const other = await createAccount(t, { username: 'fence_tenant' });
    tenant = callAs(t, other.token);
    tenantGroupId = rowsOf<{ id: string }>(
      await t.database.db.execute(
        sql`insert into terminal_groups (name, number, owner_id) values ('Other', 'O1', ${other.id}) returning id`,
      ),
    )[0].id;
  });

  it('refuses bad shapes, hours and foreign targets in both languages, saving nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { points: [SQUARE[0], SQUARE[2], SQUARE[1], SQUARE[3]] },
        'The polygon crosses itself; draw it again without crossing edges',
      ],
      [{ points: [SQUARE[0], SQUARE[1], SQUARE[1]] }, 'A polygon needs at least 3 distinct corners'],
      [
        { shape: 'circle', points: [], center: { lat: 48.85, lng: 2.35 }, radiusM: 0 },
        'The radius of a circular geofence must be between 10 m and 50 km',
      ],
      [
        { shape: 'circle', points: [], center: { lat: 48.85, lng: 2.35 }, radiusM: 60_000 },
        'The radius of a circular geofence must be between 10 m and 50 km',
      ],
      [{ activeFrom: 480, activeTo: 480 }, 'The active hours must not start and end at the same time'],
      [{ groupIds: [tenantGroupId] }, 'A geofence can be assigned only to your own groups and terminals'],
    ];
    for (const [over, en] of cases) {
      const res = await tenant(
        'POST',
        '/device/v1/device/fence/addOrUpdate',
        fence({ ...over, groupIds: over.groupIds ?? [tenantGroupId] }),
      );
      if (over.groupIds) {
        // The tenant's own group is fine; a group of another account is not.
        const foreign = await tenant(
          'POST',
          '/device/v1/device/fence/addOrUpdate',
          fence({ groupIds: [groupId] }),
        );
        expect([foreign.status, (foreign.body as Envelope).messageEn]).toEqual([400, en]);
        expect((foreign.body as Envelope).message).toBe('只能把围栏分配给您自己的分组和终端');
        await tenant('POST', '/device/v1/device/fence/delete', {
          ids: [(res.body.result as { id: string }).id],
        });
        continue;
      }
      expect([res.status, (res.body as Envelope).messageEn]).toEqual([400, en]);
      expect((res.body as Envelope).message).toMatch(/[\u4e00-\u9fff]/);
    }
    const out = await call(
      'POST',
      '/device/v1/device/fence/addOrUpdate',
      fence({
        points: [
          [200, 0],
          [1, 1],
          [2, 2],
        ],
      }),
    );
    expect(out.status).toBe(400);
    const page = await call('GET', '/device/v1/device/fence/getPage?current=1&size=14');
    expect((page.body.result as { total: number }).total).toBe(0);
  });

  it('saves a polygon fence for a group, lists it, and refuses a second with the same name', async () => {
    const saved = await call('POST', '/device/v1/device/fence/addOrUpdate', fence());
    expect(saved.body.result).toMatchObject({
      name: 'Store square',
      shape: 'polygon',
      groupIds: [groupId],
      violating: 0,
    });
    const dup = await call('POST', '/device/v1/device/fence/addOrUpdate', fence());
    expect(dup.status).toBe(409);
    const theirs = await tenant('GET', '/device/v1/device/fence/getPage?current=1&size=14');
    expect((theirs.body.result as { total: number }).total).toBe(0);
  });

  it('raises one breach after confirmed fixes outside, ignoring jitter at the edge and vague fixes; then a return', async () => {
    await report(INSIDE);
    await report(OUTSIDE);
    expect(await warnings()).toEqual([]);
    // Back inside before it was confirmed: nothing.
    await report(INSIDE);
    await report(OUTSIDE);
    expect(await warnings()).toEqual([]);
    // A vague fix far away counts for nothing, and neither does one on the edge.
    await report({ ...OUTSIDE, accuracy: 900 });
    await report({ lat: 48.86001, lng: 2.3525, accuracy: 8 });
    expect(await warnings()).toEqual([]);
    await report(OUTSIDE);
    expect(await warnings()).toEqual([{ kind: 'fenceBreach', detail: 'Store square', alerted: ['admin'] }]);
    // More fixes outside: no storm.
    await report(OUTSIDE);
    await report(OUTSIDE);
    expect(await warnings()).toHaveLength(1);
    const page = await call('GET', '/device/v1/device/fence/getPage?current=1&size=14');
    expect((page.body.result as { records: { violating: number }[] }).records[0].violating).toBe(1);
    await report(INSIDE);
    await report(INSIDE);
    expect((await warnings()).map((w) => w.kind)).toEqual(['fenceBreach', 'fenceReturn']);
    // Mail goes out as jobs, so a slow SMTP server holds up no location batch.
    const mails = rowsOf<{ subject: string }>(
      await t.database.db.execute(
        sql`select payload->>'subject' as subject from jobs where kind = ${MAIL_JOB_KIND} and payload->>'to' = 'admin@example.test'`,
      ),
    );
    // The admin reads Chinese: a breach mail and a return mail.
    expect(mails.map((m) => m.subject).sort()).toEqual([
      '围栏告警：终端 FEN0000001 越出「Store square」',
      '围栏恢复：终端 FEN0000001 回到「Store square」',
    ]);
    const sms = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from jobs where kind = 'support.sms'`),
    );
    expect(sms[0].n).toBe(2);
    const listed = await call('GET', '/device/v1/device/warning/getPage?current=1&size=14&kind=fenceBreach');
    expect((listed.body.result as { total: number }).total).toBe(1);
  });

  it('locks the payment app while the terminal breaks a locking fence, until it complies or the fence lets go', async () => {
    const heartbeatLock = async () =>
      (await agentPost(t, SN, secret, 'heartbeat', { battery: 80 })).json().result.paymentLock ?? null;
    const terminalReports = async (type: 'paymentLocked' | 'paymentUnlocked') => {
      const res = await agentPost(t, SN, secret, 'event', { type, detail: 'Till lock' });
      expect(res.statusCode).toBe(200);
    };
    const lockInDetail = async () =>
      (await call('GET', `/device/v1/device/terminal/getBySn?sn=${SN}`)).body.result as {
        paymentLock: { locked: boolean; fence: string | null; confirmed: boolean } | null;
      };
    const audit = async () =>
      rowsOf<{ action: string; detail: string | null }>(
        await t.database.db.execute(
          sql`select action, detail from operation_logs where action like 'payment.%' and object_id = ${SN} order by at`,
        ),
      ).map((r) => `${r.action} ${r.detail ?? ''}`.trim());

    await report(INSIDE);
    await report(INSIDE);
    const saved = await call('POST', '/device/v1/device/fence/addOrUpdate', {
      ...fence({ name: 'Till lock', groupIds: [], terminalSns: [SN] }),
      lockPayment: true,
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
    const fenceId = (saved.body.result as { id: string; lockPayment: boolean }).id;
    expect((saved.body.result as { lockPayment: boolean }).lockPayment).toBe(true);
    expect(await heartbeatLock()).toBeNull();
    expect((await lockInDetail()).paymentLock).toBeNull();

    // Out, confirmed by two fixes: the lock is asked for until the terminal says it holds it.
    await report(OUTSIDE);
    await report(OUTSIDE);
    expect(await heartbeatLock()).toMatchObject({ type: 'paymentLock', locked: true, fence: 'Till lock' });
    expect((await lockInDetail()).paymentLock).toMatchObject({
      locked: true,
      fence: 'Till lock',
      confirmed: false,
    });
    await terminalReports('paymentLocked');
    expect(await heartbeatLock()).toBeNull();
    expect((await lockInDetail()).paymentLock).toMatchObject({ locked: true, confirmed: true });

    // The fence disabled lets go of it; enabled again while the terminal is still out, it locks again.
    const edit = (over: Record<string, unknown>) =>
      call('POST', '/device/v1/device/fence/addOrUpdate', {
        ...fence({ id: fenceId, name: 'Till lock', groupIds: [], terminalSns: [SN] }),
        lockPayment: true,
        ...over,
      });
    expect((await edit({ enabled: false })).body.code).toBe(1);
    expect(await heartbeatLock()).toMatchObject({ locked: false, fence: null });
    await terminalReports('paymentUnlocked');
    expect(await heartbeatLock()).toBeNull();
    expect((await edit({ enabled: true })).body.code).toBe(1);
    expect(await heartbeatLock()).toMatchObject({ locked: true, fence: 'Till lock' });
    await terminalReports('paymentLocked');

    // Back inside: unlocked.
    await report(INSIDE);
    await report(INSIDE);
    expect(await heartbeatLock()).toMatchObject({ locked: false });
    await terminalReports('paymentUnlocked');
    expect((await lockInDetail()).paymentLock).toMatchObject({ locked: false, fence: null, confirmed: true });

    // Out again, then the fence deleted: unlocked.
    await report(OUTSIDE);
    await report(OUTSIDE);
    expect(await heartbeatLock()).toMatchObject({ locked: true });
    expect((await call('POST', '/device/v1/device/fence/delete', { ids: [fenceId] })).body.code).toBe(1);
    expect(await heartbeatLock()).toMatchObject({ locked: false });

    // Every lock and unlock the server asked for is in the operation log.
    expect(await audit()).toEqual([
      'payment.lock Till lock',
      'payment.unlock',
      'payment.lock Till lock',
      'payment.unlock',
      'payment.lock Till lock',
      'payment.unlock',
    ]);
    // What the terminal did is in its own history.
    const history = (await call('GET', `/device/v1/device/terminal/history?sn=${SN}`)).body.result as {
      statuses: { kind: string }[];
    };
    expect(history.statuses.filter((s) => s.kind.startsWith('payment')).length).toBe(4);
  });

  it('checks fences in the database through the GiST index on their area', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<Record<string, string>>(
        await tx.execute(
          sql`explain select id from geofences where area @> polygon(box(point(2.35, 48.855), point(2.35, 48.855)))`,
        ),
      );
    });
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('geofences_area_idx');
  });
});
