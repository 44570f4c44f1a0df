import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Broker } from '../../gateway/broker';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import { createMessagesRepository } from './messages.repository';
import { registerMessageRoutes } from './messages.routes';
import { createMessagesService } from './messages.service';
import { createNoticeFanout } from './notice-fanout';

/** Wires messages: repository, live notices through the broker, service, routes. */
export const createMessagesModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  clock: Clock;
  broker: Broker | null;
  log: FastifyBaseLogger;
}) => {
  const repo = createMessagesRepository(deps.db);
  const broker = deps.broker;
  const notices = createNoticeFanout({
    // QoS 0: a notice only says "count again"; a lost one is repaired by the next.
    publish: broker ? (topic, payload) => broker.publish(topic, payload, { qos: 0 }) : null,
    findRecipients: (audience, after, limit) => repo.findRecipients(audience, after, limit),
    onError: (err) => deps.log.warn({ err }, 'message notices not sent'),
  });
  const messages = createMessagesService({ repo, clock: deps.clock, notices });
  registerMessageRoutes(deps.api, messages);
  return { noticesIdle: notices.idle, notifyUser: messages.notifyUser };
};
