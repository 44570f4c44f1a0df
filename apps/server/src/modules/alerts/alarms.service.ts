import { ALARM_CLOCK_WINDOW_SEC, type AlarmMessage } from '@cpm/contracts';
import type { AlarmsRepository } from './alarms.repository';

/** A device's time when it is within the plausibility window of the server's, else the server's. */
export const plausibleTime = (deviceIso: string | undefined, serverNow: Date): Date => {
  if (!deviceIso) return serverNow;
  const at = Date.parse(deviceIso);
  return Math.abs(at - serverNow.getTime()) <= ALARM_CLOCK_WINDOW_SEC * 1000 ? new Date(at) : serverNow;
};

/**
 * Device alarms: raise and clear as the terminal says, and on every reconnection its snapshot is
 * the truth (what it no longer holds is cleared, what it still holds keeps its first raise time).
 * The gateway's per-terminal token bucket has already limited what reaches here.
 */
export const createAlarmsService = (deps: {
  repo: AlarmsRepository;
  log: { warn(obj: object, msg: string): void };
}) => {
  const { repo } = deps;
  const handle = async (terminalId: string, m: AlarmMessage, now: Date) => {
    if (m.type === 'raise')
      return repo.raise(
        terminalId,
        [{ name: m.name, severity: m.severity, detail: m.detail, at: plausibleTime(m.at, now) }],
        now,
      );
    if (m.type === 'clear') return repo.clear(terminalId, m.name, plausibleTime(m.at, now));
    // One entry per name: the last one the snapshot lists.
    const byName = new Map(m.alarms.map((a) => [a.name, a]));
    return repo.reconcile(
      terminalId,
      [...byName.values()].map((a) => ({
        name: a.name,
        severity: a.severity,
        detail: a.detail,
        at: plausibleTime(a.at, now),
      })),
      now,
    );
  };
  return {
    handle,
    /** The bus's listener: never rejects. */
    heard: async (device: { id: string; sn: string }, m: AlarmMessage, at: Date) => {
      try {
        await handle(device.id, m, at);
      } catch (err) {
        deps.log.warn({ err, sn: device.sn }, 'alarm not kept');
      }
    },
  };
};

export type AlarmsService = ReturnType<typeof createAlarmsService>;
