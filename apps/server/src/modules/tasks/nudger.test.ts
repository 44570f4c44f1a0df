import { describe, expect, it } from 'vitest';
import { createNudger } from './nudger';

describe('nudger', () => {
  it('sends each terminal one nudge per period and the one that came too early once the period is over', async () => {
    const sent: string[] = [];
    let now = 0;
    const n = createNudger({
      send: async (sn) => void sent.push(sn),
      now: () => now,
      onError: (err) => {
        throw err;
      },
      perTerminalMs: 30,
    });
    n.nudge(['A', 'B', 'A']);
    await n.idle();
    expect(sent).toEqual(['A', 'B']);
    now = 10;
    n.nudge(['A']);
    await n.idle();
    expect(sent).toEqual(['A', 'B']);
    expect(n.stats().later).toBe(1);
    now = 40;
    await new Promise((r) => setTimeout(r, 60));
    await n.idle();
    expect(sent).toEqual(['A', 'B', 'A']);
    // After an empty round the next nudge still goes out.
    now = 100;
    n.nudge([]);
    n.nudge(['C']);
    await n.idle();
    expect(sent).toEqual(['A', 'B', 'A', 'C']);
    n.stop();
  });

  it('sends an urgent nudge at once even within the period', async () => {
    const sent: string[] = [];
    const n = createNudger({
      send: async (sn) => void sent.push(sn),
      now: () => 0,
      onError: (err) => {
        throw err;
      },
      perTerminalMs: 60_000,
    });
    n.nudge(['A']);
    await n.idle();
    n.nudge(['A'], { urgent: true });
    await n.idle();
    expect(sent).toEqual(['A', 'A']);
    // An ordinary one within the period still waits for it.
    n.nudge(['A']);
    await n.idle();
    expect(sent).toEqual(['A', 'A']);
    expect(n.stats().later).toBe(1);
    n.stop();
  });

  it('keeps to the per-second budget', async () => {
    const at: number[] = [];
    const n = createNudger({
      send: async () => void at.push(Date.now()),
      now: () => Date.now(),
      onError: () => undefined,
      perSecond: 100,
    });
    const start = Date.now();
    n.nudge(Array.from({ length: 25 }, (_, i) => `T${i}`));
    await n.idle();
    expect(at).toHaveLength(25);
    // 10 per 100 ms: the last ten leave no sooner than 200 ms after the first.
    expect(at[24] - start).toBeGreaterThanOrEqual(190);
  });
});
