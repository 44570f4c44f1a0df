/** Time source, replaceable in tests. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** The clock's time in milliseconds; the system clock's without building a Date (for per-message paths). */
export const nowMs = (clock: Clock): number => (clock === systemClock ? Date.now() : clock.now().getTime());
