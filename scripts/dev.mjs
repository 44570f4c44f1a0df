// Development: the server with reload (tsx watch) and the console with hot reload (Vite), together.
// The console on http://localhost:5173 proxies API calls and /mqtt to the server on :8080.
import { spawn } from 'node:child_process';

const env = { ...process.env, MQTT_PORT: process.env.MQTT_PORT ?? '0', CAPTCHA: process.env.CAPTCHA ?? 'on' };
const children = [
  spawn('npm', ['run', 'dev', '-w', '@cpm/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@cpm/web'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
