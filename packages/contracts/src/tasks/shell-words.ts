/**
 * The word lists and text normalisation behind the shell rule (`shell-check.ts`): which names stop
 * or restart a terminal, which commands build other commands, and how escapes are undone.
 */

/** Text that stops or restarts the device wherever it appears, on Android, Linux and Windows shells. */
export const FORBIDDEN_PARTS = [
  'shutdown',
  'reboot',
  'poweroff',
  'restart-computer',
  'stop-computer',
  // Android's power property, the kernel's magic key, Windows power calls through rundll32.
  'sys.powerctl',
  'sysrq-trigger',
  'exitwindows',
  'powrprof',
  'setsuspendstate',
];

/** Whole command names that power the device off (besides those containing a forbidden part). */
export const FORBIDDEN_COMMANDS = ['halt', 'telinit'];

/** Names a glob in command position is tried against: a pattern that could name one of them is refused. */
export const POWER_NAMES = [...FORBIDDEN_PARTS, ...FORBIDDEN_COMMANDS].flatMap((n) => [n, `${n}.exe`]);

/** Shells and interpreters that run a script given with -c (or read one from their input). */
export const SHELLS = new Set(['sh', 'bash', 'ash', 'dash', 'zsh', 'ksh', 'mksh', 'busybox', 'toybox', 'su']);

/** Prefixes that run the command that follows them (POSIX and cmd.exe). */
export const WRAPPERS = new Set([
  'nohup',
  'exec',
  'command',
  'time',
  'nice',
  'sudo',
  'env',
  'timeout',
  'xargs',
  'call',
  'start',
  'start-process',
]);

/** Commands that run text as a command (eval and its kin): what they run is only known at run time. */
export const EVALUATORS = new Set(['eval', 'iex', 'invoke-expression', 'rundll32']);

/** Text that marks a command built at run time from encoded or computed pieces. */
export const BUILDER_PARTS = ['frombase64string', '[char]', '[scriptblock]', '-join', 'invoke-expression'];

/** Lower case, compatibility forms folded, invisible format characters dropped. */
export const fold = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .toLowerCase();

/**
 * Undoes the escapes of `$'…'` quoting, `printf` and `echo -e` (`\x72`, `\162`, `\u0072`, `\n`):
 * a word that would become a forbidden name once printed counts as that name.
 */
export const decodeEscapes = (s: string): string =>
  s.replace(
    /\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|0?[0-7]{1,3}|c.|.)/gs,
    (_, e: string) => {
      const k = e[0];
      if (k === 'x' || k === 'u' || k === 'U') return String.fromCodePoint(Number.parseInt(e.slice(1), 16));
      if (/[0-7]/.test(k)) return String.fromCharCode(Number.parseInt(e, 8) & 0xff);
      if (k === 'c') return String.fromCharCode(e.charCodeAt(1) & 0x1f);
      const named: Record<string, string> = {
        n: '\n',
        t: '\t',
        r: '\r',
        a: '\x07',
        b: '\b',
        e: '\x1b',
        f: '\f',
        v: '\v',
      };
      return named[k] ?? k;
    },
  );

/**
 * The forms of a word the rule matches against: as written, with cmd.exe carets removed, with
 * escapes decoded, and (for PowerShell's `'re'+'boot'`) with joining plus signs dropped.
 */
export const variants = (text: string, joinPlus = true): string[] => {
  const base = fold(text);
  const noCaret = base.replace(/\^(.?)/gs, '$1');
  const decoded = decodeEscapes(noCaret);
  return joinPlus
    ? [base, noCaret, decoded, decoded.replace(/[\s'"`]*\+[\s'"`]*/g, '')]
    : [base, noCaret, decoded];
};

/** The forbidden part any form of the text contains (`joinPlus`: also with `'a'+'b'` joined), or none. */
export const forbiddenPart = (text: string, joinPlus = true): string | undefined => {
  for (const v of variants(text, joinPlus)) {
    const hit = FORBIDDEN_PARTS.find((p) => v.includes(p));
    if (hit) return hit;
  }
  return undefined;
};

/** A file name without its folders and `.exe`, lower case, carets removed. */
export const baseName = (w: string) => {
  const parts = fold(w).replace(/\^/g, '').split(/[/\\]/);
  return (parts[parts.length - 1] ?? '').replace(/\.exe$/, '');
};

/** Whether an option of PowerShell (`-enc`, `/ec`, `--EncodedCommand`) asks it to run encoded text. */
export const isEncodedOption = (w: string) => {
  const m = /^(?:-{1,2}|\/)([a-z]+)$/i.exec(w);
  if (!m) return false;
  const o = m[1].toLowerCase();
  return (
    o === 'ec' ||
    o === 'ea' ||
    (o.startsWith('e') && ('encodedcommand'.startsWith(o) || 'encodedarguments'.startsWith(o)))
  );
};

/** Whether a word is a PowerShell `-Command` option (any prefix PowerShell accepts). */
export const isCommandOption = (w: string) => {
  const m = /^(?:-{1,2}|\/)([a-z]+)$/i.exec(w);
  return !!m && 'command'.startsWith(m[1].toLowerCase());
};

/** Decoders whose output could be a command: `base64 -d`, `xxd -r`, `certutil -decode`, `openssl … -d`. */
export const isDecoder = (name: string, args: string[]) => {
  const a = args.map((x) => x.toLowerCase());
  switch (name) {
    case 'base64':
    case 'base32':
    case 'basenc':
      return a.some((x) => x === '--decode' || /^-[a-z]*d/.test(x));
    case 'xxd':
      return a.some((x) => /^-[a-z]*r/.test(x));
    case 'uudecode':
      return true;
    case 'certutil':
      return a.some((x) => /^[-/]decode/.test(x));
    case 'openssl':
      return a.some((x) => x === 'base64' || x === 'enc') && a.some((x) => x === '-d' || x === '-base64');
    default:
      return false;
  }
};
