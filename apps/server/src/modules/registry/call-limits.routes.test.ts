import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/accounts';
import { ADMIN_PASSWORD, createFilesTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { sysFiles } from '../sysfiles/sysfiles.table';
import { makeZip, postFileForm } from '../sysfiles/testing';

const ZIP = makeZip([{ name: 'menu.json', data: Buffer.alloc(2000, 3) }]);

describe('rate limits of uploads per account and per enterprise', () => {
  let t: TestApp & { dataDir: string };
  let ent: { id: string; token: string };
  let subs: { id: string; token: string }[];
  let version = 0;

  beforeAll(async () => {
    t = await createFilesTestApp('call-limits', { env: { RATE_FILES_PER_MINUTE: '2' } });
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    ent = await createAccount(t, { username: 'cl_ent', superiorId: admin.userId });
    subs = [];
    for (const n of [1, 2, 3])
      subs.push(await createAccount(t, { username: `cl_sub${n}`, superiorId: ent.id }));
  });
  afterAll(() => t.close());

  const upload = (token: string) =>
    postFileForm(t, token, '/file/v1/file/sysFile/upload', {
      fields: { version: String(++version), type: '2' },
      name: 'menu.zip',
      bytes: ZIP,
    });
  const stored = async () => (await t.database.db.select().from(sysFiles)).length;

  it('refuses the third upload of a minute with 429 in both languages, storing nothing, until the minute is over', async () => {
    expect((await upload(ent.token)).json().code).toBe(1);
    expect((await upload(ent.token)).json().code).toBe(1);
    const before = await stored();
    const refused = await upload(ent.token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      code: 429,
      message: '上传文件过于频繁，请稍后再试',
      messageEn: 'Too many uploads in a short time; please wait a minute and try again',
    });
    expect(await stored()).toBe(before);
    t.clock.advance(60_000);
    expect((await upload(ent.token)).json().code).toBe(1);
  });

  it("lets an enterprise's accounts together upload three times one account's limit", async () => {
    t.clock.advance(60_000);
    const answers: number[] = [];
    for (const who of [...subs, ent])
      for (let i = 0; i < 2; i++) answers.push((await upload(who.token)).statusCode);
    // Six a minute for the enterprise: the sub-accounts used them, so its own account is refused.
    expect(answers).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });
});
