import { describe, expect, it } from 'vitest';
import { type BucketHolder, createTerminalRateLimit, type RateLimit } from './terminal-rate-limit';

const limit: RateLimit = { burstBytes: 10_000, bytesPerSec: 1_000, minMessageBytes: 1_000 };

const limiter = (reportEveryMs = 60_000) => {
  const reports: { sn: string; dropped: number }[] = [];
  const rateLimit = createTerminalRateLimit({
    limit,
    reportEveryMs,
    onLimited: (sn, dropped) => reports.push({ sn, dropped }),
  });
  return { rateLimit, reports };
};

describe('terminal rate limit', () => {
  it('lets a full burst through, then refuses until time refills the bucket', () => {
    const { rateLimit } = limiter();
    for (let i = 0; i < 10; i++) expect(rateLimit.take('SN1', 10, 0)).toBe(true);
    expect(rateLimit.take('SN1', 10, 0)).toBe(false);
    expect(rateLimit.take('SN1', 10, 999)).toBe(false);
    expect(rateLimit.take('SN1', 10, 1_000)).toBe(true);
    expect(rateLimit.take('SN1', 10, 1_000)).toBe(false);
  });

  it('charges big messages their size and small ones the minimum', () => {
    const { rateLimit } = limiter();
    expect(rateLimit.take('SN1', 9_500, 0)).toBe(true);
    expect(rateLimit.take('SN1', 1, 0)).toBe(false);
    expect(rateLimit.take('SN1', 1, 500)).toBe(true);
  });

  it('keeps each terminal to its own budget', () => {
    const { rateLimit } = limiter();
    expect(rateLimit.take('SN1', 10_000, 0)).toBe(true);
    expect(rateLimit.take('SN1', 1, 0)).toBe(false);
    expect(rateLimit.take('SN2', 10_000, 0)).toBe(true);
  });

  it('never holds more than the burst, however long a terminal was quiet', () => {
    const { rateLimit } = limiter();
    expect(rateLimit.take('SN1', 10_000, 0)).toBe(true);
    expect(rateLimit.take('SN1', 10_000, 3_600_000)).toBe(true);
    expect(rateLimit.take('SN1', 1, 3_600_000)).toBe(false);
  });

  it('refills nothing for a clock set back, and from the new time on', () => {
    const { rateLimit } = limiter();
    expect(rateLimit.take('SN1', 10_000, 5_000)).toBe(true);
    expect(rateLimit.take('SN1', 1, 0)).toBe(false);
    expect(rateLimit.take('SN1', 1, 999)).toBe(false);
    expect(rateLimit.take('SN1', 1, 1_000)).toBe(true);
  });

  it('reports a terminal once per interval with what it dropped since, never per message', () => {
    const { rateLimit, reports } = limiter(60_000);
    rateLimit.take('SN1', 10_000, 0);
    for (let i = 0; i < 50; i++) rateLimit.take('SN1', 10_000, 0);
    expect(reports).toEqual([{ sn: 'SN1', dropped: 1 }]);
    // 59 s later: refilled by 59 KB, so a 10 KB message passes; the ones beyond wait for the next report.
    for (let i = 0; i < 20; i++) rateLimit.take('SN1', 10_000, 59_000);
    expect(reports).toHaveLength(1);
    rateLimit.take('SN1', 10_000, 60_000);
    expect(reports).toEqual([
      { sn: 'SN1', dropped: 1 },
      { sn: 'SN1', dropped: 49 + 19 + 1 },
    ]);
  });

  it('forgets terminals whose bucket is full again, reporting drops not yet reported', () => {
    const { rateLimit, reports } = limiter(60_000);
    rateLimit.take('SN1', 10_000, 0);
    rateLimit.take('SN1', 10_000, 0);
    rateLimit.take('SN1', 10_000, 1);
    rateLimit.take('SN2', 1, 0);
    expect(rateLimit.tracked()).toBe(2);
    rateLimit.prune(5_000);
    expect(rateLimit.tracked()).toBe(1);
    // SN1 is full after 10 s but was reported at 0 s: kept until its report interval is over too.
    rateLimit.prune(59_999);
    expect(rateLimit.tracked()).toBe(1);
    rateLimit.prune(60_000);
    expect(rateLimit.tracked()).toBe(0);
    expect(reports).toEqual([
      { sn: 'SN1', dropped: 1 },
      { sn: 'SN1', dropped: 1 },
    ]);
  });

  it('keeps a terminal to the same budget in a bucket its caller holds, and still reports and forgets it', () => {
    const { rateLimit, reports } = limiter(60_000);
    const holder: BucketHolder = {};
    // A bucket the limiter made before the caller held one carries on.
    expect(rateLimit.take('SN1', 5_000, 0)).toBe(true);
    expect(rateLimit.take('SN1', 5_000, 0, holder)).toBe(true);
    expect(holder.bucket).toBeDefined();
    expect(rateLimit.take('SN1', 1, 0, holder)).toBe(false);
    expect(rateLimit.take('SN1', 1, 999, holder)).toBe(false);
    expect(rateLimit.take('SN1', 1, 1_000, holder)).toBe(true);
    expect(reports).toEqual([{ sn: 'SN1', dropped: 1 }]);
    // Full and reported long enough ago: the limiter forgets it, the holder keeps it.
    rateLimit.prune(60_000);
    expect(reports).toEqual([
      { sn: 'SN1', dropped: 1 },
      { sn: 'SN1', dropped: 1 },
    ]);
    expect(rateLimit.tracked()).toBe(0);
    expect(rateLimit.take('SN1', 10_000, 60_000, holder)).toBe(true);
    expect(rateLimit.tracked()).toBe(0);
    // Over budget again: back in the limiter, so its drops are reported.
    expect(rateLimit.take('SN1', 1, 60_000, holder)).toBe(false);
    expect(rateLimit.tracked()).toBe(1);
    expect(reports).toHaveLength(3);
    expect(reports[2]).toEqual({ sn: 'SN1', dropped: 1 });
  });
});
