import {
  JOB_FINAL_STATUSES,
  type JobEvent,
  JobEventSchema,
  type JobVo,
  jobEventTopic,
  jobsEndpoints,
} from '@cpm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import mqtt from 'mqtt';
import { useEffect, useRef } from 'react';
import { call } from '../../api/http';
import { useSessionStore } from '../../app/sessionStore';
import { queryKeys } from './queryKeys';

/** How often the job is read while no live event arrives (a lost event only costs freshness). */
export const JOB_POLL_MS = 2000;

export type JobProgress = Pick<JobVo, 'status' | 'percent' | 'message' | 'messageEn' | 'result' | 'errorId'>;

export const isFinal = (job: Pick<JobVo, 'status'> | undefined) =>
  job !== undefined && JOB_FINAL_STATUSES.includes(job.status);

const brokerUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/mqtt`;

/**
 * The signed-in user's job events from the console's live connection. The one place that knows how
 * job events reach the console: moving to the shared live-events provider changes this function only.
 */
const useJobEvents = (enabled: boolean, onEvent: (event: JobEvent) => void) => {
  const token = useSessionStore((s) => s.token);
  const userId = useSessionStore((s) => s.user?.id);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!enabled || !token || !userId) return;
    const client = mqtt.connect(brokerUrl(), {
      username: 'console',
      password: token,
      reconnectPeriod: 5000,
      clean: true,
      // mqtt.js's default worker timers need a blob worker, which the console's security policy forbids.
      timerVariant: 'native',
    });
    client.on('connect', () => void client.subscribeAsync(jobEventTopic(userId)).catch(() => undefined));
    client.on('message', (_topic, payload) => {
      try {
        const event = JobEventSchema.safeParse(JSON.parse(payload.toString()));
        if (event.success) handler.current(event.data);
      } catch {
        // Not a job event.
      }
    });
    client.on('error', () => undefined);
    return () => {
      client.end(true);
    };
  }, [enabled, token, userId]);
};

/**
 * A background job's progress: live events move the bar as they arrive, and the job is read every
 * couple of seconds until it ends, so a lost event or a dropped connection never leaves it stuck.
 */
export const useJobProgress = (jobId: string | null) => {
  const queryClient = useQueryClient();
  const key = [...queryKeys.jobs.all, jobId];
  const query = useQuery({
    queryKey: key,
    queryFn: () => call(jobsEndpoints.getById, { query: { id: jobId ?? '' }, loading: false, silent: true }),
    enabled: jobId !== null,
    refetchInterval: (q) => (isFinal(q.state.data) ? false : JOB_POLL_MS),
  });
  const final = isFinal(query.data);
  const onEvent = (event: JobEvent) => {
    if (event.jobId !== jobId) return;
    queryClient.setQueryData<JobVo>(key, (old) =>
      old && isFinal(old) ? old : ({ ...(old ?? {}), ...event, id: event.jobId } as JobVo),
    );
  };
  useJobEvents(jobId !== null && !final, onEvent);
  return { job: query.data as JobProgress | undefined, final, failedToRead: query.isError };
};
