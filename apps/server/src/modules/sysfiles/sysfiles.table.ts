import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownership, ts, uuidKey } from '../../db/columns';
import { blobs } from '../blobs/blobs.table';

/** System files (OTA packages and others) pushed to terminals; the bytes are a blob. */
export const sysFiles = pgTable(
  'sys_files',
  {
    id: uuidKey(),
    name: text().notNull(),
    version: text().notNull(),
    /** `1` system update, `2` other. */
    type: text().notNull(),
    description: text().notNull().default(''),
    models: text().array().notNull().default([]),
    osVersions: text().array().notNull().default([]),
    blobId: uuid()
      .notNull()
      .references(() => blobs.id),
    sha256: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    fileName: text().notNull(),
    mediaType: text().notNull(),
    ...ownership(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_files_owner_name_version_uq').on(t.ownerId, t.name, t.version),
    index('sys_files_sha256_idx').on(t.sha256),
  ],
);
