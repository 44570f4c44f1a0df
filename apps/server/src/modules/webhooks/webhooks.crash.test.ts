// Runs in the first server pass only: its processes open the embedded database whatever the pass.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { killScripts, migratedDataDir, startScript } from '../../test-support/child-script';
import { waitFor } from '../../test-support/wait';
import { startReceiver } from './webhook-receiver.fixture';

const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'crash-worker.fixture.ts');
const COUNT = 100;

/** Starts the worker script in its own Node process; resolves once it prints a line matching `ready`. */
const start = async (mode: 'enqueue-work' | 'work', env: Record<string, string>, ready: RegExp) => {
  const script = startScript(worker, [mode], env);
  await script.waitFor(ready);
  return script;
};

/** Waits up to two minutes for a condition on what the receiver accepted. */
const until = (cond: () => boolean, what: string) => waitFor(async () => cond(), what, { ms: 120_000 });

afterAll(killScripts);

describe('a delivery runner killed with deliveries in flight', () => {
  it('loses none: another process delivers the rest, and only what was in flight may arrive twice', async () => {
    const { dir: dataDir, remove } = migratedDataDir('cpm-webhooks-crash-');
    // Slow answers keep several deliveries in flight when the first process dies.
    const rx = await startReceiver({ delayMs: 30 });
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', RECEIVER_URL: rx.url, COUNT: String(COUNT) };
    try {
      // A publishes the events itself, then delivers them.
      const a = await start('enqueue-work', env, /^ready$/);
      expect(a.lines).toContain(`queued ${COUNT}`);
      await until(() => rx.accepted().length >= 30, 'thirty deliveries');
      a.proc.kill('SIGKILL');
      await a.exited;
      const beforeKill = rx.accepted().length;
      expect(beforeKill).toBeLessThan(COUNT);

      const b = await start('work', env, /^ready$/);
      await until(() => new Set(rx.accepted()).size === COUNT, 'every event delivered');
      b.proc.kill('SIGTERM');
      expect(await b.exited).toBe(0);

      // At most the deliveries in flight (4) were answered but not recorded when it died.
      expect(rx.accepted().length - COUNT).toBeLessThanOrEqual(4);
      const database = await openDatabase({ dataDir });
      try {
        const { rows } = (await database.db.execute(
          sql`select status, count(*)::int as n from webhook_deliveries group by status`,
        )) as unknown as { rows: { status: string; n: number }[] };
        expect(rows).toEqual([{ status: 'delivered', n: COUNT }]);
      } finally {
        await database.close();
      }
    } finally {
      await rx.kill();
      remove();
    }
  }, 240_000);
});
