import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { killScripts, startScript } from '../../test-support/child-script';
import { createScratchDatabase } from '../../test-support/scratch-database';
import { ADMIN_PASSWORD } from '../../test-support/test-app';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'crash-server.fixture.ts');

/** Ends the server processes a crash test started that are still running. */
export const killAll = killScripts;

/** Starts the real server in its own process; `port` resolves once it listens. */
export const startServer = (env: Record<string, string>) => {
  const server = startScript(fixture, [], env);
  const port = server.waitFor(/listening \d+/).then((line) => Number(/listening (\d+)/.exec(line)?.[1]));
  // A server killed before anyone waited for its port is no failure of its own.
  port.catch(() => undefined);
  return { proc: server.proc, port, exited: server.exited };
};

/**
 * A database of its own on TEST_DATABASE_URL, copied from the run's seeded snapshot (the admin has
 * ADMIN_PASSWORD), the environment a server needs to use it, a client on it, and `drop` (which also
 * ends the servers still running).
 */
export const scratchDatabase = async () => {
  const scratch = await createScratchDatabase({ from: 'seeded' });
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
