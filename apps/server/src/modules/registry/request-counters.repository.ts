import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { hitWindow } from '../../shared/sql';
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
  error:
    | 'tooManyRequests'
    | 'emailCodeTooSoon'
    | 'terminalTakenAnswersThrottled'
    | 'filesRateLimited'
    | 'jobsRateLimited'
    | 'linksRateLimited'
    | 'ssoRateLimited' = 'tooManyRequests',
  amount = 1,
) => {
  const row = await hitWindow(db, requestCounters, key, rule.windowMs, now, amount);
  if (row.count > rule.limit) {
    const retry = Math.max(1, Math.ceil((row.windowStart.getTime() + rule.windowMs - now.getTime()) / 1000));
    throw new AppError(error, { retryAfterSeconds: retry });
  }
};

/**
 * The enterprise an account belongs to: the top account of its tree below the platform (the root
 * itself for a root account, the platform administrators included).
 */
export const enterpriseOf = async (db: Db, userId: string): Promise<string> => {
  const { rows } = (await db.execute(sql`with recursive up(id, superior_id, depth) as (
        select id, superior_id, 0 from users where id = ${userId}::uuid
        union all
        select u.id, u.superior_id, up.depth + 1 from users u join up on u.id = up.superior_id
        where up.depth < 64
      ) select id::text from up order by depth desc limit 2`)) as unknown as { rows: { id: string }[] };
  return rows.length === 2 ? rows[1].id : (rows[0]?.id ?? userId);
};

/** The request counters and account trees as the call limits use them (see `call-limits.ts`). */
export const createCallCounters = (db: Db) => ({
  hit: (
    key: string,
    rule: { limit: number; windowMs: number },
    now: Date,
    refusal: 'filesRateLimited' | 'jobsRateLimited' | 'linksRateLimited' | 'ssoRateLimited',
  ) => hitLimit(db, key, rule, now, refusal),
  enterpriseOf: (userId: string) => enterpriseOf(db, userId),
});
