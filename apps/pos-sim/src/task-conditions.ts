import type { DeferReason, TaskConditions } from '@cpm/contracts';

/** `HH:mm` to minutes after midnight. */
const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Whether a local time lies in a window; `to` before `from` wraps past midnight. */
export const inWindow = (at: Date, w: { from: string; to: string }) => {
  const now = at.getHours() * 60 + at.getMinutes();
  const from = minutesOf(w.from);
  const to = minutesOf(w.to);
  return from <= to ? now >= from && now < to : now >= from || now < to;
};

/**
 * When a terminal may run a task: no sale in progress, the batch settled, enough battery, charging,
 * inside the window. Sales come and go at `paymentRate`.
 */
export const createConditions = (env: {
  paymentRate: number;
  random: () => number;
  now: () => Date;
  battery: () => number;
  charging: () => boolean;
}) => {
  const rnd = env.random;
  const clock = env.now;
  const payment = { inTransaction: false, unsettled: false, saleUntil: 0 };

  /** Sales come and go; a sale leaves the batch unsettled until the next settlement. */
  const paymentNow = () => {
    const now = clock().getTime();
    if (payment.inTransaction && now >= payment.saleUntil) payment.inTransaction = false;
    if (!payment.inTransaction && env.paymentRate > 0 && rnd() < env.paymentRate) {
      payment.inTransaction = true;
      payment.unsettled = true;
      payment.saleUntil = now + 3000 + rnd() * 12_000;
    } else if (!payment.inTransaction && payment.unsettled && rnd() < 0.2) payment.unsettled = false;
    return payment;
  };

  /** Why the terminal cannot run a task right now, or null. */
  const blocker = (c: TaskConditions): DeferReason | null => {
    const pay = paymentNow();
    if (c.idle && pay.inTransaction) return 'inTransaction';
    if (c.settled && pay.unsettled) return 'unsettled';
    if (c.minBattery && env.battery() < c.minBattery) return 'lowBattery';
    if (c.charging && !env.charging()) return 'notCharging';
    if (c.window && !inWindow(clock(), c.window)) return 'outsideWindow';
    return null;
  };

  return { paymentNow, blocker };
};
