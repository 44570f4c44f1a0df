/** Delay before the blocking overlay appears; quick calls finish first and never flash it. */
export const OVERLAY_DELAY_MS = 300;

export type Overlay = { start: () => void; stop: () => void };

/**
 * Counts running requests and shows the overlay while any runs, after a short delay.
 * `setVisible` is the only side effect, so the counter is testable without a DOM.
 */
export const createOverlay = (
  setVisible: (visible: boolean) => void,
  delayMs = OVERLAY_DELAY_MS,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): Overlay => {
  let running = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    start: () => {
      running += 1;
      if (running === 1) timer = timers.setTimeout(() => setVisible(true), delayMs);
    },
    stop: () => {
      running = Math.max(0, running - 1);
      if (running > 0) return;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      setVisible(false);
    },
  };
};
