import type { AlertSeverity, RaisedAlarm } from '@cpm/contracts';
import type { AgentState } from './state';

/** The alarms this agent raises, with their severities (names as the device protocol's examples). */
export const AGENT_ALARMS = {
  /** A CUPS queue is stopped (disabled by someone, or by CUPS after a printer fault). */
  printerFault: 'medium',
  /** The battery is below `alarms.lowBatteryPercent` and not charging. */
  lowBattery: 'high',
  /** The file system of `alarms.diskPath` has less than `alarms.diskFreePercent` free. */
  diskFull: 'high',
} as const satisfies Record<string, AlertSeverity>;
export type AgentAlarmName = keyof typeof AGENT_ALARMS;

/** What the system shows now; a source the terminal lacks (no battery) is left out. */
export type AlarmReadings = {
  /** Printer queues and whether each is stopped. */
  printers: { name: string; stopped: boolean }[];
  battery?: { percent: number; charging: boolean };
  /** Free space of the watched file system, percent. */
  diskFreePercent?: number;
};

export type AlarmThresholds = { lowBatteryPercent: number; diskFreePercent: number };

/** Which alarms stand for some readings, with their details. */
export const alarmsFor = (r: AlarmReadings, t: AlarmThresholds): Map<AgentAlarmName, string> => {
  const standing = new Map<AgentAlarmName, string>();
  const stopped = r.printers.filter((p) => p.stopped).map((p) => p.name);
  if (stopped.length) standing.set('printerFault', `stopped: ${stopped.join(', ')}`.slice(0, 500));
  // The details name the threshold, not the reading, so a value drifting below it sends nothing new.
  if (r.battery && !r.battery.charging && r.battery.percent < t.lowBatteryPercent)
    standing.set('lowBattery', `battery below ${t.lowBatteryPercent}%, not charging`);
  if (r.diskFreePercent !== undefined && r.diskFreePercent < t.diskFreePercent)
    standing.set('diskFull', `less than ${t.diskFreePercent}% of the disk free`);
  return standing;
};

/**
 * The terminal's standing alarms, kept in the state folder so a restart knows what it raised.
 * A change is sent at once while connected (once: the server's budget drops repeats); offline it is
 * only kept, and the snapshot sent after every connection tells the server the whole set.
 */
export const createAlarms = (o: {
  state: AgentState;
  send: (body: object) => Promise<void>;
  connected: () => boolean;
  log: (line: string) => void;
  now?: () => Date;
}) => {
  const now = o.now ?? (() => new Date());
  const held = new Map<string, RaisedAlarm>(
    (o.state.read<RaisedAlarm[]>('alarms.json') ?? []).map((a) => [a.name, a]),
  );
  const save = () => o.state.write('alarms.json', [...held.values()]);
  /** Sends a change at once when connected and not told to wait for the snapshot; says which it did. */
  const tell = async (body: object, live: boolean) => {
    if (!live || !o.connected()) return ' (kept for the snapshot)';
    await o.send(body).catch((err) => o.log(`alarm: ${(err as Error).message}`));
    return '';
  };

  const raise = async (name: AgentAlarmName, detail: string, live: boolean) => {
    const was = held.get(name);
    if (was && was.detail === detail) return;
    const alarm: RaisedAlarm = {
      name,
      severity: AGENT_ALARMS[name],
      // Raising a standing alarm again (a new detail) keeps its first time, as the server does.
      at: was?.at ?? now().toISOString(),
      detail,
    };
    held.set(name, alarm);
    save();
    o.log(`alarm raised: ${name} (${detail})${await tell({ type: 'raise', ...alarm }, live)}`);
  };

  const clear = async (name: string, live: boolean) => {
    if (!held.delete(name)) return;
    save();
    o.log(`alarm cleared: ${name}${await tell({ type: 'clear', name, at: now().toISOString() }, live)}`);
  };

  return {
    /**
     * Raises what the readings say stands and clears what no longer does; `live: false` only keeps
     * the changes (just before a snapshot, which carries them).
     */
    async update(readings: AlarmReadings, thresholds: AlarmThresholds, live = true) {
      const standing = alarmsFor(readings, thresholds);
      for (const [name, detail] of standing) await raise(name, detail, live);
      for (const name of [...held.keys()]) if (!standing.has(name as AgentAlarmName)) await clear(name, live);
    },
    /** Every standing alarm, first raise times kept: sent after every connection. */
    snapshot: () => o.send({ type: 'snapshot', alarms: [...held.values()] }),
    held: () => [...held.values()],
  };
};
export type Alarms = ReturnType<typeof createAlarms>;
