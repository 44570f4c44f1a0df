import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Bytes in the blob store, one row per distinct SHA-256. `touchedAt` moves on every upload of the
 * same bytes, so the orphan sweep never takes bytes an upload in flight is about to reference.
 */
export const blobContents = pgTable('blob_contents', {
  sha256: text().primaryKey(),
  size: bigint({ mode: 'number' }).notNull(),
  touchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A stored file: name, type and owner; many rows may share the same bytes. */
export const blobs = pgTable(
  'blobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    name: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    mediaType: text().notNull(),
    sha256: text()
      .notNull()
      .references(() => blobContents.sha256),
    /** Account (enterprise) the file belongs to; data scope and usage follow it. */
    ownerId: uuid().notNull(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blobs_sha256_idx').on(t.sha256), index('blobs_owner_idx').on(t.ownerId)],
);

/** An enterprise's storage quota in bytes; an enterprise without a row has none. */
export const blobQuotas = pgTable('blob_quotas', {
  ownerId: uuid().primaryKey(),
  maxBytes: bigint({ mode: 'number' }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
