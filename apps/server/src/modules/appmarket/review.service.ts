import {
  type AppVersion,
  type AuditRow,
  EDITABLE_REVIEW_STATUSES,
  isDangerousPermission,
  type PageQuery,
  REVIEW_TRANSITIONS,
  type ReviewAction,
  type VersionUpdate,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { OperationNote } from '../../shared/operation-note';
import { pageOffset, toPage } from '../../shared/paging';
import { toVersion } from './app-presenter';
import { type MarketCore, releaseFacts } from './market-core';

/**
 * A version's way through review: edited while it may be, submitted, approved or rejected (the
 * publisher is told), deleted while it never went out; and the reviewers' page.
 */
export const createReviewService = (core: MarketCore) => {
  const { repo, blobs, clock, accountName, rowsOf, mustOwnVersion, event, tellPublisher } = core;

  return {
    /**
     * Edits a version: every field while it is not submitted or rejected; only the auto-update flag
     * once it is under review or approved.
     */
    async updateVersion(auth: AuthContext, body: VersionUpdate) {
      const { app, version } = await mustOwnVersion(auth, body.id);
      const now = clock.now();
      const full = {
        ...releaseFacts(body),
        ...(body.installArgs !== undefined ? { installArgs: body.installArgs } : {}),
        updatedAt: now,
      };
      let row = await repo.updateVersion(version.id, EDITABLE_REVIEW_STATUSES, full);
      if (!row) {
        const same =
          version.releaseNotesEn === full.releaseNotesEn &&
          version.releaseNotesZh === full.releaseNotesZh &&
          version.osMin === full.osMin &&
          version.osMax === full.osMax &&
          JSON.stringify(version.models) === JSON.stringify(full.models) &&
          (body.installArgs === undefined || body.installArgs === version.installArgs);
        if (!same) throw new AppError('appVersionLocked');
        row = await repo.updateVersion(version.id, ['pending', 'approved'], {
          autoUpdate: body.autoUpdate,
          updatedAt: now,
        });
        if (!row) throw new AppError('appVersionLocked');
      }
      await repo.addEvent(event(auth, app, 'edit', { versionId: row.id, versionName: row.versionName }));
      return toVersion(row);
    },

    /** Submits (or resubmits after a rejection) a version for review. */
    async submit(auth: AuthContext, id: string) {
      const { app, version } = await mustOwnVersion(auth, id);
      const t = REVIEW_TRANSITIONS.submit;
      const row = await repo.transitionVersion(
        version.id,
        'reviewStatus',
        t.from,
        { reviewStatus: t.to, updatedAt: clock.now() },
        event(auth, app, 'submit', {
          versionId: version.id,
          versionName: version.versionName,
          fromStatus: version.reviewStatus,
          toStatus: t.to,
        }),
      );
      if (!row) throw new AppError('appReviewConflict');
      return toVersion(row);
    },

    /** Deletes a version that never went out. */
    async removeVersion(auth: AuthContext, id: string) {
      const { app, version } = await mustOwnVersion(auth, id);
      const row = await repo.deleteVersion(
        version.id,
        event(auth, app, 'delete', { versionId: null, versionName: version.versionName }),
      );
      if (!row) throw new AppError('appLaunchedDelete');
      await blobs.removeBlob(version.blobId);
    },

    /** Versions to review, each with what changed against its previous version. */
    async auditPage(
      auth: AuthContext,
      q: PageQuery & {
        keyword?: string;
        status?: AppVersion['reviewStatus'];
        platform?: 'android' | 'windows';
      },
    ) {
      const { rows, total } = await repo.auditPage(auth, q, pageOffset(q), q.size);
      const submitters = await repo.submitters(rows.map((r) => r.version.id));
      const history = await repo.reviewHistory(rows.map((r) => r.version.id));
      const DECISION = { submit: 'submitted', approve: 'approved', reject: 'rejected' } as const;
      const names = new Map<string, string>();
      const records: AuditRow[] = [];
      for (const { version, app } of rows) {
        const previous = await repo.previousVersion(app.id, version.versionCode);
        const before = new Set(previous?.permissions ?? []);
        const now = new Set(version.permissions);
        const added = version.permissions.filter((p) => !before.has(p));
        const [row] = await rowsOf([app]);
        const { latest: _l, current: _c, ...appRow } = row;
        records.push({
          version: toVersion(version),
          app: { ...appRow, ownerName: await accountName(app.ownerId, names) },
          previous: previous ? toVersion(previous) : null,
          addedPermissions: added,
          removedPermissions: [...before].filter((p) => !now.has(p)),
          newDangerousPermissions: previous ? added.filter(isDangerousPermission) : [],
          signerChanged: !!previous && previous.signerSha256 !== version.signerSha256,
          minSdkChanged: !!previous && previous.minSdk !== version.minSdk,
          submittedBy: submitters.get(version.id) ?? '',
          history: history
            .filter((h) => h.versionId === version.id)
            .map((h) => ({
              decision: DECISION[h.kind as keyof typeof DECISION],
              reason: h.kind === 'reject' ? h.detail : null,
              actorName: h.actorName,
              at: h.at.toISOString(),
            })),
        });
      }
      return toPage(records, total, q);
    },

    /** Approves or rejects (with a reason) a pending version; the publisher is told either way. */
    async audit(
      auth: AuthContext,
      note: OperationNote,
      body: { id: string; approved: boolean; reason?: string },
    ) {
      const version = await repo.findVersion(body.id);
      const app = version && (await repo.findOwned(auth, version.appId));
      if (!version || !app) throw new AppError('appVersionNotFound');
      const action: ReviewAction = body.approved ? 'approve' : 'reject';
      const t = REVIEW_TRANSITIONS[action];
      const reason = body.approved ? null : (body.reason ?? '').trim();
      const row = await repo.transitionVersion(
        version.id,
        'reviewStatus',
        t.from,
        { reviewStatus: t.to, rejectReason: reason, updatedAt: clock.now() },
        event(auth, app, action, {
          versionId: version.id,
          versionName: version.versionName,
          fromStatus: version.reviewStatus,
          toStatus: t.to,
          detail: reason ?? '',
        }),
      );
      if (!row) throw new AppError('appReviewConflict');
      note.subject({
        id: version.id,
        name: app.name,
        detail: `${version.versionName}${reason ? `: ${reason}` : ''}`,
      });
      await tellPublisher(
        app,
        row,
        body.approved
          ? { key: 'appApproved', zh: '审核通过', en: 'approved' }
          : { key: 'appRejected', zh: '审核驳回', en: 'rejected' },
        reason ?? undefined,
      );
      return toVersion(row);
    },
  };
};

export type ReviewService = ReturnType<typeof createReviewService>;
