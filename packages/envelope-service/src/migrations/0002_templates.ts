import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/** The shared document blob store, templates and their documents. */
export function templatesMigration(dialect: DialectName) {
  const bytes = dialect === 'postgres' ? sql`bytea` : sql`blob`
  // Byte-order collation on PostgreSQL so that ordering by name matches SQLite's binary collation.
  const sortKey = dialect === 'postgres' ? sql`text collate "C"` : sql`text`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('document_blobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('content', sql`${bytes}`, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('templates')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('owner_user_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', sql`${sortKey}`, (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('shared', 'integer', (c) => c.notNull())
        .addColumn('email_subject', 'text', (c) => c.notNull())
        .addColumn('email_blurb', 'text', (c) => c.notNull())
        .addColumn('recipients', 'text', (c) => c.notNull())
        .addColumn('custom_fields', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('templates_account_name')
        .on('templates')
        .columns(['account_id', 'name_key'])
        .execute()
      await db.schema
        .createIndex('templates_account_updated')
        .on('templates')
        .columns(['account_id', 'updated_at'])
        .execute()
      await db.schema
        .createTable('template_documents')
        .addColumn('template_id', 'text', (c) => c.notNull().references('templates.id').onDelete('cascade'))
        .addColumn('document_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('file_extension', 'text', (c) => c.notNull())
        .addColumn('pages', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('blob_id', 'text', (c) => c.notNull().references('document_blobs.id'))
        .addPrimaryKeyConstraint('template_documents_pk', ['template_id', 'document_id'])
        .execute()
      await db.schema
        .createIndex('template_documents_blob')
        .on('template_documents')
        .column('blob_id')
        .execute()
    },
  }
}
