import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import { type FleetOptions, startFleet } from '../../../pos-sim/src/fleet';
import { terminals } from '../db/schema';
import { createFilesTestApp, type TestApp } from './test-app';

/**
 * The real app with its broker, listening on a local port for pos-sim terminals: the real clock,
 * job and task loops at a fast pace, files in a folder of its own. `close` stops it and removes the folder.
 * `port` makes it listen there and name itself `http://127.0.0.1:<port>` (the remote desktop relay's address).
 */
export const startSimApp = async (name: string, o: { port?: number } = {}) => {
  // With a fixed port the server's public address is its real one, so terminals can dial the relay it names.
  const t = await createFilesTestApp(`sim-${name}`, {
    ...(o.port ? { env: { PUBLIC_URL: `http://127.0.0.1:${o.port}` } } : {}),
    broker: true,
    clock: { now: () => new Date(), advance: () => undefined },
    jobs: { pollMs: 100 },
    tasks: { monitorMs: 300 },
  });
  await t.app.listen({ port: o.port ?? 0, host: '127.0.0.1' });
  const server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return { t, dir: t.dataDir, server, close: () => t.close() };
};

/** pos-sim terminals in Shanghai over MQTT, without faults, whose tasks succeed unless `tasks` says otherwise. */
export const startSimFleet = (
  sim: { server: string; dir: string },
  o: Pick<FleetOptions, 'count' | 'prefix' | 'enrollmentKey' | 'heartbeatSec' | 'policy'> & {
    tasks?: { failureRate?: number; paymentRate?: number };
  },
) =>
  startFleet({
    count: o.count,
    server: sim.server,
    transport: 'mqtt',
    prefix: o.prefix,
    enrollmentKey: o.enrollmentKey,
    cities: [{ name: 'Shanghai', lat: 31.2, lng: 121.4 }],
    model: 'SIM-P2',
    heartbeatSec: o.heartbeatSec,
    rampSec: 0,
    faultRate: 0,
    rebootRate: 0,
    policy: o.policy,
    tasks: {
      failureRate: 0,
      paymentRate: 0,
      offlineRate: 0,
      offlineSec: 1,
      dataDir: sim.dir,
      recheckMs: 200,
      ...o.tasks,
    },
  });

/** How many terminals whose SN starts with `prefix` the server records as online. */
export const onlineCount = async (t: TestApp, prefix: string) =>
  (
    await t.database.db
      .select({ sn: terminals.sn })
      .from(terminals)
      .where(and(like(terminals.sn, `${prefix}%`), eq(terminals.online, true)))
  ).length;
