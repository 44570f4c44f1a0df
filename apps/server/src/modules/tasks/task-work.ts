import type { TasksRepository } from './tasks.repository';

/** Told when the work terminals could pull now may have changed (the heartbeat's `pending`). */
export type WorkChanges = {
  /** Any terminal's work may have changed (a task resumed, a wave released, deliveries written). */
  changed(): void;
  /** This terminal took or finished work (a pull, a result): only its own count went down. */
  taken(terminalId: string): void;
};

/**
 * What each repository call can do to the work terminals could pull now: nothing, change any
 * terminal's (told once it changed something), take one terminal's (its id is the first argument),
 * or write inside a transaction its caller commits (the caller tells, after the commit). A new call
 * without an entry does not compile.
 */
const EFFECTS: Record<keyof TasksRepository, 'none' | 'changes' | 'takes' | 'caller'> = {
  transaction: 'changes',
  insertTask: 'none',
  unsearchableNames: 'none',
  setSearchName: 'none',
  batches: 'none',
  findVisible: 'none',
  findById: 'none',
  ownersOf: 'none',
  transition: 'changes',
  page: 'none',
  removeTask: 'changes',
  names: 'none',
  userName: 'none',
  userNames: 'none',
  outcomes: 'none',
  reach: 'none',
  missingSns: 'none',
  invisibleSns: 'none',
  invisibleGroups: 'none',
  invisibleOwners: 'none',
  unknownModels: 'none',
  packageKnown: 'none',
  installedPackages: 'none',
  activeUsesOfFile: 'none',
  findTerminal: 'none',
  installTaskOf: 'none',
  openRun: 'changes',
  findRun: 'none',
  runsOf: 'none',
  setRunJob: 'none',
  setPlanned: 'caller',
  countMatches: 'none',
  nextBatch: 'none',
  fanOutBatch: 'caller',
  catchUp: 'changes',
  finishFanOut: 'caller',
  counts: 'none',
  waveStats: 'none',
  dueTasks: 'none',
  closeEndedRuns: 'changes',
  activeRuns: 'none',
  runOpenCount: 'none',
  runExpiredCount: 'none',
  creatingRuns: 'none',
  expiredTasks: 'none',
  staleWaiting: 'none',
  stalePulled: 'none',
  results: 'none',
  byTerminal: 'none',
  cancelOpen: 'changes',
  reopen: 'changes',
  stop: 'changes',
  retry: 'changes',
  terminalBySn: 'none',
  setRunStatus: 'changes',
  releaseWave: 'changes',
  onlineOpen: 'none',
  pull: 'takes',
  pending: 'none',
  report: 'takes',
};

/** Whether a call's answer says it changed nothing (no row moved, nothing written). */
const changedNothing = (out: unknown) =>
  out === null ||
  out === 0 ||
  (Array.isArray(out) && out.length === 0) ||
  (typeof out === 'object' && out !== null && 'written' in out && out.written === 0) ||
  (typeof out === 'object' && out !== null && 'count' in out && out.count === 0);

/** The repository, telling `work` of every call that may change the work terminals could pull. */
export const announceWorkChanges = (repo: TasksRepository, work: WorkChanges): TasksRepository => {
  const wrapped: Record<string, unknown> = {};
  for (const [key, effect] of Object.entries(EFFECTS)) {
    const call = repo[key as keyof TasksRepository] as (...args: unknown[]) => unknown;
    if (effect === 'none' || effect === 'caller') {
      wrapped[key] = call;
      continue;
    }
    wrapped[key] = async (...args: unknown[]) => {
      const out = await call.apply(repo, args);
      if (effect === 'takes') work.taken(args[0] as string);
      else if (!changedNothing(out)) work.changed();
      return out;
    };
  }
  return wrapped as TasksRepository;
};
