import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where Debian's rsyslogd is, or null. */
export const rsyslogdPath = () => ['/usr/sbin/rsyslogd', '/sbin/rsyslogd'].find((p) => existsSync(p)) ?? null;

/** Whether the gtls network stream driver (Debian's rsyslog-gnutls) is there. */
export const hasGtls = () =>
  ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib'].some((d) =>
    existsSync(path.join(d, 'rsyslog', 'lmnsd_gtls.so')),
  );

/** A free TCP port on the loopback interface. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Waits until `check` answers true, polling every 50 ms, or fails after `ms`. */
export const until = async (check: () => boolean | Promise<boolean>, ms: number, what: string) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** A self-signed certificate for `localhost` (key and certificate PEM files in `dir`). */
export const makeCertificate = (dir: string) => {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return { key, cert };
};

/**
 * A real rsyslogd (`rsyslogd -n -f <config> -i <pidfile>`) with one imtcp input on `port` writing
 * each message's MSGID, structured data and MSG as a line to `file`. It can stop and start again on
 * the same port and file.
 */
export const startRsyslog = async (opts: { port: number; tls?: { key: string; cert: string } }) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cpm-rsyslog-'));
  const file = path.join(dir, 'out.log');
  const conf = path.join(dir, 'rsyslog.conf');
  const tlsGlobal = opts.tls
    ? `global(DefaultNetstreamDriver="gtls" DefaultNetstreamDriverCAFile="${opts.tls.cert}" DefaultNetstreamDriverCertFile="${opts.tls.cert}" DefaultNetstreamDriverKeyFile="${opts.tls.key}")\n`
    : '';
  const tlsModule = opts.tls
    ? ' StreamDriver.Name="gtls" StreamDriver.Mode="1" StreamDriver.AuthMode="anon"'
    : '';
  await writeFile(
    conf,
    `global(workDirectory="${dir}")\n${tlsGlobal}` +
      `module(load="imtcp"${tlsModule})\n` +
      'template(name="cpmLine" type="string" string="%msgid% %structured-data% %msg%\\n")\n' +
      `ruleset(name="cpm") { action(type="omfile" file="${file}" template="cpmLine") }\n` +
      `input(type="imtcp" port="${opts.port}" ruleset="cpm")\n`,
  );
  let proc: ChildProcess | null = null;
  let output = '';
  const start = async () => {
    const child = spawn(rsyslogdPath() as string, ['-n', '-f', conf, '-i', path.join(dir, 'rsyslogd.pid')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    proc = child;
    await until(
      () =>
        new Promise<boolean>((resolve) => {
          if (child.exitCode !== null) throw new Error(`rsyslogd exited: ${output}`);
          const s = net.connect({ host: '127.0.0.1', port: opts.port }, () => {
            s.destroy();
            resolve(true);
          });
          s.on('error', () => resolve(false));
        }),
      10_000,
      'rsyslogd to listen',
    );
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const child = proc;
    proc = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  await start();
  return {
    file,
    start,
    stop,
    /** The lines written so far. */
    lines: () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []),
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
};

/** The JSON event of one line of the rsyslog file. */
export const eventOfLine = (line: string) =>
  JSON.parse(line.slice(line.indexOf('{'))) as { id: string; seq: number; detail: string | null };
