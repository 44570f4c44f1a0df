import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionFleet, simSn } from '../../pos-sim/src/fleet';
import { callApi } from '../src/test-support/accounts';
import { onlineCount, startSimApp } from '../src/test-support/sim-app';
import { ADMIN_PASSWORD, loginAs } from '../src/test-support/test-app';
import { DEMO_MODELS, DEMO_PREFIX, startDemoFleet } from './demo-fleet';

const until = async (check: () => Promise<boolean>, what: string, ms = 45_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe("the demo's terminals", () => {
  let sim: Awaited<ReturnType<typeof startSimApp>>;
  let fleet: ReturnType<typeof startDemoFleet>;
  let admin: string;
  const sns = [1, 2, 3].map((i) => simSn(DEMO_PREFIX, i));

  beforeAll(async () => {
    sim = await startSimApp('demo');
    const { enrollmentKey } = await provisionFleet({
      server: sim.server,
      username: 'admin',
      password: ADMIN_PASSWORD,
      count: 3,
      prefix: DEMO_PREFIX,
      model: DEMO_MODELS,
    });
    fleet = startDemoFleet({
      server: sim.server,
      enrollmentKey,
      count: 3,
      dataDir: sim.dir,
      heartbeatSec: 2,
      quiet: true,
    });
    admin = (await loginAs(sim.t.app, 'admin', ADMIN_PASSWORD)).token;
    await until(async () => (await onlineCount(sim.t, DEMO_PREFIX)) === 3, 'three terminals online');
  });
  afterAll(async () => {
    await fleet?.stop(false);
    await sim?.close();
  });

  it('are of the three demo models', async () => {
    const page = (await callApi(sim.t, admin, 'GET', `/device/v1/device/terminal/getPage?sn=${DEMO_PREFIX}`))
      .body.result.records as { sn: string; modelName: string }[];
    expect(page.map((r) => [r.sn, r.modelName]).sort()).toEqual([
      [sns[0], 'P2'],
      [sns[1], 'T2 Lite'],
      [sns[2], 'K1'],
    ]);
  });

  it('run a pushed task and report its result', async () => {
    const res = await callApi(sim.t, admin, 'POST', '/task/v1/task/remoteTask/create', {
      name: 'Packages',
      platform: 'android',
      type: 'command',
      params: { command: 'pm list packages | grep cashier' },
      targets: { sns },
      timing: { expireAt: new Date(Date.now() + 3_600_000).toISOString() },
      password: ADMIN_PASSWORD,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const id = (res.body.result as { id: string }).id;
    const states = async () =>
      (
        (await callApi(sim.t, admin, 'GET', `/task/v1/task/remoteTask/results?taskId=${id}&size=50`)).body
          .result.records as { state: string }[]
      ).map((r) => r.state);
    await until(async () => (await states()).filter((s) => s === 'success').length === 3, 'three results');
  }, 60_000);
});
