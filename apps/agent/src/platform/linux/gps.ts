import net from 'node:net';
import type { Location } from '@cpm/contracts';

/** One position report from gpsd (class TPV) with a 2D or 3D fix. */
export const fixOf = (line: string): Location | null => {
  let m: {
    class?: string;
    mode?: number;
    lat?: number;
    lon?: number;
    eph?: number;
    epx?: number;
    epy?: number;
  };
  try {
    m = JSON.parse(line);
  } catch {
    return null;
  }
  if (m.class !== 'TPV' || (m.mode ?? 0) < 2 || typeof m.lat !== 'number' || typeof m.lon !== 'number')
    return null;
  const accuracy = m.eph ?? (m.epx !== undefined && m.epy !== undefined ? Math.max(m.epx, m.epy) : undefined);
  return {
    ts: Date.now(),
    lat: m.lat,
    lng: m.lon,
    ...(accuracy !== undefined ? { accuracy: Math.min(100_000, Math.round(accuracy * 10) / 10) } : {}),
    source: 'gps',
  };
};

/**
 * Watches gpsd (its JSON protocol on TCP) and hands each fix on. When gpsd is not running, or stops,
 * it looks again every `retryMs` (5 s); a terminal without a receiver simply never reports a location.
 */
export const watchGpsd = (o: {
  host: string;
  port: number;
  onFix: (fix: Location) => void;
  retryMs?: number;
}) => {
  let socket: net.Socket | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const connect = () => {
    if (stopped) return;
    let buffer = '';
    const s = net.connect(o.port, o.host);
    socket = s;
    s.setEncoding('utf8');
    s.on('connect', () => s.write('?WATCH={"enable":true,"json":true};\n'));
    s.on('data', (chunk: string) => {
      buffer += chunk;
      let nl = buffer.indexOf('\n');
      while (nl >= 0) {
        const fix = fixOf(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        if (fix) o.onFix(fix);
        nl = buffer.indexOf('\n');
      }
    });
    s.on('error', () => undefined);
    s.on('close', () => {
      socket = null;
      if (!stopped) timer = setTimeout(connect, o.retryMs ?? 5000);
    });
  };
  connect();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      socket?.destroy();
    },
  };
};
