import { JOB_FINAL_STATUSES, type JobEvent, JobEventSchema, type JobVo, userTopic } from '@cpm/contracts';
import { jobsRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http';
import { useLiveTopic, useLiveUserId } from '../live/LiveEventsProvider';
import { queryKeys } from './queryKeys';

/** How often the job is read while no live event arrives (a lost event only costs freshness). */
export const JOB_POLL_MS = 2000;

export type JobProgress = Pick<JobVo, 'status' | 'percent' | 'message' | 'messageEn' | 'result' | 'errorId'>;

export const isFinal = (job: Pick<JobVo, 'status'> | undefined) =>
  job !== undefined && JOB_FINAL_STATUSES.includes(job.status);

/**
 * The signed-in user's job events from the tab's one live connection. The one place that knows how
 * job events reach the console.
 */
const useJobEvents = (enabled: boolean, onEvent: (event: JobEvent) => void) => {
  const userId = useLiveUserId();
  useLiveTopic(enabled && userId ? userTopic(userId, 'job') : null, (payload) => {
    const event = JobEventSchema.safeParse(payload);
    if (event.success) onEvent(event.data);
  });
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
    queryFn: () => call(jobsRoutes.getById, { query: { id: jobId ?? '' }, loading: false, silent: true }),
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
