import type { Readable } from 'node:stream';
import {
  APP_LIMITS,
  type AppFilter,
  type AppUpdate,
  type PageQuery,
  SHELF_TRANSITIONS,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError, orNotFound } from '../../shared/app-error';
import type { OperationNote } from '../../shared/operation-note';
import { pageOffset, toPage } from '../../shared/paging';
import type { BlobsService } from '../blobs/blobs.service';
import { briefOf, iso } from './app-presenter';
import type { AppListKind } from './appmarket.repository';
import type { MarketCore } from './market-core';

/** Apps as the market and their publishers see them: lists, details, edits, the shelf, screenshots. */
export const createAppsService = (core: MarketCore) => {
  const { repo, blobs, clock, rowsOf, detailOf, mustOwn, event } = core;

  return {
    /**
     * The market's names of installed packages, for the lists of a terminal's apps: only apps the
     * caller may see (in the market or their own), as `{ packageName: name }`.
     */
    async marketNames(auth: AuthContext, platform: string, packageNames: string[]) {
      const unique = [...new Set(packageNames)].slice(0, 2000);
      return Object.fromEntries(await repo.namesByPackage(auth, platform, unique));
    },

    /** Packages whose market name (of apps the caller may see) contains `keyword`, for the app picker. */
    packagesNamed: (auth: AuthContext, platform: string, keyword: string) =>
      repo.packagesNamed(auth, platform, keyword),

    /** The market (launched and visible apps) or the caller's own apps, paged. */
    async page(kind: AppListKind, auth: AuthContext, q: PageQuery & AppFilter) {
      const list = await repo.listApps(kind, auth, q, pageOffset(q), q.size);
      return toPage(await rowsOf(list), await repo.countApps(kind, auth, q), q);
    },

    /** The approved versions of the market apps whose name contains `appName`, newest first per app. */
    async versionQuery(auth: AuthContext, appName: string) {
      const found = await repo.listApps('market', auth, { keyword: appName }, 0, 50);
      const byId = new Map(found.map((a) => [a.id, a]));
      const versions = await repo.versionsOfApps(found.map((a) => a.id));
      return versions.flatMap((v) => {
        const a = byId.get(v.appId);
        if (!a || v.reviewStatus !== 'approved') return [];
        return [
          {
            appId: a.id,
            appName: a.name,
            packageName: a.packageName,
            platform: a.platform,
            ...briefOf(v),
            releasedAt: iso(v.releasedAt),
          },
        ];
      });
    },

    /** One app the caller publishes or may see in the market. */
    async detail(auth: AuthContext, id: string) {
      const a = await repo.findViewable(auth, id);
      if (!a) throw new AppError('appNotFound');
      return detailOf(auth, a);
    },

    /** Edits an app's own facts. */
    async update(auth: AuthContext, body: AppUpdate) {
      const a = await mustOwn(auth, body.id);
      const updated = await repo.updateApp(a.id, {
        name: body.name,
        type: body.type,
        description: body.description,
        notes: body.notes,
        visibility: body.visibility,
        updatedAt: clock.now(),
      });
      await repo.addEvent(event(auth, orNotFound(updated), 'edit'));
      return detailOf(auth, orNotFound(updated));
    },

    /** Deletes an unlaunched app none of whose versions is out on terminals, with its files. */
    async remove(auth: AuthContext, note: OperationNote, id: string) {
      const a = await mustOwn(auth, id);
      const versions = await repo.versionsOf(a.id);
      if (
        a.shelf === 'launched' ||
        versions.some((v) => ['gray', 'official', 'paused'].includes(v.releaseStatus))
      )
        throw new AppError('appLaunchedDelete');
      const shots = await repo.screenshotsOf(a.id);
      const row = await repo.deleteApp(a.id, { ...event(auth, a, 'delete'), appId: null });
      if (!row) throw new AppError('appLaunchedDelete');
      for (const blobId of [...versions.map((v) => v.blobId), ...shots.map((s) => s.blobId), a.iconBlobId])
        if (blobId) await blobs.removeBlob(blobId);
      note.subject({ id: a.id, name: a.name, detail: a.packageName });
    },

    /** Launches (with an approved version) or unlaunches an app. */
    async shelf(auth: AuthContext, note: OperationNote, id: string, launched: boolean) {
      const a = await mustOwn(auth, id);
      const t = SHELF_TRANSITIONS[launched ? 'launch' : 'unlaunch'];
      const row = await repo.transitionShelf(
        a.id,
        t.from,
        t.to,
        clock.now(),
        event(auth, a, launched ? 'launch' : 'unlaunch', { fromStatus: a.shelf, toStatus: t.to }),
      );
      if (!row) throw new AppError('appShelfConflict');
      note.subject({ id: a.id, name: a.name, detail: t.to });
      return detailOf(auth, row);
    },

    /** Adds a screenshot: JPG or PNG by content, at most 1 MB (spec). */
    async addScreenshot(
      auth: AuthContext,
      appId: string,
      file: { name: string | undefined; stream: Readable },
    ) {
      const a = await mustOwn(auth, appId);
      let blob: Awaited<ReturnType<BlobsService['storeUpload']>>;
      try {
        blob = await blobs.storeUpload(
          {
            kind: 'appScreenshot',
            name: file.name,
            stream: file.stream,
            ownerId: a.ownerId,
            createdBy: auth.userId,
          },
          { typeError: 'appScreenshotInvalid' },
        );
      } catch (err) {
        if (err instanceof AppError && err.key === 'uploadTooLarge')
          throw new AppError('appScreenshotInvalid');
        throw err;
      }
      if (!(await repo.addScreenshot(a.id, blob.id, APP_LIMITS.maxScreenshots))) {
        await blobs.removeBlob(blob.id);
        throw new AppError('appScreenshotLimit');
      }
      return detailOf(auth, a);
    },

    async removeScreenshot(auth: AuthContext, appId: string, blobId: string) {
      const a = await mustOwn(auth, appId);
      if (!(await repo.removeScreenshot(a.id, blobId))) throw new AppError('notFound');
      await blobs.removeBlob(blobId);
      return detailOf(auth, a);
    },
  };
};

export type AppsService = ReturnType<typeof createAppsService>;
