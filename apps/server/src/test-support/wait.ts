/** Polls `check` until it answers something truthy and answers that; throws naming `what` after `ms`. */
export const waitFor = async <T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  { ms = 10_000, everyMs = 50 }: { ms?: number; everyMs?: number } = {},
): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
};
