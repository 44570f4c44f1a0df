// The real server for the remote relay benchmark, in a process of its own so its memory is its own:
// PGlite, the embedded broker, the relay under the main port. Talks to the benchmark over IPC.
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createFleetFixtures } from '../../../apps/server/src/test-support/fleet-fixtures';
import { ADMIN_PASSWORD, createTestApp, loginAs } from '../../../apps/server/src/test-support/test-app';

const count = Number(process.env.BENCH_SESSIONS ?? 20);
const send = (m: unknown) => process.send?.(m);

const dataDir = await mkdtemp(path.join(tmpdir(), 'cpm-bench-remote-'));
const t = await createTestApp({
  broker: true,
  env: { DATA_DIR: dataDir, BLOB_SWEEP_MINUTES: '0', REMOTE_IDLE_MINUTES: '60', LOG_LEVEL: 'warn' },
});
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;
const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
const { model, group } = await createFleetFixtures(t, admin.userId);
for (let i = 1; i <= count; i++)
  await t.database.db.execute(sql`
    insert into terminals (sn, name, owner_id, model_id, group_id, status, online)
    values (${`BENCHRD${String(i).padStart(3, '0')}`}, ${`Till ${i}`}, ${admin.userId}::uuid,
            ${model.id}::uuid, ${group.id}::uuid, 'activated', true)`);
// Terminals accept at once, as a group whose policy is "accept automatically" does.
await t.app.inject({
  method: 'POST',
  url: '/remote/v1/remote/policy/save',
  headers: { satoken: admin.token },
  payload: { groupId: group.id, policy: 'auto' },
});
await t.broker?.subscribe('cpm/dev/+/down/remote', (topic, payload) =>
  send({ type: 'down', sn: topic.split('/')[2], message: JSON.parse(payload.toString()) }),
);
process.on('message', (m: { type: string }) => {
  if (m.type === 'memory') {
    (globalThis as { gc?: () => void }).gc?.();
    (globalThis as { gc?: () => void }).gc?.();
    send({ type: 'memory', ...process.memoryUsage(), live: t.remote.relay.liveCount() });
  }
});
send({ type: 'ready', port, token: admin.token, password: ADMIN_PASSWORD });
