import { describe, expect, it } from 'vitest';
import { classifyGesture, relativePoint } from './gestures';

describe('classifyGesture', () => {
  it.each([
    {
      reads: 'a short still touch as a tap',
      from: { x: 0.5, y: 0.5, t: 0 },
      to: { x: 0.51, y: 0.5, t: 120 },
      gesture: { kind: 'tap', x: 0.5, y: 0.5 },
    },
    {
      reads: 'a long still touch as a long press',
      from: { x: 0.2, y: 0.3, t: 0 },
      to: { x: 0.2, y: 0.3, t: 900 },
      gesture: { kind: 'longPress', x: 0.2, y: 0.3, ms: 900 },
    },
    {
      reads: 'movement as a swipe with its duration',
      from: { x: 0.8, y: 0.5, t: 0 },
      to: { x: 0.2, y: 0.52, t: 250 },
      gesture: { kind: 'swipe', x1: 0.8, y1: 0.5, x2: 0.2, y2: 0.52, ms: 250 },
    },
  ])('reads $reads', ({ from, to, gesture }) => {
    expect(classifyGesture(from, to)).toEqual(gesture);
  });
  it('keeps points inside the screen', () => {
    expect(relativePoint({ left: 10, top: 10, width: 100, height: 50 }, 200, 0)).toEqual({ x: 1, y: 0 });
  });
});
