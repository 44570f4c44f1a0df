/**
 * A separate process for the webhook crash test: `enqueue` makes a subscription to RECEIVER_URL and
 * publishes COUNT events over ten objects; `work` runs deliveries until SIGTERM. Reports on stdout:
 * `queued <n>`, `ready`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { openDatabase } from '../../db/client';
import { systemClock } from '../../shared/clock';
import { createJobsRepository } from '../jobs/jobs.repository';
import { createJobsService } from '../jobs/jobs.service';
import { createOutboundService } from './outbound.service';
import { createHttpSender } from './webhook-sender';
import { createWebhooksRepository } from './webhooks.repository';

export const CRASH_OWNER = '00000000-0000-4000-8000-00000000c0de';
export const CRASH_SECRET = 'whsec_crash';

const say = (line: string) => process.stdout.write(`${line}\n`);

const main = async () => {
  const mode = process.argv[2];
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? '',
  });
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const jobs = createJobsService({
    repo: createJobsRepository(database.db),
    clock: systemClock,
    log,
    publish: async () => undefined,
    options: { leaseMs: Number(process.env.LEASE_MS ?? 10_000), pollMs: 20, concurrency: 4 },
  });
  const repo = createWebhooksRepository(database.db);
  const outbound = createOutboundService({
    repo,
    jobs,
    send: createHttpSender({ timeoutMs: 5000 }),
    secretOf: () => CRASH_SECRET,
    clock: systemClock,
    notifyUser: async () => ({ announce: () => undefined }),
    options: { baseMs: 20, capMs: 200 },
  });
  if (mode === 'enqueue') {
    const now = new Date();
    await repo.insert({
      name: 'crash',
      url: process.env.RECEIVER_URL as string,
      eventTypes: ['terminal.online'],
      secretEnc: 'unused',
      ownerId: CRASH_OWNER,
      createdAt: now,
      updatedAt: now,
    });
    const count = Number(process.env.COUNT ?? 100);
    for (let i = 0; i < count; i++)
      await outbound.publish({
        type: 'terminal.online',
        ownerId: CRASH_OWNER,
        objectKey: `terminal:SN${i % 10}`,
        data: { n: i },
      });
    say(`queued ${count}`);
    await database.close();
    return;
  }
  await jobs.start();
  say('ready');
  process.on('SIGTERM', () => {
    jobs
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().catch((err) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
