import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseApps, parseCrashRates } from './app-health';
import { downloadSystemFile } from './download';
import { citiesByName, provisionFleet, startFleet, summary } from './fleet';
import { alarmMessage, sendAlarm } from './fleet-alarms';
import { parsePolicyFields, parsePolicyRefusals } from './policy-agent';
import { taskSummary } from './tasks';
import { CITIES, SIM_DEFAULTS } from './terminal';

const HELP = `pos-sim: virtual POS terminals speaking the device protocol

  npm run sim -- --count 1000 --server http://localhost:8080 --provision --user admin --password '...'

  --count N          terminals (default 10)
  --server URL       server HTTP base URL (default http://localhost:8080)
  --mqtt URL         broker URL (default the server's ws://.../mqtt; e.g. mqtt://localhost:1883)
  --transport T      mqtt or http (default mqtt)
  --prefix P         SN prefix (default SIM)
  --key K            enterprise enrollment key (or use --provision)
  --secret S         the terminals were enrolled before and all hold this secret: they connect at
                     once (a fleet reconnecting), no enrollment key needed
  --provision        register missing SNs as factory records and issue a key (needs CAPTCHA=off)
  --user U --password P   account for --provision (default admin / $ADMIN_PASSWORD)
  --cities a,b       ${Object.keys(CITIES).join(', ')} (default shanghai,beijing,shenzhen)
  --model M          model the terminals report, or M1,M2,... taken in turn (default SIM-P2)
  --heartbeat S      heartbeat period in seconds (default ${SIM_DEFAULTS.heartbeatSec})
  --ramp S           seconds over which terminals start (default 10)
  --fault-rate R     chance per heartbeat that the receipt printer jams (default 0.002)
  --reboot-rate R    chance per heartbeat of a reboot (default 0.001)
  --duration S       stop after S seconds (default: run until Ctrl-C)
  --remote-answer A  accept, refuse or ignore remote desktop requests (default accept; a group
                     whose policy accepts automatically is never asked)
  --apps LIST        more installed apps, package:versionCode[:versionName],... (e.g. com.cpm.demo:3:1.2.0)
  --crash-rate LIST  chance per heartbeat that an app version crashes, package@versionCode=R,...
  --anr-rate LIST    the same for ANRs (the app market's gray-release health gate counts both)
  --platform P       android or windows (default android)
  --task-failure-rate R   chance a remote task fails on a terminal (default 0.02)
  --payment-rate R   share of the time a sale is in progress (payment-aware tasks defer; default 0.05)
  --offline-rate R   chance per heartbeat of losing the network (default 0)
  --offline-sec S    how long an offline spell lasts (default 60)
  --data-dir D       where task downloads land while checked (default the system temp folder)
  --policy-refuse L  configuration-policy fields the terminals refuse, field=REASON,... (e.g.
                     bluetooth=PERMISSION_DENIED): answered failed with that reason
  --policy-unsupported L   fields the terminals cannot apply (answered unsupported), field,...
  --policy-drift-rate R    chance per heartbeat that someone at the till flips Bluetooth (drift)
  --alarm-rate R     chance per heartbeat period that a terminal raises or clears one of its alarms
                     (paperOut, coverOpen, tamper, lowBattery), online or not: a terminal away sends
                     what it holds as a snapshot when it reconnects (default 0)

  npm run sim -- alarm raise paperOut --server URL --sn SN --secret S

  alarm raise NAME   raise, clear or send the snapshot of a terminal's alarms over the HTTP fallback
  alarm clear NAME   (NAME: paperOut, coverOpen, tamper, lowBattery; a snapshot takes a list a,b
  alarm snapshot L   or nothing, which clears every alarm the server holds for the terminal)

  npm run sim -- download --server URL --sn SN --secret S --sha256 H --out FILE [--drop-after N]

  download           fetch a system file by sha256 as a terminal does (Basic SN:secret), resuming
                     with Range/If-Range after a broken connection, then verify the sha256
  --sn --secret      the terminal's credentials (from enrollment)
  --sha256 H         the file to fetch
  --out FILE         where to write it (a partial file there is resumed)
  --drop-after N     drop the first connection after N bytes, to show the resume
`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    sn: { type: 'string' },
    secret: { type: 'string' },
    sha256: { type: 'string' },
    out: { type: 'string' },
    'drop-after': { type: 'string' },
    count: { type: 'string', default: '10' },
    server: { type: 'string', default: 'http://localhost:8080' },
    mqtt: { type: 'string' },
    transport: { type: 'string', default: 'mqtt' },
    prefix: { type: 'string', default: 'SIM' },
    key: { type: 'string' },
    provision: { type: 'boolean', default: false },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: process.env.ADMIN_PASSWORD },
    cities: { type: 'string', default: 'shanghai,beijing,shenzhen' },
    model: { type: 'string', default: 'SIM-P2' },
    heartbeat: { type: 'string', default: String(SIM_DEFAULTS.heartbeatSec) },
    ramp: { type: 'string', default: '10' },
    'fault-rate': { type: 'string', default: '0.002' },
    'reboot-rate': { type: 'string', default: '0.001' },
    duration: { type: 'string' },
    'remote-answer': { type: 'string', default: 'accept' },
    apps: { type: 'string' },
    'crash-rate': { type: 'string' },
    'anr-rate': { type: 'string' },
    platform: { type: 'string', default: 'android' },
    'task-failure-rate': { type: 'string', default: '0.02' },
    'payment-rate': { type: 'string', default: '0.05' },
    'offline-rate': { type: 'string', default: '0' },
    'offline-sec': { type: 'string', default: '60' },
    'data-dir': { type: 'string' },
    'policy-refuse': { type: 'string' },
    'policy-unsupported': { type: 'string' },
    'policy-drift-rate': { type: 'string', default: '0' },
    'alarm-rate': { type: 'string', default: '0' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

if (positionals[0] === 'alarm') {
  const { sn, secret } = values;
  if (!sn || !secret) {
    process.stderr.write('alarm needs --sn and --secret\n');
    process.exit(2);
  }
  const message = alarmMessage(positionals[1], positionals[2], new Date());
  await sendAlarm({ server: values.server.replace(/\/$/, ''), sn, secret, message });
  console.log(`${sn}: ${message.type} sent`);
  process.exit(0);
}

if (positionals[0] === 'download') {
  const { sn, secret, sha256, out } = values;
  if (!sn || !secret || !sha256 || !out) {
    process.stderr.write('download needs --sn, --secret, --sha256 and --out\n');
    process.exit(2);
  }
  const report = await downloadSystemFile({
    server: values.server.replace(/\/$/, ''),
    sn,
    secret,
    sha256,
    out,
    dropAfterBytes: values['drop-after'] ? Number(values['drop-after']) : undefined,
  });
  console.log(
    `downloaded ${report.bytes} bytes in ${report.attempts} attempt(s), ${report.resumedBytes} resumed, sha256 ok`,
  );
  process.exit(0);
}

const count = Number(values.count);
const models = values.model
  .split(',')
  .map((m) => m.trim())
  .filter(Boolean);
const server = values.server.replace(/\/$/, '');
let key = values.key;
if (values.provision) {
  if (!values.password) throw new Error('--provision needs --password (or ADMIN_PASSWORD)');
  const p = await provisionFleet({
    server,
    username: values.user,
    password: values.password,
    count,
    prefix: values.prefix,
    model: models,
  });
  key = p.enrollmentKey;
  console.log(`provisioned: ${p.registered} new factory records, enrollment key issued`);
}
if (!key && !values.secret) {
  process.stderr.write('an enrollment key is needed: --key or --provision\n');
  process.exit(2);
}

const startedAt = Date.now();
const fleet = startFleet({
  count,
  server,
  mqttUrl: values.mqtt,
  transport: values.transport === 'http' ? 'http' : 'mqtt',
  prefix: values.prefix,
  enrollmentKey: key ?? '',
  secret: values.secret,
  cities: citiesByName(values.cities.split(',')),
  model: models,
  heartbeatSec: Number(values.heartbeat),
  rampSec: Number(values.ramp),
  faultRate: Number(values['fault-rate']),
  rebootRate: Number(values['reboot-rate']),
  remoteAnswer: ['accept', 'refuse', 'ignore'].includes(values['remote-answer'])
    ? (values['remote-answer'] as 'accept' | 'refuse' | 'ignore')
    : 'accept',
  apps: parseApps(values.apps),
  crashRates: parseCrashRates(values['anr-rate'], 'anr', parseCrashRates(values['crash-rate'], 'crash')),
  platform: values.platform === 'windows' ? 'windows' : 'android',
  tasks: {
    failureRate: Number(values['task-failure-rate']),
    paymentRate: Number(values['payment-rate']),
    offlineRate: Number(values['offline-rate']),
    offlineSec: Number(values['offline-sec']),
    dataDir: values['data-dir'] ?? path.join(tmpdir(), 'pos-sim'),
  },
  policy: {
    refuse: parsePolicyRefusals(values['policy-refuse']),
    unsupported: parsePolicyFields(values['policy-unsupported']),
    driftRate: Number(values['policy-drift-rate']),
  },
  alarmRate: Number(values['alarm-rate']),
});
const report = () => `${summary(fleet.stats, count, startedAt)}\n  ${taskSummary(fleet.taskStats)}`;
const ticker = setInterval(() => console.log(report()), 2000);

const shutdown = async () => {
  clearInterval(ticker);
  console.log('stopping...');
  await fleet.stop(true);
  console.log(report());
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
if (values.duration) setTimeout(() => void shutdown(), Number(values.duration) * 1000);
