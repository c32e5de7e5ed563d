import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Issue 21: an account's own permission profiles and groups (DocuSign's `/permission_profiles` and
 * `/groups`). DocuSign's three stock profiles and its Everyone and Administrators groups exist in every
 * account without rows (accounts/permission-profiles/defaults.ts). A profile's `accountRoleSettings` are
 * one JSON document, read and written whole. `permission_profile_assignments` names the custom profile a
 * member holds; a member without a row holds the stock profile their permissions name.
 */
export function permissionProfilesMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('permission_profiles')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id'))
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('settings', 'text', (column) => column.notNull())
        .addColumn('modified_at', 'text', (column) => column.notNull())
        .addColumn('modified_by', 'text', (column) => column.notNull())
        .execute()
      await db.schema
        .createIndex('permission_profiles_name')
        .on('permission_profiles')
        .columns(['account_id', 'name'])
        .unique()
        .execute()
      await db.schema
        .createTable('permission_profile_assignments')
        .addColumn('account_id', 'text', (column) => column.notNull())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('permission_profile_id', 'text', (column) =>
          column.notNull().references('permission_profiles.id'),
        )
        .addPrimaryKeyConstraint('permission_profile_assignments_pk', ['account_id', 'user_id'])
        .execute()
      await db.schema
        .createIndex('permission_profile_assignments_profile')
        .on('permission_profile_assignments')
        .column('permission_profile_id')
        .execute()
      await db.schema
        .createTable('user_groups')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id'))
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('permission_profile_id', 'text')
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute()
      await db.schema
        .createIndex('user_groups_name')
        .on('user_groups')
        .columns(['account_id', 'name'])
        .unique()
        .execute()
      await db.schema
        .createTable('user_group_members')
        .addColumn('group_id', 'text', (column) => column.notNull().references('user_groups.id'))
        .addColumn('user_id', 'text', (column) => column.notNull().references('users.id'))
        .addColumn('added_at', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'user_id'])
        .execute()
    },
  }
}
