import { AlarmMessageSchema } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { createSimAlarms } from './alarms';

describe('simulated device alarms', () => {
  it('holds what it raised offline and sends only the standing alarms in its snapshot', async () => {
    const sent: unknown[] = [];
    let online = false;
    const alarms = createSimAlarms({
      send: async (_kind, body) => {
        sent.push(body);
      },
      isConnected: () => online,
    });
    await alarms.raise('paperOut');
    await alarms.raise('tamper', 'case opened');
    await alarms.clear('paperOut');
    expect(sent).toEqual([]);
    online = true;
    await alarms.snapshot();
    expect(sent).toHaveLength(1);
    const snap = AlarmMessageSchema.parse(sent[0]);
    expect(snap).toMatchObject({ type: 'snapshot', alarms: [{ name: 'tamper', severity: 'critical' }] });
    await alarms.raise('coverOpen');
    expect(AlarmMessageSchema.parse(sent[1])).toMatchObject({
      type: 'raise',
      name: 'coverOpen',
      severity: 'low',
    });
  });
});
