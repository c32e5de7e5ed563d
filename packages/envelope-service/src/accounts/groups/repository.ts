import type { DbOrTx } from '../../database.js'

/** The groups an account made and their members. */

export interface StoredGroup {
  id: string
  accountId: string
  name: string
  permissionProfileId?: string
  createdAt: string
}

const toGroup = (row: {
  id: string
  account_id: string
  name: string
  permission_profile_id: string | null
  created_at: string
}): StoredGroup => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  ...(row.permission_profile_id !== null ? { permissionProfileId: row.permission_profile_id } : {}),
  createdAt: row.created_at,
})

export async function listGroups(db: DbOrTx, accountId: string): Promise<StoredGroup[]> {
  const rows = await db
    .selectFrom('user_groups')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('name')
    .execute()
  return rows.map(toGroup)
}

export async function findGroups(
  db: DbOrTx,
  accountId: string,
  ids: readonly string[],
): Promise<StoredGroup[]> {
  if (ids.length === 0) return []
  const rows = await db
    .selectFrom('user_groups')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute()
  return rows.map(toGroup)
}

export async function insertGroups(db: DbOrTx, groups: readonly StoredGroup[]): Promise<void> {
  if (groups.length === 0) return
  await db
    .insertInto('user_groups')
    .values(
      groups.map((group) => ({
        id: group.id,
        account_id: group.accountId,
        name: group.name,
        permission_profile_id: group.permissionProfileId ?? null,
        created_at: group.createdAt,
      })),
    )
    .execute()
}

export async function updateGroup(db: DbOrTx, group: StoredGroup): Promise<void> {
  await db
    .updateTable('user_groups')
    .set({ name: group.name, permission_profile_id: group.permissionProfileId ?? null })
    .where('account_id', '=', group.accountId)
    .where('id', '=', group.id)
    .execute()
}

export async function deleteGroups(db: DbOrTx, accountId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await db.deleteFrom('user_group_members').where('group_id', 'in', ids).execute()
  await db.deleteFrom('user_groups').where('account_id', '=', accountId).where('id', 'in', ids).execute()
}

/** Group id to the ids of its members who are still members of the account. */
export async function listGroupMembers(
  db: DbOrTx,
  accountId: string,
  groupIds: readonly string[],
): Promise<Map<string, string[]>> {
  const members = new Map<string, string[]>(groupIds.map((id) => [id, []]))
  if (groupIds.length === 0) return members
  const rows = await db
    .selectFrom('user_group_members')
    .innerJoin('memberships', 'memberships.user_id', 'user_group_members.user_id')
    .select(['user_group_members.group_id', 'user_group_members.user_id'])
    .where('memberships.account_id', '=', accountId)
    .where('user_group_members.group_id', 'in', groupIds)
    .orderBy('user_group_members.added_at')
    .orderBy('user_group_members.user_id')
    .execute()
  for (const row of rows) members.get(row.group_id)?.push(row.user_id)
  return members
}

export async function addGroupMembers(
  db: DbOrTx,
  groupId: string,
  userIds: readonly string[],
  addedAt: string,
): Promise<void> {
  if (userIds.length === 0) return
  await db
    .insertInto('user_group_members')
    .values(userIds.map((userId) => ({ group_id: groupId, user_id: userId, added_at: addedAt })))
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
    .execute()
}

export async function removeGroupMembers(
  db: DbOrTx,
  groupId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return
  await db
    .deleteFrom('user_group_members')
    .where('group_id', '=', groupId)
    .where('user_id', 'in', userIds)
    .execute()
}
