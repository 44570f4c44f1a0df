import { spawn } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { isSea } from 'node:sea';
import type { AgentState } from '../state';
import { UpdateRefused, verifyUpdate } from './update-package';

/**
 * An update on trial: the new version has `confirmSec` to reach the server; until it does, the
 * watcher started by the version before it may switch back. `rolledBack` tells the old version why.
 */
export type UpdateTrial = {
  deliveryId: string;
  attempt: number;
  from: string;
  to: string;
  deadline: number;
  state: 'trial' | 'confirmed' | 'rolledBack';
};

const TRIAL = 'update.json';
const PID = 'agent.pid';

/** The version folder `current` points at, or null when the agent does not run from `installDir`. */
export const currentVersion = (installDir: string) => {
  try {
    return path.basename(readlinkSync(path.join(installDir, 'current')));
  } catch {
    return null;
  }
};

/** Points `current` at `versions/<version>` in one rename: a restart finds the old version or the new one. */
const switchTo = (installDir: string, version: string) => {
  const tmp = path.join(installDir, `.current.${process.pid}`);
  rmSync(tmp, { force: true });
  symlinkSync(path.join('versions', version), tmp);
  renameSync(tmp, path.join(installDir, 'current'));
};

/**
 * The agent updating itself from signed packages: `versions/<version>/` under `installDir`, with
 * `current` switched atomically to the new one and the agent restarted (its service manager starts
 * `current/bin/cpm-agent` again). The version that installed it starts a watcher, outside the agent,
 * that switches back and stops the new version when it has not reached the server in `confirmSec`.
 */
export const createSelfUpdate = (o: {
  installDir: string;
  publicKeyFile: string | undefined;
  confirmSec: number;
  version: string;
  state: AgentState;
  log: (line: string) => void;
  /** Starts `cpm-agent update-watch` detached from the agent (so a stop of the agent leaves it running). */
  startWatcher: () => void;
}) => {
  /** Verifies and installs a package and switches `current` to it; a refusal is thrown before anything changed. */
  const install = async (zip: Buffer, t: { deliveryId: string; attempt: number }) => {
    if (!o.publicKeyFile || !existsSync(o.publicKeyFile))
      throw new UpdateRefused('this agent was installed without an update key (updatePublicKey)');
    const running = currentVersion(o.installDir);
    if (!running) throw new UpdateRefused(`the agent does not run from ${o.installDir}/current`);
    const pkg = verifyUpdate(zip, createPublicKey(readFileSync(o.publicKeyFile)));
    if (pkg.version === running) return `version ${pkg.version} is already running`;
    const dir = path.join(o.installDir, 'versions', pkg.version);
    const tmp = path.join(o.installDir, 'versions', `.${pkg.version}.${process.pid}`);
    rmSync(tmp, { recursive: true, force: true });
    for (const f of pkg.files) {
      const target = path.join(tmp, f.path);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, f.data);
      chmodSync(target, f.executable ? 0o755 : 0o644);
    }
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
    const trial: UpdateTrial = {
      ...t,
      from: running,
      to: pkg.version,
      deadline: Date.now() + o.confirmSec * 1000,
      state: 'trial',
    };
    o.state.write(TRIAL, trial);
    o.startWatcher();
    switchTo(o.installDir, pkg.version);
    o.log(
      `updating from ${running} to ${pkg.version}: restarting (rolled back unless it reaches the server in ${o.confirmSec} s)`,
    );
    return 'restarting' as const;
  };

  /**
   * After connecting: a trial of this version is confirmed (success), a rolled-back one is reported
   * (failure). Answers the result to send, or null.
   */
  const afterConnect = () => {
    const t = o.state.read<UpdateTrial>(TRIAL);
    if (!t) return null;
    if (t.state === 'trial' && t.to === o.version) {
      o.state.write(TRIAL, { ...t, state: 'confirmed' });
      // The version before stays in versions/ for a manual rollback; older ones are removed.
      rmOlder(t.from, t.to);
      return {
        deliveryId: t.deliveryId,
        attempt: t.attempt,
        state: 'success' as const,
        message: `updated the agent from ${t.from} to ${t.to}`,
      };
    }
    if (t.state === 'rolledBack') {
      o.state.write(TRIAL, null);
      if (t.to !== o.version)
        rmSync(path.join(o.installDir, 'versions', t.to), { recursive: true, force: true });
      return {
        deliveryId: t.deliveryId,
        attempt: t.attempt,
        state: 'failure' as const,
        message: `version ${t.to} did not reach the server within ${o.confirmSec} s: rolled back to ${t.from}`,
      };
    }
    return null;
  };

  const rmOlder = (keep1: string, keep2: string) => {
    const versions = path.join(o.installDir, 'versions');
    for (const v of existsSync(versions) ? readdirSync(versions) : [])
      if (v !== keep1 && v !== keep2) rmSync(path.join(versions, v), { recursive: true, force: true });
  };

  return {
    install,
    afterConnect,
    /** Writes this process's id, for a watcher that may have to stop it. */
    markRunning: () => writeFileSync(o.state.file(PID), String(process.pid), { mode: 0o600 }),
  };
};

/**
 * The watcher (`cpm-agent update-watch`): waits for the trial's deadline; when the new version has
 * not confirmed by then, points `current` back at the old one, records why, and stops the new
 * version's process so the service manager starts the old one.
 */
export const watchUpdate = async (o: { installDir: string; state: AgentState; log: (l: string) => void }) => {
  const first = o.state.read<UpdateTrial>(TRIAL);
  if (first?.state !== 'trial') return;
  while (Date.now() < first.deadline) {
    await new Promise((r) => setTimeout(r, 500));
    const now = o.state.read<UpdateTrial>(TRIAL);
    if (now?.state !== 'trial' || now.deliveryId !== first.deliveryId) return;
  }
  const t = o.state.read<UpdateTrial>(TRIAL);
  if (t?.state !== 'trial' || t.deliveryId !== first.deliveryId) return;
  switchTo(o.installDir, t.from);
  o.state.write(TRIAL, { ...t, state: 'rolledBack' });
  o.log(`version ${t.to} did not reach the server in time: rolled back to ${t.from}`);
  const pid = Number(existsSync(o.state.file(PID)) ? readFileSync(o.state.file(PID), 'utf8') : 0);
  if (pid > 0 && pid !== process.pid)
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone (a version that cannot start at all): the service manager starts `current` anyway.
    }
};

/**
 * Starts the watcher outside the agent: under systemd in a unit of its own (a restart of the agent's
 * unit stops everything in it), otherwise as a detached process.
 */
export const spawnWatcher = (configFile: string) => {
  // A single executable is the agent by itself; from source it is Node with its loader and main file.
  const self = [
    ...(isSea() ? [] : [...process.execArgv, process.argv[1]]),
    'update-watch',
    '--config',
    configFile,
  ];
  const underSystemd = Boolean(process.env.INVOCATION_ID) && existsSync('/usr/bin/systemd-run');
  const child = underSystemd
    ? spawn('systemd-run', ['--quiet', '--collect', '--', process.execPath, ...self], {
        stdio: 'ignore',
        detached: true,
      })
    : spawn(process.execPath, self, { stdio: 'ignore', detached: true });
  child.once('error', () => undefined);
  child.unref();
};
