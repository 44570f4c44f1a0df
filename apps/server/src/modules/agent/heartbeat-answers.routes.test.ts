import { ENDPOINTS, type TaskPullAnswer } from '@cpm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { basicAuth, insertTerminals } from '../tasks/task-fixtures';

// The heartbeat's `pending` is answered from memory between changes: every change that gives or takes
// a terminal's work must show in the next heartbeat, with that terminal's answer read before it.
describe('the heartbeat answer follows the work of its terminal', () => {
  let t: TestApp;
  let ent: { id: string; token: string };
  let sns: string[];

  const heartbeat = async (sn: string) => {
    const res = await clientOf(t, null).request(ENDPOINTS.agent.heartbeat, {
      headers: basicAuth(sn),
      body: { battery: 80 },
    });
    expect(res.json().code, res.body).toBe(1);
    return res.json().result as { pending: number };
  };
  const pull = async (sn: string) =>
    (await clientOf(t, null).request(ENDPOINTS.taskAgent.pull, { headers: basicAuth(sn) })).json()
      .result as TaskPullAnswer;
  const report = (sn: string, results: Record<string, unknown>[]) =>
    clientOf(t, null).request(ENDPOINTS.taskAgent.report, { headers: basicAuth(sn), body: { results } });
  const createReboot = async (targets: string[]) => {
    const res = await clientOf(t, ent.token).send(ENDPOINTS.tasks.create, {
      name: 'Reboot tonight',
      platform: 'android',
      type: 'reboot',
      targets: { sns: targets },
      timing: { expireAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString() },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    return res.body.result as { id: string };
  };

  beforeAll(async () => {
    t = await createTestApp({ jobs: { run: false }, tasks: { monitorMs: false } });
    ent = await createAccount(t, { username: 'hb_answers' });
    sns = await insertTerminals(t.database.db, { prefix: 'HBA', count: 2, ownerId: ent.id, online: true });
  });
  afterAll(() => t.close());

  it('tells of work once it is written, and of none once it is pulled and finished', async () => {
    expect((await heartbeat(sns[0])).pending).toBe(0);
    expect((await heartbeat(sns[1])).pending).toBe(0);

    await createReboot([sns[0]]);
    await t.jobs.runDue();
    expect((await heartbeat(sns[0])).pending).toBe(1);
    expect((await heartbeat(sns[1])).pending).toBe(0);

    const [item] = (await pull(sns[0])).tasks;
    expect((await heartbeat(sns[0])).pending).toBe(0);
    await report(sns[0], [{ deliveryId: item.deliveryId, attempt: item.attempt, state: 'success' }]);
    expect((await heartbeat(sns[0])).pending).toBe(0);
  });

  it('tells of no work once a task stops, and of it again when it restarts', async () => {
    const task = await createReboot([sns[1]]);
    await t.jobs.runDue();
    expect((await heartbeat(sns[1])).pending).toBe(1);
    const call = async (endpoint: typeof ENDPOINTS.tasks.stop) =>
      (await clientOf(t, ent.token).send(endpoint, { id: task.id })).body.code;
    expect(await call(ENDPOINTS.tasks.stop)).toBe(1);
    expect((await heartbeat(sns[1])).pending).toBe(0);
    expect(await call(ENDPOINTS.tasks.restart)).toBe(1);
    expect((await heartbeat(sns[1])).pending).toBe(1);
  });
});
