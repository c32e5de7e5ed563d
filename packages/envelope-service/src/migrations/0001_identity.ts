import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

export function identityMigration(dialect: DialectName) {
  const autoId = dialect === 'postgres' ? sql`bigserial primary key` : sql`integer primary key autoincrement`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('hourly_limit', 'integer', (c) => c.notNull())
        .addColumn('burst_limit', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('users_email').on('users').column('email').execute()
      await db.schema
        .createTable('memberships')
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('permissions', 'text', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('memberships_pk', ['account_id', 'user_id'])
        .execute()
      await db.schema.createIndex('memberships_user').on('memberships').column('user_id').execute()
      await db.schema
        .createTable('integration_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('integration_key_public_keys')
        .addColumn('id', sql`${autoId}`)
        .addColumn('integration_key_id', 'text', (c) =>
          c.notNull().references('integration_keys.id').onDelete('cascade'),
        )
        .addColumn('public_key_pem', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('integration_key_public_keys_key')
        .on('integration_key_public_keys')
        .column('integration_key_id')
        .execute()
      await db.schema
        .createTable('consents')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('integration_key_id', 'text', (c) =>
          c.notNull().references('integration_keys.id').onDelete('cascade'),
        )
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('granted_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('consents_pk', ['user_id', 'integration_key_id'])
        .execute()
      await db.schema
        .createTable('access_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('integration_key_id', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('access_tokens_expiry').on('access_tokens').column('expires_at').execute()
    },
  }
}
