import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A CUPS queue: its name, state, the device it prints to and why it stopped. */
export type PrinterQueue = {
  name: string;
  state: 'idle' | 'printing' | 'stopped';
  deviceUri: string | null;
  reason: string | null;
};

/**
 * Reads `lpstat -p -v` (in the C locale) into queues. A queue "disabled" is stopped, whatever the
 * reason; the line after it (tab-indented) says why when CUPS knows.
 */
export const parseLpstat = (text: string): PrinterQueue[] => {
  const queues = new Map<string, PrinterQueue>();
  let last: PrinterQueue | null = null;
  for (const line of text.split('\n')) {
    const p = /^printer (\S+) (?:is )?(idle|now printing|disabled)/.exec(line);
    if (p) {
      last = {
        name: p[1],
        state: p[2] === 'disabled' ? 'stopped' : p[2] === 'idle' ? 'idle' : 'printing',
        deviceUri: null,
        reason: null,
      };
      queues.set(p[1], last);
      continue;
    }
    const reason = /^\s+(.+)$/.exec(line);
    if (reason && last && !last.reason && last.state === 'stopped') {
      last.reason = reason[1].trim();
      continue;
    }
    const d = /^device for (\S+): (.+)$/.exec(line);
    if (d) {
      const q = queues.get(d[1]);
      if (q) q.deviceUri = d[2].trim();
    }
  }
  return [...queues.values()];
};

/** The printer queues CUPS holds now; none when CUPS is not installed or not running. */
export const printerQueues = async (): Promise<PrinterQueue[]> => {
  try {
    const { stdout } = await run('lpstat', ['-p', '-v'], {
      env: { ...process.env, LANG: 'C', LC_ALL: 'C' },
      timeout: 10_000,
    });
    return parseLpstat(stdout);
  } catch (err) {
    // lpstat exits 1 with "No destinations added" on a system without queues; its output still counts.
    const out = (err as { stdout?: string }).stdout;
    return out ? parseLpstat(out) : [];
  }
};
