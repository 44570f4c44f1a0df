import { describe, expect, it } from 'vitest';
import { firstRunAt, isValidCron, nextRunAt, runEndsAt } from './task-schedule';
import { needsApproval } from './tasks.service';

const at = (iso: string) => new Date(iso);
const until = at('2026-06-10T00:00:00Z');

describe('task schedules', () => {
  it('runs a one-off task once, open until the expiry', () => {
    const s = { kind: 'once' } as const;
    expect(firstRunAt(s, at('2026-06-01T08:00:00Z'), until, 'UTC')).toEqual(at('2026-06-01T08:00:00Z'));
    expect(nextRunAt(s, at('2026-06-01T08:00:00Z'), until, 'UTC')).toBeNull();
    expect(runEndsAt(s, at('2026-06-01T08:00:00Z'), until)).toEqual(until);
  });

  it('reads a daily time in the creator time zone, each run open for its time range', () => {
    const s = { kind: 'daily', at: '02:30', windowMinutes: 90 } as const;
    // 02:30 in Shanghai is 18:30 UTC the day before.
    const first = firstRunAt(s, at('2026-06-01T08:00:00Z'), until, 'Asia/Shanghai');
    expect(first).toEqual(at('2026-06-01T18:30:00Z'));
    expect(nextRunAt(s, first as Date, until, 'Asia/Shanghai')).toEqual(at('2026-06-02T18:30:00Z'));
    expect(runEndsAt(s, first as Date, until)).toEqual(at('2026-06-01T20:00:00Z'));
  });

  it('repeats an interval and never runs past the expiry', () => {
    const s = { kind: 'interval', everyMinutes: 60 } as const;
    expect(nextRunAt(s, at('2026-06-09T23:30:00Z'), until, 'UTC')).toBeNull();
    expect(nextRunAt(s, at('2026-06-09T22:00:00Z'), until, 'UTC')).toEqual(at('2026-06-09T23:00:00Z'));
    expect(runEndsAt(s, at('2026-06-09T23:30:00Z'), until)).toEqual(until);
  });

  it('answers no first run for a cron with no occurrence before the expiry, and tells bad crons', () => {
    const s = { kind: 'cron', expr: '0 3 1 1 *', windowMinutes: 30 } as const;
    expect(firstRunAt(s, at('2026-06-01T00:00:00Z'), until, 'UTC')).toBeNull();
    expect(isValidCron('*/5 * * * *', 'UTC')).toBe(true);
    expect(isValidCron('not a cron', 'UTC')).toBe(false);
  });
});

describe('two-person approval', () => {
  const targets = { sns: ['A1'], groupIds: [], modelIds: [], ownerIds: [] };
  it('is needed for a risky type aimed wide, never for the others', () => {
    expect(needsApproval('command', targets, 10)).toBe(false);
    expect(needsApproval('command', targets, 11)).toBe(true);
    expect(needsApproval('permission', { ...targets, groupIds: ['g'] }, 1)).toBe(true);
    expect(needsApproval('registry', { ...targets, ownerIds: ['e'] }, 1)).toBe(true);
    expect(needsApproval('reboot', { ...targets, ownerIds: ['e'] }, 100_000)).toBe(false);
  });
});
