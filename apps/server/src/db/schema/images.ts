import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** A bytea column read as a Buffer (node-postgres answers Buffers, PGlite Uint8Arrays). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded images (modules/images/), re-encoded as WebP without metadata, in the database itself: every server
 * process serves them, and every backup and copy holds them. `hash` is the SHA-256 of the full-width version, the
 * address it is served at (`/api/images/{hash}.webp`). One row per uploader: the same file uploaded twice by
 * them is the same row, and one uploader's account going takes only their rows (another's upload of the same
 * image keeps it served).
 */
export const images = pgTable(
  'images',
  {
    hash: text('hash').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Of the full-width version. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** At most 1200 px wide (never wider than the upload). */
    fullWebp: bytea('full_webp').notNull(),
    /** At most 600 px wide. */
    smallWebp: bytea('small_webp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Leads with the hash: serving an image looks it up by its hash alone.
    primaryKey({ columns: [table.hash, table.ownerId] }),
    check('images_hash_check', sql`${table.hash} ~ '^[0-9a-f]{64}$'`),
  ],
);
