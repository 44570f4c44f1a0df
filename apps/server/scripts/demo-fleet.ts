import { startFleet } from '../../pos-sim/src/fleet';
import { CITIES } from '../../pos-sim/src/terminal';

/** The demo's three models; terminal `i` reports `DEMO_MODELS[(i - 1) % 3]`. */
export const DEMO_MODELS = ['P2', 'T2 Lite', 'K1'] as const;

/** SN prefix of the demo's terminals. */
export const DEMO_PREFIX = 'DEMO';

/**
 * The demo's terminals: everything a terminal can be asked (tasks, app installs, commands, remote
 * desktop) is answered, with the occasional fault, reboot, alarm and failed task of a real fleet; `quiet`
 * leaves those out and starts every terminal at once.
 */
export const startDemoFleet = (o: {
  server: string;
  enrollmentKey: string;
  count: number;
  dataDir: string;
  heartbeatSec?: number;
  quiet?: boolean;
}) =>
  startFleet({
    count: o.count,
    server: o.server,
    transport: 'mqtt',
    prefix: DEMO_PREFIX,
    enrollmentKey: o.enrollmentKey,
    cities: Object.values(CITIES).slice(0, 4),
    model: DEMO_MODELS,
    heartbeatSec: o.heartbeatSec ?? 30,
    rampSec: o.quiet ? 0 : 20,
    faultRate: o.quiet ? 0 : 0.003,
    rebootRate: o.quiet ? 0 : 0.002,
    alarmRate: o.quiet ? 0 : 0.002,
    tasks: {
      failureRate: o.quiet ? 0 : 0.02,
      paymentRate: o.quiet ? 0 : 0.05,
      offlineRate: 0,
      offlineSec: 60,
      dataDir: o.dataDir,
    },
  });
