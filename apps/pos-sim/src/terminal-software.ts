import { checkShellCommand, type Hello, shellRefusalText } from '@cpm/contracts';

/** An app as a terminal reports it. */
export type App = Hello['apps'][number];

/** A task that fails on the terminal, with the message to report. */
export class TaskFailure extends Error {}

/**
 * What a simulated terminal has installed, which tasks change and its shell reads: packages with
 * their signers and permissions, pushed files, the Windows registry, wallpaper, boot animation and
 * firmware.
 */
export type TerminalSoftware = {
  packages: Map<string, App>;
  /** Signer certificate of each package installed by a task (Android refuses an update signed otherwise). */
  signers: Map<string, string>;
  permissions: Map<string, Set<string>>;
  files: Map<string, string>;
  registry: Map<string, string>;
  wallpaper: string | null;
  bootAnimation: string | null;
  firmware: string;
};

/** A new terminal's software: the agent, the cashier and loyalty, and `apps` besides. */
export const createSoftware = (apps: App[] = []): TerminalSoftware => {
  const packages = new Map<string, App>([
    [
      'com.cpm.agent',
      {
        packageName: 'com.cpm.agent',
        name: 'CPM Agent',
        versionName: '1.0.1',
        versionCode: 101,
        system: true,
      },
    ],
    [
      'com.example.cashier',
      { packageName: 'com.example.cashier', name: 'Cashier', versionName: '3.2.0', versionCode: 320 },
    ],
    [
      'com.example.loyalty',
      { packageName: 'com.example.loyalty', name: 'Loyalty', versionName: '1.4.0', versionCode: 140 },
    ],
  ]);
  for (const a of apps) packages.set(a.packageName, a);
  return {
    packages,
    signers: new Map(),
    permissions: new Map([['com.example.cashier', new Set(['android.permission.INTERNET'])]]),
    files: new Map(),
    registry: new Map(),
    wallpaper: null,
    bootAnimation: null,
    firmware: 'FW-2.4.1',
  };
};

/** Where a shell command runs: the terminal's identity, platform, clock and power. */
export type ShellEnv = {
  sn: string;
  platform: 'android' | 'windows';
  now: () => Date;
  battery: () => number;
  charging: () => boolean;
};

const REBOOT_HINT = {
  zh: '重启请使用重启任务',
  en: 'power control through shell is not allowed, use the Reboot task',
};

/** Splits a command line into words, honouring simple quotes. */
const words = (line: string) =>
  [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);

/** A few commands answered the way an Android (or Windows) shell would. */
export const runShell = (command: string, sw: TerminalSoftware, env: ShellEnv): string => {
  // The terminal applies the shell rule itself: power control goes through the reboot task, whatever
  // the server let through.
  const refusal = checkShellCommand(command);
  if (refusal)
    throw new TaskFailure(`sh: refused by the terminal: ${shellRefusalText(refusal, REBOOT_HINT).message}`);
  const { packages, files, registry } = sw;
  const out: string[] = [];
  for (const part of command.split(/;|&&/)) {
    const [line, ...filters] = part.split('|').map((p) => p.trim());
    if (!line) continue;
    const [cmd, ...args] = words(line);
    let lines: string[];
    switch (cmd) {
      case 'pm':
        if (args[0] === 'list' && args[1] === 'packages')
          lines = [...packages.keys()].map((p) => `package:${p}`);
        else throw new TaskFailure(`pm: unknown command ${args.join(' ')}`);
        break;
      case 'getprop': {
        const props: Record<string, string> = {
          'ro.serialno': env.sn,
          'ro.build.version.release': '11',
          'ro.build.display.id': sw.firmware,
          'ro.product.model': 'SIM-P2',
          'persist.sys.wallpaper': sw.wallpaper ?? '',
          'persist.sys.bootanim': sw.bootAnimation ?? '',
        };
        lines = args[0] ? [props[args[0]] ?? ''] : Object.entries(props).map(([k, v]) => `[${k}]: [${v}]`);
        break;
      }
      case 'echo':
        lines = [args.join(' ')];
        break;
      case 'whoami':
        lines = [env.platform === 'windows' ? 'pos\\operator' : 'shell'];
        break;
      case 'id':
        lines = ['uid=2000(shell) gid=2000(shell)'];
        break;
      case 'date':
        lines = [env.now().toString()];
        break;
      case 'uptime':
        lines = [`up ${Math.floor(process.uptime())} s, load average: 0.42, 0.31, 0.20`];
        break;
      case 'df':
        lines = ['Filesystem Size Used Avail Use% Mounted on', '/dev/block/dm-5 11G 3.1G 7.9G 29% /data'];
        break;
      case 'dumpsys':
        if (args[0] !== 'battery') throw new TaskFailure(`dumpsys: service ${args[0]} not found`);
        lines = [
          'Current Battery Service state:',
          `  level: ${env.battery()}`,
          `  AC powered: ${env.charging()}`,
        ];
        break;
      case 'ls':
        lines = [...files.keys()].filter((f) => !args[0] || f.startsWith(args[0])).sort();
        break;
      case 'hostname':
        lines = [env.sn];
        break;
      case 'reg':
        if (args[0]?.toLowerCase() !== 'query' || env.platform !== 'windows')
          throw new TaskFailure(`sh: reg: not found`);
        lines = [...registry]
          .filter(([k]) => k.startsWith(args[1] ?? ''))
          .map(([k, v]) => `${k}    REG_SZ    ${v}`);
        break;
      default:
        throw new TaskFailure(`sh: ${cmd}: not found`);
    }
    for (const f of filters) {
      const [fc, ...fa] = words(f);
      if (fc !== 'grep') throw new TaskFailure(`sh: ${fc}: not found`);
      lines = lines.filter((l) => l.includes(fa[0] ?? ''));
    }
    out.push(...lines);
  }
  return out.join('\n').slice(0, 1900);
};
