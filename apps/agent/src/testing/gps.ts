import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Why gpsfake cannot run here, or null. */
export const gpsfakeMissing = () =>
  existsSync('/usr/bin/gpsfake')
    ? null
    : 'gpsfake is not installed (gpsd-clients; scripts/install-system-deps.sh)';

const checksum = (s: string) => {
  let c = 0;
  for (const ch of s) c ^= ch.charCodeAt(0);
  return c.toString(16).toUpperCase().padStart(2, '0');
};
const degMin = (v: number, width: number) => {
  const d = Math.floor(Math.abs(v));
  return `${String(d).padStart(width, '0')}${((Math.abs(v) - d) * 60).toFixed(4).padStart(7, '0')}`;
};

/** An NMEA track (GGA and RMC sentences, one second apart) through the given points. */
export const nmeaTrack = (points: { lat: number; lng: number }[]) =>
  points
    .flatMap((p, i) => {
      const t = `0800${String(i % 60).padStart(2, '0')}.00`;
      const lat = `${degMin(p.lat, 2)},${p.lat >= 0 ? 'N' : 'S'}`;
      const lng = `${degMin(p.lng, 3)},${p.lng >= 0 ? 'E' : 'W'}`;
      return [
        `GPGGA,${t},${lat},${lng},1,08,0.9,10.0,M,0.0,M,,`,
        `GPRMC,${t},A,${lat},${lng},0.0,0.0,071226,,,A`,
      ].map((s) => `$${s}*${checksum(s)}`);
    })
    .join('\r\n')
    .concat('\r\n');

/** A free local TCP port. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/** gpsfake replaying a track once, `cycleSec` between fixes, through a gpsd on `port`. */
export const replayTrack = (port: number, points: { lat: number; lng: number }[], cycleSec = 1) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cpm-gps-'));
  const file = path.join(dir, 'track.nmea');
  writeFileSync(file, nmeaTrack(points));
  const child: ChildProcess = spawn(
    'gpsfake',
    ['-q', '-1', '-c', String(cycleSec / 2), '-P', String(port), file],
    {
      stdio: 'ignore',
    },
  );
  return {
    async close() {
      if (child.exitCode === null) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await done;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
