import type { JobRow, Tx } from './jobs.repository';

/** A text in both languages (progress messages are shown to users). */
export type Bilingual = { zh: string; en: string };

/** What a handler receives for one attempt at a job. */
export type JobContext<P = unknown> = {
  id: string;
  kind: string;
  payload: P;
  /** The user who started the job, or null for system jobs. */
  userId: string | null;
  /** 1 on the first attempt; higher on a retry or a take-over after a crash. */
  attempt: number;
  /** What the last attempt saved with `inLease`, or null. */
  checkpoint: unknown;
  /** Aborted when the server shuts down or the lease was lost; stop soon and throw. */
  signal: AbortSignal;
  /** Records progress on the job and pushes it live to the starter. */
  progress(percent: number, message?: Bilingual): Promise<void>;
  /**
   * Runs `work` in one transaction that commits only while this attempt still holds the job, with
   * an optional checkpoint saved in the same transaction: side effects written here happen once.
   */
  inLease<T>(work: (tx: Tx) => Promise<T>, checkpoint?: unknown): Promise<T>;
};

/**
 * Does the work of one kind of job; what it returns becomes the job's result. A throw is retried,
 * except a refusal (`AppError`), which ends the job at once with its texts as the job's message.
 */
export type JobHandler<P = unknown> = (ctx: JobContext<P>) => Promise<unknown>;

/**
 * Runs once, in the transaction that ends a job successfully (e.g. the bell notice of an export);
 * what it answers is called after that transaction has committed (e.g. telling open tabs).
 */
export type JobFinisher = (job: JobRow, result: unknown, tx: Tx) => Promise<undefined | (() => void)>;

export type JobsOptions = {
  /** How long a claim holds a job without renewal; renewed every third of it while the handler runs. */
  leaseMs: number;
  /** How often an idle runner looks for due jobs and schedules. */
  pollMs: number;
  /** Jobs one process runs at once. */
  concurrency: number;
  /** Wait before the first retry; doubled for each later one, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long `stop` lets running jobs finish before aborting them (they go back to the queue). */
  drainMs: number;
  /** Default attempts of a job. */
  maxAttempts: number;
};

export const DEFAULT_JOBS_OPTIONS: JobsOptions = {
  leaseMs: 30_000,
  pollMs: 1000,
  concurrency: 2,
  retryBaseMs: 5000,
  retryMaxMs: 10 * 60_000,
  drainMs: 5000,
  maxAttempts: 3,
};
