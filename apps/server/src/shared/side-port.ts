import type { FastifyInstance } from 'fastify';

/** A port the configuration names that cannot be bound; the server stops with this message. */
export class PortError extends Error {}

const reasons: Record<string, string> = {
  EADDRINUSE: 'another process already listens there',
  EACCES: 'this user may not bind it (ports below 1024 need privileges)',
  EADDRNOTAVAIL: 'the address is not one of this machine',
};

/** Whether a listen failed for the port itself (taken, forbidden, foreign address). */
export const isBindError = (error: unknown) =>
  Object.hasOwn(reasons, (error as { code?: string } | null)?.code ?? '');

/** Explains why `variable`'s port could not be bound and what to change. */
export const portError = (opts: {
  variable: string;
  serves: string;
  host: string;
  port: number;
  error: unknown;
  hint: string;
}) => {
  const code = (opts.error as { code?: string } | null)?.code ?? '';
  const reason = reasons[code] ?? (opts.error instanceof Error ? opts.error.message : String(opts.error));
  return new PortError(
    `${opts.variable}=${opts.port}: cannot listen on ${opts.host}:${opts.port} for ${opts.serves}: ${reason}${code ? ` (${code})` : ''}. ${opts.hint}`,
  );
};

/**
 * Opens a port of its own for part of the server while the app gets ready, before the main port
 * listens: a port that cannot be bound fails the start instead of leaving a server without that part.
 */
export const serveSidePort = (
  app: FastifyInstance,
  opts: {
    variable: string;
    serves: string;
    host: string;
    port: number;
    hint: string;
    /** Binds the port; resolves to the port bound and, unless its owner closes it, a way to close it. */
    open: () => Promise<{ port: number; close?: () => Promise<void> }>;
  },
) => {
  let opened: { port: number; close?: () => Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    try {
      opened = await opts.open();
    } catch (error) {
      throw portError({ ...opts, error });
    }
    app.log.info({ port: opened.port }, `${opts.serves} listening on its own port`);
  });
  app.addHook('preClose', async () => {
    await opened?.close?.();
  });
};
