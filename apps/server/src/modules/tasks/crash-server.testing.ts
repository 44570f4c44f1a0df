import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createScratchDatabase } from '../../test-support/scratch-database';
import { ADMIN_PASSWORD } from '../../test-support/test-app';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, 'crash-server.fixture.ts');
const serverRoot = path.resolve(here, '..', '..', '..');

/** The server processes a crash test started; `killAll` ends those still running. */
const children: ChildProcess[] = [];
export const killAll = () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
};

/** Starts the real server in its own process; `port` resolves once it listens. */
export const startServer = (env: Record<string, string>) => {
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
  // A server killed before anyone waited for its port is no failure of its own.
  port.catch(() => undefined);
  return { proc, port, exited };
};

/**
 * A database of its own on TEST_DATABASE_URL, the environment a server needs to use it, a client
 * on it, and `drop` (which also ends the servers still running).
 */
export const scratchDatabase = async () => {
  const scratch = await createScratchDatabase();
  const db = new pg.Client({ connectionString: scratch.url });
  return {
    name: scratch.name,
    db,
    env: { DATABASE_URL: scratch.url, ADMIN_PASSWORD },
    async drop() {
      await db.end().catch(() => undefined);
      killAll();
      await scratch.drop();
    },
  };
};

/** The product's answer envelope. */
export const json = async (res: Response) =>
  (await res.json()) as { code: number; result: never; messageEn: string };

/** Signs the administrator in; answers the session token. */
export const signIn = async (server: string) => {
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
  return (login.result as { tokenValue: string }).tokenValue;
};

/** Creates a reboot task as the administrator; answers its id. */
export const createRebootTask = async (server: string, token: string, targets: object) => {
  const made = await json(
    await fetch(`${server}/task/v1/task/remoteTask/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', satoken: token },
      body: JSON.stringify({
        name: 'Reboot the fleet',
        platform: 'android',
        type: 'reboot',
        targets,
        timing: { expireAt: new Date(Date.now() + 86_400_000).toISOString() },
      }),
    }),
  );
  if (made.code !== 1) throw new Error(made.messageEn);
  return (made.result as { id: string }).id;
};
