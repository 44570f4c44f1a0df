/** Time source, replaceable in tests. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
