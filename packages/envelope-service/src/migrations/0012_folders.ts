import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Folders: where an envelope was moved, and when it went to the recycle bin. Both null for nearly every
 * envelope (its folder follows from its status), so they cost nothing until a client moves something.
 * The purge looks envelopes up by `deleted_at`, which only recycle-bin envelopes have.
 */
export function foldersMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('envelopes').addColumn('folder', 'text').execute()
      await db.schema.alterTable('envelopes').addColumn('deleted_at', 'text').execute()
      await db.schema.createIndex('envelopes_deleted_at').on('envelopes').column('deleted_at').execute()
      await db.schema
        .createIndex('envelopes_account_folder')
        .on('envelopes')
        .columns(['account_id', 'folder'])
        .execute()
    },
  }
}
