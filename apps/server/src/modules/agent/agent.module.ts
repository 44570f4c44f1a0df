import type { AppEvents } from '../../app-events';
import type { Db } from '../../db/client';
import type { EventBus } from '../../shared/event-bus';
import type { PaymentLocksService } from '../geo/payment-locks.service';
import { createAgentRepository } from './agent.repository';
import { createAgentService } from './agent.service';

type AgentDeps = Parameters<typeof createAgentService>[0];

/**
 * Wires the device gateway's rules: what terminals report goes out on the app's event bus (faults,
 * fixes, app events, task output) for the modules built later, and the payment-app lock hears each
 * hello and report directly.
 */
export const createAgentModule = (
  deps: Omit<
    AgentDeps,
    'repo' | 'onFault' | 'onLocations' | 'appHealth' | 'taskOutput' | 'onHello' | 'onPaymentLock' | 'onAlarm'
  > & {
    /** Terminal-side work has its own small pool on PostgreSQL, so a fleet reconnecting never waits ahead of the API. */
    db: Db;
    bus: EventBus<AppEvents>;
    paymentLocks: PaymentLocksService;
  },
) => {
  const { db, bus, paymentLocks, ...rest } = deps;
  return createAgentService({
    ...rest,
    repo: createAgentRepository(db),
    onFault: (fault) => bus.emit('terminal.fault', fault),
    onAlarm: (device, message, at) => bus.emit('terminal.alarm', device, message, at),
    onLocations: (fixes) => bus.emit('terminal.locations', fixes),
    appHealth: (sn, ev, at, before) => bus.emit('terminal.appEvent', sn, ev, at, before),
    taskOutput: (device, deliveryId, text, at) =>
      bus.emit('terminal.taskOutput', device, deliveryId, text, at),
    onHello: (device) => paymentLocks.hello(device),
    onPaymentLock: (device, locked, at) => paymentLocks.reported(device.id, locked, at),
  });
};
