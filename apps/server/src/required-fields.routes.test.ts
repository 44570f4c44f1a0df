import { beforeAll, describe, expect, it } from 'vitest';
import { terminals } from './modules/devices/devices.table';
import { dictItems, dicts } from './modules/dicts/dicts.table';
import { privateCustomers } from './modules/privatization/privatization.table';
import { roles } from './modules/roles/roles.table';
import { callApi } from './test-support/accounts';
import { useTestApp } from './test-support/suite-app';
import { ADMIN_PASSWORD, loginAs } from './test-support/test-app';

// The spec's list of required fields (section 5): each form refuses an empty submission naming
// every required field in both languages, and stores nothing.

type FieldError = { field: string; message: string; messageEn: string };

describe('required fields', () => {
  const t = useTestApp();
  let token: string;

  beforeAll(async () => {
    token = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token;
  });

  /** Posts an empty body and answers the fields named, after checking each has both texts. */
  const refusedFields = async (url: string, body: object = {}) => {
    const res = await callApi(t, token, 'POST', url, body);
    expect(res.body.code, url).toBe(400);
    const errors = res.body.result.errors as FieldError[];
    for (const e of errors) {
      expect(e.message, e.field).toBeTruthy();
      expect(e.messageEn, e.field).toBeTruthy();
    }
    return errors.map((e) => e.field.replace(/^body\./, ''));
  };
  const count = async (
    table: typeof terminals | typeof roles | typeof dicts | typeof dictItems | typeof privateCustomers,
  ) => (await t.database.db.select().from(table)).length;

  it('a terminal needs its SN, name, group, model, store name and MAC; the platform is Android unless chosen', async () => {
    const before = await count(terminals);
    const fields = await refusedFields('/device/v1/device/terminal/addOrUpdate');
    expect(fields).toEqual(expect.arrayContaining(['sn', 'name', 'modelId', 'groupId', 'storeName', 'mac']));
    expect(fields).not.toContain('platform');
    const badPlatform = await refusedFields('/device/v1/device/terminal/addOrUpdate', { platform: 'ios' });
    expect(badPlatform).toContain('platform');
    expect(await count(terminals)).toBe(before);
  });

  it('a role needs its name and code', async () => {
    const before = await count(roles);
    expect(await refusedFields('/upms/v1/upms/role/addOrUpdate')).toEqual(
      expect.arrayContaining(['name', 'code']),
    );
    expect(await count(roles)).toBe(before);
  });

  it('a dictionary needs its code and both names, an item its dictionary, label, English name and value', async () => {
    const before = [await count(dicts), await count(dictItems)];
    expect(await refusedFields('/upms/v1/upms/dicInfo/addOrUpdate')).toEqual(
      expect.arrayContaining(['code', 'name', 'englishName']),
    );
    expect(await refusedFields('/upms/v1/upms/dicItem/addOrUpdate')).toEqual(
      expect.arrayContaining(['dictId', 'label', 'englishName', 'value']),
    );
    expect([await count(dicts), await count(dictItems)]).toEqual(before);
  });

  it('a private customer needs every field but the remark, and a valid interface URL', async () => {
    const before = await count(privateCustomers);
    expect(await refusedFields('/upms/v1/upms/cpmPrivatization/addOrUpdate')).toEqual(
      expect.arrayContaining([
        'name',
        'contact',
        'phone',
        'email',
        'country',
        'region',
        'address',
        'deploymentStatus',
        'networkType',
        'interfaceUrl',
        'serviceIp',
        'sysUser',
      ]),
    );
    expect(await count(privateCustomers)).toBe(before);
  });
});
