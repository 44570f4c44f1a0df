import type {
  AppOperation,
  AppOperationFilter,
  AppOperationKind,
  AppRecordText,
  PageQuery,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { pageOffset, toPage } from '../../shared/paging';
import { actorKindOf, type MarketCore, SYSTEM_ACTOR, TERMINAL_ACTOR } from './market-core';

/** What a terminal's install of a version code was, given the one it ran before (null: none or unknown). */
export const installKind = (before: number | null, after: number | null): AppOperationKind => {
  if (before === null || after === null) return 'install';
  if (after > before) return 'upgrade';
  return after === before ? 'reinstall' : 'downgrade';
};

/**
 * The apps' operation records: crashes, installs and removals terminals report (the health gate
 * counts them), and the records page with its export.
 */
export const createAppEventsService = (core: MarketCore) => {
  const { deps, repo, event } = core;

  return {
    /** A crash or ANR a terminal reported, counted per package version, terminal and hour. */
    async recordCrash(
      sn: string,
      ev: { type: 'appCrash' | 'appAnr'; packageName: string; versionCode: number; at: Date },
    ) {
      const hour = new Date(Math.floor(ev.at.getTime() / 3_600_000) * 3_600_000);
      await repo.addCrash({
        packageName: ev.packageName,
        versionCode: ev.versionCode,
        sn,
        hour,
        crashes: ev.type === 'appCrash' ? 1 : 0,
        anrs: ev.type === 'appAnr' ? 1 : 0,
      });
    },

    /**
     * A market app a terminal reports installed or removed (after an install task, or by hand). An
     * install is named by what the terminal ran before (`before`, its version code or null): install,
     * upgrade, reinstall or downgrade. The actor is whoever caused it: the creator of the install task
     * that brought the version, the server for an automatic update, else the terminal itself.
     */
    async recordTerminalApp(
      sn: string,
      ev: {
        installed: boolean;
        packageName: string;
        versionCode: number | null;
        before: number | null;
        at: Date;
      },
    ) {
      const a = await repo.findByPackage('android', ev.packageName);
      if (!a) return;
      const v =
        ev.versionCode === null
          ? null
          : (await repo.versionsOf(a.id)).find((x) => x.versionCode === ev.versionCode);
      const kind = ev.installed ? installKind(ev.before, ev.versionCode) : 'uninstall';
      const task = ev.installed && v ? await deps.installer.taskOf?.(sn, v.id, ev.at) : null;
      const actor = !task
        ? { actorId: null, actorName: TERMINAL_ACTOR }
        : (await repo.isAutoUpdateTask(v?.id ?? '', task.taskId))
          ? { actorId: null, actorName: SYSTEM_ACTOR }
          : { actorId: task.createdBy, actorName: (await deps.accountById(task.createdBy))?.username ?? '' };
      const change: AppRecordText | null =
        ev.installed && ev.before !== null && ev.versionCode !== null
          ? { key: 'versionChange', params: { before: ev.before, after: ev.versionCode } }
          : null;
      await repo.addEvent({
        ...event(null, a, kind, {
          versionId: v?.id ?? null,
          versionName: v?.versionName ?? (ev.versionCode === null ? '' : String(ev.versionCode)),
          sn,
          ...actor,
          detailText: change,
          taskId: task?.taskId ?? null,
        }),
        at: ev.at,
      });
    },

    /**
     * An install, upgrade or uninstall result a terminal reported through a task: one operation
     * record per terminal and version (the health gate counts failures from them).
     */
    async recordInstallResult(r: {
      versionId: string;
      sn: string;
      kind: 'install' | 'upgrade' | 'uninstall';
      ok: boolean;
      detail?: string;
      actorName?: string;
    }) {
      const v = await repo.findVersion(r.versionId);
      const a = v && (await repo.findById(v.appId));
      if (!v || !a) return;
      await repo.addEvent(
        event(null, a, r.kind, {
          versionId: v.id,
          versionName: v.versionName,
          sn: r.sn,
          result: r.ok ? 'success' : 'failure',
          detail: r.detail ?? '',
          actorName: r.actorName ?? SYSTEM_ACTOR,
        }),
      );
    },

    /** Operation records for the export, a page at a time. */
    recordRows: (auth: AuthContext, q: AppOperationFilter, offset: number, limit: number) =>
      repo.events(auth, q, offset, limit),

    /** App operation records in the caller's scope. */
    async records(auth: AuthContext, q: PageQuery & AppOperationFilter) {
      const rows = await repo.events(auth, q, pageOffset(q), q.size);
      return toPage(
        rows.map(
          (r): AppOperation => ({
            id: r.id,
            kind: r.kind as AppOperationKind,
            appId: r.appId,
            appName: r.appName,
            packageName: r.packageName,
            versionName: r.versionName,
            sn: r.sn,
            actorName: r.actorName,
            actorKind: actorKindOf(r),
            detail: r.detail,
            detailText: r.detailText ?? null,
            taskId: r.taskId ?? null,
            result: r.result,
            at: r.at.toISOString(),
          }),
        ),
        await repo.countEvents(auth, q),
        q,
      );
    },
  };
};

export type AppEventsService = ReturnType<typeof createAppEventsService>;
