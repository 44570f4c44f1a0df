/**
 * Scripts a crash test starts in Node processes of their own (through tsx), read line by line, and
 * a PGlite data directory such a script opens. `killScripts` ends those still running.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const started: ChildProcess[] = [];

export type Script = {
  proc: ChildProcess;
  /** Every line printed on stdout so far. */
  lines: string[];
  /** The first line matching `pattern`, printed already or to come; rejects when the script exits first. */
  waitFor(pattern: RegExp): Promise<string>;
  exited: Promise<number | null>;
};

/** Starts `script` with these arguments and environment (added to this process's) from the server's root. */
export const startScript = (script: string, args: string[], env: Record<string, string>): Script => {
  const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(proc);
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve(line: string): void }[] = [];
  let buffer = '';
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  proc.stdout?.on('data', (d: Buffer) => {
    buffer += d.toString();
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      lines.push(line);
      for (const w of [...waiters]) {
        if (w.pattern.test(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const name = path.basename(script);
  return {
    proc,
    lines,
    exited,
    waitFor: (pattern) =>
      new Promise<string>((resolve, reject) => {
        const seen = lines.find((l) => pattern.test(l));
        if (seen) return resolve(seen);
        waiters.push({ pattern, resolve });
        exited.then((code) => reject(new Error(`${name} exited (${code}) before ${pattern}: ${stderr}`)));
      }),
  };
};

/** Kills the scripts started that are still running. */
export const killScripts = () => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
};

/**
 * A temporary DATA_DIR holding the run's migrated PGlite database (when the run uses PGlite), so a
 * script need not create one; `remove` deletes it.
 */
export const migratedDataDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const templates = inject('databaseTemplates');
  if (templates.kind === 'pglite') cpSync(templates.migrated, path.join(dir, 'db'), { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};
