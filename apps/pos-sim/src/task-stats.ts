/** What the fleet did with tasks. */
export type TaskStats = {
  pulls: number;
  received: number;
  success: number;
  failure: number;
  deferred: number;
  downloads: number;
  downloadBytes: number;
  /** Downloads put off after their attempts ran out (kept, resumed later). */
  downloadsPutOff: number;
  offlineSpells: number;
  errors: number;
  lastError?: string;
};

export const newTaskStats = (): TaskStats => ({
  pulls: 0,
  received: 0,
  success: 0,
  failure: 0,
  deferred: 0,
  downloads: 0,
  downloadBytes: 0,
  downloadsPutOff: 0,
  offlineSpells: 0,
  errors: 0,
});

/** One line summarising the fleet's tasks. */
export const taskSummary = (s: TaskStats) =>
  `tasks: pulls ${s.pulls} received ${s.received} success ${s.success} failure ${s.failure} deferred ${s.deferred} ` +
  `downloads ${s.downloads} (${Math.round(s.downloadBytes / 1024)} KiB, ${s.downloadsPutOff} put off) offline spells ${s.offlineSpells} errors ${s.errors}`;
