import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../gateway/broker.testing';
import { sha256 } from '../../shared/crypto';
import { connectTerminal } from '../../test-support/mqtt-terminal';
import {
  createRebootTask,
  json,
  killAll,
  scratchDatabase,
  signIn,
  startServer,
} from './crash-server.testing';
import { FIXTURE_SECRET } from './task-fixtures';

afterAll(killAll);

const SN = 'RS000001';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a server killed between taking a result and writing it',
  () => {
    it('never acknowledged the result, so the terminal sends it again and the restarted server keeps it', async () => {
      const scratch = await scratchDatabase();
      const { db, env, name } = scratch;
      const locker = new pg.Client({ connectionString: env.DATABASE_URL });
      try {
        const mqttPort = await freePort();
        const a = startServer({ ...env, MQTT_PORT: String(mqttPort) });
        const server = `http://127.0.0.1:${await a.port}`;
        // The instance the terminal comes back to, started now (the database is ready) to save time.
        const nextPort = await freePort();
        const b = startServer({ ...env, MQTT_PORT: String(nextPort) });
        await db.connect();
        await locker.connect();
        const [{ id: adminId }] = (await db.query(`select id from users where username = 'admin'`)).rows;
        await db.query(
          `insert into terminals (sn, name, owner_id, platform, status, online, secret_hash)
         values ($1, 'Till', $2, 'android', 'activated', false, $3)`,
          [SN, adminId, sha256(FIXTURE_SECRET)],
        );
        await createRebootTask(server, await signIn(server), { sns: [SN] });
        const auth = { authorization: `Basic ${Buffer.from(`${SN}:${FIXTURE_SECRET}`).toString('base64')}` };
        let item: { deliveryId: string; attempt: number } | undefined;
        while (!item) {
          const pulled = await json(await fetch(`${server}/device/v1/agent/tasks`, { headers: auth }));
          item = (pulled.result as { tasks: (typeof item)[] }).tasks[0];
          if (!item) await new Promise((r) => setTimeout(r, 50));
        }
        const result = JSON.stringify({
          results: [{ deliveryId: item.deliveryId, attempt: item.attempt, state: 'success' }],
        });

        // The write is held back by a lock, so the kill lands after the server took the result and
        // before it stored it.
        await locker.query('begin');
        await locker.query('select id from task_deliveries where id = $1 for update', [item.deliveryId]);
        const terminal = { username: SN, password: FIXTURE_SECRET, reconnectPeriod: 0 };
        const first = await connectTerminal(`mqtt://127.0.0.1:${mqttPort}`, terminal);
        let acknowledged = false;
        first.publishAsync(`cpm/dev/${SN}/up/result`, result, { qos: 1 }).then(
          () => {
            acknowledged = true;
          },
          () => undefined,
        );
        const blocked = `select count(*)::int as n from pg_stat_activity
        where datname = $1 and wait_event_type = 'Lock'`;
        while ((await locker.query(blocked, [name])).rows[0].n === 0)
          await new Promise((r) => setTimeout(r, 20));
        a.proc.kill('SIGKILL');
        await a.exited;
        // The dead server's statement dies with it, as it would once its connection is noticed gone.
        await locker.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
          [name],
        );
        await locker.query('rollback');
        first.end(true);
        const state = async () =>
          (await db.query('select state from task_deliveries where id = $1', [item.deliveryId])).rows[0]
            .state;
        expect(await state()).toBe('pulled');

        // The terminal keeps a result until it is acknowledged and sends it again after reconnecting.
        expect(acknowledged).toBe(false);
        await b.port;
        const again = await connectTerminal(`mqtt://127.0.0.1:${nextPort}`, terminal);
        await again.publishAsync(`cpm/dev/${SN}/up/result`, result, { qos: 1 });
        // Acknowledged only once written.
        expect(await state()).toBe('success');
        await again.endAsync(true);
      } finally {
        await locker.end().catch(() => undefined);
        await scratch.drop();
      }
    }, 60_000);
  },
);
