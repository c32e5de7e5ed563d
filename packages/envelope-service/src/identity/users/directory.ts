import { InvalidRequestError, NotFoundError } from 'platform'
import type { Db, DbOrTx } from '../../database.js'
import type { Locale } from '../pages/messages.js'
import { type Permission, parsePermissions } from '../permissions.js'
import { findAccount, findUserByEmail, listUserAccounts } from '../repository.js'
import { removeMember } from '../revocation.js'
import { addMember, createUser, splitName } from '../service.js'
import { deleteAccessTokens } from '../tokens/repository.js'
import {
  administratorIds,
  keepAnAdministrator,
  LAST_ADMINISTRATOR,
  LAST_ADMINISTRATOR_MESSAGE,
  leavesNoAdministrator,
} from './administrators.js'
import { enqueueInvitation } from './password-links.js'
import {
  applyPermissionRequest,
  PERMISSION_PROFILES,
  type PermissionRequest,
  permissionRequestProblem,
  profileOf,
  settingsOf,
} from './permission-profiles.js'
import {
  type AccountMember,
  activateUser,
  deactivateUser,
  findCredentialsByEmail,
  listAccountMembers,
  listFormerMembers,
} from './repository.js'

/**
 * DocuSign's users API over this service's users and memberships: list, get, invite (`newUsers`),
 * change permissions, close (`closeUsers`, which ends the membership in this account).
 */

export function toUserInformation(member: AccountMember, accountUri: string, closed = false) {
  const permissions = parsePermissions(member.permissions)
  const { givenName, familyName } = splitName(member.name)
  return {
    userId: member.userId,
    userName: member.name,
    email: member.email,
    firstName: givenName,
    lastName: familyName,
    userStatus: closed ? 'Closed' : member.hasPassword ? 'Active' : 'ActivationSent',
    isAdmin: permissions.has('administer') ? 'True' : 'False',
    permissionProfileName: profileOf(permissions),
    userSettings: settingsOf(permissions),
    createdDateTime: member.memberSince,
    uri: `${accountUri}/users/${member.userId}`,
  }
}

/** DocuSign's list filters: `email` matches whole (any case); `status` is a comma-separated userStatus list. */
export interface UserListFilter {
  email?: string | undefined
  email_substring?: string | undefined
  user_name_substring?: string | undefined
  status?: string | undefined
  /** Only these users (those of the groups `group_id` names), when given. */
  userIds?: ReadonlySet<string> | undefined
  count?: number | undefined
  start_position?: number | undefined
}

/** DocuSign's page size for the users list when `count` is not given, and its largest. */
export const USER_PAGE_SIZE = 100

export async function listUsers(db: Db, accountId: string, accountUri: string, filter: UserListFilter = {}) {
  const email = filter.email?.trim().toLowerCase()
  const statuses = filter.status
    ?.split(',')
    .map((status) => status.trim().toLowerCase())
    .filter((status) => status !== '')
  // Former members only when asked for by status, as the list without one is of the account's members.
  const former = statuses?.includes('closed') ? await listFormerMembers(db, accountId) : []
  const members = [
    ...(await listAccountMembers(db, accountId)).map((member) => toUserInformation(member, accountUri)),
    ...former.map((member) => toUserInformation(member, accountUri, true)),
  ]
  const emailPart = filter.email_substring?.trim().toLowerCase()
  const namePart = filter.user_name_substring?.trim().toLowerCase()
  const matching = members
    .filter((user) => filter.userIds === undefined || filter.userIds.has(user.userId))
    .filter((user) => email === undefined || user.email.toLowerCase() === email)
    .filter((user) => !emailPart || user.email.toLowerCase().includes(emailPart))
    .filter((user) => !namePart || user.userName.toLowerCase().includes(namePart))
    .filter((user) => !statuses?.length || statuses.includes(user.userStatus.toLowerCase()))
  const start = filter.start_position ?? 0
  const users = matching.slice(start, start + (filter.count ?? USER_PAGE_SIZE))
  return {
    users,
    resultSetSize: String(users.length),
    totalSetSize: String(matching.length),
    startPosition: String(start),
    endPosition: String(Math.max(start, start + users.length - 1)),
  }
}

const userNotFound = (userId: string) =>
  new NotFoundError(`User ${userId} is not a member of this account`, { errorCode: 'USER_NOT_FOUND' })

/** The account's member, or 404 `USER_NOT_FOUND` (a former member too: nothing may be changed for them). */
export async function memberOrFail(db: DbOrTx, accountId: string, userId: string): Promise<AccountMember> {
  const [member] = await listAccountMembers(db, accountId, userId)
  if (!member) throw userNotFound(userId)
  return member
}

/**
 * A member, or a former member (`userStatus` `Closed`), as DocuSign answers a closed user; `former`
 * says which, for what only a member may have.
 */
export async function findMemberOrFormer(
  db: DbOrTx,
  accountId: string,
  userId: string,
): Promise<{ member: AccountMember; former: boolean }> {
  const [member] = await listAccountMembers(db, accountId, userId)
  if (member) return { member, former: false }
  const [former] = await listFormerMembers(db, accountId, userId)
  if (former) return { member: former, former: true }
  throw userNotFound(userId)
}

export async function getUser(db: Db, accountId: string, userId: string, accountUri: string) {
  const { member, former } = await findMemberOrFormer(db, accountId, userId)
  return toUserInformation(member, accountUri, former)
}

function checkPermissionRequest(request: PermissionRequest): void {
  const problem = permissionRequestProblem(request)
  if (problem) throw new InvalidRequestError(problem)
}

export async function updateUserPermissions(
  db: Db,
  input: { accountId: string; userId: string; accountUri: string; request: PermissionRequest },
  now: number,
) {
  checkPermissionRequest(input.request)
  const member = await memberOrFail(db, input.accountId, input.userId)
  const held = parsePermissions(member.permissions)
  const permissions = applyPermissionRequest(held, input.request)
  if (held.has('administer') && !permissions.has('administer')) {
    await keepAnAdministrator(db, input.accountId, [input.userId])
  }
  await addMember(
    db,
    { accountId: input.accountId, userId: input.userId, permissions: [...permissions] },
    now,
  )
  return getUser(db, input.accountId, input.userId, input.accountUri)
}

export interface NewUserRequest extends PermissionRequest {
  userName?: string | undefined
  email?: string | undefined
}

/**
 * Invites each new user: a person without an account gets a user and an email (through the outbox) with
 * a link to choose a password; a person who already has a user here is added to the account as they
 * are. Each entry answers on its own, with `errorDetails` when it was refused.
 */
export async function inviteUsers(
  db: Db,
  input: {
    accountId: string
    accountUri: string
    inviterName: string
    origin: string
    locale: Locale
    newUsers: NewUserRequest[]
  },
  now: number,
) {
  const account = await findAccount(db, input.accountId)
  if (!account) throw new NotFoundError(`Account ${input.accountId} not found`)
  const members = new Set(
    (await listAccountMembers(db, input.accountId)).map((member) => member.email.toLowerCase()),
  )
  const results = []
  let invited = 0
  for (const request of input.newUsers) {
    const email = (request.email ?? '').trim()
    const userName = (request.userName ?? '').trim()
    const refuse = (errorCode: string, message: string) => ({
      email,
      userName,
      errorDetails: { errorCode, message },
    })
    const problem =
      email === '' || userName === '' ? 'userName and email are required' : permissionRequestProblem(request)
    if (problem) {
      results.push(refuse('INVALID_REQUEST_PARAMETER', problem))
      continue
    }
    if (members.has(email.toLowerCase())) {
      results.push(refuse('USER_ALREADY_EXISTS_IN_ACCOUNT', `${email} is already a member of this account`))
      continue
    }
    const permissions: Set<Permission> = applyPermissionRequest(
      new Set(PERMISSION_PROFILES['DocuSign Sender']),
      request,
    )
    const active = await findCredentialsByEmail(db, email)
    const closed = active ? undefined : await findUserByEmail(db, email)
    // A closed user invited again comes back, and chooses a password again like anyone invited.
    if (closed) await activateUser(db, closed.id)
    const existing = active ?? closed
    const user = existing
      ? { id: existing.id, name: existing.name, email: existing.email }
      : await createUser(db, { name: userName, email }, now)
    await addMember(db, { accountId: input.accountId, userId: user.id, permissions: [...permissions] }, now)
    const hasPassword = active?.passwordHash != null
    if (!hasPassword) {
      await db.transaction().execute((tx) =>
        enqueueInvitation(
          tx,
          {
            user,
            inviterName: input.inviterName,
            accountName: account.name,
            origin: input.origin,
            locale: input.locale,
          },
          now,
        ),
      )
      invited++
    }
    members.add(email.toLowerCase())
    const shown = await getUser(db, input.accountId, user.id, input.accountUri)
    results.push({
      userId: shown.userId,
      userName: shown.userName,
      email: shown.email,
      userStatus: shown.userStatus,
      permissionProfileName: shown.permissionProfileName,
      createdDateTime: shown.createdDateTime,
      uri: shown.uri,
    })
  }
  return { newUsers: results, invited }
}

/**
 * A user left with no account is closed: they cannot sign in, and their refresh and access tokens go.
 * (A user of other accounts keeps their sign-in; those accounts still accept them.)
 */
async function closeUser(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await deactivateUser(tx, userId)
    await deleteAccessTokens(tx, { userId })
  })
}

/** DocuSign's closeUsers: each user's membership of this account ends (they keep other accounts). */
export async function closeUsers(db: Db, accountId: string, userIds: string[], now = Date.now()) {
  // The members are read once (a request names up to 100 users) and kept current as each one leaves.
  const members = new Map((await listAccountMembers(db, accountId)).map((m) => [m.userId, m]))
  const administrators = administratorIds(members.values())
  const users = []
  for (const userId of userIds) {
    const member = members.get(userId)
    if (!member) {
      users.push({
        userId,
        errorDetails: {
          errorCode: 'USER_NOT_FOUND',
          message: `User ${userId} is not a member of this account`,
        },
      })
      continue
    }
    if (leavesNoAdministrator(administrators, [userId])) {
      users.push({
        userId,
        errorDetails: { errorCode: LAST_ADMINISTRATOR, message: LAST_ADMINISTRATOR_MESSAGE },
      })
      continue
    }
    await removeMember(db, { accountId, userId }, now)
    members.delete(userId)
    administrators.delete(userId)
    if ((await listUserAccounts(db, userId)).length === 0) await closeUser(db, userId)
    users.push({ userId, userName: member.name, email: member.email, userStatus: 'Closed' })
  }
  return { users }
}
