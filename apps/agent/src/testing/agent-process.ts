import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const MAIN = path.join(import.meta.dirname, '..', 'main.ts');

/** Runs `cpm-agent <args>` as the operator would (through tsx), to the end. */
export const agentCommand = (args: string[], env: Record<string, string> = {}) =>
  exec(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    timeout: 120_000,
    env: { ...process.env, ...env },
  });

/**
 * A terminal's agent in a folder of its own: writes its configuration, enrols it with the real
 * server through the CLI, and starts `cpm-agent run` as a child process whose output is kept.
 */
export const startAgentProcess = async (o: {
  server: string;
  sn: string;
  key: string;
  config?: Record<string, unknown>;
  /** Environment of the agent's processes (e.g. `CUPS_SERVER`). */
  env?: Record<string, string>;
  /** The executable run as `<command> run --config FILE` (default the agent's source through tsx). */
  command?: string;
  /** Starts it again a second after it ends, as the systemd unit's `Restart=always` does. */
  supervise?: boolean;
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cpm-agent-'));
  const config = path.join(dir, 'agent.json');
  writeFileSync(
    config,
    JSON.stringify({
      server: o.server,
      stateDir: 'state',
      fileRoots: ['files'],
      appsDir: 'apps',
      gpsd: null,
      heartbeatSec: 1,
      ...o.config,
    }),
  );
  const env = { ...process.env, ...o.env };
  const enrolled = await agentCommand(['enroll', '--config', config, '--sn', o.sn, '--key', o.key], o.env);
  let output = '';
  let child: ChildProcess | null = null;
  let stopping = false;
  const start = () => {
    const c = o.command
      ? spawn(o.command, ['run', '--config', config], { stdio: ['ignore', 'pipe', 'pipe'], env })
      : spawn(process.execPath, ['--import', 'tsx', MAIN, 'run', '--config', config], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env,
        });
    c.once('exit', (code, signal) => {
      output += `[exited ${code ?? signal}]\n`;
      if (o.supervise && !stopping && child === c) setTimeout(() => !stopping && start(), 1000);
    });
    c.stdout?.on('data', (d) => {
      output += d;
    });
    c.stderr?.on('data', (d) => {
      output += d;
    });
    child = c;
  };
  start();
  const stop = async () => {
    stopping = true;
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const done = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await done;
  };
  return {
    dir,
    config,
    enrolled: enrolled.stdout,
    output: () => output,
    pid: () => child?.pid,
    start: () => {
      stopping = false;
      start();
    },
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
