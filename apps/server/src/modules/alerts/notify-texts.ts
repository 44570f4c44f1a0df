import type { AlertCondition, AlertSeverity, QuietHours } from '@cpm/contracts';

/** A text in both languages. */
export type Bi = { zh: string; en: string };

const SEVERITY: Record<AlertSeverity, Bi> = {
  critical: { zh: '紧急', en: 'CRITICAL' },
  high: { zh: '高', en: 'HIGH' },
  medium: { zh: '中', en: 'MEDIUM' },
  low: { zh: '低', en: 'LOW' },
  info: { zh: '提示', en: 'INFO' },
};

export const CONDITION_TEXT: Record<AlertCondition, Bi> = {
  offline: { zh: '离线', en: 'offline' },
  battery: { zh: '电量低', en: 'low battery' },
  peripheralFault: { zh: '外设故障', en: 'peripheral fault' },
  fenceBreach: { zh: '越出围栏', en: 'fence breach' },
  taskFailureRate: { zh: '任务失败率高', en: 'task failure rate' },
  appCrash: { zh: '应用崩溃', en: 'app crashes' },
  notSeen: { zh: '长期未上线', en: 'not seen' },
  metric: { zh: '指标越限', en: 'figure out of range' },
  alarm: { zh: '设备告警', en: 'device alarm' },
  policyDrift: { zh: '策略漂移', en: 'policy drift' },
};

export const severityTag = (s: AlertSeverity): Bi => ({
  zh: `【${SEVERITY[s].zh}】`,
  en: `[${SEVERITY[s].en}]`,
});

/** `hh:mm` of `at` in a time zone, as minutes of the day. */
export const localMinutes = (at: Date, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return Number(parts.hour) * 60 + Number(parts.minute);
};

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** When the quiet hours that hold at `now` end, or null when `now` is outside them. */
export const quietUntil = (q: QuietHours | null, now: Date): Date | null => {
  if (!q) return null;
  const m = localMinutes(now, q.timezone);
  const from = minutesOf(q.from);
  const to = minutesOf(q.to);
  const inside = from < to ? m >= from && m < to : m >= from || m < to;
  if (!inside) return null;
  const wait = (to - m + 1440) % 1440;
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000 + wait * 60_000);
};
