import { ApiError, createClient, unwrap } from '@cpm/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simMac, type startFleet } from '../../../pos-sim/src/fleet';
import { startSimApp, startSimFleet } from '../test-support/sim-app';
import { ADMIN_PASSWORD } from '../test-support/test-app';

const until = async <T>(read: () => Promise<T>, done: (v: T) => boolean, what: string, ms = 30_000) => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe('the typed client (packages/client) against the real server and a pos-sim terminal', () => {
  let sim: Awaited<ReturnType<typeof startSimApp>>;
  let fleet: ReturnType<typeof startFleet> | undefined;

  beforeAll(async () => {
    sim = await startSimApp('client');
  });
  afterAll(async () => {
    await fleet?.stop(false);
    await sim.close();
  });

  it('signs in, creates a terminal, pushes a shell command to it and reads its result', async () => {
    const api = createClient({ baseUrl: sim.server, timeZone: 'Asia/Shanghai' });
    await api.signIn('admin', ADMIN_PASSWORD);

    const model = await unwrap(api.POST('/device/v1/device/model/addOrUpdate', { body: { name: 'CL-1' } }));
    const group = await unwrap(
      api.POST('/upms/v1/upms/equipment/addOrUpdate', { body: { name: 'Client store', number: 'CL01' } }),
    );
    await unwrap(
      api.POST('/device/v1/device/terminal/addOrUpdate', {
        body: {
          sn: 'CLNT000001',
          mac: simMac(1),
          name: 'Till 1',
          modelId: model.id,
          groupId: group.id,
          storeName: 'Client store',
        },
      }),
    );
    // A refusal arrives as an ApiError with the server's reason, not as a silent result.
    const refused = await unwrap(
      api.POST('/device/v1/device/terminal/addOrUpdate', {
        body: {
          sn: 'CLNT000001',
          mac: simMac(1),
          name: 'Again',
          modelId: model.id,
          groupId: group.id,
          storeName: 'Client store',
        },
      }),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(409);

    const { enrollmentKey } = await unwrap(api.POST('/device/v1/device/terminal/rotateEnrollmentKey'));
    fleet = startSimFleet(sim, { count: 1, prefix: 'CLNT', enrollmentKey, heartbeatSec: 2 });
    await until(
      () =>
        unwrap(api.GET('/device/v1/device/terminal/getPage', { params: { query: { sn: 'CLNT000001' } } })),
      (page) => page.records[0]?.online === true,
      'the terminal online',
    );

    const task = await unwrap(
      api.POST('/task/v1/task/remoteTask/create', {
        body: {
          name: 'Packages',
          platform: 'android',
          type: 'command',
          params: { command: 'pm list packages | grep cashier' },
          targets: { sns: ['CLNT000001'] },
          timing: { expireAt: new Date(Date.now() + 3_600_000).toISOString() },
          password: ADMIN_PASSWORD,
        },
      }),
    );
    const results = await until(
      () => unwrap(api.GET('/task/v1/task/remoteTask/results', { params: { query: { taskId: task.id } } })),
      (page) => page.records[0]?.state === 'success',
      'the command run',
    );
    expect(results.records[0]).toMatchObject({ sn: 'CLNT000001', message: 'package:com.example.cashier' });
  }, 90_000);
});
