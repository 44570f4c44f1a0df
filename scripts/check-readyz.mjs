// Starts the server as `npm start` does, on an in-memory database and whatever Node runs this
// script, waits until it answers /readyz, then stops it. Exits non-zero when it never answers.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = await new Promise((resolve, reject) => {
  const probe = createServer().on('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    REMOTE_PORT: '0',
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'warn',
  },
});
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));

// Generous: on a machine busy with other builds the first start has taken over two minutes.
const deadline = Date.now() + 300_000;
let ready = false;
while (!ready && Date.now() < deadline && server.exitCode === null) {
  ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
    (r) => r.ok,
    () => false,
  );
  if (!ready) await new Promise((r) => setTimeout(r, 250));
}
if (ready) console.log(`Node ${process.version}: the server answered /readyz on port ${port}`);
else console.error(`Node ${process.version}: the server never answered /readyz`);
server.kill(ready ? 'SIGINT' : 'SIGKILL');
const { code, signal } = await exited;
if (ready && code !== 0) console.error(`the server exited with ${code ?? signal} after SIGINT`);
process.exit(ready && code === 0 ? 0 : 1);
