import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AppDetail, ENDPOINTS } from '@cpm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { createFleetFixtures, deviceAuth } from '../../test-support/fleet-fixtures';
import { imageHead } from '../../test-support/image-heads';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { answerTable } from '../../test-support/workbook';
import { blobs } from '../blobs/blobs.table';
import { sysFileForm } from '../sysfiles/testing';
import { fixture, fixtureSigners } from './apk-fixtures';
import type { InstallRequest } from './appmarket.service';
import { appEvents, apps, appVersions } from './appmarket.table';

const png = (size: number) => Buffer.concat([imageHead.png(16, 16), Buffer.alloc(size - 33, 7)]);

type Envelope = { code: number; message: string; messageEn: string; result: AppDetail };

describe('app market', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: { token: string; userId: string };
  let entA: { id: string; token: string };
  let subA: { id: string; token: string };
  let entB: { id: string; token: string };
  const installs: InstallRequest[] = [];
  let appId: string;
  const v: Record<string, string> = {};
  const secrets: Record<string, string> = {};

  const upload = async (
    token: string,
    endpoint: { path: string },
    fields: Record<string, string>,
    name: string,
    bytes: Buffer,
    query = '',
  ) => {
    const form = sysFileForm(fields, name, bytes);
    const res = await t.app.inject({
      method: 'POST',
      url: `${endpoint.path}${query}`,
      headers: { satoken: token, ...form.headers },
      payload: form.payload,
    });
    return { status: res.statusCode, body: res.json() as Envelope };
  };
  const uploadApk = (token: string, name: string, bytes: Buffer, fields: Record<string, string> = {}) =>
    upload(token, ENDPOINTS.appMarket.uploadApk, fields, name, bytes);
  const counts = async () => ({
    apps: (await t.database.db.select().from(apps)).length,
    versions: (await t.database.db.select().from(appVersions)).length,
    blobs: (await t.database.db.select().from(blobs)).length,
    tmp: (await readdir(path.join(dataDir, 'blobs', 'tmp')).catch(() => [])).length,
  });
  /** Sends a request (counting first, so no upload is in flight then) and checks it changed nothing. */
  const refused = async (
    send: () => Promise<{ status: number; body: Envelope }>,
    status: number,
    en: RegExp,
  ): Promise<Envelope> => {
    const before = await counts();
    const r = await send();
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.body.messageEn).toMatch(en);
    expect(r.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await counts()).toEqual(before);
    return r.body;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cpm-market-'));
    t = await createTestApp({
      env: { DATA_DIR: dataDir, BLOB_SWEEP_MINUTES: '0' },
      appInstaller: {
        install: async (req) => {
          installs.push(req);
          return { taskId: `task-${installs.length}` };
        },
      },
    });
    admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    entA = await createAccount(t, { username: 'mk_ent_a', superiorId: admin.userId });
    subA = await createAccount(t, { username: 'mk_sub_a', superiorId: entA.id });
    entB = await createAccount(t, { username: 'mk_ent_b', superiorId: admin.userId });

    // Terminals of entA on model P2 with Android 11, running version 1 of the demo app.
    const f = await createFleetFixtures(t, entA.id);
    const asEntA = clientOf(t, entA.token);
    const key = (await asEntA.call(ENDPOINTS.devices.enrollmentKey)).body.result;
    for (const [i, sn] of ['MKSIM001', 'MKSIM002', 'MKSIM003', 'MKSIM004'].entries()) {
      await asEntA.call(ENDPOINTS.devices.terminalSave, {
        sn,
        name: sn,
        modelId: f.model.id,
        groupId: f.group.id,
        storeName: 'Store',
        mac: `00:00:00:00:0e:0${i}`,
      });
      const enrolled = await t.app.inject({
        method: 'POST',
        url: ENDPOINTS.agent.enroll.path,
        payload: { sn, enrollmentKey: key.enrollmentKey },
      });
      secrets[sn] = enrolled.json().result.secret;
      const hello = await t.app.inject({
        method: 'POST',
        url: ENDPOINTS.agent.hello.path,
        headers: deviceAuth(sn, secrets[sn]),
        payload: {
          model: 'P2',
          osVersion: '11',
          apps: [{ packageName: 'com.cpm.demo', versionCode: 1, versionName: '1.0.0' }],
        },
      });
      expect(hello.statusCode, hello.body).toBe(200);
    }
    await t.agent.flush();
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores an APK with what its manifest and signature say, named by the publisher', async () => {
    const res = await uploadApk(entA.token, 'demo-v1.apk', fixture('demo-v1.apk'), {
      name: 'DemoPay',
      type: 'payment',
      description: 'Card payments',
      releaseNotesEn: 'First release',
      releaseNotesZh: '首个版本',
      autoUpdate: 'true',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const app = res.body.result;
    appId = app.id;
    v.v1 = app.versions[0].id;
    expect(app).toMatchObject({ name: 'DemoPay', packageName: 'com.cpm.demo' });
    expect(app.signerSha256).toBe(fixtureSigners()['demo-v1.apk']);
    expect(app.versions[0]).toMatchObject({
      versionCode: 1,
      permissions: ['android.permission.INTERNET'],
      schemes: ['v1', 'v2', 'v3'],
      reviewStatus: 'draft',
    });
    const icon = await t.app.inject({ method: 'GET', url: app.iconUrl as string });
    expect(icon.headers['content-type']).toBe('image/png');
  });

  // The refusals' rules are held by uploads.service.test.ts and apk-parser.test.ts; here the answer and that nothing is kept.
  it('refuses what is not an APK and an unsigned one in both languages, keeping nothing', async () => {
    await refused(() => uploadApk(entA.token, 'x.apk', png(3000)), 400, /not a valid APK/);
    await refused(() => uploadApk(entA.token, 'u.apk', fixture('demo-v3-unsigned.apk')), 400, /not signed/);
  });

  it('takes a higher version code of the same signer, then refuses lower and duplicate ones', async () => {
    const res = await uploadApk(entA.token, 'demo-v3.apk', fixture('demo-v3.apk'), {
      releaseNotesEn: 'Camera',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    v.v3 = res.body.result.versions.find((x) => x.versionCode === 3)?.id as string;
    // A package belongs to the enterprise that published it first.
    await refused(
      () => uploadApk(entB.token, 'demo-v1.apk', fixture('demo-v1.apk')),
      409,
      /another enterprise/,
    );
  });

  it('refuses a Chinese app name (spec: English letters or digits) and accepts an English one', async () => {
    const bad = await refused(
      () => uploadApk(entA.token, 'tool.apk', fixture('tool-v1.apk'), { name: '收银' }),
      400,
      /./,
    );
    expect(JSON.stringify(bad)).toMatch(/English letters and digits/);
    const ok = await uploadApk(entA.token, 'tool.apk', fixture('tool-v1.apk'), {
      name: 'CashTool',
      visibility: 'private',
    });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(1);
  });

  it('reviews: reject needs a reason, the publisher edits and resubmits, approval locks the version', async () => {
    const pub = clientOf(t, entA.token);
    const rev = clientOf(t, admin.token);
    expect((await pub.call(ENDPOINTS.appMarket.submit, { id: v.v1 })).body.result).toMatchObject({
      reviewStatus: 'pending',
    });
    const noReason = await rev.call(ENDPOINTS.appMarket.audit, { id: v.v1, approved: false });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toMatch(/rejection needs a reason/);
    const rejected = await rev.call(ENDPOINTS.appMarket.audit, {
      id: v.v1,
      approved: false,
      reason: 'Release notes are empty in Chinese',
    });
    expect(rejected.body.result).toMatchObject({
      reviewStatus: 'rejected',
      rejectReason: 'Release notes are empty in Chinese',
    });
    const again = await rev.call(ENDPOINTS.appMarket.audit, { id: v.v1, approved: true });
    expect(again.status).toBe(409);
    expect(again.body.messageEn).toMatch(/review state does not allow/);

    const edited = await pub.call(ENDPOINTS.appMarket.updateVersion, {
      id: v.v1,
      releaseNotesEn: 'First release',
      releaseNotesZh: '首个版本，支持刷卡',
      models: ['P2'],
      autoUpdate: true,
    });
    expect(edited.body.result).toMatchObject({ releaseNotesZh: '首个版本，支持刷卡', models: ['P2'] });
    expect((await pub.call(ENDPOINTS.appMarket.submit, { id: v.v1 })).body.result).toMatchObject({
      reviewStatus: 'pending',
    });
    expect(
      (await rev.call(ENDPOINTS.appMarket.audit, { id: v.v1, approved: true })).body.result,
    ).toMatchObject({
      reviewStatus: 'approved',
    });
    const flag = await pub.call(ENDPOINTS.appMarket.updateVersion, {
      id: v.v1,
      releaseNotesEn: 'First release',
      releaseNotesZh: '首个版本，支持刷卡',
      models: ['P2'],
      autoUpdate: false,
    });
    expect(flag.body.result).toMatchObject({ autoUpdate: false, reviewStatus: 'approved' });
    // The publisher is told by a bell notice.
    const mine = await clientOf(t, entA.token).call(ENDPOINTS.messages.myPage, { current: '1', size: '20' });
    expect(JSON.stringify(mine.body)).toMatch(/rejected/);
  });

  it('shows the reviewer what changed: new dangerous permissions, signer, previous version', async () => {
    await clientOf(t, entA.token).call(ENDPOINTS.appMarket.submit, { id: v.v3 });
    const page = await clientOf(t, admin.token).call(ENDPOINTS.appMarket.auditPage, { status: 'pending' });
    const row = page.body.result.records.find((r) => r.version.id === v.v3);
    expect(row).toMatchObject({
      previous: { versionCode: 1 },
      addedPermissions: ['android.permission.CAMERA', 'android.permission.ACCESS_FINE_LOCATION'],
      newDangerousPermissions: ['android.permission.CAMERA', 'android.permission.ACCESS_FINE_LOCATION'],
      signerChanged: false,
      submittedBy: 'mk_ent_a',
    });
    // Another enterprise's reviewer scope does not reach it; an enterprise cannot review at all.
    expect((await clientOf(t, entA.token).call(ENDPOINTS.appMarket.auditPage)).status).toBe(403);
  });

  it('launches only with an approved version; the market shows public apps to all, private ones to the enterprise tree', async () => {
    const pub = clientOf(t, entA.token);
    const tool = (await pub.call(ENDPOINTS.appMarket.mine, { keyword: 'CashTool' })).body.result.records[0];
    const early = await pub.call(ENDPOINTS.appMarket.shelf, { id: tool.id, launched: true });
    expect(early.status).toBe(409);
    const launched = await pub.call(ENDPOINTS.appMarket.shelf, { id: appId, launched: true });
    expect(launched.body.result).toMatchObject({ shelf: 'launched' });
    expect((await pub.call(ENDPOINTS.appMarket.shelf, { id: appId, launched: true })).status).toBe(409);
    const seen = async (token: string) =>
      (await clientOf(t, token).call(ENDPOINTS.appMarket.market, { model: 'P2' })).body.result.records.map(
        (r) => r.name,
      );
    expect(await seen(entB.token)).toEqual(['DemoPay']);
    expect(await seen(subA.token)).toEqual(['DemoPay']);
    const a920 = await clientOf(t, entB.token).call(ENDPOINTS.appMarket.market, { model: 'A920' });
    expect(a920.body.result.records).toHaveLength(1);
    const detail = await clientOf(t, entB.token).call(ENDPOINTS.appMarket.detail, { id: appId });
    expect(detail.body.result).toMatchObject({ editable: false, installStats: [] });
    const own = await pub.call(ENDPOINTS.appMarket.detail, { id: appId });
    expect(own.body.result).toMatchObject({
      editable: true,
      installStats: [{ versionCode: 1, terminals: 4 }],
    });
  });

  it('gray release needs target SNs in scope, then installs on them; official release reaches auto-update terminals', async () => {
    const pub = clientOf(t, entA.token);
    await clientOf(t, admin.token).call(ENDPOINTS.appMarket.audit, { id: v.v3, approved: true });
    const none = await pub.call(ENDPOINTS.appMarket.release, { id: v.v3, action: 'gray', sns: ' , ' });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toMatch(/needs target SNs/);
    const unknown = await pub.call(ENDPOINTS.appMarket.release, {
      id: v.v3,
      action: 'gray',
      sns: 'MKSIM001,NOSUCH01',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.result).toEqual({ sns: ['NOSUCH01'] });
    expect(
      (await pub.call(ENDPOINTS.appMarket.release, { id: v.v1, action: 'official' })).body.result,
    ).toMatchObject({
      releaseStatus: 'official',
    });
    const gray = await pub.call(ENDPOINTS.appMarket.release, {
      id: v.v3,
      action: 'gray',
      sns: 'mksim001, MKSIM002',
      health: { minCrashes: 3, crashRatio: 2 },
    });
    expect(gray.body.result).toMatchObject({ releaseStatus: 'gray', graySns: ['MKSIM001', 'MKSIM002'] });
    expect(installs.at(-1)).toMatchObject({
      reason: 'gray',
      versionCode: 3,
      sns: ['MKSIM001', 'MKSIM002'],
      signerSha256: fixtureSigners()['demo-v1.apk'],
      downgrade: false,
    });
  });

  it('pauses a gray release whose terminals crash past the threshold, tells the publisher and rolls back', async () => {
    const crash = (sn: string, code: number, type = 'appCrash') =>
      t.app.inject({
        method: 'POST',
        url: ENDPOINTS.agent.event.path,
        headers: deviceAuth(sn, secrets[sn]),
        payload: { type, app: { packageName: 'com.cpm.demo', versionCode: code } },
      });
    // The gray terminals now run version 3 (as an install would report).
    for (const sn of ['MKSIM001', 'MKSIM002'])
      await t.app.inject({
        method: 'POST',
        url: ENDPOINTS.agent.event.path,
        headers: deviceAuth(sn, secrets[sn]),
        payload: {
          type: 'appInstalled',
          app: { packageName: 'com.cpm.demo', versionCode: 3, versionName: '1.2.0' },
        },
      });
    expect((await crash('MKSIM001', 3)).statusCode).toBe(200);
    await crash('MKSIM003', 1);
    await crash('MKSIM004', 1);
    await crash('MKSIM002', 3, 'appAnr');
    await crash('MKSIM002', 3);
    // 1.5 per gray terminal against 1 for the rest: within twice the rest.
    const health = await clientOf(t, entA.token).call(ENDPOINTS.appMarket.health, { id: v.v3 });
    expect(health.body.result).toMatchObject({
      gray: { terminals: 2, crashes: 2, anrs: 1, crashRate: 1.5 },
      rest: { terminals: 2, crashes: 2, crashRate: 1 },
      breaches: [],
      rollbackTo: { versionCode: 1 },
    });
    expect(await t.appMarket.checkGrayHealth()).toEqual({ paused: 0 });
    await crash('MKSIM001', 3);
    await crash('MKSIM001', 3);
    expect(await t.appMarket.checkGrayHealth()).toEqual({ paused: 1 });
    const after = await clientOf(t, entA.token).call(ENDPOINTS.appMarket.health, { id: v.v3 });
    expect(after.body.result).toMatchObject({ releaseStatus: 'paused', pauseReason: 'crashRate' });
    await t.noticesIdle();
    const notices = await clientOf(t, entA.token).call(ENDPOINTS.messages.myPage, {
      current: '1',
      size: '20',
    });
    expect(JSON.stringify(notices.body)).toMatch(/gray release paused/);

    const rolled = await clientOf(t, entA.token).call(ENDPOINTS.appMarket.release, {
      id: v.v3,
      action: 'rollback',
    });
    expect(rolled.body.result).toMatchObject({ releaseStatus: 'rolledBack' });
    expect(installs.at(-1)).toMatchObject({
      reason: 'rollback',
      versionCode: 1,
      downgrade: true,
      sns: expect.arrayContaining(['MKSIM001', 'MKSIM002']),
    });
  });

  it('takes JPG or PNG screenshots up to 1 MB, refuses a 1.2 MB one and other types', async () => {
    const shot = (bytes: Buffer, name: string) =>
      upload(entA.token, ENDPOINTS.appMarket.uploadScreenshot, {}, name, bytes, `?id=${appId}`);
    await refused(() => shot(png(1.2 * 1024 * 1024), 'big.png'), 400, /at most 1 MB/);
    await refused(() => shot(Buffer.from('GIF89a-----------------'), 'a.gif'), 400, /JPG or PNG/);
    const ok = await shot(png(200_000), 'ok.png');
    expect(ok.body.result.screenshots).toHaveLength(1);
  });

  it('takes Windows installers by content and refuses anything else', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4000, 3)]);
    const res = await upload(
      entA.token,
      ENDPOINTS.appMarket.uploadWindows,
      { name: 'PosAgent', packageName: 'com.cpm.posagent', versionName: '2.0.1', installArgs: '/S' },
      'setup.exe',
      exe,
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.result.versions[0]).toMatchObject({
      installer: 'exe',
      versionCode: 1,
      installArgs: '/S',
    });
    expect(
      (await clientOf(t, entA.token).call(ENDPOINTS.appMarket.mine, { platform: 'windows' })).body.result,
    ).toMatchObject({
      total: 1,
    });
  });

  it('records uploads, reviews, shelf and release changes, in scope, and exports them', async () => {
    const page = await clientOf(t, entA.token).call(ENDPOINTS.appMarket.records, {
      size: '100',
      keyword: 'DemoPay',
    });
    const kinds = page.body.result.records.map((r) => r.kind);
    const expected = [
      'upload',
      'submit',
      'reject',
      'approve',
      'launch',
      'gray',
      'official',
      'healthPause',
      'rollback',
    ];
    for (const k of expected) expect(kinds).toContain(k);
    const reject = page.body.result.records.find((r) => r.kind === 'reject');
    expect(reject).toMatchObject({ detail: 'Release notes are empty in Chinese', actorName: 'admin' });
    const otherTenant = await clientOf(t, entB.token).call(ENDPOINTS.appMarket.records, {
      keyword: 'DemoPay',
    });
    expect(otherTenant.body.result).toMatchObject({ total: 0 });
    const xlsx = await clientOf(t, entA.token).request(ENDPOINTS.appMarket.exportRecords, {
      query: { keyword: 'DemoPay' },
      headers: { timezone: 'Asia/Shanghai', 'accept-language': 'zh-CN' },
    });
    expect(xlsx.statusCode).toBe(200);
    const { headers, rows } = await answerTable(xlsx);
    expect(headers).toEqual(['时间', '操作', '应用名称', '包名', '版本', 'SN', '操作人', '结果', '详情']);
    expect(rows.map((r) => r.操作)).toContain('驳回');
    expect(rows.every((r) => ['成功', '失败'].includes(String(r.结果)))).toBe(true);
    expect(rows.every((r) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(String(r.时间)))).toBe(true);
    const stored = await t.database.db.select().from(appEvents);
    expect(stored.every((e) => e.ownerId)).toBe(true);
  });

  it('refuses to delete a launched app, deletes an unlaunched one with its files', async () => {
    const pub = clientOf(t, entA.token);
    expect((await pub.call(ENDPOINTS.appMarket.remove, { id: appId })).status).toBe(409);
    const tool = (await pub.call(ENDPOINTS.appMarket.mine, { keyword: 'CashTool' })).body.result.records[0];
    const before = await counts();
    expect((await pub.call(ENDPOINTS.appMarket.remove, { id: tool.id })).body.code).toBe(1);
    const after = await counts();
    expect(after.apps).toBe(before.apps - 1);
    expect(after.blobs).toBeLessThan(before.blobs);
  });
});
