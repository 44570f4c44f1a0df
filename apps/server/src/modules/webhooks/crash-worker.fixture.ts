/**
 * A separate process for the webhook crash test: `enqueue` makes a subscription to RECEIVER_URL and
 * publishes COUNT events over ten objects; `work` runs deliveries until SIGTERM. Reports on stdout:
 * `queued <n>`, `ready`.
 */
import { systemClock } from '../../shared/clock';
import { runCrashWorker, say } from '../../test-support/crash-worker';
import { createOutboundService } from './outbound.service';
import { createHttpSender } from './webhook-sender';
import { createWebhooksRepository } from './webhooks.repository';

export const CRASH_OWNER = '00000000-0000-4000-8000-00000000c0de';
export const CRASH_SECRET = 'whsec_crash';

runCrashWorker(
  import.meta.url,
  {
    publish: async () => undefined,
    options: { leaseMs: Number(process.env.LEASE_MS ?? 10_000), pollMs: 20, concurrency: 4 },
  },
  async ({ database, jobs }) => {
    const repo = createWebhooksRepository(database.db);
    const outbound = createOutboundService({
      repo,
      jobs,
      send: createHttpSender({ timeoutMs: 5000 }),
      secretOf: () => CRASH_SECRET,
      clock: systemClock,
      notifyUser: async () => ({ announce: () => undefined }),
      options: { baseMs: 20, capMs: 200, inflight: 4 },
    });
    return async () => {
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
    };
  },
);
