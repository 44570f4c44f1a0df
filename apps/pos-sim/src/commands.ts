import { lookup } from 'node:dns/promises';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { type PulledTask, type RemoteCommand, taskOutputRequestId } from '@cpm/contracts';
import type { TerminalApi } from './terminal';

/** A line of the terminal's own log, as logcat keeps it. */
type LogLine = { at: number; level: 'I' | 'W' | 'E'; tag: string; text: string };

/** How many lines the terminal keeps (older ones are rotated away, as on a real device). */
const JOURNAL_MAX = 20_000;
/** Pause between ping probes (a real ping waits a second; the simulator keeps runs short). */
const PING_GAP_MS = 200;
const PING_TIMEOUT_MS = 1000;

export class CommandFailure extends Error {}

/** The terminal's log: every component writes here, and `upload_logs` sends a range of it. */
export const createJournal = (now: () => number = Date.now) => {
  const lines: LogLine[] = [];
  return {
    write(level: LogLine['level'], tag: string, text: string) {
      lines.push({ at: now(), level, tag, text });
      if (lines.length > JOURNAL_MAX) lines.splice(0, lines.length - JOURNAL_MAX);
    },
    /** The lines written in `[from, to]`, logcat's `threadtime` format. */
    range(from: number, to: number) {
      const pad = (n: number, w = 2) => String(n).padStart(w, '0');
      return lines
        .filter((l) => l.at >= from && l.at <= to)
        .map((l) => {
          const d = new Date(l.at);
          const stamp = `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
          return `${stamp}  1042  1042 ${l.level} ${l.tag}: ${l.text}`;
        });
    },
    size: () => lines.length,
  };
};
export type Journal = ReturnType<typeof createJournal>;

/** Round trip of one TCP probe: a reply (accepted or refused) or a timeout. */
const probe = (address: string, port: number) =>
  new Promise<number | null>((resolve) => {
    const started = process.hrtime.bigint();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok ? Number(process.hrtime.bigint() - started) / 1e6 : null);
    };
    const socket = connect({ host: address, port });
    socket.setTimeout(PING_TIMEOUT_MS, () => done(false));
    socket.once('connect', () => done(true));
    // A refusal is the host answering: it is there, the port just is not open.
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code === 'ECONNREFUSED'));
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Remote commands on a simulated terminal, done for real where the simulator can: a screenshot of
 * its drawn screen, a log file of its own journal, DNS lookups and timed probes, its clock set from
 * the server's. Output is streamed on `up/output` as it is produced; the answer is the result line.
 */
export const createCommandRunner = (o: {
  api: TerminalApi;
  platform: 'android' | 'windows';
  journal: Journal;
  /** Installed packages (clear and stop need the app to be there). */
  installed: (packageName: string) => boolean;
  firmware: () => string;
}) => {
  const { api, journal } = o;
  let locked = false;
  /** The terminal's clock error, ms (a fresh terminal's clock is a little off until synced). */
  let skewMs = Math.round((Math.random() - 0.5) * 4000);
  /** Apps the command stopped (a real device would restart them on the next launch). */
  const running = new Set(['com.example.cashier', 'com.cpm.agent']);

  const print = async (item: PulledTask, text: string) => {
    try {
      await api.send('output', { requestId: taskOutputRequestId(item.deliveryId), text });
    } catch {
      // Output is a courtesy; the result carries what matters.
    }
  };

  const needApp = (name: string) => {
    if (!o.installed(name)) throw new CommandFailure(`Unknown package: ${name}`);
  };

  const props = (): [string, string][] => [
    ['ro.serialno', api.sn],
    ['ro.product.model', 'SIM-P2'],
    ['ro.product.manufacturer', 'CPM'],
    ['ro.build.version.release', o.platform === 'windows' ? '10.0.19044' : '11'],
    ['ro.build.display.id', o.firmware()],
    ['persist.sys.timezone', Intl.DateTimeFormat().resolvedOptions().timeZone],
    ['sys.battery.level', String(api.battery())],
    ['sys.battery.charging', String(api.charging())],
    ['sys.screen.locked', String(locked)],
    ['sys.uptime.seconds', String(Math.floor(process.uptime()))],
    ['sys.clock.skew_ms', String(skewMs)],
  ];

  const run = async (item: PulledTask): Promise<string | 'rebooting'> => {
    const c = item.params as RemoteCommand;
    journal.write('I', 'CommandService', `run ${c.op} (delivery ${item.deliveryId})`);
    switch (c.op) {
      case 'reboot':
        journal.write('W', 'PowerManager', 'reboot requested by remote command');
        return 'rebooting';
      case 'screenshot': {
        if (!api.screenshot || !api.upload) throw new CommandFailure('screencap: no display');
        const shot = await api.screenshot();
        const name = `screenshot-${api.sn}-${Date.now()}.jpg`;
        await api.upload(
          `/device/v1/agent/command/upload?deliveryId=${item.deliveryId}&kind=screenshot`,
          name,
          'image/jpeg',
          shot.bytes,
        );
        return `${name} ${shot.width}x${shot.height}, ${shot.bytes.length} bytes${shot.secure ? ' (secure screen blacked out)' : ''}`;
      }
      case 'upload_logs': {
        if (!api.upload) throw new CommandFailure('logcat: upload not available');
        const from = Date.parse(c.from);
        const to = Date.parse(c.to);
        const lines = journal.range(from, to);
        const header = [
          `--------- log of ${api.sn} (${o.firmware()})`,
          `--------- from ${new Date(from).toISOString()} to ${new Date(to).toISOString()}: ${lines.length} lines`,
        ];
        const text = `${[...header, ...lines].join('\n')}\n`;
        const gz = gzipSync(Buffer.from(text, 'utf8'));
        const name = `logcat-${api.sn}-${new Date(from).toISOString().slice(0, 16).replace(/[:T]/g, '')}.txt.gz`;
        await print(item, `${header.join('\n')}\n`);
        await api.upload(
          `/device/v1/agent/command/upload?deliveryId=${item.deliveryId}&kind=log`,
          name,
          'application/gzip',
          gz,
        );
        return `${name}: ${lines.length} lines, ${gz.length} bytes`;
      }
      case 'clear_cache':
        needApp(c.packageName);
        journal.write('I', 'PackageManager', `cache of ${c.packageName} cleared`);
        return `Success: cache of ${c.packageName} cleared`;
      case 'clear_data':
        needApp(c.packageName);
        running.delete(c.packageName);
        journal.write('W', 'PackageManager', `data of ${c.packageName} cleared`);
        return `Success: data of ${c.packageName} cleared (app stopped)`;
      case 'stop_app': {
        needApp(c.packageName);
        const was = running.delete(c.packageName);
        journal.write('I', 'ActivityManager', `force-stop ${c.packageName}`);
        return was ? `${c.packageName} stopped` : `${c.packageName} was not running`;
      }
      case 'launch_app': {
        // As `am start` does: a package that is not installed has no activity to start.
        if (!o.installed(c.packageName)) {
          journal.write('E', 'ActivityManager', `no launcher activity for ${c.packageName}`);
          throw new CommandFailure(
            `Error: Activity not started, unable to resolve Intent for ${c.packageName}`,
          );
        }
        running.add(c.packageName);
        journal.write('I', 'ActivityManager', `START u0 ${c.packageName} (remote command)`);
        return `Starting: ${c.packageName}`;
      }
      case 'lock_screen':
        if (locked) return 'screen already locked';
        locked = true;
        journal.write('I', 'KeyguardService', 'locked by remote command');
        return 'screen locked';
      case 'unlock_screen':
        if (!locked) return 'screen already unlocked';
        locked = false;
        journal.write('I', 'KeyguardService', 'unlocked by remote command');
        return 'screen unlocked';
      case 'device_props': {
        const lines = props().map(([k, v]) => `[${k}]: [${v}]`);
        await print(item, `${lines.join('\n')}\n`);
        return `${lines.length} properties`;
      }
      case 'dns': {
        const started = process.hrtime.bigint();
        let addrs: { address: string; family: number }[];
        try {
          addrs = await lookup(c.host, { all: true });
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code ?? 'ERROR';
          await print(item, `** server can't find ${c.host}: ${code}\n`);
          throw new CommandFailure(`${c.host}: ${code}`);
        }
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const out = [`Name:\t${c.host}`, ...addrs.map((a) => `Address: ${a.address} (IPv${a.family})`)];
        await print(item, `${out.join('\n')}\n`);
        return `${c.host}: ${addrs.map((a) => a.address).join(', ')} in ${ms.toFixed(1)} ms`;
      }
      case 'ping': {
        let address: string;
        try {
          address = (await lookup(c.host)).address;
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code ?? 'ERROR';
          await print(item, `ping: ${c.host}: ${code}\n`);
          throw new CommandFailure(`ping: unknown host ${c.host}`);
        }
        await print(item, `PING ${c.host} (${address})\n`);
        const times: number[] = [];
        for (let seq = 1; seq <= c.count; seq++) {
          const ms = await probe(address, 80);
          if (ms === null) await print(item, `Request timeout for seq ${seq}\n`);
          else {
            times.push(ms);
            await print(item, `reply from ${address}: seq=${seq} time=${ms.toFixed(3)} ms\n`);
          }
          if (seq < c.count) await sleep(PING_GAP_MS);
        }
        const loss = Math.round(((c.count - times.length) / c.count) * 100);
        const summary = `${c.count} packets transmitted, ${times.length} received, ${loss}% packet loss`;
        const rtt = times.length
          ? `rtt min/avg/max = ${Math.min(...times).toFixed(3)}/${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(3)}/${Math.max(...times).toFixed(3)} ms`
          : '';
        await print(item, `--- ${c.host} ping statistics ---\n${summary}\n${rtt}\n`);
        if (!times.length) throw new CommandFailure(summary);
        return `${summary}${rtt ? `; ${rtt}` : ''}`;
      }
      case 'sync_time': {
        const t0 = Date.now();
        const answer = (await api.http('POST', '/device/v1/agent/heartbeat', {
          ts: t0,
          battery: api.battery(),
        })) as { serverTime: number };
        const t1 = Date.now();
        // The terminal's clock read Date.now() + skew; the server's time at the midpoint is the truth.
        const offset = answer.serverTime - ((t0 + t1) / 2 + skewMs);
        const before = skewMs;
        skewMs = 0;
        journal.write('I', 'TimeService', `clock adjusted by ${Math.round(offset)} ms`);
        await print(
          item,
          `server time ${new Date(answer.serverTime).toISOString()}\nround trip ${t1 - t0} ms\n`,
        );
        return `clock was ${before >= 0 ? '+' : ''}${before} ms off; adjusted by ${Math.round(offset)} ms (round trip ${t1 - t0} ms)`;
      }
    }
    throw new CommandFailure(`unknown command ${String((c as { op?: unknown }).op)}`);
  };

  return { run, print, locked: () => locked };
};
