// The simulated terminals of the task bench, in a process of their own: each runs the simulator's
// task agent over the HTTP fallback (heartbeat until work is pending, pull, download and check,
// report), SIM_CONCURRENCY terminals at a time. Prints the agents' counters as JSON when all are done.
import { Agent, request } from 'node:http';
import { createTaskAgent, newTaskStats } from '../../apps/pos-sim/src/tasks';
import type { TerminalApi } from '../../apps/pos-sim/src/terminal';
import { FIXTURE_SECRET } from '../../apps/server/src/modules/tasks/task-fixtures';

const base = process.env.SIM_BASE as string;
const { prefix, count } = JSON.parse(process.env.SIM_SNS as string) as { prefix: string; count: number };
const width = Math.max(5, String(count).length);
const sns = Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(width, '0')}`);
const concurrency = Number(process.env.SIM_CONCURRENCY ?? 200);
const dataDir = process.env.SIM_DATA_DIR as string;
const stats = newTaskStats();
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const origin = new URL(base);

/** One JSON call over a keep-alive connection (node:http costs far less per request than fetch). */
const call = (method: 'GET' | 'POST', p: string, auth: string, body?: unknown) =>
  new Promise<unknown>((resolve, reject) => {
    const payload = method === 'POST' ? JSON.stringify(body ?? {}) : undefined;
    const req = request(
      {
        host: origin.hostname,
        port: origin.port,
        path: p,
        method,
        agent,
        headers: {
          authorization: auth,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => {
          try {
            resolve(JSON.parse(text));
          } catch (err) {
            reject(err);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });

const one = async (sn: string) => {
  let done!: () => void;
  const finished = new Promise<void>((r) => {
    done = r;
  });
  const auth = `Basic ${Buffer.from(`${sn}:${FIXTURE_SECRET}`).toString('base64')}`;
  const http = async (method: 'GET' | 'POST', p: string, body?: unknown) => {
    const json = (await call(method, p, auth, body)) as { code: number; result: unknown };
    if (json.code !== 1) throw new Error(`${p}: ${json.code}`);
    const results = (body as { results?: { state: string }[] } | undefined)?.results;
    if (p.endsWith('/report') && results?.some((r) => r.state === 'success' || r.state === 'failure')) done();
    return json.result;
  };
  const api: TerminalApi = {
    sn,
    server: base,
    transport: 'http',
    secret: () => FIXTURE_SECRET,
    send: async () => undefined,
    http,
    reboot: async () => undefined,
    dropOut: async () => undefined,
    battery: () => 80,
    charging: () => true,
    isConnected: () => true,
  };
  const ext = createTaskAgent({
    failureRate: 0,
    paymentRate: 0,
    offlineRate: 0,
    offlineSec: 0,
    dataDir,
    stats,
    platform: 'android',
  })(api);
  for (;;) {
    const answer = (await http('POST', '/device/v1/agent/heartbeat', { battery: 80 })) as { pending: number };
    if (answer.pending > 0) {
      ext.onHeartbeatAnswer?.(answer);
      break;
    }
    // Nothing written for it yet: the next heartbeat (a compressed period) asks again.
    await new Promise((r) => setTimeout(r, 500));
  }
  await finished;
};

let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < sns.length) await one(sns[next++]);
  }),
);
process.stdout.write(JSON.stringify(stats));
