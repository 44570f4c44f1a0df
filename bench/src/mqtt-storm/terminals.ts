// The fleet: STORM_TERMINALS pos-sim terminals (enrolled before, secret STORM_SECRET) ramping in over
// STORM_RAMP_SEC onto STORM_MQTT_URL, then sending heartbeats every STORM_HEARTBEAT_SEC. Prints
// `STATS {...}` every half second and once more on SIGTERM, after its terminals went silent.
import { startFleet } from '../../../apps/pos-sim/src/fleet';
import { CITIES } from '../../../apps/pos-sim/src/terminal';

const fleet = startFleet({
  count: Number(process.env.STORM_TERMINALS),
  server: 'http://127.0.0.1:1',
  mqttUrl: process.env.STORM_MQTT_URL,
  transport: 'mqtt',
  prefix: 'STORM',
  enrollmentKey: '',
  secret: process.env.STORM_SECRET,
  cities: [CITIES.shanghai],
  model: 'SIM-P2',
  heartbeatSec: Number(process.env.STORM_HEARTBEAT_SEC ?? 5),
  rampSec: Number(process.env.STORM_RAMP_SEC ?? 10),
  faultRate: 0,
  rebootRate: 0,
});
const report = () =>
  process.stdout.write(
    `STATS ${JSON.stringify({
      connected: fleet.stats.connected,
      heartbeats: fleet.stats.heartbeats,
      backoffs: fleet.stats.backoffs ?? 0,
      reconnects: fleet.stats.reconnects,
      errors: fleet.stats.errors,
      lastError: fleet.stats.lastError,
    })}\n`,
  );
const ticker = setInterval(report, 500);
// Hushed: connected but silent, so every heartbeat counted here has been sent.
process.on('SIGUSR1', () => {
  clearInterval(ticker);
  for (const t of fleet.terminals) t.hush();
  setTimeout(() => {
    process.stdout.write('HUSHED ');
    report();
  }, 1000);
});
process.on('SIGTERM', () => {
  clearInterval(ticker);
  // Silent first (no more heartbeats), then the last figures, then the connections go.
  void fleet.stop(false).then(() => {
    report();
    process.exit(0);
  });
});
