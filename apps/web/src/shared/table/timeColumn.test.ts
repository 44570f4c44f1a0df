import { describe, expect, it } from 'vitest';
import { timeColumn } from './timeColumn';

type Row = { id: string; createdAt: string };

describe('timeColumn', () => {
  it('reads the field named by its key unless told another', () => {
    expect(timeColumn<Row>('createdAt', 'Created').dataIndex).toBe('createdAt');
    expect(timeColumn<Row>('created', 'Created', { field: 'createdAt' }).dataIndex).toBe('createdAt');
  });

  it('keeps the other column settings it is given', () => {
    expect(timeColumn<Row>('createdAt', 'Created', { width: 150 }).width).toBe(150);
  });
});
