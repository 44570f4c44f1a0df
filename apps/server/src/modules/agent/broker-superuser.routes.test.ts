import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { terminals } from '../../db/schema';
import { sha256 } from '../../shared/crypto';
import { callAs, createFleetFixtures, rotateEnrollmentKey } from '../../test-support/fleet-fixtures';
import { useTestApp } from '../../test-support/suite-app';
import { ADMIN_PASSWORD, loginAs } from '../../test-support/test-app';
import { xlsxOf } from '../../test-support/workbook';
import { multipartForm } from '../blobs/testing';

// The server's account on the external broker. No broker is started: only its callbacks are called.
const SUPERUSER = { username: 'CPMSERVER', password: 'broker-pass-1' };

describe('external broker superuser and terminal SNs', () => {
  const t = useTestApp({
    env: { MQTT_URL: `mqtt://${SUPERUSER.username}:${SUPERUSER.password}@127.0.0.1:1` },
  });
  let call: ReturnType<typeof callAs>;
  let token: string;
  let modelId: string;
  let groupId: string;
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const importXlsx = async (url: string, bytes: Buffer) => {
    const form = multipartForm('import.xlsx', bytes);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { satoken: token, ...form.headers },
      payload: form.payload,
    });
    return res.json() as {
      code: number;
      result: { ok: boolean; errors: { field: string; messageEn: string }[] };
    };
  };

  beforeAll(async () => {
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    token = admin.token;
    call = callAs(t, admin.token);
    const f = await createFleetFixtures(t, admin.userId);
    modelId = f.model.id;
    groupId = f.group.id;
    // A terminal that took the name before the broker was configured, enrolled with its own secret.
    await t.database.db.insert(terminals).values({
      sn: SUPERUSER.username,
      name: 'Squatter',
      modelId,
      groupId,
      ownerId: admin.userId,
      status: 'activated',
      secretHash: sha256('device-secret'),
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
  });

  it('refuses the superuser name with a terminal secret in the Mosquitto callbacks', async () => {
    const user = (password: string) =>
      post('/device/v1/broker/mosquitto/user', { username: SUPERUSER.username, password });
    expect((await user('device-secret')).statusCode).toBe(403);
    expect((await user('wrong')).statusCode).toBe(403);
    expect((await user(SUPERUSER.password)).statusCode).toBe(200);
  });

  it('refuses the superuser name with a terminal secret in the EMQX callback, and never calls it superuser', async () => {
    const auth = (password: string) =>
      post('/device/v1/broker/emqx/authenticate', { username: SUPERUSER.username, password });
    expect((await auth('device-secret')).json()).toEqual({ result: 'deny', is_superuser: false });
    expect((await auth(SUPERUSER.password)).json()).toEqual({ result: 'allow', is_superuser: true });
  });

  it('refuses to register a terminal under the superuser name in any case, adding or editing', async () => {
    const terminal = { name: 'T', modelId, groupId, storeName: 'Store', mac: '00:00:00:00:AA:01' };
    const add = await call('POST', '/device/v1/device/terminal/addOrUpdate', {
      ...terminal,
      sn: SUPERUSER.username.toLowerCase(),
    });
    expect(add.status).toBe(409);
    expect(add.body.messageEn).toBe(
      'This serial number cannot be registered under your account (reserved or unavailable); check it',
    );
    const ok = await call('POST', '/device/v1/device/terminal/addOrUpdate', { ...terminal, sn: 'PLAIN0001' });
    expect(ok.body.code).toBe(1);
    const id = (ok.body.result as { id: string }).id;
    const rename = await call('POST', '/device/v1/device/terminal/addOrUpdate', {
      ...terminal,
      id,
      sn: 'CpmServer',
    });
    expect(rename.status).toBe(409);
    const row = (await t.database.db.select().from(terminals).where(eq(terminals.id, id)))[0];
    expect(row.sn).toBe('PLAIN0001');
  });

  it('refuses the superuser name in the terminal import and the factory exit records', async () => {
    const imported = await importXlsx(
      '/device/v1/device/terminal/import',
      await xlsxOf([
        ['SN', 'Name', 'Model', 'Group', 'Store', 'MAC', 'Password'],
        ['cpmserver', 'A', 'P2', 'S001', 'Store', '00:00:00:00:AA:02', ''],
      ]),
    );
    expect(imported.result.ok).toBe(false);
    expect(imported.result.errors).toEqual([
      expect.objectContaining({ field: 'sn', messageEn: expect.stringMatching(/reserved or unavailable/) }),
    ]);
    const exit = await importXlsx(
      '/device/v1/device/exitRecord/import',
      await xlsxOf([
        ['SN', 'Model', 'Status', 'Enterprise'],
        ['cpmserver', 'P2', 'warehoused', ''],
      ]),
    );
    expect(exit.result.ok).toBe(false);
    expect(exit.result.errors).toEqual([
      expect.objectContaining({ field: 'sn', messageEn: expect.stringMatching(/reserved or unavailable/) }),
    ]);
  });

  it('does not enrol a terminal holding the superuser name, even with its enterprise key', async () => {
    const key = await rotateEnrollmentKey(t, token);
    const res = await post('/device/v1/agent/enroll', { sn: SUPERUSER.username, enrollmentKey: key });
    expect(res.json().code).not.toBe(1);
    const row = (await t.database.db.select().from(terminals).where(eq(terminals.sn, SUPERUSER.username)))[0];
    expect(row.secretHash).toBe(sha256('device-secret'));
  });
});
