import type { ProcessAction } from '@cpm/contracts';

/** The button each process action needs (as the server checks it). */
export const PROCESS_ACTION_PERMISSION: Record<
  ProcessAction,
  'support:process:publish' | 'support:process:delete'
> = {
  publish: 'support:process:publish',
  disable: 'support:process:publish',
  enable: 'support:process:publish',
  delete: 'support:process:delete',
};
