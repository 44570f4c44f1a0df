import type { AlertSeverity, RaisedAlarm } from '@cpm/contracts';
import type { TerminalApi, TerminalExtension } from './terminal-options';

/** The alarms the simulator raises, with their usual severities. */
export const SIM_ALARMS = {
  paperOut: 'medium',
  coverOpen: 'low',
  tamper: 'critical',
  lowBattery: 'high',
} as const satisfies Record<string, AlertSeverity>;
export type SimAlarmName = keyof typeof SIM_ALARMS;

/**
 * A terminal's alarms as a device agent keeps them: raised and cleared at once when connected, held
 * (or dropped) while offline, and the whole set sent as a snapshot after every connection, so a
 * clear that happened offline reaches the server.
 */
export const createSimAlarms = (
  api: Pick<TerminalApi, 'send' | 'isConnected'>,
  now: () => Date = () => new Date(),
) => {
  const held = new Map<string, RaisedAlarm>();
  const tell = (body: object) => (api.isConnected() ? api.send('alarm', body) : Promise.resolve());
  return {
    raise(name: SimAlarmName, detail = '') {
      const alarm = { name, severity: SIM_ALARMS[name], at: now().toISOString(), detail };
      if (!held.has(name)) held.set(name, alarm);
      return tell({ type: 'raise', ...alarm });
    },
    clear(name: SimAlarmName) {
      held.delete(name);
      return tell({ type: 'clear', name, at: now().toISOString() });
    },
    /** Everything held now, first raise times kept. */
    snapshot: () => api.send('alarm', { type: 'snapshot', alarms: [...held.values()] }),
    held: () => [...held.keys()],
  };
};
export type SimAlarms = ReturnType<typeof createSimAlarms>;

/** The extension hook: a snapshot after every connection, beside another extension's hooks. */
export const withAlarms =
  (alarms: (api: TerminalApi) => SimAlarms, inner?: (api: TerminalApi) => TerminalExtension) =>
  (api: TerminalApi): TerminalExtension => {
    const own = alarms(api);
    const other = inner?.(api) ?? {};
    return {
      ...other,
      onConnected() {
        other.onConnected?.();
        void own.snapshot().catch(() => undefined);
      },
    };
  };
