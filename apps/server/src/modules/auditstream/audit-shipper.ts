import type { Clock } from '../../shared/clock';
import type { AuditStreamRecord, AuditStreamRepository } from './auditstream.repository';
import { type AuditEvent, eventFrame } from './syslog-format';
import type { SyslogConnection, SyslogTarget } from './syslog-transport';

/** Timings of the shipper; tests shorten them. */
export type ShipperTimings = {
  /** Pause when there is nothing to send or the stream is off. */
  pollMs: number;
  /**
   * How long a sent batch must stay on a healthy connection before the cursor passes it. Plain
   * syslog over TCP has no acknowledgement: a receiver that stops drops what it had not read, and
   * the sender learns it only from the closed connection. Batches not yet confirmed are sent again
   * after a reconnect (at least once; the event id tells duplicates apart).
   */
  confirmMs: number;
  /** First and longest wait between connection attempts (doubling in between). */
  backoffMinMs: number;
  backoffMaxMs: number;
  /** Events per write. */
  batch: number;
  /** How long the shipping lease lasts without renewal. */
  leaseMs: number;
  /**
   * How long a gap in the sequence holds back what follows it. Numbers are taken when a row is
   * inserted but become visible at commit, so a gap may be a write still committing; one older
   * than this is taken as a write that rolled back.
   */
  gapWaitMs: number;
};

export const SHIPPER_DEFAULTS: ShipperTimings = {
  pollMs: 1000,
  confirmMs: 3000,
  backoffMinMs: 1000,
  backoffMaxMs: 60_000,
  batch: 200,
  leaseMs: 30_000,
  gapWaitMs: 5000,
};

type Deps = {
  repo: AuditStreamRepository;
  events: { after: (seq: number, limit: number) => Promise<AuditEvent[]> };
  connect: (target: SyslogTarget) => Promise<SyslogConnection>;
  clock: Clock;
  hostname: string;
  /** This instance's name for the lease. */
  holder: string;
  log: { warn: (obj: object, msg: string) => void };
  timings?: Partial<ShipperTimings>;
};

const targetKey = (s: AuditStreamRecord) => JSON.stringify([s.host, s.port, s.tls, s.caCert, s.facility]);

/**
 * Sends the operation log after the stored cursor to the syslog receiver, in order, and moves the
 * cursor once the receiver has kept what was sent. Everything it knows lives in the database, so a
 * restart resumes from the cursor.
 */
export const createAuditShipper = (deps: Deps) => {
  const t = { ...SHIPPER_DEFAULTS, ...deps.timings };
  let conn: SyslogConnection | null = null;
  let connKey = '';
  /** Sent but not yet confirmed: the last seq of each batch and when its write was flushed. */
  let pending: { seq: number; at: number }[] = [];
  /** The last seq sent on the current connection; null: start from the stored cursor. */
  let position: number | null = null;
  let backoff = 0;
  let running = false;
  let wake: (() => void) | null = null;
  let loop: Promise<void> | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const drop = () => {
    conn?.close();
    conn = null;
    pending = [];
    position = null;
  };

  /** Off, or another instance ships: hold no connection. */
  const idle = () => {
    drop();
    return sleep(t.pollMs);
  };

  const fail = async (message: string) => {
    drop();
    deps.log.warn({ error: message }, 'audit stream delivery failed');
    await deps.repo.markError(message, deps.clock.now()).catch(() => undefined);
    backoff = backoff ? Math.min(backoff * 2, t.backoffMaxMs) : t.backoffMinMs;
    await sleep(backoff);
  };

  /** Moves the cursor past batches that stayed on a healthy connection for `confirmMs`. */
  const confirm = async () => {
    const now = deps.clock.now().getTime();
    let last: number | null = null;
    while (conn && !conn.isClosed() && pending[0] && now - pending[0].at >= t.confirmMs)
      last = (pending.shift() as { seq: number }).seq;
    if (last !== null) await deps.repo.advance(last);
  };

  /** The events up to the first gap in the sequence that may still fill. */
  const gapless = (events: AuditEvent[], from: number) => {
    const now = deps.clock.now().getTime();
    let expected = from + 1;
    const out: AuditEvent[] = [];
    for (const e of events) {
      if (e.seq !== expected && now - Date.parse(e.at) < t.gapWaitMs) break;
      out.push(e);
      expected = e.seq + 1;
    }
    return out;
  };

  const step = async () => {
    const now = deps.clock.now();
    const stream = await deps.repo.get();
    if (!stream.enabled || !stream.host) return idle();
    if (!(await deps.repo.claim(deps.holder, now, new Date(now.getTime() + t.leaseMs)))) return idle();
    if (conn && (conn.isClosed() || connKey !== targetKey(stream)))
      return fail(conn.closedReason() ?? 'settings changed');
    if (!conn) {
      try {
        conn = await deps.connect(stream);
        connKey = targetKey(stream);
      } catch (err) {
        return fail(err instanceof Error ? err.message : String(err));
      }
    }
    await confirm();
    const from = position ?? stream.cursor;
    const events = gapless(await deps.events.after(from, t.batch), from);
    if (!events.length) return sleep(pending.length ? Math.min(t.pollMs, t.confirmMs) : t.pollMs);
    const frames = Buffer.concat(
      events.map((e) => eventFrame(e, { facility: stream.facility, hostname: deps.hostname })),
    );
    try {
      await conn.write(frames);
    } catch (err) {
      return fail(err instanceof Error ? err.message : String(err));
    }
    const last = events[events.length - 1] as AuditEvent;
    position = last.seq;
    pending.push({ seq: last.seq, at: deps.clock.now().getTime() });
    backoff = 0;
    await deps.repo.markSent(deps.clock.now());
  };

  return {
    /** Starts the loop; errors of one step are logged and the loop goes on. */
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running)
          await step().catch(async (err: unknown) => {
            deps.log.warn({ err }, 'audit stream step failed');
            await sleep(t.pollMs);
          });
      })();
    },
    /** Wakes the loop now (settings saved, an event written). */
    poke: () => wake?.(),
    /** Whether a connection to the receiver is open. */
    connected: () => Boolean(conn && !conn.isClosed()),
    /** Stops the loop, closes the connection and gives the lease up; unconfirmed batches are sent again later. */
    async stop() {
      running = false;
      wake?.();
      await loop;
      drop();
      await deps.repo.release(deps.holder).catch(() => undefined);
    },
  };
};

export type AuditShipper = ReturnType<typeof createAuditShipper>;
