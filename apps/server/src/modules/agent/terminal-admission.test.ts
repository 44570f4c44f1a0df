import { describe, expect, it } from 'vitest';
import { createTerminalAdmission } from './terminal-admission';

describe('terminal admission', () => {
  const at = (start = 0) => {
    let now = start;
    return {
      now: () => now,
      advance: (ms: number) => {
        now += ms;
      },
    };
  };

  it('admits a second’s worth at once, then at the connect rate', () => {
    const clock = at();
    const admission = createTerminalAdmission({ connectsPerSec: 3, backlog: () => 0, now: clock.now });
    expect([1, 2, 3, 4].map(() => admission.admit())).toEqual([true, true, true, false]);
    clock.advance(340);
    expect(admission.admit()).toBe(true);
    expect(admission.admit()).toBe(false);
    expect(admission.counts()).toEqual({ admitted: 4, refused: 2 });
  });

  it('admits nobody while the terminal-side backlog or the event-loop delay is over its limit', () => {
    let backlog = 10;
    let delay = 0;
    const admission = createTerminalAdmission({
      connectsPerSec: 100,
      backlog: () => backlog,
      maxBacklog: 10,
      loopDelayMs: () => delay,
      maxLoopDelayMs: 200,
      now: at().now,
    });
    expect(admission.admit()).toBe(false);
    backlog = 9;
    expect(admission.admit()).toBe(true);
    delay = 201;
    expect(admission.admit()).toBe(false);
  });
});
