import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import { createOplogRepository } from '../oplog/oplog.repository';
import type { OplogService } from '../oplog/oplog.service';
import { createAuditShipper, type ShipperTimings } from './audit-shipper';
import { createAuditStreamRepository } from './auditstream.repository';
import { registerAuditStreamRoutes } from './auditstream.routes';
import { createAuditStreamService } from './auditstream.service';
import { createSecurityEvents } from './security-events';
import { connectSyslog } from './syslog-transport';

/**
 * Wires the audit stream: its settings routes, the shipper that sends the operation log to syslog
 * (started here unless told not to, stopped with `stop`), and the security-event recorder other modules report to.
 */
export const createAuditStreamModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  clock: Clock;
  oplog: Pick<OplogService, 'recordAnonymous'>;
  log: { warn: (obj: object, msg: string) => void };
  /** Shipper timings; `run: false` leaves it stopped. */
  options?: Partial<ShipperTimings> & { run?: boolean };
}) => {
  const repo = createAuditStreamRepository(deps.db);
  // Plain reads of the operation log in writing order; writes still go through its service.
  const events = createOplogRepository(deps.db);
  const hostname = os.hostname();
  const shipper = createAuditShipper({
    repo,
    events,
    connect: (target) => connectSyslog(target),
    clock: deps.clock,
    hostname,
    holder: `${hostname}:${process.pid}:${randomUUID().slice(0, 8)}`,
    log: deps.log,
    timings: deps.options,
  });
  registerAuditStreamRoutes(deps.api, {
    stream: createAuditStreamService({
      repo,
      events,
      shipper,
      connect: (target) => connectSyslog(target),
      clock: deps.clock,
      hostname,
    }),
  });
  if (deps.options?.run !== false) shipper.start();
  return { recordSecurityEvent: createSecurityEvents(deps.oplog), stop: () => shipper.stop() };
};
