import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';
import { ReviewEntrySchema } from '../review';
import { apiBound, base, IdBody, TAG, text } from './app-fields';
import { REVIEW_STATUSES } from './app-states';
import { AppPlatformSchema, AppRowSchema, AppVersionSchema } from './apps.contract';

/** Editable facts of a version (while not submitted or rejected; auto-update at any time). */
export const VersionUpdateSchema = z
  .strictObject({
    id: z.uuid(),
    releaseNotesEn: text().default(''),
    releaseNotesZh: text().default(''),
    osMin: apiBound,
    osMax: apiBound,
    models: z.array(z.string().trim().min(1).max(LIMITS.nameMax)).max(100).default([]),
    autoUpdate: z.boolean().default(false),
    installArgs: text(500).optional(),
  })
  .refine(
    (v) => v.osMin == null || v.osMax == null || v.osMin <= v.osMax,
    bilingual('系统版本范围的下限不能高于上限', 'The lowest OS version cannot be above the highest'),
  );
export type VersionUpdate = z.infer<typeof VersionUpdateSchema>;

/** A reviewer's decision; a rejection needs a reason. */
export const AuditSchema = z
  .strictObject({
    id: z.uuid(),
    approved: z.boolean(),
    reason: text(LIMITS.textMax).optional(),
  })
  .refine((v) => v.approved || (v.reason ?? '').length > 0, {
    ...bilingual('驳回时必须填写原因', 'A rejection needs a reason'),
    path: ['reason'],
  });

/** A version under review with the facts the reviewer compares. */
export const AuditRowSchema = z.object({
  version: AppVersionSchema,
  app: AppRowSchema.omit({ latest: true, current: true }),
  /** The version before it (newest lower version code), or null for a first version. */
  previous: AppVersionSchema.nullable(),
  /** Permissions requested now and not by the previous version. */
  addedPermissions: z.array(z.string()),
  removedPermissions: z.array(z.string()),
  /** Added permissions that are dangerous (runtime) ones. */
  newDangerousPermissions: z.array(z.string()),
  /** The signer differs from the previous version's (only possible through key rotation). */
  signerChanged: z.boolean(),
  minSdkChanged: z.boolean(),
  submittedBy: z.string(),
  /** Submissions and decisions of this version, newest first. */
  history: z.array(ReviewEntrySchema),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;

export const AuditFilterSchema = z.object({
  keyword: z.string().trim().max(LIMITS.nameMax).optional(),
  status: z
    .enum(REVIEW_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  platform: AppPlatformSchema.optional().or(z.literal('').transform(() => undefined)),
});

/** A version's way through review: edited, submitted, deleted, and the reviewers' page and decision. */
export const reviewEndpoints = {
  updateVersion: defineEndpoint({
    method: 'POST',
    path: `${base}/version/update`,
    summary:
      "Edits a version's release notes, OS and model range (while not submitted or rejected) and its auto-update flag",
    tag: TAG,
    permission: 'app:mine:version',
    body: VersionUpdateSchema,
    result: AppVersionSchema,
  }),
  submit: defineEndpoint({
    method: 'POST',
    path: `${base}/version/submit`,
    summary: 'Submits a version for review (first time, or again after a rejection)',
    tag: TAG,
    permission: 'app:mine:version',
    body: IdBody,
    result: AppVersionSchema,
  }),
  removeVersion: defineEndpoint({
    method: 'POST',
    path: `${base}/version/delete`,
    summary: 'Deletes a version that was never released',
    tag: TAG,
    permission: 'app:mine:delete',
    body: IdBody,
    result: z.null(),
  }),
  auditPage: defineEndpoint({
    method: 'GET',
    path: `${base}/audit/getPage`,
    summary: 'Versions to review (pending first), each compared with its previous version',
    tag: TAG,
    permission: 'app:audit:view',
    query: PageQuerySchema.extend(AuditFilterSchema.shape),
    result: pageSchema(AuditRowSchema),
  }),
  audit: defineEndpoint({
    method: 'POST',
    path: `${base}/audit/audit`,
    summary: 'Approves or rejects (with a reason) a pending version',
    tag: TAG,
    permission: 'app:audit:audit',
    body: AuditSchema,
    result: AppVersionSchema,
    oplog: {
      objectType: 'appVersion',
      action: { of: ({ body }) => (body.approved ? 'app.approve' : 'app.reject') },
    },
  }),
};
