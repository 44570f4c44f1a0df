import { describe, expect, it } from 'vitest';
import { createSimPrinter } from './printer';

describe('simulated printer', () => {
  it('jams at its rate, which can be changed while it runs, and on demand', () => {
    const draws = [0.05, 0.5, 0.05, 0.5];
    let i = 0;
    const printer = createSimPrinter({ jamRate: 0.1, random: () => draws[i++ % draws.length] });
    const jams = () => [1, 2, 3, 4].map(() => printer.print() !== null);
    expect(jams()).toEqual([true, false, true, false]);
    printer.setJamRate(0);
    expect(jams()).toEqual([false, false, false, false]);
    printer.jamNext(2);
    const forced = [printer.print(), printer.print(), printer.print()];
    expect(forced.map((e) => e?.detail ?? null)).toEqual(['paper jam', 'paper jam', null]);
    expect(forced[0]).toMatchObject({
      type: 'peripheralFault',
      peripheral: { name: 'Thermal printer', status: 'fault' },
    });
    expect(printer.jams()).toBe(4);
    expect(() => printer.setJamRate(2)).toThrow(RangeError);
  });
});
