import type { AuthContext } from '../../plugins/auth-context';
import { createOperationNote } from '../../shared/operation-note';
import { installTaskName } from '../tasks/task-names';
import type { TaskTypeHandler } from '../tasks/task-type-registry';
import type { TasksService } from '../tasks/tasks.service';
import type { AppMarketService } from './appmarket.service';
import type { AppInstaller } from './market-core';

/** How long an install task waits for terminals that are offline. */
const INSTALL_TASK_DAYS = 7;

/**
 * The remote task type `app_install`: its parameters name a market app (and version) the creator
 * may see; the terminal downloads the APK through a signed link and checks package, version and
 * signer against what the task says before installing.
 */
export const appInstallTaskType = (market: AppMarketService): TaskTypeHandler<'app_install'> => ({
  type: 'app_install',
  resolve: (auth: AuthContext, params) => market.installResource(auth, params),
  file: (r, links) => ({
    name: r.fileName ?? r.name,
    sha256: r.sha256,
    size: r.size,
    url: links.signed(r.blobId),
    app: r.app,
  }),
});

/**
 * The market's installs as remote tasks: one `app_install` task per release decision, created as
 * the user who released, aimed at the SNs the market chose, once, valid for a week.
 */
export const createTaskInstaller = (
  tasks: Pick<TasksService, 'create' | 'installTaskOf'>,
  now: () => Date,
): AppInstaller => ({
  taskOf: (sn, versionId, at) => tasks.installTaskOf(sn, versionId, at),
  async install(req) {
    const { note } = createOperationNote();
    const expireAt = new Date(now().getTime() + INSTALL_TASK_DAYS * 24 * 3600 * 1000).toISOString();
    const { name, nameText } = installTaskName(req.appName, req.versionName, req.reason);
    const task = await tasks.create(
      req.auth,
      note,
      {
        name,
        platform: req.platform,
        type: 'app_install',
        params: { appId: req.appId, versionId: req.versionId },
        targets: { sns: req.sns, groupIds: [], modelIds: [], ownerIds: [] },
        timing: { expireAt, schedule: { kind: 'once' } },
        conditions: { idle: false, settled: false, charging: false },
      },
      'UTC',
      { nameText },
    );
    return { taskId: task.id };
  },
});
