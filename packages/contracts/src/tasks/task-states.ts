/**
 * Where a remote task stands. The spec's six (normal, complete, overdue, stopped, creating, creation
 * failed) plus the states of two-person approval and of a rollout the brake paused. The dictionary
 * `task_status` labels each.
 */
export const TASK_STATUSES = [
  'pendingApproval',
  'rejected',
  'creating',
  'normal',
  'paused',
  'complete',
  'overdue',
  'stopped',
  'failed',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * Every state change of a task, listed once: the states it may start from and where it ends. The
 * server applies each with a guarded update, so a change from any other state answers 409.
 */
export const TASK_TRANSITIONS = {
  /** A second user approves a risky task; its first run starts when due (creating while written). */
  approve: { from: ['pendingApproval'], to: 'normal' },
  reject: { from: ['pendingApproval'], to: 'rejected' },
  /** The deliveries of a run are all written. */
  created: { from: ['creating'], to: 'normal' },
  /** Writing the deliveries gave up after its retries. */
  createFailed: { from: ['creating'], to: 'failed' },
  /** A wave failed more often than the task allows. */
  brake: { from: ['normal'], to: 'paused' },
  /** The creator (or anyone allowed to restart) lets the next wave go after a brake. */
  resume: { from: ['paused'], to: 'normal' },
  stop: { from: ['pendingApproval', 'creating', 'normal', 'paused'], to: 'stopped' },
  /** Back to work: cancelled deliveries are offered again (a new attempt each). */
  restart: { from: ['stopped'], to: 'normal' },
  /** Every delivery has ended and no further run is due. */
  complete: { from: ['normal'], to: 'complete' },
  /** The expiry time passed while deliveries were still open. */
  expire: { from: ['normal', 'paused'], to: 'overdue' },
  /** Failed deliveries are offered again; a finished task becomes active again. */
  retry: { from: ['normal', 'paused', 'complete'], to: 'normal' },
} as const satisfies Record<string, { from: readonly TaskStatus[]; to: TaskStatus }>;
export type TaskTransition = keyof typeof TASK_TRANSITIONS;

/** States a task can be deleted from (an active one is stopped first). */
export const TASK_DELETABLE: readonly TaskStatus[] = ['rejected', 'complete', 'overdue', 'stopped', 'failed'];

/** States in which a task is finished: stopping it answers 409. */
export const TASK_FINISHED: readonly TaskStatus[] = ['complete', 'overdue', 'failed', 'rejected'];

/** States in which terminals may still receive the task. */
export const TASK_ACTIVE: readonly TaskStatus[] = ['creating', 'normal', 'paused'];

/** Whether a transition may start from a state (the console shows only these buttons). */
export const taskCan = (action: TaskTransition, status: TaskStatus) =>
  (TASK_TRANSITIONS[action].from as readonly TaskStatus[]).includes(status);

/**
 * What became of a task on one terminal (one delivery). The spec's five (waiting for connection,
 * pulled, executed, success, failure) and the two ways a delivery ends without a result: its time
 * ran out, or the task was stopped. The dictionary `task_result` labels each.
 */
export const DELIVERY_STATES = [
  'waiting',
  'pulled',
  'executed',
  'success',
  'failure',
  'expired',
  'cancelled',
] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * Order of the states: a report moves a delivery only to a higher rank, so a late or repeated
 * report never takes it back. The four last states are final.
 */
export const DELIVERY_RANK: Record<DeliveryState, number> = {
  waiting: 0,
  pulled: 1,
  executed: 2,
  success: 3,
  failure: 3,
  expired: 3,
  cancelled: 3,
};

export const FINAL_DELIVERY_STATES: readonly DeliveryState[] = ['success', 'failure', 'expired', 'cancelled'];

/**
 * Why a terminal holds a task it has pulled instead of running it now (payment-aware windows): a sale
 * is in progress, the day's batch is not settled, the battery is below the task's level, it is not
 * charging, or the terminal's local time is outside the task's window.
 */
export const DEFER_REASONS = [
  'inTransaction',
  'unsettled',
  'lowBattery',
  'notCharging',
  'outsideWindow',
] as const;
export type DeferReason = (typeof DEFER_REASONS)[number];
