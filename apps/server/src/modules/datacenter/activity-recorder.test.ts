import type { Heartbeat } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { type ActivityHolder, createActivityRecorder } from './activity-recorder';

const T0 = Date.parse('2026-06-01T09:50:00Z');
const SNS = ['HOLD0001', 'HOLD0002', 'HOLD0003'];

type Step =
  | { at: number; sn: string; kind: 'heartbeat'; hb: Heartbeat }
  | { at: number; sn: string; kind: 'boot' | 'shutdown' | 'offline' };

/**
 * Half an hour across 10:00 of three terminals heartbeating every 20 s with growing counters: the
 * first reboots (its counters start again), the second goes offline and comes back, the third shuts
 * down and later starts sending again.
 */
const steps = (): Step[] => {
  const out: Step[] = [];
  for (const [n, sn] of SNS.entries()) {
    let k = 0;
    for (let at = T0 + n * 3_000; at < T0 + 30 * 60_000; at += 20_000, k++) {
      if (n === 0 && at === T0 + 12 * 60_000) {
        out.push({ at, sn, kind: 'boot' });
        k = 0;
      }
      if (n === 1 && at === T0 + 8 * 60_000 + 3_000) out.push({ at, sn, kind: 'offline' });
      if (n === 2 && at === T0 + 15 * 60_000 + 6_000) out.push({ at, sn, kind: 'shutdown' });
      if (n === 2 && at > T0 + 15 * 60_000 && at < T0 + 20 * 60_000) continue;
      out.push({
        at,
        sn,
        kind: 'heartbeat',
        hb: {
          battery: 90 - (k % 30),
          memoryFreeMb: 700 - (k % 11),
          storageFreeMb: 5000 - k,
          mobileBytes: 1_000 * (k + 1) + n,
          wifiBytes: 40_000 * (k + 1),
          uptimeSec: 20 * k,
        },
      });
    }
  }
  return out.sort((a, b) => a.at - b.at || a.sn.localeCompare(b.sn));
};

const feed = (recorder: ReturnType<typeof createActivityRecorder>, s: Step, holder?: ActivityHolder) => {
  if (s.kind === 'heartbeat') recorder.seen(s.sn, s.at, s.hb, holder);
  else if (s.kind === 'boot') recorder.boot(s.sn, new Date(s.at));
  else if (s.kind === 'shutdown') recorder.shutdown(s.sn, new Date(s.at), 'power key');
  else recorder.offline(s.sn);
};

describe('activity recorder', () => {
  it('sums the same figures when the caller holds each terminal’s entry as when it is looked up each time', () => {
    const looked = createActivityRecorder();
    const held = createActivityRecorder();
    const holders = new Map<string, ActivityHolder>(SNS.map((sn) => [sn, {}]));
    const all = steps();
    for (const s of all) {
      feed(looked, s);
      feed(held, s, holders.get(s.sn));
    }
    const batch = held.drain();
    expect(batch).toEqual(looked.drain());
    // The steps reach every path: a reboot, an offline stretch and a shutdown followed by new signs of life.
    expect(batch.hours.reduce((n, h) => n + h.boots, 0)).toBe(1);
    expect(batch.hours.reduce((n, h) => n + h.shutdowns, 0)).toBe(1);
    expect(batch.hours.reduce((n, h) => n + h.heartbeats, 0)).toBe(
      all.filter((s) => s.kind === 'heartbeat').length,
    );
  });

  it('starts a terminal again after a shutdown, whatever entry its caller still holds', () => {
    const recorder = createActivityRecorder();
    const holder: ActivityHolder = {};
    recorder.seen('HOLD0001', T0, null, holder);
    recorder.seen('HOLD0001', T0 + 10_000, null, holder);
    recorder.shutdown('HOLD0001', new Date(T0 + 20_000), null);
    // The first sign of life after a shutdown only starts the clock again.
    recorder.seen('HOLD0001', T0 + 60_000, null, holder);
    recorder.seen('HOLD0001', T0 + 70_000, null, holder);
    const [hour] = recorder.drain().hours;
    expect(hour.onlineSec).toBe(30);
  });
});
