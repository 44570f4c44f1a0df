import { ERRORS, type ErrorKey, type FieldError } from '@cpm/contracts';

/** An error a caller caused or may meet; answered as its catalogue entry, never as a crash. */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly extra: { errors?: FieldError[]; retryAfterSeconds?: number; result?: unknown } = {},
  ) {
    super(ERRORS[key].en);
  }
}

/** Shorthand for throwing a catalogue error. */
export const fail = (key: ErrorKey, extra?: AppError['extra']): never => {
  throw new AppError(key, extra);
};

/** The row, or the catalogue's `notFound` when there is none (absent or outside the caller's scope). */
export const orNotFound = <T>(row: T | null | undefined): T => {
  if (row === null || row === undefined) throw new AppError('notFound');
  return row;
};
