import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import type { RemoteInput } from '@cpm/contracts';
import { decodeXwd, type Frame } from './screen';

const run = promisify(execFile);

/** What a remote desktop session needs from the screen it shows: capture, input, the consent dialog. */
export type Desktop = {
  /** One capture; `raw` compares cheaply with the last one before anything is decoded. */
  grab(): Promise<{ raw: Buffer; decode(): Frame }>;
  /** Plays one input from the controller on the screen, `size` being the screen the viewer saw. */
  input(input: RemoteInput, size: { width: number; height: number }): Promise<void>;
  /** Asks the person at the terminal; resolves true (allowed), false (refused) or null (no answer). */
  ask(text: { title: string; question: string; allow: string; refuse: string }, timeoutSec: number): Asking;
  /** A small notice in the screen's top right corner while a session runs; `close` removes it. */
  notice(text: string): { close(): void };
};

export type Asking = { answer: Promise<boolean | null>; cancel(): void };

const env = (display: string) => ({ ...process.env, DISPLAY: display });

/** The screen's hardware keys as X key names: back leaves a dialog, home opens the desktop's launcher. */
const KEYS: Record<string, string> = { back: 'Escape', home: 'super', recents: 'alt+Tab' };

const at = (f: number, size: number) => String(Math.min(size - 1, Math.max(0, Math.round(f * size))));

/** The xdotool arguments (one chained command) that play an input; null when X has nothing to do. */
export const xdotoolArgs = (i: RemoteInput, size: { width: number; height: number }): string[] | null => {
  const x = (f: number) => at(f, size.width);
  const y = (f: number) => at(f, size.height);
  switch (i.kind) {
    case 'tap':
      return ['mousemove', x(i.x), y(i.y), 'click', '1'];
    case 'longPress':
      return ['mousemove', x(i.x), y(i.y), 'mousedown', '1', 'sleep', String(i.ms / 1000), 'mouseup', '1'];
    case 'swipe': {
      // A drag in ten steps over its duration, so the application sees the pointer travel.
      const steps = 10;
      const args = ['mousemove', x(i.x1), y(i.y1), 'mousedown', '1'];
      for (let s = 1; s <= steps; s++) {
        const f = s / steps;
        args.push('sleep', String(i.ms / steps / 1000));
        args.push('mousemove', x(i.x1 + (i.x2 - i.x1) * f), y(i.y1 + (i.y2 - i.y1) * f));
      }
      return [...args, 'mouseup', '1'];
    }
    case 'key':
      return ['key', '--clearmodifiers', KEYS[i.key]];
    case 'text':
      return ['type', '--delay', '0', '--', i.text];
    case 'rotate':
      // A monitor does not turn with the till; the viewer keeps the screen as it is.
      return null;
  }
};

/** Why a remote desktop cannot run on this machine, or null. */
export const desktopMissing = () => {
  for (const tool of ['xwd', 'xdotool'])
    if (!['/usr/bin', '/usr/local/bin', '/bin'].some((d) => existsSync(`${d}/${tool}`)))
      return `${tool} is not installed`;
  if (!['zenity', 'xmessage'].some((t) => existsSync(`/usr/bin/${t}`)))
    return 'neither zenity nor xmessage is installed (no consent dialog)';
  return null;
};

const killQuietly = (c: ChildProcess) => {
  if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
};

/**
 * The consent dialog: zenity (GTK, draws every script the fonts have) when it is installed, else
 * xmessage. Each names its two buttons; exit codes other than the buttons' (a timeout, a kill) are no answer.
 */
const dialog = (display: string, text: Parameters<Desktop['ask']>[0], timeoutSec: number): Asking => {
  const zenity = existsSync('/usr/bin/zenity');
  const child = zenity
    ? spawn(
        'zenity',
        [
          '--question',
          `--title=${text.title}`,
          `--text=${text.question}`,
          `--ok-label=${text.allow}`,
          `--cancel-label=${text.refuse}`,
          `--timeout=${timeoutSec}`,
        ],
        { env: env(display), stdio: 'ignore' },
      )
    : spawn(
        'xmessage',
        [
          '-center',
          '-title',
          text.title,
          '-buttons',
          `${text.allow}:101,${text.refuse}:102`,
          '-default',
          text.allow,
          '-timeout',
          String(timeoutSec),
          text.question,
        ],
        { env: env(display), stdio: 'ignore' },
      );
  const answer = new Promise<boolean | null>((resolve) => {
    child.once('error', () => resolve(null));
    child.once('exit', (code) => {
      if (zenity) resolve(code === 0 ? true : code === 1 ? false : null);
      else resolve(code === 101 ? true : code === 102 ? false : null);
    });
  });
  return { answer, cancel: () => killQuietly(child) };
};

/** The X11 display `display` as a remote desktop: xwd to capture, xdotool (XTEST) to play input. */
export const x11Desktop = (display: string): Desktop => ({
  async grab() {
    const { stdout } = await run('xwd', ['-root', '-silent', '-display', display], {
      encoding: 'buffer',
      maxBuffer: 256 * 1024 * 1024,
      timeout: 10_000,
    });
    return { raw: stdout, decode: () => decodeXwd(stdout) };
  },
  async input(i, size) {
    const args = xdotoolArgs(i, size);
    if (args) await run('xdotool', args, { env: env(display), timeout: 15_000 });
  },
  ask: (text, timeoutSec) => dialog(display, text, timeoutSec),
  notice(text) {
    const child = spawn(
      'xmessage',
      ['-geometry', '-0+0', '-buttons', '', '-bg', '#cf1322', '-fg', 'white', '-title', text, text],
      { env: env(display), stdio: 'ignore' },
    );
    child.once('error', () => undefined);
    return { close: () => killQuietly(child) };
  },
});
