import type { StoredTargets } from './task-records';

/** Rows of a raw query, the same on PGlite and node-postgres. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** An ISO string from a timestamp column as either driver answers it. */
export const iso = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined ? null : (v instanceof Date ? v : new Date(v)).toISOString();

/** Who a task is for: its targets, platform, whitelist and the creator's scope. */
export type MatchSpec = {
  platform: string;
  targets: StoredTargets;
  whitelistId: string | null;
  /** The creator: only terminals of their account tree match, unless `scopeAll`. */
  creatorId: string;
  scopeAll: boolean;
};

/** Last position of each wave for `planned` terminals (wave k covers the first waves[k] percent). */
export const waveCuts = (waves: readonly number[] | undefined, planned: number): number[] =>
  waves?.length ? waves.map((p) => Math.ceil((planned * p) / 100)) : [planned];
