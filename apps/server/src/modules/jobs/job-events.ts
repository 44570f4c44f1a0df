import { type JobEvent, jobEventTopic } from '@cpm/contracts';
import type { Broker } from '../../gateway/broker';

/**
 * Sends a job event to the user who started the job, on their own user topic. The only place that
 * knows how job events travel: switching to another live-events path changes this function alone.
 */
export const createJobEventPublisher =
  (broker: Broker | null) =>
  (userId: string, event: JobEvent): Promise<void> =>
    // QoS 0: a lost progress event is repaired by the next one, or by getById.
    broker ? broker.publish(jobEventTopic(userId), JSON.stringify(event), { qos: 0 }) : Promise.resolve();
