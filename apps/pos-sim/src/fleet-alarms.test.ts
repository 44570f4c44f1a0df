import { AlarmMessageSchema } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { createSimAlarms } from './alarms';
import { alarmMessage, flipAlarm } from './fleet-alarms';

describe('alarms from the command line and the fleet', () => {
  const at = new Date('2026-06-01T02:00:00Z');

  it('builds raise, clear and snapshot messages the protocol accepts', () => {
    expect(AlarmMessageSchema.parse(alarmMessage('raise', 'paperOut', at))).toMatchObject({
      type: 'raise',
      name: 'paperOut',
      severity: 'medium',
      at: at.toISOString(),
    });
    expect(alarmMessage('clear', 'tamper', at)).toEqual({
      type: 'clear',
      name: 'tamper',
      at: at.toISOString(),
    });
    const snap = AlarmMessageSchema.parse(alarmMessage('snapshot', 'tamper,coverOpen', at));
    expect(snap.type === 'snapshot' && snap.alarms.map((a) => [a.name, a.severity])).toEqual([
      ['tamper', 'critical'],
      ['coverOpen', 'low'],
    ]);
    expect(alarmMessage('snapshot', undefined, at)).toEqual({ type: 'snapshot', alarms: [] });
    expect(() => alarmMessage('raise', 'smoke', at)).toThrow(/unknown alarm smoke/);
    expect(() => alarmMessage('ring', 'tamper', at)).toThrow(/raise, clear or snapshot/);
  });

  it('flips an alarm offline and the reconnection snapshot carries the result', async () => {
    const sent: { type: string }[] = [];
    let online = false;
    const alarms = createSimAlarms({
      send: async (_kind, body) => {
        sent.push(body as { type: string });
      },
      isConnected: () => online,
    });
    // random 0 always picks the first alarm, paperOut: raised, then cleared, then raised again.
    await flipAlarm(alarms, () => 0);
    await flipAlarm(alarms, () => 0);
    await flipAlarm(alarms, () => 0.99);
    expect(alarms.held()).toEqual(['lowBattery']);
    expect(sent).toEqual([]);
    online = true;
    await alarms.snapshot();
    expect(AlarmMessageSchema.parse(sent[0])).toMatchObject({
      type: 'snapshot',
      alarms: [{ name: 'lowBattery', severity: 'high' }],
    });
    await flipAlarm(alarms, () => 0.99);
    expect(sent[1]).toMatchObject({ type: 'clear', name: 'lowBattery' });
  });
});
