import { spawn } from 'node:child_process';
import { checkShellCommand, shellRefusalText } from '@cpm/contracts';

/** A command the agent will not run, with the reason in both languages. */
export class CommandRefused extends Error {
  constructor(
    readonly zh: string,
    en: string,
  ) {
    super(en);
  }
}

const POWER_HINT = {
  zh: '终端代理不会通过命令行控制电源，请使用重启任务',
  en: 'the agent never controls power through the shell; use a reboot task',
};

/**
 * Runs a shell command as the device protocol allows: refused when the shell rule refuses it (shutdown,
 * reboot, poweroff, halt, init 0/6, or a command that cannot be known before it runs), killed with its
 * whole process group after `timeoutMs`, its output handed to `onOutput` as it comes.
 */
export const runShell = (o: {
  command: string;
  shell: string;
  timeoutMs: number;
  cwd?: string;
  onOutput: (text: string) => void;
}): Promise<{ code: number | null; signal: string | null; timedOut: boolean; output: string }> => {
  const refusal = checkShellCommand(o.command);
  if (refusal) {
    const text = shellRefusalText(refusal, refusal.reason === 'forbidden' ? POWER_HINT : undefined);
    return Promise.reject(new CommandRefused(text.params.zh, text.params.en));
  }
  return new Promise((resolve, reject) => {
    const child = spawn(o.shell, ['-c', o.command], {
      cwd: o.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LANG: process.env.LANG ?? 'C.UTF-8' },
    });
    let output = '';
    let timedOut = false;
    const take = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-64 * 1024);
      o.onOutput(text);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, o.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut, output });
    });
  });
};
