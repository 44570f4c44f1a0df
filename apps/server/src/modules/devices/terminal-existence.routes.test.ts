import { ERRORS } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, terminalGroups, terminalModels, terminals, userRoles, users } from '../../db/schema';
import { hashPassword } from '../../shared/crypto';
import { callAs, rotateEnrollmentKey } from '../../test-support/fleet-fixtures';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { xlsxOf } from '../../test-support/workbook';
import { multipartForm } from '../blobs/testing';
import { TAKEN_ANSWER_LIMIT } from './terminals.service';

const PASSWORD = 'Tenant#Pass1';
const ADD = '/device/v1/device/terminal/addOrUpdate';

type Answer = { status: number; body: { code: number; message?: string; messageEn: string; result: never } };
/** What a caller can compare between two answers. */
const seen = (a: Answer) => ({
  status: a.status,
  code: a.body.code,
  message: a.body.message,
  messageEn: a.body.messageEn,
  result: a.body.result,
});

/**
 * Two enterprises side by side. An SN is a device's printed serial and unique across the platform, so
 * a taken one must be refused; the refusal must not tell whose it is, and it cannot be used to map
 * another enterprise's fleet.
 */
describe('answers about terminals of other enterprises', () => {
  let t: TestApp;
  const tenant: Record<
    'a' | 'b',
    { id: string; token: string; groupId: string; call: ReturnType<typeof callAs> }
  > = {} as never;
  let modelId: string;
  const terminal = (who: 'a' | 'b', sn: string, mac: string) => ({
    sn,
    name: sn,
    modelId,
    groupId: tenant[who].groupId,
    storeName: 'Store',
    mac,
  });
  const importAs = async (who: 'a' | 'b', url: string, rows: string[][]) => {
    const form = multipartForm('import.xlsx', await xlsxOf(rows));
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { satoken: tenant[who].token, ...form.headers },
      payload: form.payload,
    });
    return res.json() as {
      code: number;
      messageEn: string;
      result: { ok: boolean; errors: { field: string; message: string; messageEn: string }[] } | null;
    };
  };
  const importTerminals = (who: 'a' | 'b', rows: string[][]) =>
    importAs(who, '/device/v1/device/terminal/import', [
      ['SN', 'Name', 'Model', 'Group', 'Store', 'MAC', 'Password'],
      ...rows,
    ]);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const [entRole] = await db.select().from(roles).where(eq(roles.code, 'enterprise_admin'));
    [{ id: modelId }] = await db.insert(terminalModels).values({ name: 'P2' }).returning();
    for (const who of ['a', 'b'] as const) {
      const [u] = await db
        .insert(users)
        .values({
          username: `ent_${who}`,
          name: who,
          passwordHash: await hashPassword(PASSWORD),
          superiorId: admin.userId,
          state: 1,
        })
        .returning();
      await db.insert(userRoles).values({ userId: u.id, roleId: entRole.id });
      const [g] = await db
        .insert(terminalGroups)
        .values({ name: `Store ${who}`, number: `${who.toUpperCase()}001`, ownerId: u.id })
        .returning();
      const { token } = await loginAs(t.app, `ent_${who}`, PASSWORD);
      tenant[who] = { id: u.id, token, groupId: g.id, call: callAs(t, token) };
    }
    expect(
      (await tenant.a.call('POST', ADD, terminal('a', 'OWNED0001', '00:00:00:00:0A:01'))).body.code,
    ).toBe(1);
  });
  afterAll(() => t.close());

  it('names a duplicate in one’s own scope, and refuses another enterprise’s SN or MAC as a reserved one', async () => {
    const ownSn = await tenant.a.call('POST', ADD, terminal('a', 'OWNED0001', '00:00:00:00:0A:02'));
    const foreignSn = await tenant.b.call('POST', ADD, terminal('b', 'OWNED0001', '00:00:00:00:0B:02'));
    expect(seen(ownSn)).toMatchObject({ status: 409, messageEn: 'This serial number is already registered' });
    // The answer a reserved SN gets: nothing says the SN exists, let alone whose it is.
    expect(seen(foreignSn)).toMatchObject({ status: 409, messageEn: ERRORS.terminalSnUnavailable.en });
    const ownMac = await tenant.a.call('POST', ADD, terminal('a', 'FRESH0001', '00:00:00:00:0A:01'));
    const foreignMac = await tenant.b.call('POST', ADD, terminal('b', 'FRESH0002', '00:00:00:00:0A:01'));
    expect(seen(ownMac)).toMatchObject({
      status: 409,
      messageEn: 'This MAC address is used by another terminal',
    });
    expect(seen(foreignMac)).toMatchObject({ status: 409, messageEn: ERRORS.terminalMacUnavailable.en });
    const row = (who: 'a' | 'b') => [
      ['OWNED0001', 'X', 'P2', `${who.toUpperCase()}001`, 'S', '00:00:00:00:0A:01', ''],
    ];
    const ownImport = await importTerminals('a', row('a'));
    const foreignImport = await importTerminals('b', row('b'));
    expect(ownImport.result?.errors.map((e: { messageEn: string }) => e.messageEn)).toEqual([
      'This serial number is already registered',
      'This MAC address is used by another terminal',
    ]);
    expect(foreignImport.result?.errors.map((e: { messageEn: string }) => e.messageEn)).toEqual([
      ERRORS.terminalSnUnavailable.en,
      ERRORS.terminalMacUnavailable.en,
    ]);
    // Nothing was added by any of them.
    expect(await t.database.db.select().from(terminals)).toHaveLength(1);
  });

  it('answers an anonymous enrolment alike for an unknown SN, a wrong key and another enterprise’s terminal', async () => {
    const keyB = await rotateEnrollmentKey(t, tenant.b.token);
    await rotateEnrollmentKey(t, tenant.a.token);
    const enroll = async (sn: string, enrollmentKey: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/device/v1/agent/enroll',
        payload: { sn, enrollmentKey },
      });
      return { status: res.statusCode, body: res.json() };
    };
    const unknown = await enroll('NOSUCH0001', keyB);
    const foreign = await enroll('OWNED0001', keyB);
    const wrongKey = await enroll('OWNED0001', 'ek_not-a-key-at-all');
    expect(unknown.status).toBe(403);
    expect(foreign).toEqual(unknown);
    expect(wrongKey).toEqual(unknown);
    const [owned] = await t.database.db.select().from(terminals).where(eq(terminals.sn, 'OWNED0001'));
    expect(owned.secretHash).toBeNull();
  });

  it('refuses further adds and imports with 429 once an account had too many answers about others’ terminals', async () => {
    // Another enterprise's fleet that B would like to map.
    const now = t.clock.now();
    const fleet = Array.from(
      { length: TAKEN_ANSWER_LIMIT.limit + 5 },
      (_, i) => `FLEET${String(i).padStart(4, '0')}`,
    );
    await t.database.db.insert(terminals).values(
      fleet.map((sn) => ({
        sn,
        name: sn,
        modelId,
        groupId: tenant.a.groupId,
        ownerId: tenant.a.id,
        status: 'shipped' as const,
        createdAt: now,
        updatedAt: now,
      })),
    );
    // One's own terminals are in one's list anyway: refusing them again and again is never limited.
    for (let i = 0; i < TAKEN_ANSWER_LIMIT.limit + 5; i++)
      expect(
        (
          await tenant.a.call(
            'POST',
            ADD,
            terminal('a', fleet[i], `00:00:00:01:00:${String(i).padStart(2, '0')}`),
          )
        ).status,
      ).toBe(409);
    // B has had one already (the SN and the MAC in the first test, and its import's two): this many more fit.
    let answered = 0;
    for (const sn of fleet) {
      const res = await tenant.b.call('POST', ADD, terminal('b', sn, '00:00:00:00:0B:09'));
      if (res.status === 429) {
        expect(res.body.messageEn).toBe(
          'Too many "already registered" answers in a short time; add or import terminals again in 10 minutes',
        );
        break;
      }
      expect(res.body.messageEn).toBe(ERRORS.terminalSnUnavailable.en);
      answered++;
    }
    expect(answered).toBe(TAKEN_ANSWER_LIMIT.limit - 4);
    // Now every add and import answers 429, even for a free SN, and nothing is added.
    expect((await tenant.b.call('POST', ADD, terminal('b', 'FREE00001', '00:00:00:00:0B:0A'))).status).toBe(
      429,
    );
    const blockedImport = await importTerminals('b', [
      ['FREE00002', 'X', 'P2', 'B001', 'S', '00:00:00:00:0B:0B', ''],
    ]);
    expect(blockedImport).toMatchObject({ code: 429, result: null });
    const blockedExit = await importAs('b', '/device/v1/device/exitRecord/import', [
      ['SN', 'Model', 'Status', 'Enterprise'],
      ['FREE00003', 'P2', 'warehoused', ''],
    ]);
    expect(blockedExit.code).toBe(429);
    expect(
      (await t.database.db.select().from(terminals).where(eq(terminals.ownerId, tenant.b.id))).length,
    ).toBe(0);

    // After the window B may add again; an import asking about more foreign SNs than are left gets no report.
    t.clock.advance(TAKEN_ANSWER_LIMIT.windowMs + 1000);
    expect(
      (await tenant.b.call('POST', ADD, terminal('b', 'FREE00001', '00:00:00:00:0B:0A'))).body.code,
    ).toBe(1);
    const sweep = await importTerminals(
      'b',
      fleet.map((sn, i) => [sn, 'X', 'P2', 'B001', 'S', `00:00:00:02:00:${String(i).padStart(2, '0')}`, '']),
    );
    expect(sweep).toMatchObject({ code: 429, result: null });
  });
});
