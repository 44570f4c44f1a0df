import { describe, expect, it } from 'vitest';
import { cronRuns } from './cronPreview';

describe('cronRuns', () => {
  it('answers the next runs in the given time zone', () => {
    const from = new Date('2026-03-02T00:00:00Z');
    const result = cronRuns('0 2 * * *', 'Asia/Shanghai', 2, from);
    expect(result.runs.map((d) => d.toISOString())).toEqual([
      '2026-03-02T18:00:00.000Z',
      '2026-03-03T18:00:00.000Z',
    ]);
    expect(cronRuns('0 2 * * *', 'Europe/Berlin', 1, from).runs[0].toISOString()).toBe(
      '2026-03-02T01:00:00.000Z',
    );
  });

  it('says why an expression cannot run', () => {
    expect(cronRuns('every night', 'UTC').error).toBeTruthy();
    expect(cronRuns('', 'UTC').error).toBe('empty');
  });
});
