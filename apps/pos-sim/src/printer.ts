import type { AttachedPeripheral, DeviceEvent } from '@cpm/contracts';

/** The simulated terminal's receipt printer, as it reports itself in `hello`. */
export const SIM_PRINTER: AttachedPeripheral = {
  kind: 'usb',
  name: 'Thermal printer',
  vid: '0483',
  pid: '5740',
  status: 'ok',
};

/**
 * A receipt printer that jams at a settable rate: each print (one per heartbeat) jams with the
 * chance `jamRate`; `jamNext(n)` makes the next n prints jam whatever the rate (demos and tests).
 * A jam is the device event `peripheralFault` with the detail `paper jam`.
 */
export const createSimPrinter = (o: { jamRate: number; random?: () => number }) => {
  const rnd = o.random ?? Math.random;
  let rate = o.jamRate;
  let forced = 0;
  let jams = 0;
  return {
    peripheral: SIM_PRINTER,
    /** Chance of a jam per print, 0 to 1. */
    setJamRate(next: number) {
      if (!(next >= 0 && next <= 1)) throw new RangeError('a jam rate is between 0 and 1');
      rate = next;
    },
    jamRate: () => rate,
    /** The next `count` prints jam. */
    jamNext(count = 1) {
      forced += count;
    },
    /** Jams so far. */
    jams: () => jams,
    /** One print: the fault event when the paper jammed, else null. */
    print(): DeviceEvent | null {
      const jammed = forced > 0 || rnd() < rate;
      if (!jammed) return null;
      if (forced > 0) forced--;
      jams++;
      return {
        ts: Date.now(),
        type: 'peripheralFault',
        peripheral: { ...SIM_PRINTER, status: 'fault' },
        detail: 'paper jam',
      };
    },
  };
};

export type SimPrinter = ReturnType<typeof createSimPrinter>;
