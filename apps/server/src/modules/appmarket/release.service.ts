import {
  DEFAULT_HEALTH_THRESHOLDS,
  RELEASE_TRANSITIONS,
  type ReleaseOutcome,
  type ReleaseRequest,
  SUPERSEDE_TRANSITION,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { OperationNote } from '../../shared/operation-note';
import { toVersion } from './app-presenter';
import type { VersionRecord } from './appmarket.repository';
import { type InstallReason, installTaskRecord, type MarketCore } from './market-core';

/**
 * Releasing approved versions: gray to chosen terminals, official to the fleet, pause, rollback;
 * what an install task delivers; and auto-update for terminals that appear after a release.
 */
export const createReleaseService = (core: MarketCore) => {
  const { deps, repo, clock, mustOwnVersion, event, installTargets, requestInstall } = core;

  return {
    /**
     * Gray release (target SNs in the caller's scope, required), official release, pause or
     * rollback; each asks the installer for the terminals it concerns.
     */
    async release(auth: AuthContext, note: OperationNote, body: ReleaseRequest) {
      const { app, version } = await mustOwnVersion(auth, body.id);
      const t = RELEASE_TRANSITIONS[body.action];
      const now = clock.now();
      const base = {
        versionId: version.id,
        versionName: version.versionName,
        fromStatus: version.releaseStatus,
        toStatus: t.to,
      };
      const approved = { reviewStatus: 'approved' as const };
      let row: VersionRecord | null = null;
      let targets: string[] = [];
      let installVersion = version;
      const reason: InstallReason =
        body.action === 'rollback' ? 'rollback' : body.action === 'gray' ? 'gray' : 'official';
      let superseded: VersionRecord[] = [];
      // Which earlier versions were gray or paused, for the records of the gray releases this one ends.
      const grayBefore = new Map(
        body.action === 'official'
          ? (await repo.versionsOf(app.id)).map((v) => [v.id, v.releaseStatus] as const)
          : [],
      );
      if (body.action === 'gray') {
        const found = await deps.fleet.bySns(auth, body.sns, app.packageName);
        const known = new Set(found.map((x) => x.sn));
        const unknown = body.sns.filter((sn) => !known.has(sn));
        if (unknown.length) throw new AppError('appGraySnsUnknown', { result: { sns: unknown } });
        row = await repo.transitionVersion(
          version.id,
          'releaseStatus',
          t.from,
          {
            releaseStatus: t.to,
            graySns: body.sns,
            health: { ...DEFAULT_HEALTH_THRESHOLDS, ...(body.health ?? {}) },
            pauseReason: null,
            releasedAt: now,
            updatedAt: now,
          },
          event(auth, app, 'gray', { ...base, detail: body.sns.join(',') }),
          approved,
        );
        targets = body.sns;
      } else if (body.action === 'official') {
        row = await repo.transitionVersion(
          version.id,
          'releaseStatus',
          t.from,
          { releaseStatus: t.to, pauseReason: null, releasedAt: now, updatedAt: now },
          event(auth, app, 'official', base),
          approved,
        );
        // Auto update off: the release only makes the version the one installs and new terminals get.
        if (row?.autoUpdate) targets = (await installTargets(app, row)).map((x) => x.sn);
        // A newer official version replaces an earlier gray one everywhere: its gray release ends.
        if (row)
          superseded = await repo.supersedeGray(app.id, row.versionCode, { updatedAt: now }, (v) =>
            event(auth, app, 'supersede', {
              versionId: v.id,
              versionName: v.versionName,
              fromStatus: grayBefore.get(v.id) ?? 'gray',
              toStatus: SUPERSEDE_TRANSITION.to,
              detailText: { key: 'officialRelease', params: { version: version.versionName } },
            }),
          );
      } else if (body.action === 'pause') {
        row = await repo.transitionVersion(
          version.id,
          'releaseStatus',
          t.from,
          { releaseStatus: t.to, updatedAt: now },
          event(auth, app, 'pause', base),
        );
      } else {
        const previous = await repo.previousVersion(app.id, version.versionCode, true);
        if (!previous) throw new AppError('appRollbackNone');
        const running = (await deps.fleet.running(app.packageName)).filter(
          (x) => x.versionCode === version.versionCode,
        );
        targets = [...new Set([...running.map((x) => x.sn), ...version.graySns])];
        row = await repo.transitionVersion(
          version.id,
          'releaseStatus',
          t.from,
          { releaseStatus: t.to, updatedAt: now },
          event(auth, app, 'rollback', {
            ...base,
            detailText: {
              key: 'rollback',
              params: { version: previous.versionName, terminals: targets.length },
            },
          }),
        );
        installVersion = previous;
      }
      if (!row) throw new AppError('appReleaseConflict');
      const outcome: ReleaseOutcome = {
        pushed: 0,
        taskId: null,
        notPushed: null,
        superseded: superseded.map((v) => v.versionName),
      };
      if (body.action !== 'pause') {
        const target = body.action === 'rollback' ? installVersion : row;
        const kind = reason === 'rollback' ? 'rollback' : body.action;
        // Only terminals inside the caller's scope can be given a task by the caller.
        const reachable = (await deps.fleet.bySns(auth, targets, app.packageName)).map((x) => x.sn);
        try {
          const task = await requestInstall(auth, app, target, reachable, reason);
          if (task) {
            outcome.pushed = reachable.length;
            outcome.taskId = task.taskId;
            await repo.addEvent(
              event(auth, app, kind, {
                versionId: target.id,
                versionName: target.versionName,
                ...installTaskRecord(task.taskId, reachable.length),
              }),
            );
          } else
            outcome.notPushed =
              body.action === 'official' && !row.autoUpdate ? 'autoUpdateOff' : 'noTerminals';
        } catch (err) {
          outcome.notPushed = 'failed';
          // The release stands; the record says the install could not be asked for, and why.
          await repo.addEvent(
            event(auth, app, kind, {
              versionId: target.id,
              versionName: target.versionName,
              result: 'failure',
              detailText: {
                key: 'installTaskFailed',
                params: { error: err instanceof AppError ? err.key : '' },
              },
            }),
          );
        }
      }
      note.subject({ id: version.id, name: app.name, detail: `${version.versionName} ${t.to}` });
      return { ...toVersion(row), outcome };
    },

    /**
     * What an app install task delivers: the version (the newest official one when none is named;
     * a named one must be approved and in gray or official release) of an app the caller may see,
     * with the facts the terminal checks. `downgrade` when a higher version went out before.
     */
    async installResource(auth: AuthContext, p: { appId: string; versionId?: string }) {
      const a = await repo.findViewable(auth, p.appId);
      if (!a) throw new AppError('appNotFound');
      const versions = await repo.versionsOf(a.id);
      const v = p.versionId
        ? versions.find((x) => x.id === p.versionId)
        : versions.find((x) => x.releaseStatus === 'official');
      if (!v) throw new AppError(p.versionId ? 'appVersionNotFound' : 'appNoOfficialVersion');
      if (v.reviewStatus !== 'approved' || !['gray', 'official'].includes(v.releaseStatus))
        throw new AppError('appReleaseConflict');
      const released = versions.filter((x) => x.releaseStatus !== 'none').map((x) => x.versionCode);
      return {
        resource: {
          kind: 'app' as const,
          id: v.id,
          name: `${a.name} ${v.versionName}`,
          fileName: v.fileName,
          sha256: v.sha256,
          size: v.size,
          blobId: v.blobId,
          app: {
            packageName: a.packageName,
            versionCode: v.versionCode,
            versionName: v.versionName,
            signerSha256: v.signerSha256,
            installArgs: v.installArgs || undefined,
            downgrade: released.some((code) => code > v.versionCode),
          },
        },
        summary: `${a.name} ${v.versionName} (${v.versionCode})`,
      };
    },

    /**
     * Auto-update for terminals that appear after a release: terminals registered later, back from
     * a repair, or reinstalled with an old version get an install task of the newest official
     * version of each launched app that updates by itself, as the account that released it and
     * inside its scope. A terminal is offered a version once; what became of that task is its record.
     */
    async autoUpdateSweep() {
      let tasks = 0;
      let terminals = 0;
      for (const { app, version, releasedBy } of await repo.autoUpdateVersions()) {
        const auth = await deps.actingAs(releasedBy);
        if (!auth) continue;
        const offered = new Set(await repo.offeredSns(version.id));
        const fresh = (await installTargets(app, version)).map((x) => x.sn).filter((sn) => !offered.has(sn));
        if (!fresh.length) continue;
        const reachable = (await deps.fleet.bySns(auth, fresh, app.packageName)).map((x) => x.sn);
        const task = await requestInstall(auth, app, version, reachable, 'autoUpdate');
        if (!task) continue;
        tasks++;
        terminals += reachable.length;
        // The server acted, not the releaser: the installs it causes are recorded as the system's.
        await repo.addEvent(
          event(null, app, 'autoUpdate', {
            versionId: version.id,
            versionName: version.versionName,
            ...installTaskRecord(task.taskId, reachable.length),
          }),
        );
      }
      return { tasks, terminals };
    },
  };
};

export type ReleaseService = ReturnType<typeof createReleaseService>;
