import { describe, expect, it } from 'vitest';
import { insideWindow, unmetCondition } from './conditions';
import { fixOf } from './platform/linux/gps';
import { parseLpstat } from './platform/linux/printers';
import { cpuModel } from './platform/linux/sysfs';
import { CommandRefused, runShell } from './shell';
import { underRoots } from './tasks';

describe('rules the agent applies itself', () => {
  it('refuses power control through the shell and says why, in both languages', async () => {
    const refused = await runShell({
      command: 'sync; sudo /sbin/reboot -f',
      shell: '/bin/sh',
      timeoutMs: 5000,
      onOutput: () => undefined,
    }).catch((e) => e);
    expect(refused).toBeInstanceOf(CommandRefused);
    expect(refused.message).toMatch(/must not contain shutdown or reboot.*use a reboot task/);
    expect((refused as CommandRefused).zh).toMatch(/关机或重启.*重启任务/);
    await expect(
      runShell({
        command: 'systemctl poweroff',
        shell: '/bin/sh',
        timeoutMs: 5000,
        onOutput: () => undefined,
      }),
    ).rejects.toBeInstanceOf(CommandRefused);
  });

  it('stops a command at its time limit, with its whole process group', async () => {
    const seen: string[] = [];
    const r = await runShell({
      command: 'echo started; sleep 30; echo never',
      shell: '/bin/sh',
      timeoutMs: 500,
      onOutput: (t) => seen.push(t),
    });
    expect(r.timedOut).toBe(true);
    expect(seen.join('')).toBe('started\n');
  });

  it('places files only under the configured roots', () => {
    expect(underRoots('/opt/pos/files/menu.zip', ['/opt/pos/files'])).toBe(true);
    expect(underRoots('/opt/pos/files/../../etc/passwd', ['/opt/pos/files'])).toBe(false);
    expect(underRoots('/opt/pos/files-evil/x', ['/opt/pos/files'])).toBe(false);
  });

  it('reads CUPS queues, their state and device from lpstat', () => {
    const queues = parseLpstat(
      [
        'printer PDF is idle.  enabled since Mon 07 Dec 2026 06:00:00 AM UTC',
        'printer Kitchen disabled since Mon 07 Dec 2026 06:01:00 AM UTC -',
        '\tPaused by the operator',
        'device for PDF: cups-pdf:/',
        'device for Kitchen: usb://EPSON/TM-T20',
      ].join('\n'),
    );
    expect(queues).toEqual([
      { name: 'PDF', state: 'idle', deviceUri: 'cups-pdf:/', reason: null },
      {
        name: 'Kitchen',
        state: 'stopped',
        deviceUri: 'usb://EPSON/TM-T20',
        reason: 'Paused by the operator',
      },
    ]);
  });

  it('takes fixes from gpsd reports with a position only', () => {
    expect(fixOf('{"class":"TPV","mode":3,"lat":31.23,"lon":121.47,"eph":4.5}')).toMatchObject({
      lat: 31.23,
      lng: 121.47,
      accuracy: 4.5,
      source: 'gps',
    });
    expect(fixOf('{"class":"TPV","mode":1}')).toBeNull();
    expect(fixOf('{"class":"SKY"}')).toBeNull();
    expect(fixOf('not json')).toBeNull();
  });

  it('reads the CPU model as the kernel names it, on x86 and ARM', () => {
    expect(cpuModel('processor\t: 0\nmodel name\t: AMD EPYC 7B13\n')).toBe('AMD EPYC 7B13');
    expect(cpuModel('processor\t: 0\nHardware\t: BCM2835\n')).toBe('BCM2835');
  });

  it('defers for the first unmet payment-aware condition', () => {
    const date = new Date(2026, 11, 7, 3, 30);
    expect(insideWindow({ from: '23:00', to: '05:00' }, date)).toBe(true);
    expect(insideWindow({ from: '01:00', to: '03:00' }, date)).toBe(false);
    const c = { idle: true, settled: true, charging: false };
    expect(unmetCondition(c, { payment: { inTransaction: true, unsettled: true }, date })).toBe(
      'inTransaction',
    );
    expect(unmetCondition(c, { payment: { inTransaction: false, unsettled: true }, date })).toBe('unsettled');
    expect(unmetCondition({ ...c, minBattery: 30 }, { payment: null, battery: 20, date })).toBe('lowBattery');
    expect(unmetCondition({ ...c, window: { from: '01:00', to: '03:00' } }, { payment: null, date })).toBe(
      'outsideWindow',
    );
    expect(unmetCondition(c, { payment: null, date })).toBeNull();
  });
});

describe('X11 screenshots', () => {
  it.each([
    ['little', 0],
    ['big', 1],
  ])('decodes a 32-bit TrueColor XWD image with %s-endian pixels into RGBA', async (_, byteOrder) => {
    const { decodeXwd } = await import('./platform/linux/screen');
    const [width, height] = [2, 1];
    const header = Buffer.alloc(100 + 4);
    const set = (i: number, v: number) => header.writeUInt32BE(v, i * 4);
    set(0, 104);
    set(1, 7);
    set(2, 2);
    set(3, 24);
    set(4, width);
    set(5, height);
    set(7, byteOrder);
    set(11, 32);
    set(12, width * 4);
    set(14, 0xff0000);
    set(15, 0x00ff00);
    set(16, 0x0000ff);
    set(19, 0);
    const pixels = Buffer.alloc(8);
    const write = (v: number, at: number) =>
      byteOrder ? pixels.writeUInt32BE(v, at) : pixels.writeUInt32LE(v, at);
    write(0xd02010, 0);
    write(0x00ff80, 4);
    const f = decodeXwd(Buffer.concat([header, pixels]));
    expect([f.width, f.height]).toEqual([2, 1]);
    expect([...f.rgba]).toEqual([0xd0, 0x20, 0x10, 255, 0x00, 0xff, 0x80, 255]);
  });
});
