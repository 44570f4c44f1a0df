import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../shared/crypto';
import { ADMIN_PASSWORD } from '../../test-support/test-app';
import { FIXTURE_SECRET } from './task-fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, 'crash-server.fixture.ts');
const serverRoot = path.resolve(here, '..', '..', '..');
const TERMINALS = 20_000;
const children: ChildProcess[] = [];

/** Starts the real server in its own process; resolves with its port once it listens. */
const startServer = (env: Record<string, string>) => {
  const proc = spawn(process.execPath, ['--import', 'tsx', fixture], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const port = new Promise<number>((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    exited.then((code) => reject(new Error(`server exited (${code}): ${stderr}`)));
  });
  return { proc, port, exited };
};

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

const json = async (res: Response) =>
  (await res.json()) as { code: number; result: never; messageEn: string };

describe.skipIf(!process.env.TEST_DATABASE_URL)('a server killed while it writes a task', () => {
  it('finishes the fan-out after a restart with exactly one delivery per terminal, and the task completes', async () => {
    const base = process.env.TEST_DATABASE_URL as string;
    const name = `cpm_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), ADMIN_PASSWORD };
    const db = new pg.Client({ connectionString: url.toString() });
    try {
      // The first start migrates and seeds the new database.
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
      const login = await json(
        await fetch(`${server}/oauth/v1/oauth/login/cpmDoLogin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            username: 'admin',
            password: ADMIN_PASSWORD,
            captchaId: 'x',
            captchaCode: 'x',
            sysCode: 'cpm',
          }),
        }),
      );
      const token = (login.result as { tokenValue: string }).tokenValue;
      const made = await json(
        await fetch(`${server}/task/v1/task/remoteTask/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', satoken: token },
          body: JSON.stringify({
            name: 'Reboot the fleet',
            platform: 'android',
            type: 'reboot',
            targets: { ownerIds: [adminId] },
            timing: { expireAt: new Date(Date.now() + 86_400_000).toISOString() },
          }),
        }),
      );
      expect(made.code, made.messageEn).toBe(1);
      const taskId = (made.result as { id: string }).id;

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
      await db.end().catch(() => undefined);
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 600_000);
});
