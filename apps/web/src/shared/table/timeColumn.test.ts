import { describe, expect, it } from 'vitest';
import { formatTime, timeColumn } from './timeColumn';

type Row = { id: string; createdAt: string };

describe('formatTime', () => {
  it('shows a moment to the minute, or to the second when asked', () => {
    expect(formatTime('2026-03-04T05:06:07')).toBe('2026-03-04 05:06');
    expect(formatTime('2026-03-04T05:06:07', true)).toBe('2026-03-04 05:06:07');
  });

  it('shows a dash where there is no moment', () => {
    expect(formatTime(null)).toBe('-');
    expect(formatTime(undefined)).toBe('-');
  });
});

describe('timeColumn', () => {
  it('reads the field named by its key unless told another', () => {
    expect(timeColumn<Row>('createdAt', 'Created').dataIndex).toBe('createdAt');
    expect(timeColumn<Row>('created', 'Created', { field: 'createdAt' }).dataIndex).toBe('createdAt');
  });

  it('keeps the other column settings it is given', () => {
    expect(timeColumn<Row>('createdAt', 'Created', { width: 150 }).width).toBe(150);
  });
});
