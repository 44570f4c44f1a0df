import { systemTopics, TerminalChangedSchema, terminalFilters } from '@cpm/contracts';
import { parseJsonMessage } from '../shared/json-message';
import type { Broker } from './broker';

/** What the gateway needs from the device rules. */
export type DeviceMessageHandler = {
  /** Answers a promise for work that waits, nothing when the message was handled at once. */
  handleMessage(topic: string, payload: Buffer): Promise<unknown> | undefined;
  /** Drop what this instance cached about terminals another instance changed. */
  forgetLocally(sns: readonly string[]): void;
  sweep(): Promise<unknown>;
  flush(): Promise<unknown>;
};

/** Tells every server instance on the broker (this one included) that terminals changed. */
export const announceTerminalChanges = (broker: Broker, sns: readonly string[]) =>
  broker.publish(systemTopics.terminalChanged, JSON.stringify({ sns }), { qos: 1 });

/**
 * Routes every terminal message from the broker to the device rules, hears other instances' terminal
 * changes, and runs the heartbeat-timeout sweep. A handler failure is logged; the gateway keeps
 * serving everyone else.
 */
export const startDeviceGateway = async (opts: {
  broker: Broker;
  handler: DeviceMessageHandler;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  sweepMs?: number;
}) => {
  // Subscribed first, so no device message is handled before changes can be heard.
  const unsubscribeChanges = await opts.broker.subscribe(systemTopics.terminalChanged, (topic, payload) => {
    const notice = parseJsonMessage(payload, TerminalChangedSchema);
    if (!notice) return opts.log.warn({ topic }, 'malformed terminal change notice ignored');
    opts.handler.forgetLocally(notice.sns);
  });
  const failed = (err: unknown, topic: string) => opts.log.error({ err, topic }, 'device message failed');
  // Shared: with several instances on one broker each terminal message is handled by one of them.
  const unsubscribe = await opts.broker.subscribe(
    terminalFilters.upAll,
    (topic, payload) => {
      let running: Promise<unknown> | undefined;
      try {
        running = opts.handler.handleMessage(topic, payload);
      } catch (err) {
        return failed(err, topic);
      }
      running?.catch((err: unknown) => failed(err, topic));
    },
    { shared: true },
  );
  const timer = setInterval(() => {
    opts.handler.sweep().catch((err: unknown) => opts.log.error({ err }, 'offline sweep failed'));
  }, opts.sweepMs ?? 15_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await unsubscribe();
      await unsubscribeChanges();
      await opts.handler.flush();
    },
  };
};
