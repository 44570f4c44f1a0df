// The baseline: a bare Aedes broker taking the same clients and payloads (any password equal to the
// fleet's secret is accepted, every terminal message is parsed as JSON and counted), nothing stored.
// Prints `STATS {...}` lines every half second.
import { createServer } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { profileOnSignal } from './profile';

const SECRET = process.env.STORM_SECRET ?? '';
profileOnSignal('bare');
const EXTERNAL = process.env.STORM_MQTT_URL;

// With an external broker the baseline is that broker with a subscriber that only parses and counts.
if (EXTERNAL) {
  let heartbeats = 0;
  const client = await mqtt.connectAsync(EXTERNAL, { protocolVersion: 5, clean: true });
  client.on('message', (topic, payload) => {
    JSON.parse(payload.toString());
    if (topic.endsWith('/heartbeat')) heartbeats++;
  });
  await client.subscribeAsync('cpm/dev/+/up/+', { qos: 1 });
  process.stdout.write('READY {}\n');
  setInterval(() => process.stdout.write(`STATS ${JSON.stringify({ persisted: heartbeats })}\n`), 500);
  process.on('SIGTERM', () => process.exit(0));
}
if (!EXTERNAL) {
  const aedes = await Aedes.createBroker({
    authenticate: (_client, _username, password, done) => done(null, password?.toString() === SECRET),
  });
  let heartbeats = 0;
  let messages = 0;
  aedes.subscribe(
    'cpm/dev/+/up/+',
    (packet, done) => {
      messages++;
      JSON.parse(packet.payload.toString());
      if (packet.topic.endsWith('/heartbeat')) heartbeats++;
      done();
    },
    () => undefined,
  );
  const server = createServer((socket) => aedes.handle(socket));
  await new Promise<void>((resolve) =>
    server.listen(Number(process.env.STORM_MQTT_PORT), '127.0.0.1', resolve),
  );
  process.stdout.write('READY {}\n');
  setInterval(() => {
    process.stdout.write(
      `STATS ${JSON.stringify({ online: aedes.connectedClients, persisted: heartbeats, messages })}\n`,
    );
  }, 500);
  process.on('SIGTERM', () => process.exit(0));
}
