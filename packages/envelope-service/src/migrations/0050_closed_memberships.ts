import type { Kysely } from 'kysely'

/**
 * Former memberships (identity/tables.ts `ClosedMembershipsTable`): a membership that ends is kept here,
 * so the account's administrators can still list the user (`GET /users?status=Closed`) and read their
 * sign-ins to this account. Memberships that ended before this migration were not kept.
 */
export function closedMembershipsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('closed_memberships')
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('permissions', 'text', (c) => c.notNull())
        .addColumn('member_since', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('closed_memberships_pk', ['account_id', 'user_id'])
        .execute()
    },
  }
}
