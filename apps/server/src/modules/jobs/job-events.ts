import type { JobEvent } from '@cpm/contracts';
import type { ConsoleEvents } from '../live/console-events.service';

/**
 * Sends a job event to the user who started the job, on their own `job` topic. QoS 0: a lost
 * progress event is repaired by the next one, or by `job/getById`.
 */
export const createJobEventPublisher =
  (events: ConsoleEvents) =>
  async (userId: string, event: JobEvent): Promise<void> => {
    await events.publishToUser(userId, 'job', event);
  };
