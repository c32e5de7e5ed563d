import type { AccountRoleSettings } from 'esign-contract'
import type { DbOrTx } from '../../database.js'

/** The permission profiles an account made, and which members hold one. */

export interface CustomProfile {
  id: string
  accountId: string
  name: string
  settings: AccountRoleSettings
  modifiedAt: string
  modifiedBy: string
}

type Row = {
  id: string
  account_id: string
  name: string
  settings: string
  modified_at: string
  modified_by: string
}

const toProfile = (row: Row): CustomProfile => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  settings: JSON.parse(row.settings) as AccountRoleSettings,
  modifiedAt: row.modified_at,
  modifiedBy: row.modified_by,
})

export async function listProfiles(db: DbOrTx, accountId: string): Promise<CustomProfile[]> {
  const rows = await db
    .selectFrom('permission_profiles')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('name')
    .execute()
  return rows.map(toProfile)
}

export async function findProfile(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<CustomProfile | undefined> {
  const row = await db
    .selectFrom('permission_profiles')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst()
  return row && toProfile(row)
}

export async function findProfileByName(
  db: DbOrTx,
  accountId: string,
  name: string,
): Promise<CustomProfile | undefined> {
  const row = await db
    .selectFrom('permission_profiles')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('name', '=', name)
    .executeTakeFirst()
  return row && toProfile(row)
}

export async function insertProfile(db: DbOrTx, profile: CustomProfile): Promise<void> {
  await db
    .insertInto('permission_profiles')
    .values({
      id: profile.id,
      account_id: profile.accountId,
      name: profile.name,
      settings: JSON.stringify(profile.settings),
      modified_at: profile.modifiedAt,
      modified_by: profile.modifiedBy,
    })
    .execute()
}

export async function updateProfile(db: DbOrTx, profile: CustomProfile): Promise<void> {
  await db
    .updateTable('permission_profiles')
    .set({
      name: profile.name,
      settings: JSON.stringify(profile.settings),
      modified_at: profile.modifiedAt,
      modified_by: profile.modifiedBy,
    })
    .where('account_id', '=', profile.accountId)
    .where('id', '=', profile.id)
    .execute()
}

export async function deleteProfile(db: DbOrTx, accountId: string, id: string): Promise<void> {
  await db
    .deleteFrom('permission_profiles')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .execute()
}

/** Member id to the custom profile id they hold, for the members of the account who hold one. */
export async function listAssignments(db: DbOrTx, accountId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('permission_profile_assignments')
    .innerJoin('memberships', (join) =>
      join
        .onRef('memberships.account_id', '=', 'permission_profile_assignments.account_id')
        .onRef('memberships.user_id', '=', 'permission_profile_assignments.user_id'),
    )
    .select([
      'permission_profile_assignments.user_id',
      'permission_profile_assignments.permission_profile_id',
    ])
    .where('permission_profile_assignments.account_id', '=', accountId)
    .execute()
  return new Map(rows.map((row) => [row.user_id, row.permission_profile_id]))
}

/** The members holding the profile. */
export async function listAssignedUsers(db: DbOrTx, accountId: string, profileId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('permission_profile_assignments')
    .select('user_id')
    .where('account_id', '=', accountId)
    .where('permission_profile_id', '=', profileId)
    .execute()
  return rows.map((row) => row.user_id)
}

/** Records that the users hold the custom profile, or (`profileId` undefined) no custom profile. */
export async function setAssignments(
  db: DbOrTx,
  accountId: string,
  userIds: readonly string[],
  profileId: string | undefined,
): Promise<void> {
  if (userIds.length === 0) return
  await db
    .deleteFrom('permission_profile_assignments')
    .where('account_id', '=', accountId)
    .where('user_id', 'in', userIds)
    .execute()
  if (profileId === undefined) return
  await db
    .insertInto('permission_profile_assignments')
    .values(
      userIds.map((userId) => ({ account_id: accountId, user_id: userId, permission_profile_id: profileId })),
    )
    .execute()
}

/** How many groups carry the profile (a read of the groups' table: deleting a profile in use is refused). */
export async function countGroupsWithProfile(
  db: DbOrTx,
  accountId: string,
  profileId: string,
): Promise<number> {
  const row = await db
    .selectFrom('user_groups')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('account_id', '=', accountId)
    .where('permission_profile_id', '=', profileId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
