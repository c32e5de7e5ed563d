import { randomUUID } from 'node:crypto'
import type { AccountRoleSettings, PermissionProfile, PermissionProfileRequest } from 'esign-contract'
import { ConflictError, InvalidRequestError, NotFoundError } from 'platform'
import type { Db, DbOrTx } from '../../database.js'
import type { Permission } from '../../identity/permissions.js'
import { setMembershipPermissions } from '../../identity/repository.js'
import { keepAnAdministrator } from '../../identity/users/administrators.js'
import { memberOrFail, updateUserPermissions } from '../../identity/users/directory.js'
import { type PermissionRequest, profileOf } from '../../identity/users/permission-profiles.js'
import { type AccountMember, listAccountMembers } from '../../identity/users/repository.js'
import {
  type CustomProfile,
  countGroupsWithProfile,
  deleteProfile,
  findProfile,
  findProfileByName,
  insertProfile,
  listAssignedUsers,
  listAssignments,
  listProfiles,
  setAssignments,
  updateProfile,
} from './repository.js'
import {
  isStockProfileName,
  mergeSettings,
  permissionsOfSettings,
  STOCK_PROFILE_IDS,
  STOCK_PROFILES,
  type StockProfile,
  settingsOfPermissions,
  stockProfileById,
} from './rules.js'

/**
 * DocuSign's account permission profiles: the three stock ones (fixed) and the account's own. A member
 * holds exactly one profile, as in DocuSign; holding a profile sets the member's permissions to what its
 * enforced settings say (rules.ts), through the membership, which every request is checked against.
 */

/** DocuSign refuses to delete a profile that users hold but documents no error code for it. */
const PROFILE_IN_USE = 'PERMISSION_PROFILE_IN_USE'

export type AnyProfile = { kind: 'stock'; profile: StockProfile } | { kind: 'custom'; profile: CustomProfile }

/** A stock or custom profile of the account by id; undefined when none has it. */
export async function findAnyProfile(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<AnyProfile | undefined> {
  const stock = stockProfileById(id)
  if (stock) return { kind: 'stock', profile: stock }
  const custom = await findProfile(db, accountId, id)
  return custom && { kind: 'custom', profile: custom }
}

async function requireCustomProfile(db: DbOrTx, accountId: string, id: string): Promise<CustomProfile> {
  if (stockProfileById(id)) {
    throw new InvalidRequestError(
      `Permission profile ${id} is one of DocuSign's stock profiles, which cannot be changed or deleted`,
    )
  }
  const profile = await findProfile(db, accountId, id)
  if (!profile) throw new NotFoundError(`Permission profile ${id} not found`)
  return profile
}

const permissionsOf = (found: AnyProfile): ReadonlySet<Permission> =>
  found.kind === 'stock' ? found.profile.permissions : permissionsOfSettings(found.profile.settings)

function toWire(
  profile: {
    id: string
    name: string
    settings: AccountRoleSettings
    modifiedAt?: string
    modifiedBy?: string
  },
  users: AccountMember[],
): PermissionProfile {
  return {
    permissionProfileId: profile.id,
    permissionProfileName: profile.name,
    settings: profile.settings,
    ...(profile.modifiedAt ? { modifiedDateTime: profile.modifiedAt } : {}),
    ...(profile.modifiedBy ? { modifiedByUsername: profile.modifiedBy } : {}),
    userCount: String(users.length),
    users: users.map((user) => ({ userId: user.userId, userName: user.name, email: user.email })),
  }
}

/** Which profile each member holds: their custom profile's id, else the stock profile of their permissions. */
async function profileIdsOfMembers(db: DbOrTx, accountId: string, members: AccountMember[]) {
  const assignments = await listAssignments(db, accountId)
  return new Map(
    members.map((member) => {
      const custom = assignments.get(member.userId)
      if (custom) return [member.userId, custom]
      const permissions = new Set(member.permissions.split(',').filter((p) => p !== '') as Permission[])
      return [member.userId, STOCK_PROFILE_IDS[profileOf(permissions)]]
    }),
  )
}

export async function listPermissionProfiles(db: Db, accountId: string) {
  const members = await listAccountMembers(db, accountId)
  const held = await profileIdsOfMembers(db, accountId, members)
  const holders = (id: string) => members.filter((member) => held.get(member.userId) === id)
  const stock = STOCK_PROFILES.map((profile) =>
    toWire({ ...profile, settings: settingsOfPermissions(profile.permissions) }, holders(profile.id)),
  )
  const custom = (await listProfiles(db, accountId)).map((profile) => toWire(profile, holders(profile.id)))
  return { permissionProfiles: [...stock, ...custom] }
}

export async function getPermissionProfile(db: Db, accountId: string, id: string) {
  const { permissionProfiles } = await listPermissionProfiles(db, accountId)
  const found = permissionProfiles.find((profile) => profile.permissionProfileId === id)
  if (!found) throw new NotFoundError(`Permission profile ${id} not found`)
  return found
}

async function checkNameFree(db: DbOrTx, accountId: string, name: string, exceptId?: string) {
  const taken = await findProfileByName(db, accountId, name)
  if (isStockProfileName(name) || (taken && taken.id !== exceptId)) {
    throw new ConflictError(`A permission profile named ${name} already exists`, {
      errorCode: 'DUPLICATE_RESOURCE',
    })
  }
}

/** A new profile; settings left out are those of DocuSign Viewer (nothing enforced is allowed). */
export async function createPermissionProfile(
  db: Db,
  input: { accountId: string; modifiedBy: string; request: PermissionProfileRequest },
  now: number,
) {
  const name = input.request.permissionProfileName?.trim()
  if (!name) throw new InvalidRequestError('permissionProfileName is required')
  await checkNameFree(db, input.accountId, name)
  const profile: CustomProfile = {
    id: randomUUID(),
    accountId: input.accountId,
    name,
    settings: mergeSettings(settingsOfPermissions(new Set()), input.request.settings ?? {}),
    modifiedAt: new Date(now).toISOString(),
    modifiedBy: input.modifiedBy,
  }
  await insertProfile(db, profile)
  return getPermissionProfile(db, input.accountId, profile.id)
}

/**
 * Renames a profile and/or changes the settings given (the others stay); its holders' permissions follow
 * the new settings at once.
 */
export async function updatePermissionProfile(
  db: Db,
  input: { accountId: string; profileId: string; modifiedBy: string; request: PermissionProfileRequest },
  now: number,
) {
  const stored = await requireCustomProfile(db, input.accountId, input.profileId)
  const name = input.request.permissionProfileName?.trim() || stored.name
  await checkNameFree(db, input.accountId, name, stored.id)
  const profile: CustomProfile = {
    ...stored,
    name,
    settings: mergeSettings(stored.settings, input.request.settings ?? {}),
    modifiedAt: new Date(now).toISOString(),
    modifiedBy: input.modifiedBy,
  }
  const permissions = permissionsOfSettings(profile.settings)
  await db.transaction().execute(async (tx) => {
    await updateProfile(tx, profile)
    const holders = await listAssignedUsers(tx, input.accountId, profile.id)
    if (!permissions.has('administer')) await keepAnAdministrator(tx, input.accountId, holders)
    await setMembershipPermissions(tx, input.accountId, holders, permissions)
  })
  return getPermissionProfile(db, input.accountId, profile.id)
}

/**
 * Gives each user the profile: their permissions become the profile's. The one write path for a
 * member's profile (a group's profile, `move_users_to`, a user's own change). Users who are not members
 * are skipped; answers the member ids.
 */
export async function assignPermissionProfile(
  tx: DbOrTx,
  accountId: string,
  userIds: readonly string[],
  found: AnyProfile,
): Promise<string[]> {
  const permissions = permissionsOf(found)
  if (!permissions.has('administer')) await keepAnAdministrator(tx, accountId, userIds)
  const members = await setMembershipPermissions(tx, accountId, userIds, permissions)
  await setAssignments(tx, accountId, members, found.kind === 'custom' ? found.profile.id : undefined)
  return members
}

/**
 * `PUT /users/{userId}`: a whole profile by `permissionProfileId` (any of the account's), or DocuSign's
 * one-by-one settings (a stock profile's name, `isAdmin`, `userSettings`), never both.
 */
export async function changeUserPermissions(
  db: Db,
  input: {
    accountId: string
    userId: string
    accountUri: string
    request: PermissionRequest & { permissionProfileId?: string | undefined }
  },
  now: number,
): Promise<void> {
  const { accountId, userId } = input
  const { permissionProfileId, ...oneByOne } = input.request
  const settingsGiven = Object.values(oneByOne).some((value) => value !== undefined)
  if (permissionProfileId === undefined) {
    await updateUserPermissions(db, { ...input, request: oneByOne }, now)
    // Permissions set one by one are no custom profile's any more.
    if (settingsGiven) await clearPermissionProfile(db, accountId, [userId])
    return
  }
  if (settingsGiven) {
    throw new InvalidRequestError(
      'permissionProfileId gives the user a whole profile: leave out permissionProfileName, isAdmin and userSettings',
    )
  }
  const profile = await findAnyProfile(db, accountId, permissionProfileId)
  if (!profile) {
    throw new InvalidRequestError(
      `permissionProfileId ${permissionProfileId} is not a permission profile of this account`,
    )
  }
  await memberOrFail(db, accountId, userId)
  await db.transaction().execute((tx) => assignPermissionProfile(tx, accountId, [userId], profile))
}

/** Forgets the users' custom profile: their permissions were set one by one (PUT /users) or they left. */
export async function clearPermissionProfile(db: DbOrTx, accountId: string, userIds: readonly string[]) {
  await setAssignments(db, accountId, userIds, undefined)
}

/**
 * Deletes a custom profile. DocuSign refuses while users hold it unless `move_users_to` names the
 * profile they move to; a profile that a group carries is refused too (the group would name nothing).
 */
export async function deletePermissionProfile(
  db: Db,
  input: { accountId: string; profileId: string; moveUsersTo?: string | undefined },
) {
  await requireCustomProfile(db, input.accountId, input.profileId)
  const target =
    input.moveUsersTo === undefined ? undefined : await findAnyProfile(db, input.accountId, input.moveUsersTo)
  if (input.moveUsersTo !== undefined && (!target || input.moveUsersTo === input.profileId)) {
    throw new InvalidRequestError(`move_users_to must name another permission profile of this account`)
  }
  await db.transaction().execute(async (tx) => {
    const holders = await listAssignedUsers(tx, input.accountId, input.profileId)
    if (holders.length > 0 && !target) {
      throw new InvalidRequestError(
        `Permission profile ${input.profileId} is held by ${holders.length} user(s): move them to another profile first (move_users_to)`,
        { errorCode: PROFILE_IN_USE },
      )
    }
    const groups = await countGroupsWithProfile(tx, input.accountId, input.profileId)
    if (groups > 0) {
      throw new InvalidRequestError(
        `Permission profile ${input.profileId} is set on ${groups} group(s): give them another profile first`,
        { errorCode: PROFILE_IN_USE },
      )
    }
    if (target) await assignPermissionProfile(tx, input.accountId, holders, target)
    await deleteProfile(tx, input.accountId, input.profileId)
  })
}

/**
 * Users as the users API answers them, with the profile each holds: their custom profile's id and name,
 * else the stock profile their permissions name (as `toUserInformation` gives it).
 */
export async function withPermissionProfiles<User extends { userId: string; permissionProfileName: string }>(
  db: DbOrTx,
  accountId: string,
  users: User[],
): Promise<(User & { permissionProfileId: string })[]> {
  const assignments = await listAssignments(db, accountId)
  const custom = new Map((await listProfiles(db, accountId)).map((profile) => [profile.id, profile]))
  return users.map((user) => {
    const held = custom.get(assignments.get(user.userId) ?? '')
    return held
      ? { ...user, permissionProfileId: held.id, permissionProfileName: held.name }
      : {
          ...user,
          permissionProfileId:
            STOCK_PROFILE_IDS[user.permissionProfileName as keyof typeof STOCK_PROFILE_IDS],
        }
  })
}
