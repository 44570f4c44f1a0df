import type { FastifyInstance } from 'fastify';
import type { Broker } from './gateway/broker';
import { closeInOrder } from './shutdown';

type Stoppable = { stop(): Promise<unknown> };

/** The parts of a built server that hold work or connections, as its stop reaches them. */
export type RunningParts = {
  agent: Stoppable & { flush(): Promise<unknown> };
  policies: Stoppable;
  tasks: Stoppable;
  jobs: Stoppable;
  audit: Stoppable;
  remote: { close(): Promise<unknown> };
  gateway: Stoppable | null;
  sessionConnections: Stoppable;
  blobs: Stoppable;
  activity: { writeAll(): Promise<unknown> };
  events: { flush(): Promise<unknown> };
  notices: { noticesIdle(): Promise<unknown> };
  broker: Broker | null;
  /** Null when the caller handed the database in: closing it is then the caller's business. */
  database: { close(): Promise<unknown> } | null;
};

/**
 * Stops the server's parts when it closes: terminal work first, so nothing a terminal sends reaches
 * the database after it closes; the broker and the database last.
 */
export const stopInOrder = (
  app: FastifyInstance,
  parts: RunningParts,
  bounds?: { budgetMs: number; finalMs: number },
) => {
  const { broker, database } = parts;
  // Before the HTTP server stops: open console connections would hold its close for the whole grace.
  app.addHook('preClose', async () => {
    broker?.endWebSockets();
  });
  closeInOrder(
    app,
    [
      ['agent', () => parts.agent.stop()],
      ['policies', () => parts.policies.stop()],
      ['tasks', () => parts.tasks.stop()],
      ['jobs', () => parts.jobs.stop()],
      ['audit stream', () => parts.audit.stop()],
      ['remote', () => parts.remote.close()],
      ['gateway', () => parts.gateway?.stop()],
      ['session connections', () => parts.sessionConnections.stop()],
      ['blobs', () => parts.blobs.stop()],
      ['heartbeats', () => parts.agent.flush()],
      // The rollups gathered since their last write: a graceful stop loses none. A failure is logged and
      // the stop goes on, so the database still closes.
      [
        'activity',
        () =>
          parts.activity
            .writeAll()
            .catch((err: unknown) => app.log.error({ err }, 'activity rollups not written at shutdown')),
      ],
      ['events', () => parts.events.flush()],
      ['notices', () => parts.notices.noticesIdle()],
      ['broker', () => broker?.close(), 'final'],
      ['database', () => database?.close(), 'final'],
    ],
    bounds,
  );
};
