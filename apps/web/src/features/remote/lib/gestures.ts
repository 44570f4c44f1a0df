import type { RemoteInput } from '@cpm/contracts';

/** A pointer position as a fraction of the screen (0..1) and when it was there. */
export type PointerMark = { x: number; y: number; t: number };

/** Movement (fraction of the screen) past which a touch is a swipe. */
export const SWIPE_DISTANCE = 0.03;
/** Holding at least this long without moving is a long press. */
export const LONG_PRESS_MS = 600;

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const clampMs = (ms: number) => Math.min(10_000, Math.max(0, Math.round(ms)));
const round = (v: number) => Math.round(clamp01(v) * 10_000) / 10_000;

/** What a pointer going down at `start` and up at `end` means on the terminal. */
export const classifyGesture = (start: PointerMark, end: PointerMark): RemoteInput => {
  const moved = Math.hypot(end.x - start.x, end.y - start.y);
  const ms = end.t - start.t;
  if (moved > SWIPE_DISTANCE)
    return {
      kind: 'swipe',
      x1: round(start.x),
      y1: round(start.y),
      x2: round(end.x),
      y2: round(end.y),
      ms: clampMs(ms),
    };
  if (ms >= LONG_PRESS_MS)
    return { kind: 'longPress', x: round(start.x), y: round(start.y), ms: clampMs(ms) };
  return { kind: 'tap', x: round(start.x), y: round(start.y) };
};

/** A pointer event's position on an element as a fraction of its box. */
export const relativePoint = (
  rect: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
) => ({
  x: clamp01((clientX - rect.left) / rect.width),
  y: clamp01((clientY - rect.top) / rect.height),
});
