import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Why a private CUPS with the PDF printer cannot run here, or null when it can. */
export const cupsMissing = () => {
  if (!existsSync('/usr/sbin/cupsd')) return 'cupsd is not installed (scripts/install-system-deps.sh)';
  if (!existsSync('/usr/lib/cups/backend/cups-pdf')) return 'printer-driver-cups-pdf is not installed';
  if (process.getuid?.() !== 0) return 'a private cupsd with the cups-pdf backend needs root';
  return null;
};

/**
 * A CUPS scheduler of its own, on a Unix socket in a temporary folder (the machine's CUPS, if any, is
 * left alone), with one PDF printer. Clients reach it through `CUPS_SERVER=<socket>`.
 */
export const startPrivateCups = async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cpm-cups-'));
  for (const d of ['spool', 'tmp', 'cache', 'state', 'log']) mkdirSync(path.join(dir, d));
  const socket = path.join(dir, 'cups.sock');
  writeFileSync(
    path.join(dir, 'cupsd.conf'),
    `Listen ${socket}\nLogLevel warn\nDefaultAuthType None\nWebInterface No\n<Location />\n  Order allow,deny\n  Allow all\n</Location>\n<Policy default>\n  <Limit All>\n    Order deny,allow\n  </Limit>\n</Policy>\n`,
  );
  writeFileSync(
    path.join(dir, 'cups-files.conf'),
    [
      `ServerRoot ${dir}`,
      `RequestRoot ${dir}/spool`,
      `TempDir ${dir}/tmp`,
      `CacheDir ${dir}/cache`,
      `StateDir ${dir}/state`,
      `ErrorLog ${dir}/log/error_log`,
      `AccessLog ${dir}/log/access_log`,
      `PageLog ${dir}/log/page_log`,
      'ServerBin /usr/lib/cups',
      'DataDir /usr/share/cups',
      'User lp',
      'Group lp',
      'SystemGroup root',
      '',
    ].join('\n'),
  );
  const cupsd: ChildProcess = spawn(
    '/usr/sbin/cupsd',
    ['-f', '-c', path.join(dir, 'cupsd.conf'), '-s', path.join(dir, 'cups-files.conf')],
    { stdio: 'ignore' },
  );
  const env = { ...process.env, CUPS_SERVER: socket, LANG: 'C', LC_ALL: 'C' };
  const end = Date.now() + 15_000;
  while (!existsSync(socket)) {
    if (Date.now() > end) throw new Error('cupsd did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const cmd = (file: string, args: string[]) => execFileSync(file, args, { env, encoding: 'utf8' });
  cmd('lpadmin', ['-p', 'PDF', '-E', '-v', 'cups-pdf:/', '-P', '/usr/share/ppd/cups-pdf/CUPS-PDF_noopt.ppd']);
  return {
    socket,
    cmd,
    async close() {
      const done = new Promise((r) => cupsd.once('exit', r));
      cupsd.kill('SIGTERM');
      await done;
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
