import { commandEndpoints } from '@cpm/contracts';
import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import { timezoneOf } from '../../shared/request-locale';
import { receiveFile } from '../blobs/blob-http';
import type { BlobsService } from '../blobs/blobs.service';
import type { ConsoleEvents } from '../live/console-events.service';
import type { TasksService } from '../tasks/tasks.service';
import { createCommandsRepository } from './commands.repository';
import { createCommandsService } from './commands.service';

/** Remote commands: the console's page, its history and templates, and what terminals send back. */
export const createCommandsModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  clock: Clock;
  tasks: TasksService;
  blobs: BlobsService;
  consoleEvents: ConsoleEvents;
}) => {
  const commands = createCommandsService({
    repo: createCommandsRepository(deps.db),
    tasks: deps.tasks,
    blobs: deps.blobs,
    clock: deps.clock,
    publish: (userId, event) => deps.consoleEvents.publishToUser(userId, 'command', event),
  });
  const e = commandEndpoints;
  const { api } = deps;
  api.register(e.run, ({ auth, oplog, body, request }) =>
    commands.run(auth, oplog, body, timezoneOf(request.headers)),
  );
  api.register(e.page, ({ auth, query }) => commands.page(auth, query));
  api.register(e.detail, ({ auth, query }) => commands.detail(auth, query.id));
  api.register(e.templates, ({ auth }) => commands.templates(auth));
  api.register(e.templateAdd, ({ auth, oplog, body }) => commands.addTemplate(auth, oplog, body));
  api.register(e.templateDelete, ({ auth, oplog, query }) => commands.removeTemplate(auth, oplog, query.id));
  api.register(e.terminalFiles, ({ auth, query }) => commands.terminalFiles(auth, query.sn));
  api.register(e.terminalConfig, ({ auth, query }) => commands.terminalConfig(auth, query.sn));
  api.register(e.deviceUpload, async ({ device, query, request }) =>
    commands.upload(device, query, await receiveFile(request, 'capturedFile')),
  );
  return { commands };
};
