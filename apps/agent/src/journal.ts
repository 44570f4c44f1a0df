import { appendFileSync, readFileSync, renameSync, statSync } from 'node:fs';

const MAX_BYTES = 4 * 1024 * 1024;

/** The agent's own log: timestamped lines in a file (rotated once at 4 MiB), also written to stdout. */
export const createJournal = (file: string, echo = true) => {
  const write = (line: string) => {
    const text = `${new Date().toISOString()} ${line}\n`;
    if (echo) process.stdout.write(text);
    try {
      if ((statSync(file, { throwIfNoEntry: false })?.size ?? 0) > MAX_BYTES) renameSync(file, `${file}.1`);
      appendFileSync(file, text, { mode: 0o600 });
    } catch {
      // A full disk must not stop the agent; stdout (the systemd journal) still has the line.
    }
  };
  /** Lines written between two times (both files, oldest first). */
  const range = (from: number, to: number) =>
    [`${file}.1`, file]
      .flatMap((f) => {
        try {
          return readFileSync(f, 'utf8').split('\n');
        } catch {
          return [];
        }
      })
      .filter((l) => {
        const at = Date.parse(l.slice(0, 24));
        return at >= from && at <= to;
      });
  return { write, range, file };
};
export type Journal = ReturnType<typeof createJournal>;
