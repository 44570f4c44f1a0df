import { describe, expect, it } from 'vitest';
import { waveCuts } from './task-sql';

describe('wave cuts', () => {
  it('cuts each wave at its share of the planned terminals, rounding up', () => {
    expect(waveCuts([20, 100], 10)).toEqual([2, 10]);
    expect(waveCuts([20, 100], 11)).toEqual([3, 11]);
  });

  it('releases every terminal at once without waves', () => {
    expect(waveCuts(undefined, 7)).toEqual([7]);
  });
});
