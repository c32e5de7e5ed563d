import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Issue 21: an account's brands (DocuSign's `/brands`) and the brand an envelope or a template carries.
 * A brand's colours, languages, links and landing pages are one JSON document each, read and written
 * whole and never queried.
 */
export function brandsMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('brands')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id'))
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('company', 'text')
        .addColumn('default_language', 'text')
        .addColumn('details', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute()
      await db.schema.createIndex('brands_account').on('brands').column('account_id').execute()
      await db.schema.alterTable('envelopes').addColumn('brand_id', 'text').execute()
      await db.schema.alterTable('templates').addColumn('brand_id', 'text').execute()
    },
  }
}
