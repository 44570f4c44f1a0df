import { describe, expect, it } from 'vitest';
import { guessFaultType } from './guessFaultType';

const options = [
  { value: 'screen', label: 'Screen' },
  { value: 'printer', label: 'Printer' },
  { value: 'battery', label: '电池/充电' },
  { value: 'other', label: 'Other' },
];

describe('guessFaultType', () => {
  it('finds the fault type named in the item, by value or label, else other', () => {
    expect(guessFaultType('Printer prints a test receipt', options)).toBe('printer');
    expect(guessFaultType('Screen has no dead pixels', options)).toBe('screen');
    expect(guessFaultType('电池/充电 正常', options)).toBe('battery');
    expect(guessFaultType('Shelf labels are straight', options)).toBe('other');
    expect(guessFaultType('x', [{ value: 'a', label: 'A' }])).toBe('a');
  });
});
