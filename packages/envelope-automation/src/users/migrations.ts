import type { Kysely } from 'kysely'
import type { MigrationSet } from 'platform'

/**
 * The console's users, sessions and failed sign-ins. They live in the case store's database and run in the
 * same migration sequence (cases/migrations.ts holds 0001 and 0002), hence the number.
 */
export const consoleUserMigrations: MigrationSet = () => ({
  '0003_console_users': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('console_users')
        .addColumn('username', 'text', (c) => c.primaryKey())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('console_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) =>
          c.notNull().references('console_users.username').onDelete('cascade'),
        )
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('sign_in_failures')
        .addColumn('username', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('first_failure_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .execute()
    },
  },
})
