import type { createAgentService } from './modules/agent/agent.service';
import type { FleetChange } from './modules/devices/fleet-events';
import type { OperationEntry } from './modules/oplog/oplog.repository';
import type { DomainEvent } from './shared/domain-events';

type AgentDeps = Parameters<typeof createAgentService>[0];
type ArgsOf<F> = F extends (...args: infer A) => unknown ? A : never;

/**
 * The app's event bus, by event name: what terminals report (the gateway emits it) and what modules
 * change (fleet, operation log, domain events), heard by modules built later. No handler may reject.
 */
export type AppEvents = {
  /** A peripheral fault or hardware exception (peripheral health). */
  'terminal.fault': ArgsOf<AgentDeps['onFault']>;
  /** An alarm raised or cleared, or the snapshot of a terminal's alarms (alerts). */
  'terminal.alarm': ArgsOf<AgentDeps['onAlarm']>;
  /** Accepted location fixes, a batch at a time (geofences). */
  'terminal.locations': ArgsOf<AgentDeps['onLocations']>;
  /** An app crash, ANR, install or removal (the app market's health gate and records). */
  'terminal.appEvent': ArgsOf<AgentDeps['appHealth']>;
  /** What a terminal prints while it runs a task (remote commands). */
  'terminal.taskOutput': ArgsOf<AgentDeps['taskOutput']>;
  /** Terminals created, enrolled, online or offline, moved or deleted (as the live console hears them). */
  'fleet.changed': [FleetChange[]];
  /** An operation was written to the operation log. */
  'operation.recorded': [OperationEntry];
  /** A module's own domain event (task results, health gate, order states). */
  'domain.event': [DomainEvent];
};
