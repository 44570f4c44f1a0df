import { ENDPOINTS } from '@cpm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { useTestApp } from '../../test-support/suite-app';
import { answerTable, readerHeaders } from '../../test-support/workbook';
import { insertGroups, insertTerminals } from '../tasks/task-fixtures';

describe('the task a remote command runs as', () => {
  const t = useTestApp({ jobs: { run: false }, tasks: { monitorMs: false, catchUpMs: 0 } });
  let ent: { id: string; token: string };
  let sns: string[];

  beforeAll(async () => {
    ent = await createAccount(t, { username: 'cmd_names' });
    const { group } = await insertGroups(t.database.db, ent.id, 'CMN');
    sns = await insertTerminals(t.database.db, {
      prefix: 'CMNAME0',
      count: 2,
      ownerId: ent.id,
      groupId: group.id,
      online: true,
    });
  });

  it('is named by a key and values, which lists, detail, plan tab and exports render per reader', async () => {
    const as = clientOf(t, ent.token);
    const run = await as.send(ENDPOINTS.remoteCommands.run, { sns, command: { op: 'device_props' } });
    expect(run.body.code, JSON.stringify(run.body)).toBe(1);
    const taskId = run.body.result.taskId as string;
    const nameText = { key: 'command', params: { op: 'device_props', sn: sns[0], total: 2 } };

    const page = await as.call(ENDPOINTS.tasks.page, {});
    // The op's code shows nowhere: not in the summary under the name either.
    expect(page.body.result.records.find((r: { id: string }) => r.id === taskId)).toMatchObject({
      nameText,
      summary: '',
    });
    expect((await as.call(ENDPOINTS.tasks.detail, { id: taskId })).body.result).toMatchObject({ nameText });
    await t.jobs.runDue();
    const plan = await as.call(ENDPOINTS.tasks.byTerminal, { sn: sns[1] });
    expect(plan.body.result.records[0]).toMatchObject({ taskId, taskNameText: nameText });

    // Found by what each reader sees, not by the op's code.
    for (const name of ['读取设备属性', 'read device properties'])
      expect((await as.call(ENDPOINTS.tasks.page, { name })).body.result.records.map((r) => r.id)).toEqual([
        taskId,
      ]);
    const exported = async (language: string) =>
      answerTable(await as.request(ENDPOINTS.tasks.export, { query: {}, headers: readerHeaders(language) }));
    expect((await exported('zh-CN')).rows.map((r) => r.任务名称)).toEqual([
      `读取设备属性 · ${sns[0]} 等 2 台`,
    ]);
    expect((await exported('en')).rows.map((r) => r['Task name'])).toEqual([
      `Read device properties · ${sns[0]} and 1 more`,
    ]);
  });

  it('keeps a name a person typed as typed', async () => {
    const as = clientOf(t, ent.token);
    const typed = await as.send(ENDPOINTS.tasks.create, {
      name: 'Reboot the tills',
      platform: 'android',
      type: 'reboot',
      params: {},
      targets: { sns: [sns[0]] },
      timing: { expireAt: new Date(t.clock.now().getTime() + 3_600_000).toISOString() },
    });
    expect(typed.body.code, JSON.stringify(typed.body)).toBe(1);
    expect(typed.body.result).toMatchObject({ name: 'Reboot the tills', nameText: null });
  });
});
