import { afterAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../shared/crypto';
import {
  createRebootTask,
  json,
  killAll,
  scratchDatabase,
  signIn,
  startServer,
} from './crash-server.testing';
import { FIXTURE_SECRET } from './task-fixtures';

// A kill during a fan-out of 20,000 deliveries in batches of 100: the size the guarantee is stated for.
const TERMINALS = 20_000;

afterAll(killAll);

describe.skipIf(!process.env.TEST_DATABASE_URL)('a server killed while it writes a task', () => {
  it('finishes the fan-out after a restart with exactly one delivery per terminal, and the task completes', async () => {
    const scratch = await scratchDatabase();
    const { db, env } = scratch;
    try {
      const a = startServer(env);
      let server = `http://127.0.0.1:${await a.port}`;
      await db.connect();
      const [{ id: adminId }] = (await db.query(`select id from users where username = 'admin'`)).rows;
      await db.query(
        `insert into terminals (sn, name, owner_id, platform, status, online, secret_hash)
         select 'CR' || lpad(i::text, 6, '0'), 'Till ' || i, $1, 'android', 'activated', false, $2
         from generate_series(1, ${TERMINALS}) as i`,
        [adminId, sha256(FIXTURE_SECRET)],
      );
      const token = await signIn(server);
      const taskId = await createRebootTask(server, token, { ownerIds: [adminId] });

      const count = async () =>
        (await db.query(`select count(*)::int as n from task_deliveries where task_id = $1`, [taskId]))
          .rows[0].n as number;
      // Killed as soon as some deliveries are written, with most still to come.
      for (;;) {
        const n = await count();
        if (n > 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      a.proc.kill('SIGKILL');
      await a.exited;
      const atKill = await count();
      expect(atKill).toBeGreaterThan(0);
      expect(atKill).toBeLessThan(TERMINALS);
      expect((await db.query(`select status from tasks where id = $1`, [taskId])).rows[0].status).toBe(
        'creating',
      );

      const b = startServer(env);
      server = `http://127.0.0.1:${await b.port}`;
      for (;;) {
        const { status } = (await db.query(`select status from tasks where id = $1`, [taskId])).rows[0];
        if (status !== 'creating') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const rows = (
        await db.query(
          `select count(*)::int as n, count(distinct terminal_id)::int as terminals from task_deliveries where task_id = $1`,
          [taskId],
        )
      ).rows[0];
      expect(rows).toEqual({ n: TERMINALS, terminals: TERMINALS });
      const task = (await db.query(`select status, run_count from tasks where id = $1`, [taskId])).rows[0];
      expect(task).toEqual({ status: 'normal', run_count: 1 });
      expect(
        (await db.query(`select total, status from task_runs where task_id = $1`, [taskId])).rows,
      ).toEqual([{ total: TERMINALS, status: 'open' }]);

      // Every terminal pulls and reports; the restarted server completes the task.
      const sns = Array.from({ length: TERMINALS }, (_, i) => `CR${String(i + 1).padStart(6, '0')}`);
      const auth = (sn: string) => `Basic ${Buffer.from(`${sn}:${FIXTURE_SECRET}`).toString('base64')}`;
      let next = 0;
      const worker = async () => {
        while (next < sns.length) {
          const sn = sns[next++];
          const pulled = await json(
            await fetch(`${server}/device/v1/agent/tasks`, { headers: { authorization: auth(sn) } }),
          );
          const item = (pulled.result as { tasks: { deliveryId: string; attempt: number }[] }).tasks[0];
          const answer = await json(
            await fetch(`${server}/device/v1/agent/tasks/report`, {
              method: 'POST',
              headers: { authorization: auth(sn), 'content-type': 'application/json' },
              body: JSON.stringify({
                results: [{ deliveryId: item.deliveryId, attempt: item.attempt, state: 'success' }],
              }),
            }),
          );
          expect(answer.code).toBe(1);
        }
      };
      await Promise.all(Array.from({ length: 32 }, worker));
      for (;;) {
        const { status } = (await db.query(`select status from tasks where id = $1`, [taskId])).rows[0];
        if (status === 'complete') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(
        (
          await db.query(
            `select state, count(*)::int as n from task_deliveries where task_id = $1 group by state`,
            [taskId],
          )
        ).rows,
      ).toEqual([{ state: 'success', n: TERMINALS }]);
      b.proc.kill('SIGTERM');
      await b.exited;
    } finally {
      await scratch.drop();
    }
  }, 600_000);
});
