import { copyFile, mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  type PulledTask,
  type RemoteCommand,
  TaskPullAnswerSchema,
  type TaskResult,
  taskOutputRequestId,
} from '@cpm/contracts';
import type { AppStore } from './apps';
import { readPaymentStatus, unmetCondition } from './conditions';
import type { AgentConfig } from './config';
import { DownloadInterrupted, download } from './download';
import type { AgentHttp } from './http';
import type { Results } from './results';
import { CommandRefused, runShell } from './shell';
import type { AgentState } from './state';
import { UpdateRefused } from './update/update-package';

/** A task that cannot be done here, with the reason shown in the console. */
export class TaskFailure extends Error {}

/** Whether `target` lies inside one of `roots` (after resolving `..`). */
export const underRoots = (target: string, roots: string[]) => {
  const t = path.resolve(target);
  return roots.some((r) => {
    const root = path.resolve(r);
    return t === root || t.startsWith(root.endsWith(path.sep) ? root : `${root}${path.sep}`);
  });
};

const MESSAGE_MAX = 2000;
const clip = (s: string) => (s.length > MESSAGE_MAX ? `…${s.slice(-(MESSAGE_MAX - 1))}` : s);

/**
 * The agent's remote tasks: pulls its to-do list, checks each task's conditions (deferring with the
 * reason once per change), runs it and reports the result. Files are downloaded with Range resume
 * and checked; a task whose download was cut off stays held and is tried again at the next pull.
 */
export const createTaskRunner = (o: {
  config: AgentConfig;
  state: AgentState;
  http: AgentHttp;
  results: Results;
  apps: AppStore;
  send: (kind: 'output', body: { requestId: string; text: string }) => Promise<void>;
  vitals: () => Promise<{ battery?: number; charging?: boolean }>;
  reboot: () => Promise<void>;
  log: (line: string) => void;
  /** Device properties for `device_props`. */
  props: () => Promise<[string, string][]>;
  uploadLogs: (item: PulledTask, c: Extract<RemoteCommand, { op: 'upload_logs' }>) => Promise<string>;
  onAppsChanged: () => void;
  screenshot: () => Promise<{ width: number; height: number; bytes: Buffer }>;
  /** Installs a signed update of the agent and switches to it; `restarting` when `restart` must follow. */
  selfUpdate: (zip: Buffer, t: { deliveryId: string; attempt: number }) => Promise<string | 'restarting'>;
  /** Ends the agent so its service manager starts the version `current` now points at. */
  restart: () => void;
}) => {
  const held = new Map<string, PulledTask>();
  const running = new Set<string>();
  const deferred = new Map<string, string>();
  let pulling: Promise<void> | null = null;
  let again = false;
  let recheck: NodeJS.Timeout | undefined;
  const downloads = o.state.folder('downloads');

  const report = (t: PulledTask, r: Omit<TaskResult, 'deliveryId' | 'attempt'>) =>
    o.results.report({ deliveryId: t.deliveryId, attempt: t.attempt, ts: Date.now(), ...r } as TaskResult);

  /** Streams a command's output on `up/output` in pieces of at most 4 KiB, at most one every 300 ms. */
  const outputStream = (t: PulledTask) => {
    let buffer = '';
    let timer: NodeJS.Timeout | undefined;
    const flush = () => {
      timer = undefined;
      while (buffer) {
        const text = buffer.slice(0, 4096);
        buffer = buffer.slice(4096);
        void o.send('output', { requestId: taskOutputRequestId(t.deliveryId), text }).catch(() => undefined);
      }
    };
    return {
      write(text: string) {
        buffer += text;
        timer ??= setTimeout(flush, 300);
      },
      end() {
        if (timer) clearTimeout(timer);
        flush();
      },
    };
  };

  const fetchFile = async (t: PulledTask) => {
    const f = t.file;
    if (!f) throw new TaskFailure('the task names no file');
    const part = path.join(downloads, `${f.sha256}.part`);
    await download({
      url: `${o.http.base}${f.url}`,
      // Signed links carry their own permission; Basic credentials go to the server's own paths only.
      headers: f.url.startsWith('/') ? o.http.authHeader() : {},
      sha256: f.sha256,
      part,
      log: o.log,
    });
    return { part, file: f };
  };

  const filePush = async (t: PulledTask) => {
    const dir = String(t.params.path ?? '');
    const name = path.basename(t.file?.name ?? '');
    const target = path.resolve(dir, name);
    if (!name || !path.isAbsolute(dir) || !underRoots(target, o.config.fileRoots))
      throw new TaskFailure(
        `${path.join(dir, name)} is outside the folders this terminal accepts files in (${o.config.fileRoots.join(', ')})`,
      );
    const { part, file } = await fetchFile(t);
    await mkdir(dir, { recursive: true });
    // Copied next to its place, then renamed over it: the file is there whole or not at all.
    const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
    await copyFile(part, tmp);
    await rename(tmp, target);
    await rm(part, { force: true });
    return `saved ${target} (${file.size} bytes, sha256 ok)`;
  };

  const appInstall = async (t: PulledTask) => {
    const app = t.file?.app;
    if (!app) throw new TaskFailure('the task names no app package');
    const { part, file } = await fetchFile(t);
    try {
      return await o.apps.install(part, file.name, app);
    } finally {
      await rm(part, { force: true });
      o.onAppsChanged();
    }
  };

  const command = async (t: PulledTask) => {
    const out = outputStream(t);
    try {
      const r = await runShell({
        command: String(t.params.command ?? ''),
        shell: o.config.shell,
        timeoutMs: o.config.commandTimeoutSec * 1000,
        onOutput: out.write,
      });
      out.end();
      if (r.timedOut)
        throw new TaskFailure(clip(`${r.output}\n[stopped after ${o.config.commandTimeoutSec} s]`));
      if (r.code !== 0) throw new TaskFailure(clip(`${r.output}\n[exit ${r.code ?? r.signal}]`));
      return clip(r.output || '[no output]');
    } catch (err) {
      out.end();
      if (err instanceof CommandRefused) throw new TaskFailure(`${err.message} / ${err.zh}`);
      throw err;
    }
  };

  /** Reports `executed`, remembers the reboot, then runs the configured command; success follows the boot. */
  const reboot = async (t: PulledTask) => {
    o.state.write('reboot.json', { deliveryId: t.deliveryId, attempt: t.attempt, at: Date.now() });
    await report(t, { state: 'executed', message: 'rebooting' });
    try {
      await o.reboot();
    } catch (err) {
      o.state.write('reboot.json', null);
      throw new TaskFailure(`reboot command failed: ${(err as Error).message}`);
    }
    return 'rebooting' as const;
  };

  const remoteCommand = async (t: PulledTask) => {
    const c = t.params as RemoteCommand;
    switch (c.op) {
      case 'reboot':
        return reboot(t);
      case 'upload_logs':
        return o.uploadLogs(t, c);
      case 'screenshot': {
        const shot = await o.screenshot().catch((err: Error) => {
          throw new TaskFailure(`screenshot: ${err.message}`);
        });
        const name = `screenshot-${Date.now()}.jpg`;
        await o.http.upload(
          `/device/v1/agent/command/upload?deliveryId=${t.deliveryId}&kind=screenshot`,
          name,
          'image/jpeg',
          shot.bytes,
        );
        return `${name} ${shot.width}x${shot.height}, ${shot.bytes.length} bytes`;
      }
      case 'device_props': {
        const lines = (await o.props()).map(([k, v]) => `[${k}]: [${v}]`);
        await o
          .send('output', { requestId: taskOutputRequestId(t.deliveryId), text: `${lines.join('\n')}\n` })
          .catch(() => undefined);
        return `${lines.length} properties`;
      }
      default:
        throw new TaskFailure(`${c.op} is not supported by the Linux agent`);
    }
  };

  const execute = async (t: PulledTask): Promise<string | 'rebooting'> => {
    switch (t.type) {
      case 'file_push':
        return filePush(t);
      case 'command':
        return command(t);
      case 'reboot':
        return reboot(t);
      case 'remote_command':
        return remoteCommand(t);
      case 'app_install':
        return appInstall(t);
      case 'ota': {
        // On Linux an OTA system file is a signed update of the agent itself.
        const { part } = await fetchFile(t);
        try {
          const r = await o.selfUpdate(await readFile(part), t);
          if (r !== 'restarting') return r;
          await report(t, { state: 'executed', message: 'restarting into the new version' });
          o.restart();
          return 'rebooting';
        } catch (err) {
          if (err instanceof UpdateRefused) throw new TaskFailure(err.message);
          throw err;
        } finally {
          await rm(part, { force: true });
        }
      }
      case 'app_uninstall': {
        const m = await o.apps.uninstall(String(t.params.packageName ?? ''));
        o.onAppsChanged();
        return m;
      }
      default:
        throw new TaskFailure(`${t.type} is not supported by the Linux agent`);
    }
  };

  const runOne = async (t: PulledTask) => {
    if (running.has(t.deliveryId)) return;
    const vitals = await o.vitals().catch(() => ({}));
    const unmet = unmetCondition(t.conditions, {
      payment: readPaymentStatus(o.config.paymentStatusFile),
      ...vitals,
      date: new Date(),
    });
    if (unmet) {
      if (deferred.get(t.deliveryId) !== unmet) {
        deferred.set(t.deliveryId, unmet);
        await report(t, { state: 'deferred', deferReason: unmet });
      }
      recheck ??= setTimeout(() => {
        recheck = undefined;
        void pull();
      }, 60_000);
      return;
    }
    running.add(t.deliveryId);
    o.log(`task ${t.deliveryId} (${t.type}) started`);
    try {
      const message = await execute(t);
      if (message !== 'rebooting') await report(t, { state: 'success', message: clip(message) });
      held.delete(t.deliveryId);
    } catch (err) {
      if (err instanceof DownloadInterrupted) {
        o.log(`task ${t.deliveryId}: ${err.message}; kept for the next pull`);
        return;
      }
      held.delete(t.deliveryId);
      await report(t, { state: 'failure', message: clip((err as Error).message) });
    } finally {
      running.delete(t.deliveryId);
      o.log(`task ${t.deliveryId} (${t.type}) ended`);
    }
  };

  const pullOnce = async () => {
    const answer = TaskPullAnswerSchema.parse(await o.http.call('GET', '/device/v1/agent/tasks'));
    const listed = new Set(answer.tasks.map((t) => t.deliveryId));
    for (const id of held.keys()) if (!listed.has(id) && !running.has(id)) held.delete(id);
    for (const t of answer.tasks) {
      const done = o.results.finalOf(t.deliveryId, t.attempt);
      if (done) {
        await o.results.report(done);
        continue;
      }
      if (Date.now() > t.notAfter) continue;
      held.set(t.deliveryId, t);
    }
    for (const t of [...held.values()]) await runOne(t);
  };

  /** Pulls the to-do list and works through it; a pull asked for meanwhile runs right after. */
  const pull = async (): Promise<void> => {
    if (pulling) {
      again = true;
      return pulling;
    }
    pulling = (async () => {
      do {
        again = false;
        await pullOnce().catch((err) => o.log(`pull: ${(err as Error).message}`));
      } while (again);
    })().finally(() => {
      pulling = null;
    });
    return pulling;
  };

  /** After a boot: the reboot a task asked for is done. */
  const afterBoot = async () => {
    const r = o.state.read<{ deliveryId: string; attempt: number } | null>('reboot.json');
    if (!r) return;
    o.state.write('reboot.json', null);
    await o.results.report({
      deliveryId: r.deliveryId,
      attempt: r.attempt,
      state: 'success',
      message: 'rebooted',
      ts: Date.now(),
    });
  };

  return {
    pull,
    afterBoot,
    busy: () => running.size > 0 || pulling !== null,
    stop() {
      if (recheck) clearTimeout(recheck);
    },
  };
};
