import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** Commands and files configuration policies are applied through, in the C locale so output parses. */
export const linuxPolicySystem = {
  run: async (cmd: string, args: string[]) =>
    (
      await exec(cmd, args, {
        env: { ...process.env, LANG: 'C', LC_ALL: 'C' },
        timeout: 30_000,
        maxBuffer: 1024 * 1024,
      })
    ).stdout,
  readText: (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : null),
  writeText: (file: string, text: string) => writeFileSync(file, text),
};

/** The first backlight the kernel offers (`/sys/class/backlight/<name>`), if any. */
export const firstBacklight = () => {
  const root = '/sys/class/backlight';
  const name = existsSync(root) ? readdirSync(root)[0] : undefined;
  return name ? `${root}/${name}` : undefined;
};
