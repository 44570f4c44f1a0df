import type { AddressInfo } from 'node:net';
import { ENDPOINTS } from '@cpm/contracts';
import { provisionFleet, simSn, startFleet } from '../../pos-sim/src/fleet';
import type { App } from '../src/app';
import { fixture } from '../src/modules/appmarket/apk-fixtures';
import { pngOf } from '../src/modules/media/media-fixtures';
import { makeZip, postFileForm } from '../src/modules/sysfiles/testing';
import { clientOf } from '../src/test-support/api-client';
import type { TestApp } from '../src/test-support/test-app';

/** The account the fixture's data is made by and read back as. */
export const FIXTURE_ADMIN = { username: 'admin', password: 'Fixture#Admin1' } as const;

const TERMINALS = 3;
const PREFIX = 'UPG';

/** Fails the run with what the server said when a call is refused. */
const ok = <T extends { status: number; body: { code: number; messageEn?: string } }>(what: string, r: T) => {
  if (r.body.code !== 1) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
};

const until = async (what: string, check: () => Promise<boolean>, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/**
 * What a small fleet's database holds after a few days of use, made through the server's own API
 * and simulated terminals (pos-sim over MQTT): accounts, a group tree, a model, enrolled terminals
 * that ran a file push and a command (deliveries and results), system files, a wallpaper, two versions
 * of an app (one approved), and a published message. The uploaded bytes are fixed, so every database
 * this runs on refers to the same stored files.
 */
export const runUpgradeScenario = async (app: App, simDir: string) => {
  const server = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  const t = app as TestApp;
  const login = await app.app.inject({
    method: 'POST',
    url: ENDPOINTS.auth.login.path,
    payload: { ...FIXTURE_ADMIN, captchaId: 'x', captchaCode: 'x', sysCode: 'cpm' },
  });
  const token = login.json().result.tokenValue as string;
  const as = clientOf(t, token);

  const roles = ok('roles', await as.call(ENDPOINTS.roles.options)).body.result;
  const enterprise = ok(
    'account',
    await as.call(ENDPOINTS.users.save, {
      username: 'upgrade_ent',
      password: 'Upgrade#Ent1',
      name: 'Harbour Retail',
      email: 'ent@example.test',
      roleIds: roles.filter((r) => r.code === 'enterprise_admin').map((r) => r.id),
    }),
  ).body.result;
  ok(
    'sub-account',
    await as.call(ENDPOINTS.users.save, {
      username: 'upgrade_clerk',
      password: 'Upgrade#Clerk1',
      superiorId: enterprise.id,
    }),
  );
  ok('model', await as.call(ENDPOINTS.devices.modelSave, { name: 'P2' }));
  const region = ok(
    'group',
    await as.call(ENDPOINTS.groups.save, { name: 'North', number: 'R01', type: 'region' }),
  ).body.result;
  const store = ok(
    'sub-group',
    await as.call(ENDPOINTS.groups.save, { name: 'Harbour store', number: 'S01', parentId: region.id }),
  ).body.result;

  const { enrollmentKey } = await provisionFleet({
    server,
    username: FIXTURE_ADMIN.username,
    password: FIXTURE_ADMIN.password,
    count: TERMINALS,
    prefix: PREFIX,
    model: 'P2',
  });
  const sns = Array.from({ length: TERMINALS }, (_, i) => simSn(PREFIX, i + 1));
  ok('move', await as.call(ENDPOINTS.devices.terminalMove, { sns, groupId: store.id }));
  const fleet = startFleet({
    count: TERMINALS,
    server,
    transport: 'mqtt',
    prefix: PREFIX,
    enrollmentKey,
    cities: [{ name: 'Shanghai', lat: 31.2, lng: 121.4 }],
    model: 'P2',
    heartbeatSec: 2,
    rampSec: 0,
    faultRate: 0,
    rebootRate: 0,
    tasks: { failureRate: 0, paymentRate: 0, offlineRate: 0, offlineSec: 1, dataDir: simDir, recheckMs: 200 },
  });
  try {
    await until('terminals online', async () => {
      const page = await as.call(ENDPOINTS.devices.terminalPage, { current: 1, size: 10, online: true });
      return page.body.result?.total === TERMINALS;
    });

    const menu = makeZip([{ name: 'menu.json', data: Buffer.from('{"items":["tea","coffee"]}') }]);
    const upload = await postFileForm(t, token, ENDPOINTS.sysFiles.upload.path, {
      fields: { version: '1.0', type: '2' },
      name: 'menu.zip',
      bytes: menu,
    });
    const file = upload.json().result as { id: string };
    if (!file?.id) throw new Error(`system file: ${upload.body}`);
    const expireAt = new Date(Date.now() + 86_400_000).toISOString();
    const push = ok(
      'file task',
      await as.call(ENDPOINTS.tasks.create, {
        name: 'Menu',
        platform: 'android',
        type: 'file_push',
        params: { fileId: file.id, path: '/sdcard/menu' },
        targets: { groupIds: [store.id] },
        timing: { expireAt },
      }),
    ).body.result;
    const command = ok(
      'command task',
      await as.call(ENDPOINTS.tasks.create, {
        name: 'Packages',
        platform: 'android',
        type: 'command',
        params: { command: 'pm list packages' },
        targets: { sns },
        timing: { expireAt },
        password: FIXTURE_ADMIN.password,
      }),
    ).body.result;
    for (const task of [push, command])
      await until(`results of task ${task.id}`, async () => {
        const res = await as.call(ENDPOINTS.tasks.results, { taskId: task.id, current: 1, size: 50 });
        const rows = (res.body.result?.records ?? []) as { state: string }[];
        return rows.length === TERMINALS && rows.every((r) => r.state === 'success');
      });
  } finally {
    await fleet.stop(true);
  }

  const wallpaper = await as.request(ENDPOINTS.media.wallpaperUpload, {
    query: { description: 'Spring' },
    file: { name: 'spring.png', bytes: pngOf(64, 32, { seed: 7 }) },
  });
  if (wallpaper.json().code !== 1) throw new Error(`wallpaper: ${wallpaper.body}`);

  const versions: string[] = [];
  for (const name of ['demo-v1.apk', 'demo-v2.apk']) {
    const res = await postFileForm(t, token, ENDPOINTS.appMarket.uploadApk.path, {
      fields: { name: 'DemoPay' },
      name,
      bytes: fixture(name),
    });
    const body = res.json();
    if (body.code !== 1) throw new Error(`app ${name}: ${res.body}`);
    // An upload answers the app with its versions; the first upload's only one is version 1.
    versions.push(...(body.result.versions as { id: string }[]).map((v) => v.id));
  }
  ok('submit', await as.call(ENDPOINTS.appMarket.submit, { id: versions[0] }));
  ok('approve', await as.call(ENDPOINTS.appMarket.audit, { id: versions[0], approved: true }));

  const message = ok(
    'message',
    await as.call(ENDPOINTS.messages.save, {
      title: 'Welcome',
      content: '<p>New menu is out</p>',
      scope: 'all',
    }),
  ).body.result;
  ok('publish', await as.call(ENDPOINTS.messages.publish, { id: message.id }));
  ok('read', await as.call(ENDPOINTS.messages.read, { msgId: message.id }));
};
