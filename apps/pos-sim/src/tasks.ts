import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { DeferReason, PulledTask, TaskPullAnswer, TaskReport, TaskResult } from '@cpm/contracts';
import { CommandFailure, createCommandRunner, createJournal } from './commands';
import { DownloadInterrupted, downloadSystemFile } from './download';
import { createConditions } from './task-conditions';
import type { TaskStats } from './task-stats';
import type { TerminalApi, TerminalExtension } from './terminal';
import { type App, createSoftware, runShell, TaskFailure } from './terminal-software';

export { newTaskStats, type TaskStats, taskSummary } from './task-stats';

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

type Held = { item: PulledTask; deferredFor: DeferReason | null; running: boolean };

/** A download the server turned away or cut off for now; the task is tried again, not failed. */
class DownloadPutOff extends Error {}

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
    const sw = createSoftware(o.apps);
    const { packages, signers, permissions, files, registry } = sw;
    const held = new Map<string, Held>();
    /** Final reports already made, re-sent if the server lists the delivery again (the report was lost). */
    const finished = new Map<string, TaskResult>();
    /** Deliveries whose success is reported after the reboot they asked for. */
    const afterBoot: TaskResult[] = [];
    const conditions = createConditions({
      paymentRate: o.paymentRate,
      random: rnd,
      now: clock,
      battery: () => api.battery(),
      charging: () => api.charging(),
    });
    const { paymentNow, blocker } = conditions;
    const journal = createJournal();
    journal.write('I', 'CpmAgent', `agent started on ${api.sn} (${o.platform})`);
    const commands = createCommandRunner({
      api,
      platform: o.platform,
      journal,
      installed: (name) => packages.has(name),
      firmware: () => sw.firmware,
    });
    let pulling: Promise<void> | null = null;
    let again = false;
    let recheck: NodeJS.Timeout | undefined;

    const fail = (err: unknown) => {
      stats.errors++;
      stats.lastError = err instanceof Error ? err.message : String(err);
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
      let r: Awaited<ReturnType<typeof downloadSystemFile>>;
      try {
        r = await downloadSystemFile({
          server: api.server,
          sn: api.sn,
          secret,
          sha256: f.sha256,
          url: f.url,
          out,
          attempts: 3,
          backoffMs: 500,
        });
      } catch (err) {
        // Cut off or turned away for a while: what arrived is kept, and the task is tried again later.
        if (err instanceof DownloadInterrupted) throw new DownloadPutOff(err.message);
        await rm(out, { force: true });
        throw new TaskFailure(`download failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      // The bytes were checked; a real agent would now install them. Nothing is kept on disk.
      await rm(out, { force: true });
      stats.downloads++;
      stats.downloadBytes += r.bytes;
      return f;
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
          sw.firmware = `FW-${f.name.replace(/\s+/g, '-')}`;
          return 'rebooting';
        }
        case 'wallpaper': {
          const f = await download(item);
          sw.wallpaper = f.sha256;
          return `wallpaper set (${String(p.screen ?? 'both')})`;
        }
        case 'boot_animation': {
          const f = await download(item);
          sw.bootAnimation = f.sha256;
          return 'boot animation installed';
        }
        case 'command': {
          const out = runShell(String(p.command), sw, {
            sn: api.sn,
            platform: o.platform,
            now: clock,
            battery: () => api.battery(),
            charging: () => api.charging(),
          });
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
            message: item.type === 'ota' ? `updated to ${sw.firmware}` : 'rebooted',
          });
          held.delete(item.deliveryId);
          void api.reboot();
          return;
        }
        journal.write('I', 'TaskService', `delivery ${item.deliveryId} succeeded`);
        await final(item, 'success', message);
      } catch (err) {
        if (err instanceof DownloadPutOff) {
          // Not a failure: the server is busy or away. The delivery stays pulled and held, and the
          // download resumes (Range) at the next look, or when the server asks again.
          stats.downloadsPutOff++;
          journal.write('W', 'TaskService', `delivery ${item.deliveryId} download put off: ${err.message}`);
          scheduleRecheck();
          return;
        }
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

    let pullRetry: NodeJS.Timeout | undefined;
    const retryPull = () => {
      if (pullRetry) return;
      pullRetry = setTimeout(
        () => {
          pullRetry = undefined;
          pull();
        },
        (o.recheckMs ?? 5000) * (0.5 + rnd()),
      );
      pullRetry.unref?.();
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
            // The server may be restarting: ask again shortly rather than wait for the next nudge.
            fail(err);
            retryPull();
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
      versions: () => ({ firmwareVersion: sw.firmware }),
    };
  };
