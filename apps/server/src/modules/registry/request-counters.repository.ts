import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { requestCounters } from './registry.table';

/**
 * Counts a request (or `amount` of them; 0 only checks) against a fixed window in the database (so
 * every instance shares it) and refuses with 429 once the window's limit is passed.
 */
export const hitLimit = async (
  db: Db,
  key: string,
  rule: { limit: number; windowMs: number },
  now: Date,
  error: 'tooManyRequests' | 'emailCodeTooSoon' | 'terminalTakenAnswersThrottled' = 'tooManyRequests',
  amount = 1,
) => {
  const cutoff = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .insert(requestCounters)
    .values({ key, count: amount, windowStart: now })
    .onConflictDoUpdate({
      target: requestCounters.key,
      set: {
        count: sql`case when ${requestCounters.windowStart} <= ${cutoff.toISOString()}::timestamptz then ${amount} else ${requestCounters.count} + ${amount} end`,
        windowStart: sql`case when ${requestCounters.windowStart} <= ${cutoff.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${requestCounters.windowStart} end`,
      },
    })
    .returning();
  if (row.count > rule.limit) {
    const retry = Math.max(1, Math.ceil((row.windowStart.getTime() + rule.windowMs - now.getTime()) / 1000));
    throw new AppError(error, { retryAfterSeconds: retry });
  }
};
