/** Helpers for repositories: LIKE patterns and database error codes. */

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
