import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ownership, ts, uuidKey } from '../../db/columns';

/**
 * Bytes in the blob store, one row per distinct SHA-256. `touchedAt` moves on every upload of the
 * same bytes, so the orphan sweep never takes bytes an upload in flight is about to reference.
 */
export const blobContents = pgTable('blob_contents', {
  sha256: text().primaryKey(),
  size: bigint({ mode: 'number' }).notNull(),
  touchedAt: ts().notNull().defaultNow(),
});

/** A stored file: name, type and owner; many rows may share the same bytes. */
export const blobs = pgTable(
  'blobs',
  {
    id: uuidKey(),
    kind: text().notNull(),
    name: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    mediaType: text().notNull(),
    sha256: text()
      .notNull()
      .references(() => blobContents.sha256),
    /** Account (enterprise) the file belongs to; data scope and usage follow it. */
    ...ownership(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [index('blobs_sha256_idx').on(t.sha256), index('blobs_owner_idx').on(t.ownerId)],
);

/** An enterprise's storage quota in bytes; an enterprise without a row has none. */
export const blobQuotas = pgTable('blob_quotas', {
  ownerId: uuid().primaryKey(),
  maxBytes: bigint({ mode: 'number' }).notNull(),
  updatedAt: ts().notNull().defaultNow(),
});
