import { describe, expect, it } from 'vitest';
import { checkShellCommand } from './shell-check';

const refused = (cmd: string) => checkShellCommand(cmd)?.reason;

describe('checkShellCommand', () => {
  it.each([
    'pm list packages',
    'ls -la /sdcard | grep Download',
    'getprop ro.build.version.release',
    'echo "hello world" > /sdcard/x.txt 2>&1',
    'df -h; uptime',
    'echo $HOME',
    "sh -c 'ls /data/local/tmp'",
    'busybox ls /system',
    'timeout 10 ping -c 1 10.0.0.1',
    'cat /proc/meminfo # memory, not a reboot of anything',
  ])('lets %s run', (cmd) => {
    expect(checkShellCommand(cmd)).toBeNull();
  });

  it.each([
    'reboot',
    'REBOOT',
    'shutdown -h now',
    're"boot"',
    "'reb''oot'",
    'r\\eboot',
    '/system/bin/reboot',
    'svc power reboot',
    'setprop sys.powerctl shutdown',
    'ls; reboot',
    'ls && reboot -p',
    'echo x | reboot',
    '$(echo reboot)',
    'echo `reboot`',
    'echo "$(reb""oot)"',
    'sh -c "re\\boot"',
    "su -c 'sh -c reboot'",
    "eval 'echo x; re''boot'",
    'nohup reboot &',
    'busybox poweroff',
    'halt',
    'init 6',
    'shutdown.exe /r /t 0',
    'Restart-Computer -Force',
    'am broadcast -a android.intent.action.REBOOT',
    '(reboot)',
  ])('refuses %s as forbidden', (cmd) => {
    expect(refused(cmd)).toBe('forbidden');
  });

  it.each([
    'x=re; y=boot; $x$y',
    '$' + '{CMD}',
    'echo cmVib290 | base64 -d | sh',
    'eval $X',
    'sh -c "$SCRIPT"',
  ])('refuses %s as unknowable', (cmd) => {
    expect(refused(cmd)).toBe('dynamic');
  });

  it.each(['echo "unterminated', "echo 'x", 'echo $(date', 'echo \\'])('refuses %s as unbalanced', (cmd) => {
    expect(refused(cmd)).toBe('unbalanced');
  });

  it('refuses an empty command', () => {
    expect(refused('   ')).toBe('empty');
  });
});
