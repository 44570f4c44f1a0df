import type { AddressInfo } from 'node:net';
import { TaskEventSchema, terminalTopic, userTopic } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { callApi, createAccount } from '../../test-support/accounts';
import { connectTerminal } from '../../test-support/mqtt-terminal';
import { brokerModes, createTestApp, type TestApp } from '../../test-support/test-app';
import { waitFor } from '../../test-support/wait';
import { basicAuth, FIXTURE_SECRET, insertTerminals } from './task-fixtures';
import { DEFAULT_RUNNER_OPTIONS } from './task-runner';
import { taskDeliveries } from './tasks.table';

const until = (check: () => Promise<boolean>, what: string) => waitFor(check, what, { ms: 10_000 });

describe.each(brokerModes())('remote tasks over MQTT ($name)', ({ name, env }) => {
  const external = name === 'external broker';
  let t: TestApp;
  let wsUrl: string;
  let ent: { id: string; token: string };
  let sns: string[];
  const prefix = `Q${Date.now().toString(36).toUpperCase().slice(-5)}`;

  beforeAll(async () => {
    t = await createTestApp({
      broker: true,
      env,
      jobs: { run: false },
      tasks: { monitorMs: false, nudgePerTerminalMs: 0 },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mqtt`;
    ent = await createAccount(t, { username: 'mq_ent' });
    sns = await insertTerminals(t.database.db, { prefix, count: 2, ownerId: ent.id, online: true });
  });
  afterAll(() => t.close());

  const connect = (sn: string) =>
    external
      ? mqtt.connectAsync(process.env.TEST_MQTT_URL as string, { reconnectPeriod: 0 })
      : connectTerminal(wsUrl, { username: sn, password: FIXTURE_SECRET, reconnectPeriod: 0 });

  it('nudges online terminals on down/task and takes results on up/result, telling the console live', async () => {
    const device = await connect(sns[0]);
    onTestFinished(() => device.endAsync(true));
    const console = await mqtt.connectAsync(wsUrl, {
      username: 'console',
      password: ent.token,
      reconnectPeriod: 0,
    });
    onTestFinished(() => console.endAsync(true));
    const heard: { taskIds: string[]; more: boolean }[] = [];
    console.on('message', (_topic, payload) =>
      heard.push(TaskEventSchema.parse(JSON.parse(payload.toString()))),
    );
    await console.subscribeAsync(userTopic(ent.id, 'task'), { qos: 1 });
    const nudges: unknown[] = [];
    device.on('message', (topic, payload) => {
      if (topic === terminalTopic(sns[0], 'down', 'task')) nudges.push(JSON.parse(payload.toString()));
    });
    await device.subscribeAsync(terminalTopic(sns[0], 'down', 'task'), { qos: 1 });

    const made = await callApi(t, ent.token, 'POST', '/task/v1/task/remoteTask/create', {
      name: 'Reboot tonight',
      platform: 'android',
      type: 'reboot',
      targets: { sns },
      timing: { expireAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString() },
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(1);
    await t.jobs.runDue();
    await t.tasks.nudgesIdle();
    await until(async () => nudges.length > 0, 'a nudge');
    expect(nudges[0]).toMatchObject({ type: 'task' });

    // The console heard that the task's deliveries were written.
    const taskId = made.body.result.id as string;
    await t.tasks.announceChanges();
    await until(async () => heard.length > 0, 'the fan-out event');
    expect(heard[0]).toEqual({ type: 'task', taskIds: [taskId], more: false });

    const pulled = await t.app.inject({
      method: 'GET',
      url: '/device/v1/agent/tasks',
      headers: basicAuth(sns[0]),
    });
    const item = pulled.json().result.tasks[0] as { deliveryId: string; attempt: number };
    await device.publishAsync(
      terminalTopic(sns[0], 'up', 'result'),
      JSON.stringify({
        results: [
          { deliveryId: item.deliveryId, attempt: item.attempt, state: 'success', message: 'rebooted' },
        ],
      }),
      { qos: 1 },
    );
    // Malformed results are dropped and counted, never applied.
    await device.publishAsync(terminalTopic(sns[0], 'up', 'result'), '{"results":[{"state":"success"}]}', {
      qos: 1,
    });
    await until(async () => {
      const [row] = await t.database.db
        .select()
        .from(taskDeliveries)
        .where(eq(taskDeliveries.id, Number(item.deliveryId)));
      return row?.state === 'success';
    }, 'the result');
    await until(async () => t.tasks.agent.stats().malformed >= 1, 'the malformed one counted');
    const [row] = await t.database.db
      .select()
      .from(taskDeliveries)
      .where(eq(taskDeliveries.id, Number(item.deliveryId)));
    expect(row).toMatchObject({ state: 'success', message: 'rebooted' });
  });

  it('nudges a terminal again once work it pulled has gone unreported for the documented delay', async () => {
    const [sn] = await insertTerminals(t.database.db, {
      prefix: `${prefix}P`,
      count: 1,
      ownerId: ent.id,
      online: true,
    });
    const device = await connect(sn);
    onTestFinished(() => device.endAsync(true));
    const made = await callApi(t, ent.token, 'POST', '/task/v1/task/remoteTask/create', {
      name: 'Reboot once',
      platform: 'android',
      type: 'reboot',
      targets: { sns: [sn] },
      timing: { expireAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString() },
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(1);
    await t.jobs.runDue();
    await t.tasks.nudgesIdle();
    const pull = async () =>
      (await t.app.inject({ method: 'GET', url: '/device/v1/agent/tasks', headers: basicAuth(sn) })).json()
        .result.tasks as { deliveryId: string }[];
    const [item] = await pull();

    // The terminal went quiet (restarted, or its result was lost): once the delay has passed it is
    // nudged, pulls, and finds the same work to finish.
    const nudges: string[] = [];
    device.on('message', (topic) => nudges.push(topic));
    await device.subscribeAsync(terminalTopic(sn, 'down', 'task'), { qos: 1 });
    t.clock.advance(DEFAULT_RUNNER_OPTIONS.pulledRenudgeMs + 1000);
    await t.tasks.tick();
    await t.tasks.nudgesIdle();
    await until(async () => nudges.length > 0, 'the nudge');
    expect(nudges).toEqual([terminalTopic(sn, 'down', 'task')]);
    expect((await pull()).map((x) => x.deliveryId)).toEqual([item.deliveryId]);
  });
});
