import type { createAgentService } from './modules/agent/agent.service';

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
};
