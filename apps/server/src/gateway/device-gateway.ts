import { deviceTopics } from '@cpm/contracts';
import type { Broker } from './broker';

/** What the gateway needs from the device rules. */
export type DeviceMessageHandler = {
  handleMessage(topic: string, payload: Buffer): Promise<unknown>;
  sweep(): Promise<unknown>;
  flush(): Promise<unknown>;
};

/**
 * Routes every terminal message from the broker to the device rules and runs the heartbeat-timeout
 * sweep. A handler failure is logged; the gateway keeps serving everyone else.
 */
export const startDeviceGateway = async (opts: {
  broker: Broker;
  handler: DeviceMessageHandler;
  log: { error(obj: object, msg: string): void };
  sweepMs?: number;
}) => {
  const unsubscribe = await opts.broker.subscribe(deviceTopics.upAll, (topic, payload) => {
    opts.handler
      .handleMessage(topic, payload)
      .catch((err: unknown) => opts.log.error({ err, topic }, 'device message failed'));
  });
  const timer = setInterval(() => {
    opts.handler.sweep().catch((err: unknown) => opts.log.error({ err }, 'offline sweep failed'));
  }, opts.sweepMs ?? 15_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await unsubscribe();
      await opts.handler.flush();
    },
  };
};
