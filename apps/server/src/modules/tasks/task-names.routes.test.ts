import { ENDPOINTS } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createAccount } from '../../test-support/accounts';
import { clientOf, refusalOf } from '../../test-support/api-client';
import { useTestApp } from '../../test-support/suite-app';
import { answerTable, readerHeaders } from '../../test-support/workbook';
import { insertGroups, insertTerminals } from './task-fixtures';
import { fillSearchNames } from './task-names';
import { createTasksRepository } from './tasks.repository';
import { tasks } from './tasks.table';

const TILL = 'com.acme.till';

describe('the names of uninstall and permission tasks, and searching tasks by name', () => {
  const t = useTestApp({ jobs: { run: false }, tasks: { monitorMs: false, catchUpMs: 0 } });
  let ent: { id: string; token: string };
  let sns: string[];

  const expireAt = () => new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString();
  const create = (body: Record<string, unknown>) =>
    clientOf(t, ent.token).send(ENDPOINTS.tasks.create, {
      platform: 'android',
      targets: { sns: sns.slice(0, 1) },
      timing: { expireAt: expireAt() },
      ...body,
    });
  const grant = { type: 'permission', password: ACCOUNT_PASSWORD };
  const grantParams = { packageName: TILL, action: 'grant', permissions: ['android.permission.CAMERA'] };
  const found = async (name: string) =>
    (await clientOf(t, ent.token).call(ENDPOINTS.tasks.page, { name })).body.result.records.map(
      (r: { id: string }) => r.id,
    );

  beforeAll(async () => {
    ent = await createAccount(t, { username: 'names_ent' });
    const fx = await insertGroups(t.database.db, ent.id, 'N');
    sns = await insertTerminals(t.database.db, {
      prefix: 'NM',
      count: 2,
      ownerId: ent.id,
      groupId: fx.group.id,
      apps: [{ packageName: TILL, name: 'Acme Till' }],
    });
  });

  it('names a permission task created without a name by key, rendered per reader in exports', async () => {
    const res = await create({ ...grant, params: grantParams });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const nameText = { key: 'permission', params: { action: 'grant', packageName: TILL } };
    expect(res.body.result).toMatchObject({
      name: `Grant permissions · ${TILL}`,
      nameText,
      // The line under the name holds no English verb either.
      summary: `${TILL}: android.permission.CAMERA`,
    });
    const id = res.body.result.id as string;
    expect((await clientOf(t, ent.token).call(ENDPOINTS.tasks.detail, { id })).body.result).toMatchObject({
      nameText,
    });
    const exported = async (language: string) =>
      (
        await answerTable(
          await clientOf(t, ent.token).request(ENDPOINTS.tasks.export, {
            query: { type: 'permission' },
            headers: readerHeaders(language),
          }),
        )
      ).rows;
    expect((await exported('zh-CN')).map((r) => r.任务名称)).toEqual([`授予权限 · ${TILL}`]);
    expect((await exported('en')).map((r) => r['Task name'])).toEqual([`Grant permissions · ${TILL}`]);
  });

  it('names an uninstall task created without a name by its package', async () => {
    const res = await create({ type: 'app_uninstall', params: { packageName: TILL, keepData: false } });
    expect(res.body.result).toMatchObject({
      name: `Uninstall · ${TILL}`,
      nameText: { key: 'appUninstall', params: { packageName: TILL } },
    });
  });

  it('refuses a task of another type without a name, in both languages, creating nothing', async () => {
    const before = (await t.database.db.select({ id: tasks.id }).from(tasks)).length;
    const res = await create({ type: 'reboot', params: {} });
    expect(res.status).toBe(400);
    const { errors } = refusalOf<{ errors: { field: string; message: string; messageEn: string }[] }>(res);
    expect(errors).toContainEqual({
      field: 'body.name',
      message: '请输入任务名称',
      messageEn: "Enter the task's name",
    });
    expect((await t.database.db.select({ id: tasks.id }).from(tasks)).length).toBe(before);
  });

  it('finds a system-named task by its name in either language, and a typed one as typed', async () => {
    const revoke = (await create({ ...grant, params: { ...grantParams, action: 'revoke' } })).body.result;
    const typed = (await create({ name: 'Reboot the tills', type: 'reboot', params: {} })).body.result;
    expect(await found('撤销权限')).toEqual([revoke.id]);
    expect(await found('REVOKE PERMISSIONS')).toEqual([revoke.id]);
    expect(await found('撤销权限 · com.acme')).toEqual([revoke.id]);
    expect(await found('tills')).toEqual([typed.id]);
    expect(await found('重启')).toEqual([]);
  });

  it('makes system-named tasks stored before searchable in both languages', async () => {
    const id = (await create({ type: 'app_uninstall', params: { packageName: TILL } })).body.result
      .id as string;
    await t.database.db.update(tasks).set({ nameSearch: null }).where(eq(tasks.type, 'app_uninstall'));
    expect(await found(`卸载 · ${TILL}`)).toEqual([]);
    await fillSearchNames(createTasksRepository(t.database.db));
    expect(await found(`卸载 · ${TILL}`)).toContain(id);
    expect(await found(`uninstall · ${TILL}`)).toContain(id);
  });
});
