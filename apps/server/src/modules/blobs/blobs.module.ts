import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import { openBlobStore } from './blob-store';
import { createBlobsRepository } from './blobs.repository';
import { registerBlobsRoutes } from './blobs.routes';
import { createBlobsService } from './blobs.service';

/**
 * The blob store, its service and routes, and the orphan sweep on a plain interval
 * (`BLOB_SWEEP_MINUTES`) until a job scheduler calls `sweepOrphans` instead.
 */
export const createBlobsModule = async (deps: {
  api: EndpointRegistry;
  db: Db;
  config: Pick<Config, 'blobStore' | 'dataDir' | 'blobSweepMs' | 'blobGraceMs' | 'defaultQuotaBytes'>;
  clock: Clock;
  signingKey: Buffer;
  log: FastifyBaseLogger;
}) => {
  const { config } = deps;
  const store = await openBlobStore(config.blobStore);
  const blobs = createBlobsService({
    repo: createBlobsRepository(deps.db),
    store,
    clock: deps.clock,
    tmpDir: path.join(config.dataDir, 'blobs', 'tmp'),
    signingKey: deps.signingKey,
    graceMs: config.blobGraceMs,
    defaultQuotaBytes: config.defaultQuotaBytes,
  });
  registerBlobsRoutes(deps.api, { blobs });

  let running: Promise<unknown> | null = null;
  const sweep = () => {
    if (running) return;
    running = blobs
      .sweepOrphans()
      .then((r) => r.removed && deps.log.info(r, 'blob sweep removed unreferenced files'))
      .catch((err) => deps.log.error({ err }, 'blob sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = config.blobSweepMs > 0 ? setInterval(sweep, config.blobSweepMs) : null;
  timer?.unref();

  return {
    blobs,
    store,
    /** Stops the interval and waits for a sweep in progress. */
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
};
