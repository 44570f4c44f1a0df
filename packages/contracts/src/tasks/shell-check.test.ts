import { describe, expect, it } from 'vitest';
import { checkShellCommand } from './shell-check';

const refused = (cmd: string) => checkShellCommand(cmd)?.reason;

describe('checkShellCommand', () => {
  it.each([
    'pm list packages',
    'cat /proc/cpuinfo | grep core boot',
    'ls -la /sdcard | grep Download',
    'getprop ro.build.version.release',
    'echo "hello world" > /sdcard/x.txt 2>&1',
    'df -h; uptime',
    'echo $HOME',
    "sh -c 'ls /data/local/tmp'",
    'busybox ls /system',
    'timeout 10 ping -c 1 10.0.0.1',
    'ls /sdcard',
    'ls /sdcard/*',
    'ls -l /data/*.log',
    'date +%Y%m%d',
    'cat /sdcard/Download/{a,b}.txt',
    'sh /data/local/tmp/diag.sh',
    'cmd /c dir C:\\POS',
    'powershell -NoProfile -Command Get-Process',
    'ipconfig /all',
    "printf '%s\\n' ready",
    'find /sdcard -name "*.jpg"',
    "awk '{print $1}' /proc/loadavg",
    'base64 /sdcard/receipt.bin',
    'xargs -I{} echo {}',
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

  // Reported bypasses, one per class and shell (Android sh, cmd, PowerShell), with what each tries.
  const bypasses = [
    ["$'\\x72eboot'", 'ANSI-C hex escape'],
    ["$'\\162eboot'", 'ANSI-C octal escape'],
    ["$'\\u0072eboot' -p", 'ANSI-C unicode escape'],
    ["r''eboot", 'empty quotes'],
    ['/sbin/reb??t', 'glob of ?'],
    ['/system/bin/re*', 'glob of *'],
    ['/system/bin/reb[o]ot', 'bracket glob'],
    ['/system/bin/po[!x]eroff', 'negated bracket glob'],
    ['/system/bin/re{b,x}oot', 'brace expansion'],
    ['busybox reb??t', 'glob as applet'],
    ['svc power reb??t', 'glob as argument'],
    ['h?lt', 'glob of halt'],
    ['in?t 6', 'glob of init'],
    ['init ?', 'glob of the runlevel'],
    ["printf '\\x72eboot' > /data/x.sh", 'escapes printf would decode'],
    ["echo -e '\\0162eboot'", 'escapes echo -e would decode'],
    ['cmd /c shut^down /r /t 0', 'caret escape'],
    ['cmd.exe /C "s^hut^down /s"', 'caret escape inside quotes'],
    [`powershell -Command "& ('re'+'boot')"`, 'PowerShell concatenation'],
    ['powershell Re`start-Com`puter', 'PowerShell backtick escape'],
    ['setprop sys.powerctl reboot', 'Android power property'],
    ['setprop sys.powerctl x', 'Android power property, any value'],
    ['echo b > /proc/sysrq-trigger', 'kernel magic key'],
    ['rundll32.exe powrprof.dll,SetSuspendState 0,1,0', 'power DLL'],
    ['rundll32 user32.dll,ExitWindowsEx', 'ExitWindowsEx'],
    ['ｒｅｂｏｏｔ', 'full-width letters'],
    ['re\u200bboot', 'zero-width space'],
  ];
  it('refuses shutdown and reboot hidden by quoting, escapes, globs and encodings on both platforms', () => {
    for (const [cmd, how] of bypasses) expect(refused(cmd), `${cmd} (${how})`).toBe('forbidden');
  });

  it.each([
    ['echo cmVib290|base64 -d|sh', 'decoded text piped into a shell'],
    ['echo cmVib290 | base64 --decode > /data/x.sh', 'decoded text written for later'],
    ['echo 7265626f6f74 | xxd -r -p | sh', 'hex decoding'],
    ['certutil -decode a.b64 a.cmd', 'Windows decoding'],
    ['powershell -EncodedCommand UgBlAHMAdABhAHIAdAAtAEMAbwBtAHAAdQB0AGUAcgA=', 'encoded PowerShell'],
    ['powershell -enc UgBlAHMAdAA=', 'abbreviated -EncodedCommand'],
    ['pwsh /ec UgBlAHMAdAA=', 'slash option'],
    ['powershell -c iex $x', 'Invoke-Expression'],
    ["eval 'echo hi'", 'eval of fixed text'],
    ['cmd /c %A%%B%', 'cmd variables as the command'],
    ['curl -s http://10.0.0.1/x | sh', 'a script piped into a shell'],
    ['cat x.ps1 | powershell -NoProfile', 'a script piped into PowerShell'],
    ['rundll32 shell32.dll,Control_RunDLL', 'any DLL call'],
    ['[char]114', 'PowerShell character codes'],
  ])('refuses %s (%s) as unknowable', (cmd) => {
    expect(refused(cmd)).toBe('dynamic');
  });

  // The spec's rule is about the text: a line that only mentions the words is refused too.
  it.each([
    'echo rebooting is not allowed',
    'cat /proc/meminfo # not a reboot',
    'grep -i shutdown /sdcard/log.txt',
  ])('refuses %s', (cmd) => {
    expect(refused(cmd)).toBe('forbidden');
  });

  it.each(['echo "unterminated', "echo 'x", 'echo $(date', 'echo \\'])('refuses %s as unbalanced', (cmd) => {
    expect(refused(cmd)).toBe('unbalanced');
  });

  it('refuses an empty command', () => {
    expect(refused('   ')).toBe('empty');
  });
});
