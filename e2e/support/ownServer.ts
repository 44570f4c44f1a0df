import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, REPO_ROOT, WEB_DIST } from './env';

/**
 * A server of the test's own, on its own port and data folder (PGlite on disk), that the test may
 * stop and start again under an open console without touching the suite's shared server.
 */
export const ownServer = (port: number) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cpm-e2e-own-'));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const ready = async (deadline: number) => {
    while (Date.now() < deadline) {
      const up = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`own server on ${port} did not start`);
  };

  return {
    url,
    /** Its data folder: the database lives in `db` under it while the server is stopped. */
    dataDir,
    async start() {
      // Its own process group: stopping it stops npx, tsx and the server under them.
      child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
        cwd: REPO_ROOT,
        stdio: 'ignore',
        detached: true,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          MQTT_PORT: '0',
          // The remote desktop relay under the main port, so it never fights another run over 8018.
          REMOTE_PORT: '0',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          CAPTCHA: 'off',
          ADMIN_PASSWORD: ADMIN.password,
          LOG_LEVEL: 'warn',
          WEB_DIST,
          PUBLIC_URL: url,
        },
      });
      // The budget the config gives the suite's own server: on two busy cores a first start (tsx,
      // migrations, seeds on disk) has taken more than 90 s.
      await ready(Date.now() + 120_000);
    },
    /** Stops the server and waits until its port refuses connections. */
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-(running.pid as number), name);
        } catch {
          // Already gone.
        }
      };
      signal('SIGTERM');
      const forced = setTimeout(() => signal('SIGKILL'), 20_000);
      await exited;
      clearTimeout(forced);
      // The group's last process may outlive npx by a moment: wait until the port refuses.
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const up = await fetch(`${url}/readyz`).then(
          () => true,
          () => false,
        );
        if (!up) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`own server on ${port} did not stop`);
    },
    async dispose() {
      await this.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
