import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Issue 21, the message side: an envelope's `emailSettings` (Reply-To, Bcc) and each recipient's
 * DocuSign extras (name parts, `emailNotification`, `suppressEmails`, `customFields`), both JSON text,
 * read and written whole and never queried; a template's `notification` and `emailSettings`, which the
 * envelopes made from it take.
 */
export function messageSettingsMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('envelopes').addColumn('email_settings', 'text').execute()
      await db.schema.alterTable('envelope_recipients').addColumn('message_settings', 'text').execute()
      await db.schema.alterTable('templates').addColumn('notification', 'text').execute()
      await db.schema.alterTable('templates').addColumn('email_settings', 'text').execute()
    },
  }
}
