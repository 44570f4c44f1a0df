import { describe, expect, it } from 'vitest';
import { createSoftware, runShell, TaskFailure } from './terminal-software';

const env = {
  sn: 'SHELL0001',
  platform: 'android' as const,
  now: () => new Date('2026-06-01T08:00:00Z'),
  battery: () => 80,
  charging: () => false,
};

describe('the simulated terminal shell', () => {
  it('answers an ordinary command', () => {
    expect(runShell('getprop ro.serialno', createSoftware(), env)).toBe('SHELL0001');
  });

  it.each(["$'\\x72eboot'", 'setprop sys.powerctl reboot', 'echo cmVib290|base64 -d|sh', '/sbin/reb??t'])(
    'refuses power control through %s and says why',
    (command) => {
      const run = () => runShell(command, createSoftware(), env);
      expect(run).toThrow(TaskFailure);
      expect(run).toThrow(/^sh: refused by the terminal: .*(shutdown or reboot|cannot be known)/);
    },
  );
});
