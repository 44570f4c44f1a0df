/** Helpers for repositories: LIKE patterns, array parameters and database error codes. */
import { type SQL, sql } from 'drizzle-orm';

/** Escapes the LIKE wildcards in a user's search text. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Pattern matching the text anywhere. */
export const likeAnywhere = (value: string) => `%${escapeLike(value)}%`;

/** Pattern matching values that start with the text. */
export const likePrefix = (value: string) => `${escapeLike(value)}%`;

/** Whether a database error is a unique constraint violation (PostgreSQL 23505, also when wrapped). */
export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/** A uuid[] parameter: one parameter however many ids, where a list would take one each. */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** A text[] parameter, each element quoted. */
export const textArray = (values: readonly string[]): SQL => sql`${arrayLiteral(values)}::text[]`;

/** Characters an array element escapes with a backslash: one pattern to find them, one to replace them all. */
const ARRAY_SPECIAL = /["\\]/;
const ARRAY_SPECIAL_ALL = new RegExp(ARRAY_SPECIAL.source, 'g');
/**
 * The array literal of `values`, each element quoted. Batches pass thousands of SNs this way, which
 * hold nothing to escape: those are joined in one go rather than escaped one by one.
 */
const arrayLiteral = (values: readonly string[]): string => {
  if (values.length === 0) return '{}';
  if (!values.some((v) => ARRAY_SPECIAL.test(v))) return `{"${values.join('","')}"}`;
  return `{${values.map((v) => `"${v.replace(ARRAY_SPECIAL_ALL, (c) => `\\${c}`)}"`).join(',')}}`;
};
