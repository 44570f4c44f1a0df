import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { createJournal } from './commands';
import { createRemoteScreen } from './remote-screen';

describe('remote commands on the simulator', () => {
  it('keeps a journal and answers the lines of a time range in logcat form', () => {
    let now = Date.parse('2026-06-01T08:00:00Z');
    const journal = createJournal(() => now);
    journal.write('I', 'Heartbeat', 'battery 80%');
    now += 60_000;
    journal.write('W', 'PowerManager', 'reboot requested');
    now += 60_000;
    journal.write('E', 'TaskService', 'delivery 7 failed');
    const lines = journal.range(Date.parse('2026-06-01T08:00:30Z'), Date.parse('2026-06-01T08:01:30Z'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} {2}1042 {2}1042 W PowerManager: reboot requested$/,
    );
    expect(journal.range(0, now)).toHaveLength(3);
  });

  it('takes a screenshot of its drawn screen as a JPEG, and a black one of the secure PIN pad', async () => {
    const remote = createRemoteScreen({ sn: 'SHOT0001' });
    const till = await remote.screenshot();
    expect(till.secure).toBe(false);
    const decoded = jpeg.decode(till.bytes, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([till.width, till.height]);
    // A till has colour: many pixels far from black.
    let lit = 0;
    for (let i = 0; i < decoded.data.length; i += 4) if (decoded.data[i] + decoded.data[i + 1] > 200) lit++;
    expect(lit).toBeGreaterThan(decoded.width * decoded.height * 0.2);

    // Add an item and pay by card: the PIN pad is secure and comes out black.
    remote.screen.input({ kind: 'tap', x: 0.1, y: 0.35 });
    remote.screen.render();
    remote.screen.input({ kind: 'tap', x: 0.93, y: 0.93 });
    expect(remote.screen.isSecure()).toBe(true);
    const pin = await remote.screenshot();
    expect(pin.secure).toBe(true);
    const black = jpeg.decode(pin.bytes, { useTArray: true });
    let bright = 0;
    for (let i = 0; i < black.data.length; i += 4) if (black.data[i] > 16) bright++;
    expect(bright).toBe(0);
  });
});
