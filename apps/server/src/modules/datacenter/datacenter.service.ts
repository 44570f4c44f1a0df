import {
  daysInRange,
  type Heartbeat,
  type MonitorOverview,
  type MonitorQuery,
  type RunDetail,
  type RunRecordFilter,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { type ActivityBatch, type ActivityHolder, createActivityRecorder } from './activity-recorder';
import type { DatacenterRepository } from './datacenter.repository';

/** How long each kind of activity data is kept, days. */
export type Retention = { eventDays: number; hourlyDays: number; dailyDays: number };

export const DEFAULT_RETENTION: Retention = { eventDays: 180, hourlyDays: 90, dailyDays: 730 };

/** Monthly event partitions kept ready ahead of the current month. */
const PARTITIONS_AHEAD = 3;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Ranges up to this many days are charted by the hour. */
const HOURLY_MAX_DAYS = 7;
const EVENT_LIMIT = 500;
const EXPORT_BATCH = 2000;

/**
 * What the device gateway reports to the data centre. Signs of life are summed in memory; the batch
 * writer calls `flush` after each heartbeat batch, which starts a write in the background once
 * `writeEveryMs` has passed since the last one began, so the rollups cost the heartbeat batches no
 * wait. `writeAll` writes everything gathered and waits (shutdown).
 */
export type ActivitySink = {
  /** A sign of life at `atMs` (ms since the epoch): called for every heartbeat, so no Date is built. */
  seen(sn: string, atMs: number, hb: Heartbeat | null, holder?: ActivityHolder): void;
  boot(sn: string, at: Date): void;
  shutdown(sn: string, at: Date, detail: string | null): void;
  event(sn: string, kind: string, detail: string | null, at: Date): void;
  offline(sn: string): void;
  /** A heartbeat batch was written: writes the figures in the background when due; throws the last background failure. */
  flush(): Promise<void>;
  /** Waits for a write under way, then writes everything gathered and waits for it. */
  writeAll(): Promise<void>;
  /** Waits for a background write under way, if any. */
  idle(): Promise<void>;
};

/** How often the rollups are written by default, ms: what a crash can lose at most. */
export const DEFAULT_ACTIVITY_WRITE_MS = 300_000;

/** What the data centre needs: its storage, the clock, and the retention and activity settings. */
export type DatacenterServiceDeps = {
  repo: DatacenterRepository;
  clock: Clock;
  retention?: Partial<Retention>;
  offlineAfterSec?: number;
  /** Rollups are written at most this often (by the clock); 0 writes after every heartbeat batch. */
  writeEveryMs?: number;
};

/** The data centre's rules: activity gathering, event partitions and retention. */
export const createDatacenterService = (deps: DatacenterServiceDeps) => {
  const retention = { ...DEFAULT_RETENTION, ...deps.retention };
  const recorder = createActivityRecorder({ offlineAfterSec: deps.offlineAfterSec });
  const writeEveryMs = deps.writeEveryMs ?? DEFAULT_ACTIVITY_WRITE_MS;
  let lastWrite = deps.clock.now().getTime();
  let writing: Promise<void> | null = null;
  let failure: { err: unknown } | null = null;

  // One write at a time. What a write did not store goes back to the recorder, added to what came
  // since, so a failed write loses nothing and the next one stores it.
  const write = () => {
    lastWrite = deps.clock.now().getTime();
    const batch = recorder.drain();
    const run = deps.repo.writeActivity(batch).catch((err: unknown) => {
      recorder.restore((err as { unwritten?: ActivityBatch }).unwritten ?? batch);
      throw err;
    });
    const settled: Promise<void> = run.then(
      () => undefined,
      () => undefined,
    );
    writing = settled;
    void settled.then(() => {
      if (writing === settled) writing = null;
    });
    return run;
  };
  const idle = async () => {
    while (writing) await writing;
  };

  const activity: ActivitySink = {
    seen: recorder.seen,
    boot: recorder.boot,
    shutdown: recorder.shutdown,
    event: recorder.event,
    offline: recorder.offline,
    flush: async () => {
      if (failure) {
        const { err } = failure;
        failure = null;
        throw err;
      }
      if (writing || recorder.pending() === 0) return;
      if (deps.clock.now().getTime() - lastWrite < writeEveryMs) return;
      write().catch((err: unknown) => {
        failure = { err };
      });
    },
    writeAll: async () => {
      // Checked right before the write, so no background write can start in between.
      while (writing) await writing;
      // A background failure's figures are back in the recorder: this write stores them.
      failure = null;
      if (recorder.pending() > 0) await write();
    },
    idle,
  };

  return {
    activity,
    retention,
    /** One page of run records in the caller's scope. */
    runRecords: async (auth: AuthContext, f: RunRecordFilter & { current: number; size: number }) => {
      const [records, total] = await Promise.all([
        deps.repo.runRecords(auth, f, (f.current - 1) * f.size, f.size),
        deps.repo.countRunRecords(auth, f),
      ]);
      return { records, total, current: f.current, size: f.size };
    },
    /** Run records from an offset, for the direct export. */
    runRecordSlice: (auth: AuthContext, f: RunRecordFilter, offset: number, limit: number) =>
      deps.repo.runRecords(auth, f, offset, limit),
    /** Every run record under the filter, in pages, for the exports. */
    runRecordRows: (auth: AuthContext, f: RunRecordFilter) => ({
      count: () => deps.repo.countRunRecords(auth, f),
      batches: async function* () {
        for (let offset = 0; ; offset += EXPORT_BATCH) {
          const batch = await deps.repo.runRecords(auth, f, offset, EXPORT_BATCH);
          if (batch.length) yield batch;
          if (batch.length < EXPORT_BATCH) return;
        }
      },
    }),
    /** One terminal's figures over a range: hours up to a week, days beyond; an unseen or foreign SN is refused. */
    runDetail: async (
      auth: AuthContext,
      q: { sn: string; startDate: string; endDate: string },
    ): Promise<RunDetail> => {
      const terminal = await deps.repo.findTerminal(auth, q.sn);
      if (!terminal) throw new AppError('runTerminalNotFound');
      const granularity = daysInRange(q) <= HOURLY_MAX_DAYS ? 'hour' : 'day';
      const [series, events] = await Promise.all([
        deps.repo.series(terminal.id, q.startDate, q.endDate, granularity),
        deps.repo.events(terminal.id, q.startDate, q.endDate, EVENT_LIMIT),
      ]);
      const sum = (k: 'onlineSec' | 'runtimeSec' | 'mobileBytes' | 'wifiBytes' | 'boots' | 'shutdowns') =>
        series.reduce((n, p) => n + p[k], 0);
      return {
        terminal: {
          sn: terminal.sn,
          name: terminal.name,
          online: terminal.online,
          lastSeenAt: terminal.last_seen_at,
          modelName: terminal.model_name,
          groupName: terminal.group_name,
        },
        granularity,
        series,
        totals: {
          onlineSec: sum('onlineSec'),
          runtimeSec: sum('runtimeSec'),
          mobileBytes: sum('mobileBytes'),
          wifiBytes: sum('wifiBytes'),
          boots: sum('boots'),
          shutdowns: sum('shutdowns'),
        },
        events,
      };
    },
    /** The fleet over a range: every day of it present, zero where nothing was recorded. */
    monitor: async (auth: AuthContext, q: MonitorQuery): Promise<MonitorOverview> => {
      const m = await deps.repo.monitor(auth, q);
      const byDay = new Map(m.days.map((d) => [d.day, d]));
      const activated = new Map(m.activated.map((a) => [a.day, a.n]));
      const start = Date.parse(`${q.startDate}T00:00:00Z`);
      const days = Array.from({ length: daysInRange(q) }, (_, i) => {
        const day = new Date(start + i * DAY_MS).toISOString().slice(0, 10);
        const d = byDay.get(day);
        return { day, online: d?.online ?? 0, active: d?.active ?? 0, activated: activated.get(day) ?? 0 };
      });
      return { ...m, days };
    },
    /**
     * Online seconds of the caller's terminals in each of `hours` whole hours (UTC) from `from`, which
     * must start an hour: every hour present, oldest first, zero where nothing was recorded.
     */
    onlineSecondsByHour: async (auth: AuthContext, q: { from: Date; hours: number }) => {
      const to = new Date(q.from.getTime() + q.hours * HOUR_MS);
      const rows = await deps.repo.onlineSecondsByHour(auth, q.from, to);
      const byHour = new Map(rows.map((r) => [r.hour.getTime(), r.onlineSec]));
      return Array.from({ length: q.hours }, (_, i) => {
        const hour = q.from.getTime() + i * HOUR_MS;
        return { hour: new Date(hour), onlineSec: byHour.get(hour) ?? 0 };
      });
    },
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
