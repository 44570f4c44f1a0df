import { readFileSync } from 'node:fs';
import type { DeferReason, TaskConditions } from '@cpm/contracts';

/** What the payment app says in its status file; a terminal without one counts as idle and settled. */
export type PaymentStatus = { inTransaction: boolean; unsettled: boolean };

export const readPaymentStatus = (file: string | undefined): PaymentStatus | null => {
  if (!file) return null;
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')) as Partial<PaymentStatus>;
    return { inTransaction: s.inTransaction === true, unsettled: s.unsettled === true };
  } catch {
    return null;
  }
};

/**
 * Whether the payment app marks its screen secure (`"secure": true` in its status file: a PIN pad, a
 * card payment). A remote desktop sends black frames meanwhile; a file that cannot be read counts as not secure.
 */
export const screenSecure = (file: string | undefined) => {
  if (!file) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { secure?: unknown }).secure === true;
  } catch {
    return false;
  }
};

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Whether the terminal's local time is inside `from`-`to`; `to` before `from` wraps past midnight. */
export const insideWindow = (w: { from: string; to: string }, now: Date) => {
  const t = now.getHours() * 60 + now.getMinutes();
  const from = minutesOf(w.from);
  const to = minutesOf(w.to);
  return from <= to ? t >= from && t < to : t >= from || t < to;
};

/** The first condition a task waits for, or null when it may run now. */
export const unmetCondition = (
  c: TaskConditions,
  now: { payment: PaymentStatus | null; battery?: number; charging?: boolean; date: Date },
): DeferReason | null => {
  if (c.idle && now.payment?.inTransaction) return 'inTransaction';
  if (c.settled && now.payment?.unsettled) return 'unsettled';
  // A terminal without a battery runs on mains: always charged, always "charging".
  if (c.minBattery !== undefined && now.battery !== undefined && now.battery < c.minBattery)
    return 'lowBattery';
  if (c.charging && now.charging === false) return 'notCharging';
  if (c.window && !insideWindow(c.window, now.date)) return 'outsideWindow';
  return null;
};
