import { describe, expect, it } from 'vitest';
import { collectSns, mergeSns, parseSnText } from './snList';

describe('parseSnText', () => {
  it('splits on commas, semicolons, spaces, tabs and line breaks, Chinese punctuation too', () => {
    expect(
      parseSnText('P2000001, P2000002;P2000003\tP2000004\r\nP2000005，P2000006；P2000007、P2000008').sns,
    ).toEqual([
      'P2000001',
      'P2000002',
      'P2000003',
      'P2000004',
      'P2000005',
      'P2000006',
      'P2000007',
      'P2000008',
    ]);
  });

  it('keeps the first of repeated SNs and counts the repeats', () => {
    const parsed = parseSnText('A0001\nB0002\nA0001\nA0001');
    expect(parsed.sns).toEqual(['A0001', 'B0002']);
    expect(parsed.duplicates).toBe(2);
  });

  it('sets aside entries that are not serial numbers, each once', () => {
    const parsed = parseSnText('A0001 ab ../x A0001 ab');
    expect(parsed.sns).toEqual(['A0001']);
    expect(parsed.invalid).toEqual(['ab', '../x']);
    expect(parsed.duplicates).toBe(2);
  });

  it('answers nothing for blank text', () => {
    expect(parseSnText('  \n ,, ')).toEqual({ sns: [], invalid: [], duplicates: 0 });
  });
});

describe('collectSns', () => {
  it('reads cells of any type, skipping empty ones', () => {
    expect(collectSns([null, undefined, '', 'SN12345', 123456, ' SN12345 ']).sns).toEqual([
      'SN12345',
      '123456',
    ]);
  });
});

describe('mergeSns', () => {
  it('appends only the SNs not yet chosen', () => {
    expect(mergeSns(['A0001', 'B0002'], ['B0002', 'C0003', 'A0001', 'D0004'])).toEqual([
      'A0001',
      'B0002',
      'C0003',
      'D0004',
    ]);
  });
});
