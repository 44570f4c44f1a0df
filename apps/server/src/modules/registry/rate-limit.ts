import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { requestCounters } from './registry.table';

/**
 * Counts a request against a fixed window in the database (so every instance shares it) and
 * refuses with 429 once the window's limit is passed.
 */
export const hitLimit = async (
  db: Db,
  key: string,
  rule: { limit: number; windowMs: number },
  now: Date,
  error: 'tooManyRequests' | 'emailCodeTooSoon' = 'tooManyRequests',
) => {
  const cutoff = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .insert(requestCounters)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: requestCounters.key,
      set: {
        count: sql`case when ${requestCounters.windowStart} <= ${cutoff.toISOString()}::timestamptz then 1 else ${requestCounters.count} + 1 end`,
        windowStart: sql`case when ${requestCounters.windowStart} <= ${cutoff.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${requestCounters.windowStart} end`,
      },
    })
    .returning();
  if (row.count > rule.limit) {
    const retry = Math.max(1, Math.ceil((row.windowStart.getTime() + rule.windowMs - now.getTime()) / 1000));
    throw new AppError(error, { retryAfterSeconds: retry });
  }
};

const HOUR = 60 * 60 * 1000;

/** Limits of the public account calls, per address and per mailbox or account. */
export const PUBLIC_LIMITS = {
  codePerEmailWait: { limit: 1, windowMs: 60 * 1000 },
  codePerEmail: { limit: 10, windowMs: HOUR },
  codePerIp: { limit: 30, windowMs: HOUR },
  passwordPerIp: { limit: 30, windowMs: HOUR },
  passwordPerEmail: { limit: 20, windowMs: HOUR },
  registerPerIp: { limit: 10, windowMs: HOUR },
  registerPerEmail: { limit: 5, windowMs: HOUR },
  activatePerIp: { limit: 30, windowMs: HOUR },
} as const;
