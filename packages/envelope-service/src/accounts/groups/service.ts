import { randomUUID } from 'node:crypto'
import type { Group, GroupRequest } from 'esign-contract'
import { ConflictError, InvalidRequestError, NotFoundError } from 'platform'
import type { Db } from '../../database.js'
import { parsePermissions } from '../../identity/permissions.js'
import { type AccountMember, listAccountMembers } from '../../identity/users/repository.js'
import { STOCK_PROFILE_IDS } from '../permission-profiles/rules.js'
import { assignPermissionProfile, findAnyProfile } from '../permission-profiles/service.js'
import {
  addGroupMembers,
  deleteGroups,
  findGroups,
  insertGroups,
  listGroupMembers,
  listGroups,
  removeGroupMembers,
  type StoredGroup,
  updateGroup,
} from './repository.js'

/**
 * DocuSign's groups. Every account has DocuSign's two stock groups, which cannot be changed or deleted:
 * Everyone (every member) and Administrators (the members who may administer the account). A group may
 * carry a permission profile; DocuSign gives a user one profile, so the group's profile is given to its
 * members when it is set and to each user added later. Whatever happened last wins: a user's profile
 * changed afterwards (PUT /users, another group) stays until the next change.
 */

const EVERYONE_GROUP_ID = 'everyone'
const ADMINISTRATORS_GROUP_ID = 'administrators'
const STOCK_GROUP_NAMES = new Map([
  [EVERYONE_GROUP_ID, 'Everyone'],
  [ADMINISTRATORS_GROUP_ID, 'Administrators'],
])

interface ListedGroup {
  group: Group
  userIds: string[]
}

async function allGroups(db: Db, accountId: string): Promise<ListedGroup[]> {
  const members = await listAccountMembers(db, accountId)
  const admins = members.filter((member) => parsePermissions(member.permissions).has('administer'))
  const stored = await listGroups(db, accountId)
  const memberIds = await listGroupMembers(
    db,
    accountId,
    stored.map((group) => group.id),
  )
  const ids = (list: AccountMember[]) => list.map((member) => member.userId)
  return [
    {
      group: { groupId: EVERYONE_GROUP_ID, groupName: 'Everyone', groupType: 'everyoneGroup' },
      userIds: ids(members),
    },
    {
      group: {
        groupId: ADMINISTRATORS_GROUP_ID,
        groupName: 'Administrators',
        groupType: 'adminGroup',
        permissionProfileId: STOCK_PROFILE_IDS['Account Administrator'],
      },
      userIds: ids(admins),
    },
    ...stored.map((group) => ({
      group: {
        groupId: group.id,
        groupName: group.name,
        groupType: 'customGroup',
        ...(group.permissionProfileId ? { permissionProfileId: group.permissionProfileId } : {}),
      },
      userIds: memberIds.get(group.id) ?? [],
    })),
  ]
}

const withCount = ({ group, userIds }: ListedGroup): Group => ({
  ...group,
  usersCount: String(userIds.length),
})

interface GroupListQuery {
  count?: number | undefined
  start_position?: number | undefined
  search_text?: string | undefined
  group_type?: string | undefined
}

export async function listAccountGroups(db: Db, accountId: string, query: GroupListQuery) {
  const search = query.search_text?.trim().toLowerCase()
  const type = query.group_type?.trim().toLowerCase()
  const matching = (await allGroups(db, accountId))
    .filter(({ group }) => !search || group.groupName.toLowerCase().includes(search))
    .filter(({ group }) => !type || group.groupType.toLowerCase() === type)
  const start = query.start_position ?? 0
  const page = matching.slice(start, start + (query.count ?? 100))
  return {
    groups: page.map(withCount),
    resultSetSize: String(page.length),
    totalSetSize: String(matching.length),
    startPosition: String(start),
    endPosition: String(Math.max(start, start + page.length - 1)),
  }
}

function refuseStockGroups(requests: readonly GroupRequest[], action: string) {
  requests.forEach((request, index) => {
    const name = STOCK_GROUP_NAMES.get(request.groupId ?? '')
    if (name) throw new InvalidRequestError(`groups[${index}]: DocuSign's ${name} group cannot be ${action}`)
  })
}

async function checkProfiles(db: Db, accountId: string, requests: readonly GroupRequest[]) {
  for (const [index, request] of requests.entries()) {
    const id = request.permissionProfileId
    if (id !== undefined && !(await findAnyProfile(db, accountId, id))) {
      throw new InvalidRequestError(
        `groups[${index}].permissionProfileId ${id} is not a permission profile of this account`,
      )
    }
  }
}

function checkNamesFree(
  requests: readonly { name: string; id?: string }[],
  existing: readonly StoredGroup[],
) {
  const seen = new Map<string, string | undefined>(
    [...STOCK_GROUP_NAMES.values()].map((name) => [name.toLowerCase(), 'stock']),
  )
  for (const group of existing) seen.set(group.name.toLowerCase(), group.id)
  for (const request of requests) {
    const holder = seen.get(request.name.toLowerCase())
    if (holder !== undefined && holder !== request.id) {
      throw new ConflictError(`A group named ${request.name} already exists`, {
        errorCode: 'DUPLICATE_RESOURCE',
      })
    }
    seen.set(request.name.toLowerCase(), request.id ?? 'new')
  }
}

/** Creates every group of the request, or none: a 400 or 409 names the first that cannot be made. */
export async function createGroups(
  db: Db,
  accountId: string,
  requests: readonly GroupRequest[],
  now: number,
) {
  const names = requests.map((request, index) => {
    const name = request.groupName?.trim()
    if (!name) throw new InvalidRequestError(`groups[${index}].groupName is required`)
    return name
  })
  await checkProfiles(db, accountId, requests)
  checkNamesFree(
    names.map((name) => ({ name })),
    await listGroups(db, accountId),
  )
  const groups: StoredGroup[] = requests.map((request, index) => ({
    id: randomUUID(),
    accountId,
    name: names[index] as string,
    ...(request.permissionProfileId ? { permissionProfileId: request.permissionProfileId } : {}),
    createdAt: new Date(now).toISOString(),
  }))
  await insertGroups(db, groups)
  const created = new Set(groups.map((group) => group.id))
  const listed = await allGroups(db, accountId)
  return { groups: listed.filter(({ group }) => created.has(group.groupId)).map(withCount) }
}

async function requireGroups(db: Db, accountId: string, requests: readonly GroupRequest[]) {
  const ids = requests.map((request, index) => {
    if (!request.groupId) throw new InvalidRequestError(`groups[${index}].groupId is required`)
    return request.groupId
  })
  const found = new Map((await findGroups(db, accountId, ids)).map((group) => [group.id, group]))
  return ids.map((id, index) => {
    const group = found.get(id)
    if (!group) throw new InvalidRequestError(`groups[${index}].groupId ${id} is not a group of this account`)
    return group
  })
}

/**
 * Renames groups and/or sets their permission profile (eg025); a profile set is given to every member
 * of the group at once.
 */
export async function updateGroups(db: Db, accountId: string, requests: readonly GroupRequest[]) {
  refuseStockGroups(requests, 'changed')
  const stored = await requireGroups(db, accountId, requests)
  await checkProfiles(db, accountId, requests)
  const updated = stored.map((group, index) => {
    const request = requests[index] as GroupRequest
    return {
      ...group,
      name: request.groupName?.trim() || group.name,
      ...(request.permissionProfileId ? { permissionProfileId: request.permissionProfileId } : {}),
    }
  })
  checkNamesFree(updated, await listGroups(db, accountId))
  const members = await listGroupMembers(
    db,
    accountId,
    updated.map((group) => group.id),
  )
  await db.transaction().execute(async (tx) => {
    for (const [index, group] of updated.entries()) {
      await updateGroup(tx, group)
      const profileId = requests[index]?.permissionProfileId
      const profile = profileId === undefined ? undefined : await findAnyProfile(tx, accountId, profileId)
      if (profile) await assignPermissionProfile(tx, accountId, members.get(group.id) ?? [], profile)
    }
  })
  const changed = new Set(updated.map((group) => group.id))
  const listed = await allGroups(db, accountId)
  return { groups: listed.filter(({ group }) => changed.has(group.groupId)).map(withCount) }
}

export async function removeGroups(db: Db, accountId: string, requests: readonly GroupRequest[]) {
  refuseStockGroups(requests, 'deleted')
  const stored = await requireGroups(db, accountId, requests)
  const listed = await allGroups(db, accountId)
  const ids = new Set(stored.map((group) => group.id))
  await deleteGroups(db, accountId, [...ids])
  return { groups: listed.filter(({ group }) => ids.has(group.groupId)).map(withCount) }
}

/** The users in any of the groups (`group_id` of GET /users); an unknown group adds nobody. */
export async function userIdsInGroups(db: Db, accountId: string, groupIds: string[]): Promise<Set<string>> {
  const wanted = new Set(groupIds)
  return new Set(
    (await allGroups(db, accountId))
      .filter(({ group }) => wanted.has(group.groupId))
      .flatMap(({ userIds }) => userIds),
  )
}

async function requireListedGroup(db: Db, accountId: string, groupId: string) {
  const found = (await allGroups(db, accountId)).find(({ group }) => group.groupId === groupId)
  if (!found) throw new NotFoundError(`Group ${groupId} not found`)
  return found
}

export async function listUsersOfGroup(
  db: Db,
  accountId: string,
  groupId: string,
  page: { count?: number | undefined; start_position?: number | undefined },
) {
  const { userIds } = await requireListedGroup(db, accountId, groupId)
  const members = new Map((await listAccountMembers(db, accountId)).map((member) => [member.userId, member]))
  const start = page.start_position ?? 0
  const shown = userIds.slice(start, start + (page.count ?? 100))
  const users = shown.flatMap((userId) => {
    const member = members.get(userId)
    return member
      ? [
          {
            userId,
            userName: member.name,
            email: member.email,
            userStatus: member.hasPassword ? 'Active' : 'ActivationSent',
            userType: 'CompanyUser',
          },
        ]
      : []
  })
  return {
    users,
    resultSetSize: String(users.length),
    totalSetSize: String(userIds.length),
    startPosition: String(start),
    endPosition: String(Math.max(start, start + users.length - 1)),
  }
}

async function requireCustomGroup(db: Db, accountId: string, groupId: string, action: string) {
  const name = STOCK_GROUP_NAMES.get(groupId)
  if (name) throw new InvalidRequestError(`DocuSign's ${name} group's users cannot be ${action}`)
  const [group] = await findGroups(db, accountId, [groupId])
  if (!group) throw new NotFoundError(`Group ${groupId} not found`)
  return group
}

async function requireMembers(db: Db, accountId: string, userIds: readonly string[]) {
  const members = new Set((await listAccountMembers(db, accountId)).map((member) => member.userId))
  userIds.forEach((userId, index) => {
    if (!members.has(userId)) {
      throw new InvalidRequestError(`users[${index}].userId ${userId} is not a member of this account`)
    }
  })
}

/** Adds account members to a group; each gets the group's permission profile, if it has one. */
export async function addUsersToGroup(
  db: Db,
  accountId: string,
  groupId: string,
  userIds: string[],
  now: number,
) {
  const group = await requireCustomGroup(db, accountId, groupId, 'changed')
  await requireMembers(db, accountId, userIds)
  const profile = group.permissionProfileId
    ? await findAnyProfile(db, accountId, group.permissionProfileId)
    : undefined
  await db.transaction().execute(async (tx) => {
    await addGroupMembers(tx, groupId, userIds, new Date(now).toISOString())
    if (profile) await assignPermissionProfile(tx, accountId, userIds, profile)
  })
  return listUsersOfGroup(db, accountId, groupId, {})
}

/** Removes users from a group; their permission profile stays what it is. */
export async function removeUsersFromGroup(db: Db, accountId: string, groupId: string, userIds: string[]) {
  await requireCustomGroup(db, accountId, groupId, 'changed')
  await removeGroupMembers(db, groupId, userIds)
  return listUsersOfGroup(db, accountId, groupId, {})
}
