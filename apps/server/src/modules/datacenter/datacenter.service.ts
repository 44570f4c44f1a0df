import type { Heartbeat } from '@cpm/contracts';
import type { Clock } from '../../shared/clock';
import { createActivityRecorder } from './activity-recorder';
import type { DatacenterRepository } from './datacenter.repository';

/** How long each kind of activity data is kept, days. */
export type Retention = { eventDays: number; hourlyDays: number; dailyDays: number };

export const DEFAULT_RETENTION: Retention = { eventDays: 180, hourlyDays: 90, dailyDays: 730 };

/** Monthly event partitions kept ready ahead of the current month. */
const PARTITIONS_AHEAD = 3;

const DAY_MS = 86_400_000;

/** What the device gateway reports to the data centre; written with each heartbeat batch. */
export type ActivitySink = {
  seen(sn: string, at: Date, hb: Heartbeat | null): void;
  boot(sn: string, at: Date): void;
  shutdown(sn: string, at: Date, detail: string | null): void;
  event(sn: string, kind: string, detail: string | null, at: Date): void;
  offline(sn: string): void;
  flush(): Promise<void>;
};

/** The data centre's rules: activity gathering, event partitions and retention. */
export const createDatacenterService = (deps: {
  repo: DatacenterRepository;
  clock: Clock;
  retention?: Partial<Retention>;
  offlineAfterSec?: number;
}) => {
  const retention = { ...DEFAULT_RETENTION, ...deps.retention };
  const recorder = createActivityRecorder({ offlineAfterSec: deps.offlineAfterSec });
  let writing: Promise<void> = Promise.resolve();

  const activity: ActivitySink = {
    seen: recorder.seen,
    boot: recorder.boot,
    shutdown: recorder.shutdown,
    event: recorder.event,
    offline: recorder.offline,
    // One write at a time, in order, so an hour's figures never overtake each other.
    flush: () => {
      writing = writing.then(() => deps.repo.writeActivity(recorder.drain()));
      return writing;
    },
  };

  return {
    activity,
    retention,
    /** Creates this month's event partition and the next few; answers the ones created. */
    ensurePartitions: () => deps.repo.ensureEventPartitions(deps.clock.now(), PARTITIONS_AHEAD + 1),
    /** Applies the retention settings: whole event months, hourly and daily rollups. */
    applyRetention: async () => {
      const now = deps.clock.now().getTime();
      const dropped = await deps.repo.dropEventPartitionsBefore(new Date(now - retention.eventDays * DAY_MS));
      const hourlyBefore = new Date(now - retention.hourlyDays * DAY_MS);
      const dailyBefore = new Date(now - retention.dailyDays * DAY_MS).toISOString().slice(0, 10);
      const pruned = await deps.repo.pruneRollups(hourlyBefore, dailyBefore);
      return { droppedPartitions: dropped, ...pruned };
    },
  };
};

export type DatacenterService = ReturnType<typeof createDatacenterService>;
