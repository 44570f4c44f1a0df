import { z } from 'zod';

/** An id in a task's body or query. */
export const uuid = z.uuid();
/** Empty query values (a cleared filter) count as absent. */
export const opt = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
/** A time with its offset (ISO 8601). */
export const isoTime = z.iso.datetime({ offset: true });
