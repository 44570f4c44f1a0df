import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { type Broker, createBroker } from './gateway/broker';
import { createBrokerAuth } from './modules/auth/broker-auth';
import { serveLiveMqttPort } from './modules/live/live-mqtt-port';

/**
 * The broker the server runs or joins, with the session and device rules as its authentication, and
 * live messaging for console tabs on the main port (and on LIVE_MQTT_PORT when set, once the main
 * port listens).
 */
export const openBroker = async (
  app: FastifyInstance,
  config: Config,
  rules: Omit<Parameters<typeof createBrokerAuth>[0], 'devices'>,
): Promise<Broker> => {
  const broker = await createBroker({
    mqttUrl: config.mqttUrl,
    mqttPort: config.mqttPort,
    shareGroup: config.mqttShareGroup,
    host: config.host,
    // An external broker admits terminals by its own callbacks (the agent's broker routes).
    auth: createBrokerAuth({ ...rules, devices: !config.mqttUrl }),
    logger: app.log,
  });
  broker.attachWebSocket(app.server);
  if (config.liveMqttPort)
    serveLiveMqttPort(app, {
      port: config.liveMqttPort,
      host: config.host,
      attach: (server) => broker.attachWebSocket(server),
    });
  return broker;
};
