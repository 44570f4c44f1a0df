import { DEVICE_PROTOCOL, type Heartbeat } from '@cpm/contracts';

const HOUR_MS = 3_600_000;

/** What one terminal did in one hour (UTC), as summed from its signs of life. */
export type HourFigures = {
  sn: string;
  /** Start of the hour. */
  hour: Date;
  onlineSec: number;
  runtimeSec: number;
  mobileBytes: number;
  wifiBytes: number;
  heartbeats: number;
  batteryMin: number | null;
  memoryFreeMinMb: number | null;
  storageFreeMinMb: number | null;
  boots: number;
  shutdowns: number;
  firstBootAt: Date | null;
  lastShutdownAt: Date | null;
};

/** One terminal event for the monthly-partitioned event table. */
export type ActivityEvent = { sn: string; kind: string; detail: string | null; at: Date };

/** What a flush writes: hour figures (the daily rollup is summed from them) and raw events. */
export type ActivityBatch = { hours: HourFigures[]; events: ActivityEvent[] };

type Last = {
  at: number;
  /** Dropped from the recorder (a shutdown): a holder keeping it looks the terminal up again. */
  gone: boolean;
  mobile: number | undefined;
  wifi: number | undefined;
  uptime: number | undefined;
  /** The hour figures this terminal's last sign of life went to, valid while `generation` is `figGen`. */
  fig: HourFigures | undefined;
  figStart: number;
  figGen: number;
};

/** A terminal's entry, made with every field so all entries share one shape (read on every heartbeat). */
const newLast = (at: number, counters?: number): Last => ({
  at,
  gone: false,
  mobile: counters,
  wifi: counters,
  uptime: counters,
  fig: undefined,
  figStart: 0,
  figGen: -1,
});

const minOf = (a: number | null, b: number | undefined) =>
  b === undefined ? a : a === null ? b : Math.min(a, b);

/** A terminal's entry in the recorder, as a caller keeps it to skip the lookup on its next sign of life. */
export type ActivityEntry = Last;
/** Where a caller keeps a terminal's recorder entry between its signs of life. */
export type ActivityHolder = { activity?: ActivityEntry };

/** Hour (UTC) a day's rollup belongs to: its date string. */
export const dayOf = (hour: Date) => hour.toISOString().slice(0, 10);

/**
 * Turns signs of life into per-terminal, per-hour figures in memory, so a heartbeat costs no row:
 * online time is the gap between consecutive signs of life no further apart than the offline
 * period, split at hour boundaries; data usage is the growth of the heartbeat's since-boot
 * counters (a counter that went down restarted at a boot). The first sign of life this instance
 * hears from a terminal only starts its clock and counters.
 */
export const createActivityRecorder = (opts: { offlineAfterSec?: number } = {}) => {
  const maxGapMs = (opts.offlineAfterSec ?? DEVICE_PROTOCOL.offlineAfterSec) * 1000;
  const last = new Map<string, Last>();
  // By terminal, then by the hour's start: two lookups and no key to build, several times a heartbeat.
  let hours = new Map<string, Map<number, HourFigures>>();
  let slots = 0;
  let events: ActivityEvent[] = [];
  // Bumped whenever `hours` is drained or rebuilt: the figures a terminal remembers are stale then.
  let generation = 0;

  const hourStart = (atMs: number) => atMs - (((atMs % HOUR_MS) + HOUR_MS) % HOUR_MS);

  const figures = (sn: string, atMs: number): HourFigures => {
    const start = hourStart(atMs);
    let byHour = hours.get(sn);
    if (!byHour) {
      byHour = new Map();
      hours.set(sn, byHour);
    }
    let f = byHour.get(start);
    if (!f) {
      f = {
        sn,
        hour: new Date(start),
        onlineSec: 0,
        runtimeSec: 0,
        mobileBytes: 0,
        wifiBytes: 0,
        heartbeats: 0,
        batteryMin: null,
        memoryFreeMinMb: null,
        storageFreeMinMb: null,
        boots: 0,
        shutdowns: 0,
        firstBootAt: null,
        lastShutdownAt: null,
      };
      byHour.set(start, f);
      slots++;
    }
    return f;
  };

  // A terminal heard from every few seconds stays in one hour for hundreds of heartbeats: the figures
  // it last touched are remembered on its entry, so most signs of life look nothing up.
  const figuresOf = (entry: Last, sn: string, atMs: number): HourFigures => {
    const start = hourStart(atMs);
    if (entry.fig && entry.figStart === start && entry.figGen === generation) return entry.fig;
    const f = figures(sn, atMs);
    entry.fig = f;
    entry.figStart = start;
    entry.figGen = generation;
    return f;
  };

  // Credits (from, to] to the hours it spans in whole seconds of the clock (floor(end) - floor(start)),
  // so consecutive slices add up exactly, with no rounding drift across flushes.
  const credit = (sn: string, from: number, to: number, field: 'onlineSec' | 'runtimeSec', entry?: Last) => {
    let t = from;
    while (t < to) {
      const hourEnd = t - (t % HOUR_MS) + HOUR_MS;
      const end = Math.min(hourEnd, to);
      // The slice belongs to the hour it lies in; `t` may sit exactly on an hour's start.
      const f = entry ? figuresOf(entry, sn, t) : figures(sn, t);
      f[field] += Math.floor(end / 1000) - Math.floor(t / 1000);
      t = end;
    }
  };

  const delta = (now: number | undefined, before: number | undefined) =>
    now === undefined || before === undefined ? 0 : now >= before ? now - before : now;

  return {
    /**
     * A sign of life (heartbeat, hello, location, status) at `now` (ms), with the heartbeat when there
     * is one. `holder` keeps the terminal's entry from one call to the next, so a terminal heard from
     * every few seconds is not looked up each time.
     */
    seen(sn: string, now: number, hb: Heartbeat | null, holder?: ActivityHolder) {
      const held = holder?.activity;
      const prev = held && !held.gone ? held : last.get(sn);
      if (prev && now > prev.at && now - prev.at <= maxGapMs) credit(sn, prev.at, now, 'onlineSec', prev);
      // Updated in place after its old values are read: one object per terminal, not one per heartbeat.
      const next: Last = prev ?? newLast(now);
      const prevAt = prev?.at;
      const prevUptime = prev?.uptime;
      if (prevAt === undefined || now > prevAt) next.at = now;
      if (hb) {
        const f = figuresOf(next, sn, now);
        f.heartbeats++;
        f.mobileBytes += delta(hb.mobileBytes, prev?.mobile);
        f.wifiBytes += delta(hb.wifiBytes, prev?.wifi);
        f.batteryMin = minOf(f.batteryMin, hb.battery);
        f.memoryFreeMinMb = minOf(f.memoryFreeMinMb, hb.memoryFreeMb);
        f.storageFreeMinMb = minOf(f.storageFreeMinMb, hb.storageFreeMb);
        // Running time: the uptime's growth, or the whole uptime after a restart, ending now.
        if (hb.uptimeSec !== undefined) {
          if (prevUptime !== undefined && prevAt !== undefined) {
            const ran = Math.min(delta(hb.uptimeSec, prevUptime), Math.max(0, (now - prevAt) / 1000));
            credit(sn, now - Math.round(ran) * 1000, now, 'runtimeSec', next);
          }
          next.uptime = hb.uptimeSec;
        }
        if (hb.mobileBytes !== undefined) next.mobile = hb.mobileBytes;
        if (hb.wifiBytes !== undefined) next.wifi = hb.wifiBytes;
      }
      if (!prev) last.set(sn, next);
      if (holder) holder.activity = next;
    },
    /** The terminal booted: its counters start again from zero and its online clock from now. */
    boot(sn: string, at: Date) {
      const f = figures(sn, at.getTime());
      f.boots++;
      if (!f.firstBootAt || at < f.firstBootAt) f.firstBootAt = at;
      // In place: a holder keeping the entry sees the counters start again.
      const prev = last.get(sn);
      if (prev) {
        prev.at = at.getTime();
        prev.mobile = 0;
        prev.wifi = 0;
        prev.uptime = 0;
      } else last.set(sn, newLast(at.getTime(), 0));
      events.push({ sn, kind: 'boot', detail: null, at });
    },
    /** The terminal shut down: online time stops here. */
    shutdown(sn: string, at: Date, detail: string | null) {
      const prev = last.get(sn);
      const now = at.getTime();
      if (prev && now > prev.at && now - prev.at <= maxGapMs) {
        credit(sn, prev.at, now, 'onlineSec');
        credit(sn, prev.at, now, 'runtimeSec');
      }
      const f = figures(sn, now);
      f.shutdowns++;
      if (!f.lastShutdownAt || at > f.lastShutdownAt) f.lastShutdownAt = at;
      if (prev) prev.gone = true;
      last.delete(sn);
      events.push({ sn, kind: 'shutdown', detail, at });
    },
    /** Any other terminal event, kept in the event table only. */
    event(sn: string, kind: string, detail: string | null, at: Date) {
      events.push({ sn, kind, detail, at });
    },
    /** The terminal went offline (timeout, will, disconnect): the next sign of life starts a new stretch. */
    offline(sn: string) {
      const prev = last.get(sn);
      if (prev) prev.at = Number.NEGATIVE_INFINITY;
    },
    /** Takes what was gathered since the last call. */
    drain(): ActivityBatch {
      const batch = { hours: [...hours.values()].flatMap((byHour) => [...byHour.values()]), events };
      hours = new Map();
      generation++;
      slots = 0;
      events = [];
      return batch;
    },
    /**
     * Puts back figures a write did not store, added to what was gathered since: the next write
     * stores both, as if the failed one had never been drained.
     */
    restore(batch: ActivityBatch) {
      generation++;
      for (const h of batch.hours) {
        let byHour = hours.get(h.sn);
        if (!byHour) {
          byHour = new Map();
          hours.set(h.sn, byHour);
        }
        const start = h.hour.getTime();
        const f = byHour.get(start);
        if (!f) slots++;
        byHour.set(start, f ? addFigures({ ...h }, f) : h);
      }
      events = [...batch.events, ...events];
    },
    /** Figures waiting to be written (hour slots and events). */
    pending: () => slots + events.length,
  };
};

export type ActivityRecorder = ReturnType<typeof createActivityRecorder>;

/** Adds `h`'s figures to `d` (sums add, minima take the lower, first boot the earlier, last shutdown the later). */
const addFigures = <T extends HourFigures>(d: T, h: HourFigures): T => {
  d.onlineSec += h.onlineSec;
  d.runtimeSec += h.runtimeSec;
  d.mobileBytes += h.mobileBytes;
  d.wifiBytes += h.wifiBytes;
  d.heartbeats += h.heartbeats;
  d.batteryMin = minOf(d.batteryMin, h.batteryMin ?? undefined);
  d.memoryFreeMinMb = minOf(d.memoryFreeMinMb, h.memoryFreeMinMb ?? undefined);
  d.storageFreeMinMb = minOf(d.storageFreeMinMb, h.storageFreeMinMb ?? undefined);
  d.boots += h.boots;
  d.shutdowns += h.shutdowns;
  if (h.firstBootAt && (!d.firstBootAt || h.firstBootAt < d.firstBootAt)) d.firstBootAt = h.firstBootAt;
  if (h.lastShutdownAt && (!d.lastShutdownAt || h.lastShutdownAt > d.lastShutdownAt))
    d.lastShutdownAt = h.lastShutdownAt;
  return d;
};

/** Sums hour figures into per-day figures (UTC dates). */
export const sumDays = (hours: HourFigures[]) => {
  const days = new Map<string, HourFigures & { day: string }>();
  for (const h of hours) {
    const day = dayOf(h.hour);
    const key = `${h.sn}\u0000${day}`;
    const d = days.get(key);
    if (!d) days.set(key, { ...h, day });
    else addFigures(d, h);
  }
  return [...days.values()];
};
