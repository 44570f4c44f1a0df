import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { createTestClock, openTestDatabase } from '../../test-support/test-app';
import { createJobsRepository } from '../jobs/jobs.repository';
import { createJobsService } from '../jobs/jobs.service';
import { registerMailJob } from './mail.jobs';
import type { Mail } from './mailer';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('queued mail', () => {
  it('is sent by a job, and tried again while the SMTP server refuses it', async () => {
    const clock = createTestClock();
    const jobs = createJobsService({
      repo: createJobsRepository(database.db),
      clock,
      log,
      publish: async () => undefined,
      options: { retryBaseMs: 1000, leaseMs: 60_000, maxAttempts: 3 },
    });
    const sent: Mail[] = [];
    let refuse = true;
    const queueMail = registerMailJob(jobs, {
      async send(mail) {
        // The SMTP mailer's own refusal, as when the server cannot be reached.
        if (refuse) throw new AppError('mailNotSent');
        sent.push(mail);
      },
    });
    const mail = { to: 'ops@example.test', subject: 'Fence breach', text: 'FEN0000001 left Store square' };
    await queueMail(mail);
    expect(sent).toEqual([]);

    await jobs.runDue();
    expect(sent).toEqual([]);
    refuse = false;
    clock.advance(1000);
    await jobs.runDue();
    expect(sent).toEqual([mail]);
  });
});
