import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Sign-in with the Authorization Code Grant: users get passwords and a lockout counter; integration keys
 * get a kind (public or confidential), secret keys (hashed) and redirect URIs; authorization codes and
 * rotating refresh tokens (one family per sign-in); one-time tokens for consent, console views,
 * invitations and password resets. The first-party web app's client is
 * seeded at start-up (identity/first-party.ts), not here: migrations sit below identity.
 */
export function signInMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('password_hash', 'text').execute()
      await db.schema
        .alterTable('users')
        .addColumn('failed_sign_ins', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.alterTable('users').addColumn('first_failure_at', 'bigint').execute()
      await db.schema.alterTable('users').addColumn('locked_until', 'bigint').execute()
      await db.schema
        .alterTable('users')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      // Access tokens minted by a refresh-token family end with it (sign-out, reuse of a rotated token).
      await db.schema.alterTable('access_tokens').addColumn('refresh_family_id', 'text').execute()
      // The account whose administrators manage the key over REST; null for keys the operator's CLI made.
      await db.schema.alterTable('integration_keys').addColumn('account_id', 'text').execute()
      await db.schema
        .alterTable('integration_keys')
        .addColumn('client_kind', 'text', (c) => c.notNull().defaultTo('confidential'))
        .execute()

      await db.schema
        .createTable('integration_key_secrets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('integration_key_id', 'text', (c) =>
          c.notNull().references('integration_keys.id').onDelete('cascade'),
        )
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('integration_key_secrets_key')
        .on('integration_key_secrets')
        .column('integration_key_id')
        .execute()

      await db.schema
        .createTable('integration_key_redirect_uris')
        .addColumn('integration_key_id', 'text', (c) =>
          c.notNull().references('integration_keys.id').onDelete('cascade'),
        )
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('integration_key_redirect_uris_pkey', ['integration_key_id', 'redirect_uri'])
        .execute()

      await db.schema
        .createTable('authorization_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('integration_key_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'text')
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute()

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('integration_key_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('rotated_at', 'bigint')
        .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute()

      await db.schema
        .createTable('one_time_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('subject', 'text')
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute()
    },
  }
}
