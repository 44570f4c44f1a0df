import { remoteTaskEndpoints, taskAgentEndpoints, whitelistEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { timezoneOf } from '../../shared/request-locale';
import { xlsxExport } from '../../shared/xlsx';
import { receiveFile } from '../blobs/blob-http';
import type { BlobsService } from '../blobs/blobs.service';
import type { TaskAgentService } from './task-agent.service';
import { TASK_EXPORT_COLUMNS, TASK_RESULT_EXPORT_COLUMNS } from './task-export-columns';
import type { TaskExports } from './task-exports';
import type { TasksService } from './tasks.service';
import type { WhitelistService } from './whitelist.service';

/** Remote tasks for the console, whitelists, and the terminals' pull and report. */
export const registerTasksRoutes = (
  api: EndpointRegistry,
  deps: {
    tasks: TasksService;
    whitelists: WhitelistService;
    agent: TaskAgentService;
    exports: TaskExports;
    blobs: BlobsService;
  },
) => {
  const { tasks, whitelists, agent } = deps;
  const e = remoteTaskEndpoints;
  api.register(e.types, () => tasks.types());
  api.register(e.packages, ({ auth, query }) => tasks.packages(auth, query));
  api.register(e.preview, ({ auth, body }) => tasks.preview(auth, body));
  api.register(e.create, ({ auth, oplog, body, request }) =>
    tasks.create(auth, oplog, body, timezoneOf(request.headers)),
  );
  api.register(e.copy, ({ auth, query }) => tasks.copy(auth, query.id));
  api.register(e.page, ({ auth, query }) => tasks.page(auth, query));
  api.register(
    e.export,
    xlsxExport({ fileName: 'tasks.xlsx', sheet: 'tasks', columns: TASK_EXPORT_COLUMNS }, ({ auth, query }) =>
      deps.exports.tasks(auth, query),
    ),
  );
  api.register(e.detail, ({ auth, query }) => tasks.detail(auth, query.id));
  api.register(e.results, ({ auth, query }) => tasks.results(auth, query));
  api.register(
    e.resultsExport,
    xlsxExport(
      { fileName: 'task-results.xlsx', sheet: 'results', columns: TASK_RESULT_EXPORT_COLUMNS },
      ({ auth, query }) => deps.exports.results(auth, query),
    ),
  );
  api.register(e.stop, ({ auth, oplog, body }) => tasks.stop(auth, oplog, body.id));
  api.register(e.restart, ({ auth, oplog, body }) => tasks.restart(auth, oplog, body.id));
  api.register(e.resume, ({ auth, oplog, body }) => tasks.resume(auth, oplog, body.id));
  api.register(e.retryFailed, ({ auth, oplog, body }) =>
    tasks.retryFailed(auth, oplog, body.id, body.deliveryIds),
  );
  api.register(e.remove, async ({ auth, oplog, body }) => {
    await tasks.remove(auth, oplog, body.id);
    return null;
  });
  api.register(e.approve, ({ auth, oplog, body }) => tasks.approve(auth, oplog, body.id, body.password));
  api.register(e.reject, ({ auth, oplog, body }) => tasks.reject(auth, oplog, body.id, body.reason));
  api.register(e.byTerminal, ({ auth, query }) => tasks.byTerminal(auth, query));
  api.register(e.parseSns, async ({ request }) =>
    deps.exports.parseSns((await deps.blobs.readUpload(await receiveFile(request, 'excelImport'))).bytes),
  );

  const w = whitelistEndpoints;
  api.register(w.page, ({ auth, query }) => whitelists.page(auth, query));
  api.register(w.options, ({ auth }) => whitelists.options(auth));
  api.register(w.entries, ({ auth, query }) => whitelists.entries(auth, query));
  api.register(w.save, ({ auth, oplog, body }) => whitelists.save(auth, oplog, body));
  api.register(w.removeSns, ({ auth, oplog, body }) => whitelists.removeSns(auth, oplog, body.id, body.sns));
  api.register(w.remove, async ({ auth, oplog, body }) => {
    await whitelists.remove(auth, oplog, body.id);
    return null;
  });

  api.register(taskAgentEndpoints.pull, ({ device }) => agent.pull(device));
  api.register(taskAgentEndpoints.report, ({ device, body }) => agent.report(device, body));
};
