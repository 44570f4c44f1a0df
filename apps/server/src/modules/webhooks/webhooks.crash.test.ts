import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { startReceiver } from './webhook-receiver.fixture';

const here = path.dirname(fileURLToPath(import.meta.url));
const worker = path.join(here, 'crash-worker.fixture.ts');
const serverRoot = path.resolve(here, '..', '..', '..');
const children: ChildProcess[] = [];
const COUNT = 100;

/** Starts the worker script in its own Node process; resolves when it prints a line matching `ready`. */
const start = (mode: 'enqueue' | 'work', env: Record<string, string>, ready: RegExp) => {
  const proc = spawn(process.execPath, ['--import', 'tsx', worker, mode], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  let out = '';
  let err = '';
  proc.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const started = new Promise<void>((resolve, reject) => {
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (ready.test(out)) resolve();
    });
    exited.then((code) => reject(new Error(`worker exited (${code}) before ${ready}: ${err}`)));
  });
  return { proc, started, exited };
};

/** Polls a condition every 50 ms until it holds, failing after two minutes. */
const until = async (cond: () => boolean) => {
  const end = Date.now() + 120_000;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met within two minutes');
    await new Promise((r) => setTimeout(r, 50));
  }
};

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

describe('a delivery runner killed with deliveries in flight', () => {
  it('loses none: another process delivers the rest, and only what was in flight may arrive twice', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cpm-webhooks-crash-'));
    const templates = inject('databaseTemplates');
    if (templates.kind === 'pglite')
      cpSync(templates.migrated, path.join(dataDir, 'db'), { recursive: true });
    // Slow answers keep several deliveries in flight when the first process dies.
    const rx = await startReceiver({ delayMs: 30 });
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', RECEIVER_URL: rx.url, COUNT: String(COUNT) };
    try {
      const enqueue = start('enqueue', env, /^queued /m);
      await enqueue.started;
      expect(await enqueue.exited).toBe(0);

      const a = start('work', env, /^ready$/m);
      await a.started;
      await until(() => rx.accepted().length >= 30);
      a.proc.kill('SIGKILL');
      await a.exited;
      const beforeKill = rx.accepted().length;
      expect(beforeKill).toBeLessThan(COUNT);

      const b = start('work', env, /^ready$/m);
      await b.started;
      await until(() => new Set(rx.accepted()).size === COUNT);
      b.proc.kill('SIGTERM');
      expect(await b.exited).toBe(0);

      // At most the runner's concurrency (4) was answered but not recorded when it died.
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
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
