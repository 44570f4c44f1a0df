import { AppError } from '../shared/app-error';

const keyOfError = (err: unknown) => (err instanceof AppError ? err.key : String(err));

/** The key of the AppError a call throws (any other error as text), or null when it throws none. */
export const errorKeyOf = (run: () => unknown): string | null => {
  try {
    run();
  } catch (err) {
    return keyOfError(err);
  }
  return null;
};

/** The key of the AppError a promise rejects with (any other error as text), or `read` when it settles. */
export const rejectionKeyOf = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
    return 'read';
  } catch (err) {
    return keyOfError(err);
  }
};
