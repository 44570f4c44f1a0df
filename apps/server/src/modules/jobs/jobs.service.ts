import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { ERRORS, type JobEvent, type JobStatus, type JobVo } from '@cpm/contracts';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { pageOffset, toPage } from '../../shared/paging';
import type { NewJob } from './jobs.repository';
import { type JobRow, type JobsRepository, type Lease, LeaseLostError, type Tx } from './jobs.repository';
import {
  DEFAULT_JOBS_OPTIONS,
  type JobContext,
  type JobFinisher,
  type JobHandler,
  type JobsOptions,
} from './jobs.types';

export type { Bilingual, JobContext, JobFinisher, JobHandler, JobsOptions } from './jobs.types';
export { DEFAULT_JOBS_OPTIONS } from './jobs.types';

type Deps = {
  repo: JobsRepository;
  clock: Clock;
  /** Sends a job event to the user who started the job. */
  publish: (userId: string, event: JobEvent) => Promise<void>;
  log: FastifyBaseLogger;
  options?: Partial<JobsOptions>;
  /** Names this process in `locked_by`. */
  workerId?: string;
};

/** Wait before retry `attempt + 1`: base, 2x base, 4x base, ... capped. */
export const retryDelayMs = (attempt: number, o: Pick<JobsOptions, 'retryBaseMs' | 'retryMaxMs'>) =>
  Math.min(o.retryMaxMs, o.retryBaseMs * 2 ** Math.max(0, attempt - 1));

/** The next occurrence of a cron expression strictly after `after`, or null when there is none. */
export const nextOccurrence = (cron: string, timezone: string, after: Date): Date | null =>
  new Cron(cron, { timezone, paused: true }).nextRun(after);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A job as its starter sees it. */
export const toJobVo = (row: JobRow): JobVo => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  percent: row.percent,
  message: row.message,
  messageEn: row.messageEn,
  attempts: row.attempts,
  maxAttempts: row.maxAttempts,
  errorId: row.status === 'failed' ? row.errorId : null,
  result: row.status === 'succeeded' ? (row.result ?? null) : null,
  createdAt: row.createdAt.toISOString(),
  startedAt: iso(row.startedAt),
  finishedAt: iso(row.finishedAt),
});

const eventOf = (row: JobRow, status: JobStatus = row.status): JobEvent => ({
  type: 'job',
  jobId: row.id,
  kind: row.kind,
  status,
  percent: status === 'succeeded' ? 100 : row.percent,
  message: row.message,
  messageEn: row.messageEn,
  errorId: status === 'failed' ? row.errorId : null,
  result: status === 'succeeded' ? (row.result ?? null) : null,
});

/**
 * Background jobs: enqueue, a runner that claims due jobs under a lease and runs their handlers,
 * retries with backoff, cron schedules, and the starter's view of their jobs.
 */
export const createJobsService = (deps: Deps) => {
  const { repo, clock, log } = deps;
  const o: JobsOptions = { ...DEFAULT_JOBS_OPTIONS, ...deps.options };
  const workerId = deps.workerId ?? `${hostname()}:${process.pid}`;
  const handlers = new Map<string, { run: JobHandler; maxAttempts: number; finish?: JobFinisher }>();
  const schedules: { name: string; cron: string; timezone: string; kind: string; payload: unknown }[] = [];
  const inflight = new Map<string, { done: Promise<void>; abort: AbortController }>();
  let running = false;
  let stopping = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;

  const nudge = () => wake?.();

  const send = (row: JobRow, status?: JobStatus) => {
    if (!row.userId) return;
    deps.publish(row.userId, eventOf(row, status)).catch((err) => log.warn({ err }, 'job event not sent'));
  };

  const runOne = async (row: JobRow, token: string) => {
    const lease: Lease = { id: row.id, token };
    const handler = handlers.get(row.kind);
    const abort = new AbortController();
    let lost = false;
    const renew = setInterval(
      () => {
        repo.renew(lease, new Date(clock.now().getTime() + o.leaseMs)).then(
          (ok) => {
            if (!ok && !lost) {
              lost = true;
              abort.abort(new LeaseLostError(row.id));
            }
          },
          (err) => log.warn({ err, jobId: row.id }, 'job lease not renewed'),
        );
      },
      Math.max(10, Math.floor(o.leaseMs / 3)),
    );
    renew.unref();
    const done = (async () => {
      try {
        if (!handler) return;
        // A lapsed lease on the last attempt: its process died every time; stop taking it up.
        if (row.attempts > row.maxAttempts) {
          const errorId = randomUUID();
          log.error(
            { jobId: row.id, kind: row.kind, errorId },
            'job abandoned: its process died on every attempt',
          );
          const ended = await repo.finish(lease, {
            status: 'failed',
            error: 'the process running it stopped on every attempt',
            errorId,
            now: clock.now(),
          });
          if (ended) send(ended);
          return;
        }
        let current = row;
        const ctx: JobContext = {
          id: row.id,
          kind: row.kind,
          payload: row.payload,
          userId: row.userId,
          attempt: row.attempts,
          checkpoint: row.checkpoint ?? null,
          signal: abort.signal,
          async progress(percent, message) {
            const p = {
              percent: Math.max(0, Math.min(100, Math.round(percent))),
              message: message?.zh ?? current.message,
              messageEn: message?.en ?? current.messageEn,
            };
            if (!(await repo.progress(lease, p))) throw new LeaseLostError(row.id);
            current = { ...current, ...p };
            send(current, 'running');
          },
          inLease: (work, checkpoint) => repo.inLease(lease, work, checkpoint),
        };
        send(current, 'running');
        let result: unknown;
        try {
          result = await handler.run(ctx);
          if (abort.signal.aborted) throw abort.signal.reason;
        } catch (err) {
          if (err instanceof LeaseLostError || lost) {
            log.warn({ jobId: row.id, kind: row.kind }, 'job lease lost; another worker has it');
            return;
          }
          if (stopping && abort.signal.aborted) {
            // Shutting down: back to the queue at once, and this attempt does not count.
            await repo.requeue(lease, { runAt: clock.now(), refund: true });
            log.info({ jobId: row.id, kind: row.kind }, 'job handed back on shutdown');
            return;
          }
          const errorId = randomUUID();
          const error = err instanceof Error ? err.message : String(err);
          log.error(
            { err, errorId, jobId: row.id, kind: row.kind, attempt: row.attempts },
            'job attempt failed',
          );
          // A refusal (AppError) answers the same on every attempt: it ends the job with its texts.
          const refusal = err instanceof AppError ? ERRORS[err.key] : null;
          if (!refusal && row.attempts < row.maxAttempts) {
            const runAt = new Date(clock.now().getTime() + retryDelayMs(row.attempts, o));
            const back = await repo.requeue(lease, { runAt, error, errorId });
            if (back) send(back);
          } else {
            const ended = await repo.finish(lease, {
              status: 'failed',
              error,
              errorId,
              now: clock.now(),
              reason: refusal ? { zh: refusal.zh, en: refusal.en } : undefined,
            });
            if (ended) send(ended);
          }
          return;
        }
        const finish = handler.finish;
        let afterCommit: undefined | (() => void);
        const ended = finish
          ? await repo
              .inLease(lease, async (tx) => {
                const row2 = await repo.finish(lease, { status: 'succeeded', result, now: clock.now() }, tx);
                if (row2) afterCommit = await finish(row2, result, tx);
                return row2;
              })
              .catch((err) => {
                if (err instanceof LeaseLostError) return null;
                throw err;
              })
          : await repo.finish(lease, { status: 'succeeded', result, now: clock.now() });
        if (ended) {
          afterCommit?.();
          send(ended);
        } else log.warn({ jobId: row.id }, 'job finished after its lease was lost; result dropped');
      } catch (err) {
        log.error({ err, jobId: row.id }, 'job bookkeeping failed; the lease will lapse and it runs again');
      } finally {
        clearInterval(renew);
      }
    })();
    inflight.set(row.id, { done, abort });
    await done;
    inflight.delete(row.id);
    nudge();
  };

  /** One round: claim due schedule occurrences, then due jobs up to the concurrency limit. */
  const tick = async () => {
    const now = clock.now();
    const kinds = [...handlers.keys()];
    // Most rounds find nothing: one cheap look first, the claiming transactions only when it finds work.
    const due = await repo.due(now, kinds);
    let enqueued: JobRow[] = [];
    if (schedules.length && due.schedules) {
      enqueued = await repo.claimDueSchedules(now, (s, after) => nextOccurrence(s.cron, s.timezone, after), {
        maxAttempts: o.maxAttempts,
      });
      for (const job of enqueued) log.info({ jobId: job.id, kind: job.kind }, 'scheduled job enqueued');
    }
    const started: Promise<void>[] = [];
    if (!due.jobs && enqueued.length === 0) return started;
    while (!stopping && inflight.size + started.length < o.concurrency) {
      const token = randomUUID();
      const row = await repo.claim({
        kinds,
        now: clock.now(),
        leaseMs: o.leaseMs,
        lockedBy: workerId,
        token,
      });
      if (!row) break;
      started.push(runOne(row, token));
    }
    return started;
  };

  const runLoop = async () => {
    while (running) {
      try {
        await tick();
      } catch (err) {
        log.error({ err }, 'job runner round failed');
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, o.pollMs);
        timer.unref();
      });
      if (timer) clearTimeout(timer);
      wake = null;
    }
  };

  return {
    /** Declares what a kind of job does. `finish` runs in the transaction that marks it succeeded. */
    registerHandler<P>(
      kind: string,
      run: JobHandler<P>,
      opts: { maxAttempts?: number; finish?: JobFinisher } = {},
    ) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} has two handlers`);
      handlers.set(kind, {
        run: run as JobHandler,
        maxAttempts: opts.maxAttempts ?? o.maxAttempts,
        finish: opts.finish,
      });
    },

    /**
     * Queues a job (a singleton key already active answers that job); with `tx`, only if it commits.
     * `join`: the active job of the key cannot finish before `tx` ends, and a queued one is brought
     * forward to `runAt`, so it sees what `tx` wrote (work handed to a running worker).
     */
    async enqueueJob(job: Pick<NewJob, 'kind'> & Partial<NewJob> & { join?: boolean }, tx?: Tx) {
      const row = await repo.insert(
        {
          kind: job.kind,
          payload: job.payload ?? {},
          userId: job.userId ?? null,
          singletonKey: job.singletonKey ?? null,
          maxAttempts: job.maxAttempts ?? handlers.get(job.kind)?.maxAttempts ?? o.maxAttempts,
          runAt: job.runAt ?? clock.now(),
        },
        tx,
        job.join,
      );
      nudge();
      return row;
    },

    /**
     * Runs `kind` on a cron expression (croner syntax, read in `timezone`). Each occurrence runs once
     * across instances; occurrences missed while no instance ran collapse into one run.
     */
    schedule(s: { name: string; cron: string; timezone?: string; kind: string; payload?: unknown }) {
      const timezone = s.timezone ?? 'UTC';
      if (!nextOccurrence(s.cron, timezone, clock.now()))
        throw new Error(`schedule ${s.name}: no next occurrence`);
      schedules.push({ ...s, timezone, payload: s.payload ?? {} });
    },

    /** Writes the schedules and starts the runner loop. */
    async start() {
      if (running) return;
      const now = clock.now();
      for (const s of schedules)
        await repo.upsertSchedule({ ...s, nextRunAt: nextOccurrence(s.cron, s.timezone, now) as Date }, now);
      running = true;
      stopping = false;
      loop = runLoop();
    },

    /**
     * Stops claiming, lets running jobs finish for up to drainMs, then aborts the rest, which go back
     * to the queue for the next instance. Resolves when nothing of this runner is left running.
     */
    async stop() {
      running = false;
      nudge();
      await loop;
      stopping = true;
      const pending = [...inflight.values()];
      if (pending.length) {
        let t: NodeJS.Timeout | undefined;
        const drained = await Promise.race([
          Promise.all(pending.map((p) => p.done)).then(() => true),
          new Promise<false>((resolve) => {
            t = setTimeout(() => resolve(false), o.drainMs);
          }),
        ]);
        clearTimeout(t);
        if (!drained) {
          for (const p of pending) p.abort.abort(new Error('server shutting down'));
          await Promise.all(pending.map((p) => p.done));
        }
      }
      stopping = false;
    },

    /** One claim round without the loop, for tests: resolves when the jobs it started have ended. */
    async runDue() {
      await Promise.all(await tick());
    },

    /** One of the caller's own jobs. */
    async getOwn(auth: AuthContext, id: string): Promise<JobVo> {
      const row = await repo.findOwn(auth.userId, id);
      if (!row) throw new AppError('jobNotFound');
      return toJobVo(row);
    },

    /** The caller's own jobs, newest first. */
    async pageOwn(
      auth: AuthContext,
      q: { kind?: string; status?: JobStatus; current: number; size: number },
    ) {
      const { rows, total } = await repo.pageOwn(auth.userId, {
        kind: q.kind,
        status: q.status,
        offset: pageOffset(q),
        limit: q.size,
      });
      return toPage(rows.map(toJobVo), total, q);
    },

    /** A job by id, unchecked (for modules that check access themselves). */
    findJob: (id: string) => repo.findById(id),

    /** Succeeded jobs of a kind that finished before `before`. */
    findFinished: (kind: string, before: Date) => repo.findSucceededBefore(kind, before),

    /** Deletes finished jobs older than `days`. */
    pruneFinished: (days: number) => repo.pruneFinished(new Date(clock.now().getTime() - days * 86_400_000)),
  };
};

export type JobsService = ReturnType<typeof createJobsService>;
