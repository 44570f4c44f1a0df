import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AlarmMessageSchema } from '@cpm/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { alarmsFor, createAlarms } from './alarms';
import { openState } from './state';

const LIMITS = { lowBatteryPercent: 15, diskFreePercent: 5 };
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const setup = (dir = mkdtempSync(path.join(tmpdir(), 'cpm-alarms-'))) => {
  dirs.push(dir);
  const sent: unknown[] = [];
  let online = true;
  let clock = Date.parse('2026-12-07T10:00:00Z');
  const alarms = createAlarms({
    state: openState(dir),
    send: async (body) => {
      sent.push(AlarmMessageSchema.parse(body));
    },
    connected: () => online,
    log: () => undefined,
    now: () => {
      clock += 1000;
      return new Date(clock);
    },
  });
  return {
    dir,
    sent,
    alarms,
    offline: (v: boolean) => {
      online = !v;
    },
  };
};

describe('the agent’s alarms', () => {
  it('stand for a stopped queue, a low battery not charging and a nearly full disk only', () => {
    const ok = alarmsFor(
      {
        printers: [{ name: 'Printer PDF', stopped: false }],
        battery: { percent: 10, charging: true },
        diskFreePercent: 40,
      },
      LIMITS,
    );
    expect([...ok.keys()]).toEqual([]);
    const bad = alarmsFor(
      {
        printers: [
          { name: 'Printer A', stopped: true },
          { name: 'Printer B', stopped: false },
          { name: 'Printer C', stopped: true },
        ],
        battery: { percent: 14, charging: false },
        diskFreePercent: 4.25,
      },
      LIMITS,
    );
    expect(Object.fromEntries(bad)).toEqual({
      printerFault: 'stopped: Printer A, Printer C',
      lowBattery: 'battery below 15%, not charging',
      diskFull: 'less than 5% of the disk free',
    });
  });

  it('raises and clears each change once while connected', async () => {
    const { sent, alarms } = setup();
    const stopped = { printers: [{ name: 'Printer PDF', stopped: true }] };
    await alarms.update(stopped, LIMITS);
    await alarms.update(stopped, LIMITS);
    await alarms.update({ printers: [{ name: 'Printer PDF', stopped: false }] }, LIMITS);
    expect(sent).toEqual([
      {
        type: 'raise',
        name: 'printerFault',
        severity: 'medium',
        at: '2026-12-07T10:00:01.000Z',
        detail: 'stopped: Printer PDF',
      },
      { type: 'clear', name: 'printerFault', at: '2026-12-07T10:00:02.000Z' },
    ]);
    // Just before a snapshot the changes are only kept: the snapshot carries them.
    await alarms.update(stopped, LIMITS, false);
    expect(sent).toHaveLength(2);
    expect(alarms.held().map((a) => a.name)).toEqual(['printerFault']);
  });

  it('keeps changes offline and across a restart, and the snapshot tells the whole set', async () => {
    const first = setup();
    first.offline(true);
    await first.alarms.update({ printers: [], diskFreePercent: 2 }, LIMITS);
    await first.alarms.update({ printers: [], diskFreePercent: 1 }, LIMITS);
    await first.alarms.update({ printers: [{ name: 'P', stopped: true }], diskFreePercent: 1 }, LIMITS);
    await first.alarms.update({ printers: [{ name: 'P', stopped: false }], diskFreePercent: 1 }, LIMITS);
    expect(first.sent).toEqual([]);

    const again = setup(first.dir);
    await again.alarms.snapshot();
    expect(again.sent).toEqual([
      {
        type: 'snapshot',
        alarms: [
          {
            name: 'diskFull',
            severity: 'high',
            at: '2026-12-07T10:00:01.000Z',
            detail: 'less than 5% of the disk free',
          },
        ],
      },
    ]);
  });
});
