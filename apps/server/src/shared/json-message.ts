import type { z } from 'zod';

/** A message's JSON body checked against `schema`; null when it is not JSON or not of that shape. */
export const parseJsonMessage = <S extends z.ZodType>(payload: Buffer, schema: S): z.output<S> | null => {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : null;
};
