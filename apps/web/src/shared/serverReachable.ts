/** How often a page that could not load asks whether the server is back. */
export const SERVER_PROBE_MS = 3000;

/** Whether the console's server answers at all (any HTTP answer counts; a network error does not). */
export const serverReachable = async (): Promise<boolean> => {
  try {
    await fetch(`/?probe=${Date.now()}`, { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
};

/** The message of a lazily loaded file that could not be fetched, in the browsers we support. */
export const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Unable to preload|Failed to fetch/i.test(
    error.message,
  );
