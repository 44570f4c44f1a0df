import type { JobEvent } from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { createTestClock, openTestDatabase } from '../../test-support/test-app';
import { createJobsRepository, LeaseLostError } from './jobs.repository';
import { createJobsService, type JobsOptions, nextOccurrence, retryDelayMs } from './jobs.service';
import { jobs as jobsTable } from './jobs.table';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const USER = '11111111-1111-4111-8111-111111111111';
const auth = { userId: USER } as AuthContext;

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** A runner on the shared test database, as one server instance would have. */
const instance = (opts: Partial<JobsOptions> = {}, clock = createTestClock()) => {
  const events: JobEvent[] = [];
  const jobs = createJobsService({
    repo: createJobsRepository(database.db),
    clock,
    log,
    publish: async (userId, event) => {
      if (userId === USER) events.push(event);
    },
    options: { retryBaseMs: 1000, leaseMs: 60_000, ...opts },
  });
  return { jobs, events, clock };
};

const kindOf = (name: string) => `${name}.${Math.random().toString(36).slice(2, 8)}`;

describe('jobs', () => {
  it('runs a job, records progress, and tells its starter live', async () => {
    const { jobs, events } = instance();
    const kind = kindOf('count');
    jobs.registerHandler<{ upTo: number }>(kind, async (ctx) => {
      await ctx.progress(50, { zh: '一半', en: 'Half way' });
      return { counted: ctx.payload.upTo };
    });
    const row = await jobs.enqueueJob({ kind, payload: { upTo: 3 }, userId: USER });
    expect((await jobs.getOwn(auth, row.id)).status).toBe('queued');
    await jobs.runDue();

    const done = await jobs.getOwn(auth, row.id);
    expect(done).toMatchObject({ status: 'succeeded', percent: 100, attempts: 1, result: { counted: 3 } });
    expect(done.messageEn).toBe('Half way');
    const mine = events.filter((e) => e.jobId === row.id);
    expect(mine.map((e) => [e.status, e.percent])).toEqual([
      ['running', 0],
      ['running', 50],
      ['succeeded', 100],
    ]);
    expect(mine[2].result).toEqual({ counted: 3 });
    const page = await jobs.pageOwn(auth, { kind, current: 1, size: 10 });
    expect(page.total).toBe(1);
    await expect(
      jobs.getOwn({ userId: '22222222-2222-4222-8222-222222222222' } as AuthContext, row.id),
    ).rejects.toMatchObject({
      key: 'jobNotFound',
    });
  });

  it('retries a throwing job with growing waits, then marks it failed with an error id', async () => {
    const { jobs, clock, events } = instance({ retryBaseMs: 1000, maxAttempts: 3 });
    const kind = kindOf('broken');
    let calls = 0;
    jobs.registerHandler(kind, async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    const row = await jobs.enqueueJob({ kind, userId: USER });
    await jobs.runDue();
    expect(calls).toBe(1);
    let vo = await jobs.getOwn(auth, row.id);
    expect(vo).toMatchObject({ status: 'queued', attempts: 1, errorId: null });

    await jobs.runDue(); // not due yet: the first retry waits retryBaseMs
    expect(calls).toBe(1);
    clock.advance(1000);
    await jobs.runDue();
    expect(calls).toBe(2);
    clock.advance(1999); // the second retry waits twice as long
    await jobs.runDue();
    expect(calls).toBe(2);
    clock.advance(1);
    await jobs.runDue();
    expect(calls).toBe(3);

    vo = await jobs.getOwn(auth, row.id);
    expect(vo.status).toBe('failed');
    expect(vo.errorId).toMatch(/^[0-9a-f-]{36}$/);
    const [stored] = await database.db.select().from(jobsTable).where(sql`id = ${row.id}`);
    expect(stored.error).toBe('boom 3');
    expect(events.at(-1)).toMatchObject({ jobId: row.id, status: 'failed', errorId: vo.errorId });
    clock.advance(3_600_000);
    await jobs.runDue();
    expect(calls).toBe(3);
  });

  it('computes the backoff and the next cron occurrence', () => {
    const o = { retryBaseMs: 100, retryMaxMs: 1000 };
    expect([1, 2, 3, 4, 5, 6].map((a) => retryDelayMs(a, o))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(nextOccurrence('17 3 * * *', 'UTC', new Date('2026-06-01T03:17:00Z'))?.toISOString()).toBe(
      '2026-06-02T03:17:00.000Z',
    );
    expect(
      nextOccurrence('0 9 * * *', 'Asia/Shanghai', new Date('2026-06-01T00:00:00Z'))?.toISOString(),
    ).toBe('2026-06-01T01:00:00.000Z');
  });

  it('accepts one queued or running job per singleton key', async () => {
    const { jobs } = instance();
    const kind = kindOf('single');
    jobs.registerHandler(kind, async () => null);
    const a = await jobs.enqueueJob({ kind, singletonKey: kind });
    const b = await jobs.enqueueJob({ kind, singletonKey: kind });
    expect(b.id).toBe(a.id);
    await jobs.runDue();
    const c = await jobs.enqueueJob({ kind, singletonKey: kind });
    expect(c.id).not.toBe(a.id);
  });

  it('takes up a job whose lease lapsed and refuses the old holder every write', async () => {
    const clock = createTestClock();
    const a = instance({ leaseMs: 10_000 }, clock);
    const b = instance({ leaseMs: 10_000 }, clock);
    const kind = kindOf('lapse');
    let releaseA: () => void = () => {};
    const aHeld = new Promise<void>((resolve) => {
      releaseA = resolve;
    });
    let aStarted: () => void = () => {};
    const aRunning = new Promise<void>((resolve) => {
      aStarted = resolve;
    });
    const aWrites: string[] = [];
    a.jobs.registerHandler(kind, async (ctx) => {
      aStarted();
      await aHeld; // A stalls, as if its process froze
      try {
        await ctx.progress(10);
      } catch (err) {
        aWrites.push(err instanceof LeaseLostError ? 'progress refused' : String(err));
      }
      try {
        await ctx.inLease(async () => 'x');
      } catch (err) {
        aWrites.push(err instanceof LeaseLostError ? 'inLease refused' : String(err));
      }
      return 'from A';
    });
    b.jobs.registerHandler(kind, async (ctx) => `from B, attempt ${ctx.attempt}`);
    const row = await a.jobs.enqueueJob({ kind, userId: USER });
    const aRun = a.jobs.runDue();
    await aRunning;

    await b.jobs.runDue(); // lease still held: B finds nothing
    expect((await b.jobs.getOwn(auth, row.id)).status).toBe('running');
    clock.advance(10_001);
    await b.jobs.runDue();
    releaseA();
    await aRun;

    const vo = await b.jobs.getOwn(auth, row.id);
    expect(vo).toMatchObject({ status: 'succeeded', attempts: 2, result: 'from B, attempt 2' });
    expect(aWrites).toEqual(['progress refused', 'inLease refused']);
  });

  it('finds due jobs of its kinds in one look before claiming: queued and due, or held under a lapsed lease', async () => {
    const repo = createJobsRepository(database.db);
    const kind = kindOf('due');
    const now = new Date('2026-06-01T08:00:00Z');
    const due = async (at: Date, kinds = [kind]) => (await repo.due(at, kinds)).jobs;
    expect(await due(now)).toBe(false);
    const job = await repo.insert({
      kind,
      payload: {},
      userId: null,
      singletonKey: null,
      maxAttempts: 3,
      runAt: new Date(now.getTime() + 60_000),
    });
    expect(await due(now)).toBe(false); // queued for later
    expect(await due(new Date(now.getTime() + 60_000))).toBe(true);
    expect(await due(new Date(now.getTime() + 60_000), [kindOf('other')])).toBe(false);
    expect(await due(new Date(now.getTime() + 60_000), [])).toBe(false);
    const claimed = await repo.claim({
      kinds: [kind],
      now: new Date(now.getTime() + 60_000),
      leaseMs: 30_000,
      lockedBy: 'test',
      token: '22222222-2222-4222-8222-222222222222',
    });
    expect(claimed?.id).toBe(job.id);
    expect(await due(new Date(now.getTime() + 60_000))).toBe(false); // held
    expect(await due(new Date(now.getTime() + 90_000))).toBe(true); // its lease lapsed
    await database.db.update(jobsTable).set({ status: 'succeeded' }).where(sql`id = ${job.id}`);
    expect(await due(new Date(now.getTime() + 90_000))).toBe(false);
  });

  it('claims each cron occurrence once however many instances tick', async () => {
    const clock = createTestClock(new Date('2026-06-01T08:00:30Z'));
    const kind = kindOf('cron');
    const runs: string[] = [];
    const instances = [instance({}, clock), instance({}, clock), instance({}, clock)];
    for (const [i, { jobs }] of instances.entries()) {
      jobs.registerHandler(kind, async (ctx) => {
        runs.push(`${i}:${ctx.id}`);
        return null;
      });
      jobs.schedule({ name: kind, cron: '* * * * *', kind });
      await jobs.start();
      await jobs.stop(); // writes the schedule; ticks below are driven by hand
    }
    clock.advance(30_000); // 08:01:00, the first occurrence
    await Promise.all(instances.map(({ jobs }) => jobs.runDue()));
    await Promise.all(instances.map(({ jobs }) => jobs.runDue()));
    expect(runs).toHaveLength(1);
    clock.advance(60_000); // 08:02:00
    await Promise.all(instances.map(({ jobs }) => jobs.runDue()));
    await Promise.all(instances.map(({ jobs }) => jobs.runDue()));
    expect(runs).toHaveLength(2);
    const rows = await database.db.select().from(jobsTable).where(sql`kind = ${kind}`);
    expect(rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('hands a running job back to the queue when stopped, without counting the attempt', async () => {
    const { jobs } = instance({ drainMs: 50, pollMs: 10 });
    const kind = kindOf('drain');
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    jobs.registerHandler(kind, async (ctx) => {
      started();
      await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
    });
    const row = await jobs.enqueueJob({ kind, userId: USER });
    await jobs.start();
    await running;
    await jobs.stop();
    expect(await jobs.getOwn(auth, row.id)).toMatchObject({ status: 'queued', attempts: 0 });
  });
});
