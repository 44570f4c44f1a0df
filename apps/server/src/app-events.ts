import type { createAgentService } from './modules/agent/agent.service';
import type { FleetChange } from './modules/devices/fleet-events';
import type { OperationLogEntry } from './plugins/endpoints';
import type { DomainEvent } from './shared/domain-events';

type AgentDeps = Parameters<typeof createAgentService>[0];
type ArgsOf<F> = F extends (...args: infer A) => unknown ? A : never;

/**
 * What terminals report that modules built after the device gateway hear, by event name. The gateway
 * emits them on the app's event bus; none may reject.
 */
export type AppEvents = {
  /** A peripheral fault or hardware exception (peripheral health). */
  'terminal.fault': ArgsOf<AgentDeps['onFault']>;
  /** Accepted location fixes, a batch at a time (geofences). */
  'terminal.locations': ArgsOf<AgentDeps['onLocations']>;
  /** An app crash, ANR, install or removal (the app market's health gate and records). */
  'terminal.appEvent': ArgsOf<AgentDeps['appHealth']>;
  /** What a terminal prints while it runs a task (remote commands). */
  'terminal.taskOutput': ArgsOf<AgentDeps['taskOutput']>;
  /** Terminals created, enrolled, online or offline, moved or deleted (as the live console hears them). */
  'fleet.changed': [FleetChange[]];
  /** An operation a caller made succeeded and was written to the operation log. */
  'operation.recorded': [OperationLogEntry];
  /** A module's own domain event (task results, health gate, order states). */
  'domain.event': [DomainEvent];
};
