import { emptyDeliveryCounts } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { partWidths, progressOf } from './progress';

describe('progressOf', () => {
  it('counts the finished part of a run and the deferred by reason', () => {
    const c = emptyDeliveryCounts();
    Object.assign(c, {
      total: 200,
      waiting: 50,
      pulled: 30,
      executed: 20,
      success: 80,
      failure: 10,
      expired: 6,
      cancelled: 4,
    });
    c.deferred.inTransaction = 7;
    c.deferred.lowBattery = 2;
    const p = progressOf(c);
    expect(p.finished).toBe(100);
    expect(p.percent).toBe(50);
    expect(p.parts).toEqual({ success: 80, failure: 10, ended: 10, running: 50, waiting: 50 });
    expect(p.deferred).toBe(9);
    expect(p.deferredBy).toEqual([
      { reason: 'inTransaction', count: 7 },
      { reason: 'lowBattery', count: 2 },
    ]);
  });

  it('answers zero for a run without deliveries', () => {
    const p = progressOf(emptyDeliveryCounts());
    expect(p.percent).toBe(0);
    expect(Object.values(partWidths(p))).toEqual([0, 0, 0, 0, 0]);
  });

  it('keeps a tiny part visible', () => {
    const c = emptyDeliveryCounts();
    Object.assign(c, { total: 10001, success: 10000, failure: 1 });
    const w = partWidths(progressOf(c));
    expect(w.failure).toBe(1);
    expect(w.success).toBeCloseTo(99.99, 1);
  });
});
