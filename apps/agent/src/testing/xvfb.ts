import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** Why an Xvfb screen cannot be had here, or null. */
export const xvfbMissing = () => {
  for (const tool of ['/usr/bin/Xvfb', '/usr/bin/xwd'])
    if (!existsSync(tool)) return `${tool} is not installed (scripts/install-system-deps.sh)`;
  return null;
};

/** An X server without a screen (Xvfb) on a free display number, `width`x`height` at 24 bits. */
export const startXvfb = async (width = 320, height = 240) => {
  let n = 90 + Math.floor(Math.random() * 100);
  while (existsSync(`/tmp/.X11-unix/X${n}`) || existsSync(`/tmp/.X${n}-lock`)) n++;
  const display = `:${n}`;
  // -noreset: like a terminal's screen under its session, settings (xset) outlive the client that made them.
  const x: ChildProcess = spawn(
    'Xvfb',
    [display, '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp', '-noreset'],
    {
      stdio: 'ignore',
    },
  );
  const end = Date.now() + 15_000;
  while (!existsSync(`/tmp/.X11-unix/X${n}`)) {
    if (Date.now() > end) throw new Error('Xvfb did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const children: ChildProcess[] = [];
  return {
    display,
    /** Runs an X client (`xlogo`, `xdotool`...) on this screen to the end and answers its output. */
    run: async (tool: string, args: string[]) =>
      (await exec(tool, args, { env: { ...process.env, DISPLAY: display }, timeout: 30_000 })).stdout,
    /** Starts an X client on this screen that runs until the screen closes. */
    open(tool: string, args: string[]) {
      const c = spawn(tool, args, { env: { ...process.env, DISPLAY: display }, stdio: 'ignore' });
      children.push(c);
      return c;
    },
    async close() {
      for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
      const done = new Promise((r) => x.once('exit', r));
      x.kill('SIGTERM');
      await done;
    },
  };
};
