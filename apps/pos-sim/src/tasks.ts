import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type {
  DeferReason,
  Hello,
  PulledTask,
  TaskConditions,
  TaskPullAnswer,
  TaskReport,
  TaskResult,
} from '@cpm/contracts';
import { CommandFailure, createCommandRunner, createJournal } from './commands';
import { downloadSystemFile } from './download';
import type { TerminalApi, TerminalExtension } from './terminal';

/** How simulated terminals treat remote tasks. */
export type TaskSimOptions = {
  /** Chance that a task fails on the terminal (download cut, install refused, full disk...). */
  failureRate: number;
  /** Share of the time a sale is in progress (payment-aware tasks defer meanwhile). */
  paymentRate: number;
  /** Chance per heartbeat that the terminal loses its network for `offlineSec`. */
  offlineRate: number;
  offlineSec: number;
  /** Where downloads land (one folder per terminal; removed once applied). */
  dataDir: string;
  /** How often held (deferred) tasks are looked at again, ms. */
  recheckMs?: number;
  stats: TaskStats;
  random?: () => number;
  /** The terminal's local time (tests move it). */
  now?: () => Date;
  /** Apps installed from the start besides the agent, the cashier and loyalty. */
  apps?: App[];
};

/** What the fleet did with tasks. */
export type TaskStats = {
  pulls: number;
  received: number;
  success: number;
  failure: number;
  deferred: number;
  downloads: number;
  downloadBytes: number;
  offlineSpells: number;
  errors: number;
  lastError?: string;
};

export const newTaskStats = (): TaskStats => ({
  pulls: 0,
  received: 0,
  success: 0,
  failure: 0,
  deferred: 0,
  downloads: 0,
  downloadBytes: 0,
  offlineSpells: 0,
  errors: 0,
});

/** One line summarising the fleet's tasks. */
export const taskSummary = (s: TaskStats) =>
  `tasks: pulls ${s.pulls} received ${s.received} success ${s.success} failure ${s.failure} deferred ${s.deferred} ` +
  `downloads ${s.downloads} (${Math.round(s.downloadBytes / 1024)} KiB) offline spells ${s.offlineSpells} errors ${s.errors}`;

type App = Hello['apps'][number];
type Held = { item: PulledTask; deferredFor: DeferReason | null; running: boolean };

const made = new Map<string, Promise<unknown>>();
/** Creates a folder once per process. */
const ensureDir = (dir: string) => {
  let p = made.get(dir);
  if (!p) {
    p = mkdir(dir, { recursive: true });
    made.set(dir, p);
  }
  return p;
};

/** `HH:mm` to minutes after midnight. */
const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Whether a local time lies in a window; `to` before `from` wraps past midnight. */
export const inWindow = (at: Date, w: { from: string; to: string }) => {
  const now = at.getHours() * 60 + at.getMinutes();
  const from = minutesOf(w.from);
  const to = minutesOf(w.to);
  return from <= to ? now >= from && now < to : now >= from || now < to;
};

/** Splits a command line into words, honouring simple quotes. */
const words = (line: string) =>
  [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);

class TaskFailure extends Error {}

/**
 * Remote tasks on a simulated terminal: pulls its work when told (hello, nudge, heartbeat `pending`),
 * defers what its conditions forbid right now (a sale in progress, unsettled batch, low battery, not
 * charging, outside the window) and reports why, and runs the rest for real: downloads checked by
 * sha256, a package list, wallpaper and boot animation, permissions, a registry on Windows, a small
 * shell that answers a few commands, reboots and OTA updates that come back after a reboot.
 */
export const createTaskAgent =
  (o: TaskSimOptions & { platform: 'android' | 'windows' }) =>
  (api: TerminalApi): TerminalExtension => {
    const rnd = o.random ?? Math.random;
    const clock = o.now ?? (() => new Date());
    const stats = o.stats;
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
    for (const a of o.apps ?? []) packages.set(a.packageName, a);
    /** Signer certificate of each package installed by a task (Android refuses an update signed otherwise). */
    const signers = new Map<string, string>();
    const permissions = new Map<string, Set<string>>([
      ['com.example.cashier', new Set(['android.permission.INTERNET'])],
    ]);
    const files = new Map<string, string>();
    const registry = new Map<string, string>();
    let wallpaper: string | null = null;
    let bootAnimation: string | null = null;
    let firmware = 'FW-2.4.1';
    const held = new Map<string, Held>();
    /** Final reports already made, re-sent if the server lists the delivery again (the report was lost). */
    const finished = new Map<string, TaskResult>();
    /** Deliveries whose success is reported after the reboot they asked for. */
    const afterBoot: TaskResult[] = [];
    const payment = { inTransaction: false, unsettled: false, saleUntil: 0 };
    const journal = createJournal();
    journal.write('I', 'CpmAgent', `agent started on ${api.sn} (${o.platform})`);
    const commands = createCommandRunner({
      api,
      platform: o.platform,
      journal,
      installed: (name) => packages.has(name),
      firmware: () => firmware,
    });
    let pulling: Promise<void> | null = null;
    let again = false;
    let recheck: NodeJS.Timeout | undefined;

    const fail = (err: unknown) => {
      stats.errors++;
      stats.lastError = err instanceof Error ? err.message : String(err);
    };

    /** Sales come and go; a sale leaves the batch unsettled until the next settlement. */
    const paymentNow = () => {
      const now = clock().getTime();
      if (payment.inTransaction && now >= payment.saleUntil) payment.inTransaction = false;
      if (!payment.inTransaction && o.paymentRate > 0 && rnd() < o.paymentRate) {
        payment.inTransaction = true;
        payment.unsettled = true;
        payment.saleUntil = now + 3000 + rnd() * 12_000;
      } else if (!payment.inTransaction && payment.unsettled && rnd() < 0.2) payment.unsettled = false;
      return payment;
    };

    const report = async (results: TaskResult[]) => {
      const body: TaskReport = { results };
      try {
        if (api.transport === 'mqtt' && api.isConnected()) await api.send('result', body);
        else await api.http('POST', '/device/v1/agent/tasks/report', body);
      } catch (err) {
        fail(err);
      }
    };
    const final = async (item: PulledTask, state: 'success' | 'failure', message: string) => {
      const r: TaskResult = {
        deliveryId: item.deliveryId,
        attempt: item.attempt,
        state,
        message,
        ts: Date.now(),
      };
      finished.set(`${item.deliveryId}:${item.attempt}`, r);
      if (state === 'success') stats.success++;
      else stats.failure++;
      await report([r]);
    };

    const download = async (item: PulledTask) => {
      const f = item.file;
      const secret = api.secret();
      if (!f || !secret) throw new TaskFailure('no file to download');
      await ensureDir(o.dataDir);
      const out = path.join(o.dataDir, `${api.sn}-${f.sha256}.part`);
      try {
        const r = await downloadSystemFile({
          server: api.server,
          sn: api.sn,
          secret,
          sha256: f.sha256,
          url: f.url,
          out,
          attempts: 3,
          backoffMs: 500,
        });
        stats.downloads++;
        stats.downloadBytes += r.bytes;
        return f;
      } catch (err) {
        throw new TaskFailure(`download failed: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        // The bytes were checked; a real agent would now install them. Nothing is kept on disk.
        await rm(out, { force: true });
      }
    };

    /** A few commands answered the way an Android (or Windows) shell would. */
    const shell = (command: string): string => {
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
              'ro.serialno': api.sn,
              'ro.build.version.release': '11',
              'ro.build.display.id': firmware,
              'ro.product.model': 'SIM-P2',
              'persist.sys.wallpaper': wallpaper ?? '',
              'persist.sys.bootanim': bootAnimation ?? '',
            };
            lines = args[0]
              ? [props[args[0]] ?? '']
              : Object.entries(props).map(([k, v]) => `[${k}]: [${v}]`);
            break;
          }
          case 'echo':
            lines = [args.join(' ')];
            break;
          case 'whoami':
            lines = [o.platform === 'windows' ? 'pos\\operator' : 'shell'];
            break;
          case 'id':
            lines = ['uid=2000(shell) gid=2000(shell)'];
            break;
          case 'date':
            lines = [clock().toString()];
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
              `  level: ${api.battery()}`,
              `  AC powered: ${api.charging()}`,
            ];
            break;
          case 'ls':
            lines = [...files.keys()].filter((f) => !args[0] || f.startsWith(args[0])).sort();
            break;
          case 'hostname':
            lines = [api.sn];
            break;
          case 'reg':
            if (args[0]?.toLowerCase() !== 'query' || o.platform !== 'windows')
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

    /** A realistic reason for a task that fails on this terminal. */
    const failureFor = (item: PulledTask) =>
      ({
        app_install: 'INSTALL_FAILED_INSUFFICIENT_STORAGE',
        app_uninstall: 'DELETE_FAILED_DEVICE_POLICY_MANAGER',
        file_push: 'write failed: No space left on device',
        ota: 'update_engine: payload verification failed (ErrorCode 26)',
        wallpaper: 'WallpaperManager: failed to decode image',
        boot_animation: 'write failed: /data/local/bootanimation.zip: Read-only file system',
        command: 'sh: interrupted: terminated by signal 9',
        permission: 'SecurityException: grant not allowed by policy',
        reboot: 'reboot refused: a sale was started',
        registry: 'RegSetValueEx: access denied',
        remote_command: 'CommandService: busy, try again',
      })[item.type];

    /** Runs one task; throws TaskFailure with the message to report. */
    const execute = async (item: PulledTask): Promise<string | 'rebooting'> => {
      const p = item.params as Record<string, unknown>;
      if (rnd() < o.failureRate) {
        if (item.file) await download(item);
        throw new TaskFailure(failureFor(item));
      }
      switch (item.type) {
        case 'app_uninstall': {
          const name = String(p.packageName);
          if (!packages.has(name))
            throw new TaskFailure(`DELETE_FAILED_INTERNAL_ERROR: ${name} is not installed`);
          const app = packages.get(name) as App;
          packages.delete(name);
          permissions.delete(name);
          await api.send('event', { type: 'appRemoved', app }).catch(fail);
          return `removed ${name}`;
        }
        case 'app_install': {
          const f = await download(item);
          // The market says what the package is; the checks are Android's own.
          const facts = f.app;
          const name = facts?.packageName ?? String(p.packageName ?? f.name.replace(/\.apk$/i, ''));
          const current = packages.get(name);
          if (
            facts &&
            current?.versionCode !== undefined &&
            facts.versionCode < current.versionCode &&
            !facts.downgrade
          )
            throw new TaskFailure(`INSTALL_FAILED_VERSION_DOWNGRADE: ${current.versionCode} installed`);
          const signer = signers.get(name);
          if (facts?.signerSha256 && signer && signer !== facts.signerSha256)
            throw new TaskFailure('INSTALL_FAILED_UPDATE_INCOMPATIBLE: signatures do not match');
          const app = {
            packageName: name,
            name,
            versionName: facts?.versionName ?? '1.0',
            versionCode: facts?.versionCode ?? 1,
          };
          packages.set(name, app);
          if (facts?.signerSha256) signers.set(name, facts.signerSha256);
          await api.send('event', { type: 'appInstalled', app }).catch(fail);
          return `installed ${name} ${app.versionName} (${app.versionCode})`;
        }
        case 'file_push': {
          const f = await download(item);
          const sep = o.platform === 'windows' ? '\\' : '/';
          const to = `${String(p.path).replace(/[\\/]$/, '')}${sep}${f.name}`;
          files.set(to, f.sha256);
          return `saved ${to} (${f.size} bytes, sha256 ok)`;
        }
        case 'ota': {
          const f = await download(item);
          firmware = `FW-${f.name.replace(/\s+/g, '-')}`;
          return 'rebooting';
        }
        case 'wallpaper': {
          const f = await download(item);
          wallpaper = f.sha256;
          return `wallpaper set (${String(p.screen ?? 'both')})`;
        }
        case 'boot_animation': {
          const f = await download(item);
          bootAnimation = f.sha256;
          return 'boot animation installed';
        }
        case 'command': {
          const out = shell(String(p.command));
          if (out) await commands.print(item, `${out}\n`);
          return out;
        }
        case 'permission': {
          const name = String(p.packageName);
          if (!packages.has(name)) throw new TaskFailure(`Unknown package: ${name}`);
          const set = permissions.get(name) ?? new Set<string>();
          for (const perm of p.permissions as string[])
            p.action === 'grant' ? set.add(perm) : set.delete(perm);
          permissions.set(name, set);
          // The console's permission tab shows what the app holds now.
          await api.hello?.().catch(fail);
          return `${String(p.action)} ${(p.permissions as string[]).join(', ')}`;
        }
        case 'registry': {
          if (o.platform !== 'windows') throw new TaskFailure('no registry on this platform');
          registry.set(`${String(p.key)}\\${String(p.name)}`, String(p.value));
          return `${String(p.key)}\\${String(p.name)} = ${String(p.value)}`;
        }
        case 'reboot':
          return 'rebooting';
        case 'remote_command':
          try {
            return await commands.run(item);
          } catch (err) {
            if (err instanceof CommandFailure) throw new TaskFailure(err.message);
            throw new TaskFailure(err instanceof Error ? err.message : String(err));
          }
      }
      throw new TaskFailure(`unknown task type ${String(item.type)}`);
    };

    /** Why the terminal cannot run a task right now, or null. */
    const blocker = (c: TaskConditions): DeferReason | null => {
      const pay = paymentNow();
      if (c.idle && pay.inTransaction) return 'inTransaction';
      if (c.settled && pay.unsettled) return 'unsettled';
      if (c.minBattery && api.battery() < c.minBattery) return 'lowBattery';
      if (c.charging && !api.charging()) return 'notCharging';
      if (c.window && !inWindow(clock(), c.window)) return 'outsideWindow';
      return null;
    };

    const scheduleRecheck = () => {
      if (recheck) return;
      recheck = setTimeout(() => {
        recheck = undefined;
        for (const h of held.values()) void handle(h);
      }, o.recheckMs ?? 5000);
      recheck.unref?.();
    };

    const handle = async (h: Held) => {
      if (h.running) return;
      const item = h.item;
      if (Date.now() > item.notAfter) {
        held.delete(item.deliveryId);
        return;
      }
      const why = blocker(item.conditions);
      if (why) {
        if (h.deferredFor !== why) {
          h.deferredFor = why;
          stats.deferred++;
          await report([
            { deliveryId: item.deliveryId, attempt: item.attempt, state: 'deferred', deferReason: why },
          ]);
        }
        scheduleRecheck();
        return;
      }
      h.running = true;
      try {
        // Work whose outcome comes later (an install, an update, a reboot) is reported executed first.
        const rebooting = item.type === 'remote_command' && (item.params as { op?: string }).op === 'reboot';
        if (item.type === 'reboot' || item.type === 'ota' || item.type === 'app_install' || rebooting)
          await report([
            { deliveryId: item.deliveryId, attempt: item.attempt, state: 'executed', ts: Date.now() },
          ]);
        journal.write(
          'I',
          'TaskService',
          `task ${item.type} delivery ${item.deliveryId} attempt ${item.attempt} started`,
        );
        const message = await execute(item);
        if (message === 'rebooting') {
          afterBoot.push({
            deliveryId: item.deliveryId,
            attempt: item.attempt,
            state: 'success',
            message: item.type === 'ota' ? `updated to ${firmware}` : 'rebooted',
          });
          held.delete(item.deliveryId);
          void api.reboot();
          return;
        }
        journal.write('I', 'TaskService', `delivery ${item.deliveryId} succeeded`);
        await final(item, 'success', message);
      } catch (err) {
        journal.write(
          'E',
          'TaskService',
          `delivery ${item.deliveryId} failed: ${err instanceof Error ? err.message : String(err)}`,
        );
        if (!(err instanceof TaskFailure)) fail(err);
        await final(item, 'failure', err instanceof Error ? err.message : String(err));
      } finally {
        h.running = false;
      }
      held.delete(item.deliveryId);
    };

    const pullOnce = async () => {
      stats.pulls++;
      const answer = (await api.http('GET', '/device/v1/agent/tasks')) as TaskPullAnswer;
      const listed = new Set(answer.tasks.map((t) => t.deliveryId));
      // What the server no longer lists was cancelled or expired: dropped.
      for (const [id, h] of held) if (!listed.has(id) && !h.running) held.delete(id);
      for (const item of answer.tasks) {
        const done = finished.get(`${item.deliveryId}:${item.attempt}`);
        if (done) {
          await report([done]);
          continue;
        }
        const h = held.get(item.deliveryId);
        if (h && h.item.attempt === item.attempt) continue;
        stats.received++;
        const fresh: Held = { item, deferredFor: null, running: false };
        held.set(item.deliveryId, fresh);
        void handle(fresh);
      }
    };

    /** Pulls now, or once more after the pull in progress. */
    const pull = () => {
      if (pulling) {
        again = true;
        return;
      }
      pulling = (async () => {
        do {
          again = false;
          try {
            await pullOnce();
          } catch (err) {
            fail(err);
          }
        } while (again);
        pulling = null;
      })();
    };

    return {
      onConnected() {
        journal.write('I', 'CpmAgent', `connected to ${api.server} over ${api.transport}`);
        if (afterBoot.length) {
          stats.success += afterBoot.length;
          void report(afterBoot.splice(0));
        }
        pull();
      },
      onDown(kind) {
        if (kind === 'task') pull();
      },
      onHeartbeatAnswer(answer) {
        if (answer.pending > 0) pull();
      },
      heartbeat() {
        if (o.offlineRate > 0 && rnd() < o.offlineRate) {
          stats.offlineSpells++;
          setTimeout(() => void api.dropOut(o.offlineSec * 1000).catch(fail), 0);
        }
        const pay = paymentNow();
        journal.write(
          'I',
          'Heartbeat',
          `battery ${api.battery()}%${api.charging() ? ' charging' : ''}, sale ${pay.inTransaction ? 'in progress' : 'idle'}`,
        );
        return { payment: { inTransaction: pay.inTransaction, unsettled: pay.unsettled } };
      },
      apps: () =>
        [...packages.values()].map((a) => {
          const held = permissions.get(a.packageName);
          return held?.size ? { ...a, permissions: [...held].sort() } : a;
        }),
      versions: () => ({ firmwareVersion: firmware }),
    };
  };
