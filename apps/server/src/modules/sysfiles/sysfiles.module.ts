import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { BlobsService } from '../blobs/blobs.service';
import { createSysFilesRepository } from './sysfiles.repository';
import { registerSysFilesRoutes } from './sysfiles.routes';
import { createSysFilesService, type FileUsage } from './sysfiles.service';

/** Wires system files: the service over the file store, told who still uses a file, and its routes. */
export const createSysFilesModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  blobs: BlobsService;
  usage: FileUsage;
  log: FastifyBaseLogger;
}) => {
  registerSysFilesRoutes(deps.api, {
    files: createSysFilesService({
      repo: createSysFilesRepository(deps.db),
      blobs: deps.blobs,
      usage: deps.usage,
      log: deps.log,
    }),
  });
};
