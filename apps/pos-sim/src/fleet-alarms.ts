import type { AlarmMessage } from '@cpm/contracts';
import { SIM_ALARMS, type SimAlarmName, type SimAlarms } from './alarms';

const NAMES = Object.keys(SIM_ALARMS) as SimAlarmName[];

/** Raises one of the simulator's alarms when the terminal does not hold it, clears it when it does. */
export const flipAlarm = (alarms: SimAlarms, random: () => number) => {
  const name = NAMES[Math.floor(random() * NAMES.length) % NAMES.length];
  return alarms.held().includes(name) ? alarms.clear(name) : alarms.raise(name);
};

/**
 * Every `periodSec`, each terminal flips an alarm with chance `rate`, connected or not: a terminal
 * away keeps what changed and its snapshot on reconnection carries it. Answers a stop function.
 */
export const startAlarmFlips = (
  fleet: readonly SimAlarms[],
  o: { rate: number; periodSec: number; random?: () => number; onError?: (err: unknown) => void },
) => {
  const random = o.random ?? Math.random;
  if (!(o.rate > 0)) return () => {};
  const timer = setInterval(() => {
    for (const alarms of fleet)
      if (random() < o.rate) void flipAlarm(alarms, random).catch((err: unknown) => o.onError?.(err));
  }, o.periodSec * 1000);
  timer.unref();
  return () => clearInterval(timer);
};

/** Parses `raise paperOut`, `clear paperOut` or `snapshot paperOut,tamper` of the `alarm` command. */
export const alarmMessage = (type: string | undefined, names: string | undefined, at: Date): AlarmMessage => {
  const list = (names ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const known = (n: string): SimAlarmName => {
    if (!(n in SIM_ALARMS)) throw new Error(`unknown alarm ${n}: one of ${NAMES.join(', ')}`);
    return n as SimAlarmName;
  };
  const iso = at.toISOString();
  if (type === 'snapshot')
    return {
      type,
      alarms: list.map((n) => ({ name: known(n), severity: SIM_ALARMS[known(n)], at: iso, detail: '' })),
    };
  if (list.length !== 1) throw new Error(`${type ?? 'alarm'} needs one alarm name`);
  const name = known(list[0]);
  if (type === 'raise') return { type, name, severity: SIM_ALARMS[name], at: iso, detail: '' };
  if (type === 'clear') return { type, name, at: iso };
  throw new Error('alarm needs raise, clear or snapshot');
};

/** Sends one alarm message as the terminal over the HTTP fallback (Basic SN:secret). */
export const sendAlarm = async (o: { server: string; sn: string; secret: string; message: AlarmMessage }) => {
  const res = await fetch(`${o.server}/device/v1/agent/alarm`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${o.sn}:${o.secret}`).toString('base64')}`,
    },
    body: JSON.stringify(o.message),
  });
  const json = (await res.json()) as { code: number; messageEn?: string };
  if (json.code !== 1) throw new Error(`alarm refused: ${json.code} ${json.messageEn ?? ''}`);
};
