import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { ConsoleEvents } from '../live/console-events.service';
import { createMessagesRepository } from './messages.repository';
import { registerMessageRoutes } from './messages.routes';
import { createMessagesService } from './messages.service';
import { createNoticeFanout } from './notice-fanout';

/** Wires messages: repository, live notices through the broker, service, routes. */
export const createMessagesModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  clock: Clock;
  consoleEvents: ConsoleEvents;
  log: FastifyBaseLogger;
}) => {
  const repo = createMessagesRepository(deps.db);
  const live = deps.consoleEvents;
  const notices = createNoticeFanout({
    // QoS 0: a notice only says "count again"; a lost one is repaired by the next.
    send: live.enabled() ? (userIds, event) => live.publishToUsers(userIds, 'notice', event) : null,
    findRecipients: (audience, after, limit) => repo.findRecipients(audience, after, limit),
    onError: (err) => deps.log.warn({ err }, 'message notices not sent'),
  });
  const messages = createMessagesService({ repo, clock: deps.clock, notices, log: deps.log });
  registerMessageRoutes(deps.api, messages);
  return { noticesIdle: notices.idle, notifyUser: messages.notifyUser };
};
