import { z } from 'zod';

/** What can happen to something under review: it is submitted, then approved or rejected. */
export const REVIEW_DECISIONS = ['submitted', 'approved', 'rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** One step in the review history of an account, an app or an order, newest first in lists. */
export const ReviewEntrySchema = z.object({
  decision: z.enum(REVIEW_DECISIONS),
  /** The rejection reason the applicant saw; null for the other decisions. */
  reason: z.string().nullable(),
  /** Who decided (the reviewer) or submitted (the applicant). */
  actorName: z.string(),
  /** UTC time, ISO 8601. */
  at: z.string(),
});
export type ReviewEntry = z.infer<typeof ReviewEntrySchema>;
