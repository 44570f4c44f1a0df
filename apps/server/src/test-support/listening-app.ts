import type { AddressInfo } from 'node:net';
import { ADMIN_PASSWORD, createFilesTestApp, type createTestApp, loginAs } from './test-app';

/** A test run's SNs: its prefix and a four-digit number. */
export const snSeries = (prefix: string) => (i: number) => `${prefix}${String(i).padStart(4, '0')}`;

/** The SN prefix of a broker mode's run: an external broker outlives runs, so each run there has its own. */
export const runPrefix = (mode: string, local: string, external: string) =>
  mode === 'external broker' ? `${external}${Date.now().toString(36).toUpperCase()}` : local;

/**
 * An app serving on a free local port, where terminals and console tabs connect, with a data folder
 * of its own (see `createFilesTestApp`) and the administrator signed in.
 */
export const openListeningApp = async (name: string, opts: Parameters<typeof createTestApp>[0] = {}) => {
  const t = await createFilesTestApp(name, opts);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
  return { t, port, wsUrl: `ws://127.0.0.1:${port}/mqtt`, admin };
};

/** An open listening app. */
export type ListeningApp = Awaited<ReturnType<typeof openListeningApp>>;
