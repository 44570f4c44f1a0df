import type { ReviewDecision } from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { parentRef, serialKey, timestamps, ts, uuidKey } from '../../db/columns';
import { roles } from '../roles/roles.table';

/** Accounts of administrators, enterprise customers and sales staff. */
export const users = pgTable(
  'users',
  {
    id: uuidKey(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    name: text().notNull().default(''),
    email: text(),
    phone: text(),
    description: text(),
    enabled: boolean().notNull().default(true),
    /** Account state, the `verify` of the login answer: 0 needs details, 1 active, 2 in review, 3 rejected. */
    state: integer().notNull().default(1),
    rejectReason: text(),
    /** The account above this one; data scope follows this tree. */
    superiorId: uuid(),
    /** Store scope: the terminal group whose subtree this user is limited to (null: no narrowing). */
    storeScopeGroupId: uuid(),
    language: text().notNull().default('cn'),
    /** Dictionary `system_level` value. */
    systemLevel: text().notNull().default('enterprise'),
    companyName: text(),
    address: text(),
    salesmanName: text(),
    salesmanPhone: text(),
    salesmanAddress: text(),
    hardwareSmsAlert: boolean().notNull().default(false),
    fenceEmailAlert: boolean().notNull().default(false),
    locationEnabled: boolean().notNull().default(true),
    /** International user: mails and SMS to this account are in English, otherwise in Chinese. */
    international: boolean().notNull().default(false),
    /** When the account was activated (registration mail) or created by an administrator. */
    activatedAt: ts().defaultNow(),
    passwordChangedAt: ts().notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_superior_idx').on(t.superiorId),
  ],
);

/** Which roles each user holds. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: parentRef(() => users.id),
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** Each submission of an account for review and each decision on it, kept for the reviewer's history. */
export const userReviews = pgTable(
  'user_reviews',
  {
    /** Increasing, so steps recorded within the same instant keep their order. */
    id: serialKey(),
    userId: parentRef(() => users.id),
    /** `submitted`, `approved` or `rejected`. */
    decision: text().$type<ReviewDecision>().notNull(),
    /** The rejection reason the applicant saw. */
    reason: text(),
    /** The reviewer, or the applicant for a submission; null once that account is deleted. */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    actorName: text().notNull(),
    at: ts().notNull().defaultNow(),
  },
  (t) => [index('user_reviews_user_at_idx').on(t.userId, t.at)],
);
