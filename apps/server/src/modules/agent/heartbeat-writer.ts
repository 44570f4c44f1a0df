import { isUtf8 } from 'node:buffer';
import type { Heartbeat, Hello } from '@cpm/contracts';
import { type Clock, nowMs } from '../../shared/clock';
import type { ActivityEntry } from '../datacenter/activity-recorder';
import type { ActivitySink } from '../datacenter/datacenter.service';
import type { HeartbeatStore } from './heartbeat.repository';

/** A terminal whose online state changed in a write. */
export type OnlineChange = { id: string; sn: string; ownerId: string; online: boolean };

/**
 * What is kept of one terminal between its signs of life and the write that takes them. A terminal keeps
 * its slot while it is online, so a heartbeat allocates nothing here: its bytes are copied into the
 * writer's pending bytes, the slot is updated in place and queued once per write.
 */
export type WriterSlot = {
  sn: string;
  /** The latest sign of life, ms since the epoch. */
  seenAt: number;
  /** Where the latest heartbeat's JSON is in the writer's pending bytes, and its length (0: none). */
  metricsAt: number;
  metricsLen: number;
  /** The latest heartbeat's battery and charging, for the low-battery warning. */
  battery: number | undefined;
  charging: boolean | undefined;
  /** Heartbeats folded into this slot since the last write. */
  beats: number;
  hello: (Hello & { at: Date }) | undefined;
  boots: number;
  bootAt: number;
  /** The terminal went offline after these signs of life: they are written, it is not marked online. */
  offline: boolean;
  /** In the queue for the next write. */
  queued: boolean;
  /** Dropped from the writer (the terminal went offline): a holder keeping it looks the terminal up again. */
  gone: boolean;
  /** The terminal's entry in the data centre's recorder, kept here so a sign of life looks up nothing there. */
  activity: ActivityEntry | undefined;
};

/** Where a caller keeps a terminal's writer slot (see `add`). */
export type SlotHolder = { slot?: WriterSlot };

/** What one write stores, taken from the queued slots when the flush starts. */
type Batch = {
  /** Every terminal's latest figures, as JSON bytes for jsonb_to_recordset. */
  json: Buffer;
  /** The terminals to mark online (not those that went offline since). */
  online: string[];
  low: { sn: string; battery: number }[];
  hellos: { sn: string; hello: Hello & { at: Date } }[];
  boots: { sn: string; n: number; at: number }[];
  terminals: number;
  beats: number;
};

/** Pending heartbeat bytes that start a write without waiting for the timer (a few terminals' floods). */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;

/** Battery below this, not charging, raises a warning. */
export const LOW_BATTERY = 15;

/** What a sign of life may bring besides a heartbeat. */
export type SignExtra = {
  hello?: Hello;
  boot?: boolean;
};
const NO_EXTRA: SignExtra = {};

/**
 * True when a terminal's JSON bytes can go to jsonb as they are. jsonb refuses NUL (`\u0000`) and a
 * lone surrogate (`\ud800`), and PostgreSQL refuses bytes that are not UTF-8; one such heartbeat
 * would fail its whole batch. Escapes are rare in what terminals send, so a heartbeat with any
 * backslash goes through `storableJson` instead (one byte search, no text decoded).
 */
const storableAsSent = (raw: Buffer) => raw.indexOf(BACKSLASH) < 0 && isUtf8(raw);
const BACKSLASH = 0x5c;

/** Lone halves of UTF-16 surrogate pairs, which jsonb refuses. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A JSON.stringify replacer making strings what jsonb takes: no NUL, no lone surrogate. */
const storable = (_key: string, value: unknown) =>
  typeof value === 'string' ? value.replaceAll('\0', '').replace(LONE_SURROGATE, '\ufffd') : value;

/** JSON jsonb takes for a value from a terminal (see `storable`). */
const storableJson = (value: unknown) => JSON.stringify(value, storable);

/**
 * The heartbeats waiting for the next write, as the JSON bytes that go to the database. A fleet's
 * heartbeats are held here rather than as a string each: a string held until the next write outlives
 * the young generation's collections, is copied by each and promoted with the next, and garbage
 * collection is most of what a large fleet costs the server besides the broker's own work.
 */
const createBytes = (capacity = 64 * 1024) => {
  let buf = Buffer.allocUnsafeSlow(capacity);
  let used = 0;
  const room = (n: number) => {
    if (used + n <= buf.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(buf.length * 2, used + n));
    grown.set(buf.subarray(0, used));
    buf = grown;
  };
  return {
    /** Appends a terminal's bytes as they are; answers where they start. */
    bytes(raw: Buffer) {
      room(raw.length);
      // TypedArray's set: a plain memory copy, without Buffer.copy's argument checks.
      buf.set(raw, used);
      used += raw.length;
      return used - raw.length;
    },
    /** Appends text as UTF-8; answers where it starts. */
    text(s: string) {
      const n = Buffer.byteLength(s);
      room(n);
      buf.write(s, used);
      used += n;
      return used - n;
    },
    /** The bytes from `at` (no copy: valid until they are cleared or more are appended). */
    view: (at: number, length: number) => buf.subarray(at, at + length),
    /** Everything taken by a write: the space is used again. */
    clear() {
      used = 0;
    },
    size: () => used,
  };
};

/**
 * Heartbeats and other signs of life are kept in memory and written in batches: one statement marks
 * the terminals that came online, one updates every terminal's latest figures. A terminal heard from
 * twice between flushes costs one row update.
 */
export const createHeartbeatWriter = (deps: {
  store: HeartbeatStore;
  clock: Clock;
  onOnlineChanges: (changes: OnlineChange[]) => void;
  onError: (err: unknown) => void;
  flushMs?: number;
  maxBatch?: number;
  /** The data centre's rollups: told of every sign of life, written after each batch. */
  activity?: ActivitySink;
}) => {
  const flushMs = deps.flushMs ?? 1_000;
  const maxBatch = deps.maxBatch ?? 2_000;
  // Every terminal heard from and not gone offline since; those with something to write are queued too.
  const slots = new Map<string, WriterSlot>();
  const pending = createBytes();
  let queue: WriterSlot[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let written = 0;
  let persistedBeats = 0;
  // Terminals taken by a flush whose statements have not finished yet.
  let writing = 0;

  const drop = (slot: WriterSlot) => {
    slot.gone = true;
    slots.delete(slot.sn);
  };

  /** Takes what the slots hold into one write's batch; the slots start again empty. */
  const take = (part: WriterSlot[]): Batch => {
    // Each heartbeat goes as it came, its battery and IP read from it in the statement: with thousands
    // of terminals a batch, this JSON is most of what the server sends the database, so nothing goes
    // twice, and the heartbeats' own bytes are copied in rather than serialised again.
    let size = 2;
    for (const s of part) size += s.metricsLen + s.sn.length + 64;
    const json = createBytes(size);
    json.text('[');
    const online: Batch['online'] = [];
    const low: Batch['low'] = [];
    const hellos: Batch['hellos'] = [];
    const boots: Batch['boots'] = [];
    let beats = 0;
    for (const s of part) {
      json.text(`${json.size() > 1 ? ',' : ''}{"sn":${JSON.stringify(s.sn)},"seen":${s.seenAt},"metrics":`);
      if (s.metricsLen) json.bytes(pending.view(s.metricsAt, s.metricsLen));
      else json.text('null');
      json.text('}');
      if (!s.offline) online.push(s.sn);
      if (s.battery !== undefined && s.battery < LOW_BATTERY && s.charging !== true)
        low.push({ sn: s.sn, battery: s.battery });
      if (s.hello) hellos.push({ sn: s.sn, hello: s.hello });
      if (s.boots) boots.push({ sn: s.sn, n: s.boots, at: s.bootAt });
      beats += s.beats;
      s.metricsLen = 0;
      s.battery = undefined;
      s.charging = undefined;
      s.beats = 0;
      s.hello = undefined;
      s.boots = 0;
      s.queued = false;
      // Gone offline: its slot goes too, and its next sign of life starts a new one.
      if (s.offline) drop(s);
    }
    json.text(']');
    return { json: json.view(0, json.size()), online, low, hellos, boots, terminals: part.length, beats };
  };

  const write = async (batch: Batch) => {
    const hellos = batch.hellos.length
      ? JSON.stringify(
          batch.hellos.map(({ sn, hello }) => ({
            sn,
            at: hello.at.toISOString(),
            platform: hello.platform,
            model: hello.model ?? null,
            os: hello.osVersion ?? null,
            fw: hello.firmwareVersion ?? null,
            agent: hello.agentVersion ?? null,
            hardware: hello.hardware ?? {},
            apps: hello.apps ?? [],
            peripherals: hello.peripherals ?? [],
          })),
          storable,
        )
      : null;
    const cameOnline = await deps.store.write({ ...batch, hellos }, deps.clock.now());
    if (cameOnline.length) deps.onOnlineChanges(cameOnline.map((r) => ({ ...r, online: true })));
    written += batch.terminals;
    persistedBeats += batch.beats;
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    // Taken now, so what arrives from here on waits for the next write.
    const batches: Batch[] = [];
    for (let i = 0; i < queue.length; i += maxBatch) batches.push(take(queue.slice(i, i + maxBatch)));
    queue = [];
    pending.clear();
    for (const b of batches) writing += b.terminals;
    // One flush at a time, in order, so a later heartbeat never lands before an earlier one.
    running = running.then(async () => {
      for (const batch of batches) {
        try {
          await write(batch);
        } catch (err) {
          deps.onError(err);
        } finally {
          writing -= batch.terminals;
        }
      }
      try {
        await deps.activity?.flush();
      } catch (err) {
        deps.onError(err);
      }
    });
    return running;
  };

  /** A sign of life; `raw` is the heartbeat as the terminal sent it (see `heartbeat`). */
  const sign = (
    sn: string,
    heartbeat: Heartbeat | null,
    raw: Buffer | undefined,
    extra: SignExtra,
    holder: SlotHolder | undefined,
  ) => {
    const now = nowMs(deps.clock);
    const held = holder?.slot;
    let slot = held && !held.gone ? held : slots.get(sn);
    if (!slot) {
      slot = {
        sn,
        seenAt: now,
        metricsAt: 0,
        metricsLen: 0,
        battery: undefined,
        charging: undefined,
        beats: 0,
        hello: undefined,
        boots: 0,
        bootAt: 0,
        offline: false,
        queued: false,
        gone: false,
        activity: undefined,
      };
      slots.set(sn, slot);
    }
    if (holder) holder.slot = slot;
    if (extra.boot) deps.activity?.boot(sn, new Date(now));
    deps.activity?.seen(sn, now, heartbeat, slot);
    // A terminal heard from twice between writes costs one row update: its latest figures.
    slot.seenAt = now;
    slot.offline = false;
    if (heartbeat) {
      // Appended, not overwritten: a terminal heard from twice before a write leaves its earlier bytes
      // unused until the write clears them all.
      slot.metricsAt =
        raw && storableAsSent(raw) ? pending.bytes(raw) : pending.text(storableJson(heartbeat));
      slot.metricsLen = pending.size() - slot.metricsAt;
      slot.battery = heartbeat.battery;
      slot.charging = heartbeat.charging;
      slot.beats++;
    }
    if (extra.hello) slot.hello = { ...extra.hello, at: new Date(now) };
    if (extra.boot) {
      slot.boots++;
      slot.bootAt = now;
    }
    if (!slot.queued) {
      slot.queued = true;
      queue.push(slot);
    }
    if (queue.length >= maxBatch || pending.size() >= MAX_PENDING_BYTES) void flush();
    else timer ??= setTimeout(() => void flush(), flushMs);
  };

  return {
    /**
     * Record a sign of life, with the hello or boot when there is one. `holder` keeps the terminal's
     * slot from one sign of life to the next, so a terminal heard from every few seconds is not looked
     * up each time.
     */
    add(sn: string, heartbeat: Heartbeat | null, extra: SignExtra = NO_EXTRA, holder?: SlotHolder) {
      sign(sn, heartbeat, undefined, extra, holder);
    },
    /**
     * Record a heartbeat, most of what a fleet sends: no object besides it. `raw` is the heartbeat as
     * the terminal sent it, when it is exactly what `heartbeat` holds (accepted unchanged by its
     * contract): written as it is rather than serialised again.
     */
    heartbeat(sn: string, heartbeat: Heartbeat, raw: Buffer | undefined, holder?: SlotHolder) {
      sign(sn, heartbeat, raw, NO_EXTRA, holder);
    },
    /**
     * The terminal just went offline (a disconnect, a shutdown): what it sent before is still written,
     * but the batch does not mark it online again. Its next sign of life does.
     */
    offline(sn: string) {
      const slot = slots.get(sn);
      if (slot?.queued) slot.offline = true;
      else if (slot) drop(slot);
      deps.activity?.offline(sn);
    },
    /** Write everything queued now and wait for it. */
    flush,
    /**
     * Runs `write` between this writer's flushes, never beside one. Other batched writes of terminal
     * rows go through it: two statements updating many of the same rows at once could each lock some
     * the other needs, and one of them would be cancelled as a deadlock.
     */
    exclusive<T>(write: () => Promise<T>): Promise<T> {
      const result = running.then(write);
      running = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
    /** Terminals written since start (for the gateway's figures). */
    written: () => written,
    queued: () => queue.length,
    /** Heartbeats whose batch was written (several from one terminal between flushes count each). */
    persistedHeartbeats: () => persistedBeats,
    /** Terminals queued or being written: how far the writer is behind. */
    backlog: () => queue.length + writing,
  };
};

export type HeartbeatWriter = ReturnType<typeof createHeartbeatWriter>;
