import { ForbiddenError, InvalidRequestError, NotFoundError } from 'platform'
import type { Db } from '../../database.js'
import { newTimeOrderedId } from '../../ids.js'
import {
  type AuthorizationRow,
  findAuthorization,
  insertAuthorization,
  isActiveMember,
  listAuthorizations,
  listGrants,
  markAuthorizationDeleted,
  updateAuthorizationDates,
} from './repository.js'
import {
  AUTHORIZATION_PERMISSIONS,
  actOnBehalfAllows,
  authorizationDatesProblem,
  isAuthorizationActive,
  isAuthorizationPermission,
} from './rules.js'

/** The caller, as rest/account-scope's Principal has it (not imported: account-scope imports this folder, one layer up). */
interface Principal {
  userId: string
  accountId: string
  permissions: ReadonlySet<string>
}

/** DocuSign's userAuthorization. */
export function toUserAuthorization(row: AuthorizationRow) {
  return {
    authorizationId: row.id,
    principalUser: {
      userId: row.principalUserId,
      accountId: row.accountId,
      name: row.principalName,
      email: row.principalEmail,
    },
    agentUser: {
      userId: row.agentUserId,
      accountId: row.accountId,
      name: row.agentName,
      email: row.agentEmail,
    },
    permission: row.permission,
    startDate: row.startDate,
    endDate: row.endDate ?? '',
    created: row.createdAt,
    createdBy: row.createdBy,
    modified: row.modifiedAt,
    modifiedBy: row.modifiedBy,
  }
}

/** The principal themselves, or an account administrator, manages a principal's authorizations. */
function checkMayManage(caller: Principal, userId: string): void {
  if (caller.userId !== userId && !caller.permissions.has('administer')) {
    throw new ForbiddenError(
      "Only the user or an account administrator may see or change the user's authorizations",
    )
  }
}

async function checkMember(db: Db, accountId: string, userId: string): Promise<void> {
  if (!(await isActiveMember(db, accountId, userId))) {
    throw new NotFoundError(`User ${userId} is not an active member of account ${accountId}`, {
      errorCode: 'USER_NOT_FOUND',
    })
  }
}

export interface CreateAuthorizationRequest {
  agentUser: { userId?: string; accountId?: string }
  permission: string
  startDate?: string
  endDate?: string
}

export async function createAuthorization(
  db: Db,
  caller: Principal,
  principalUserId: string,
  request: CreateAuthorizationRequest,
  now: number,
) {
  checkMayManage(caller, principalUserId)
  if (!isAuthorizationPermission(request.permission)) {
    throw new InvalidRequestError(
      `permission ${request.permission} is not one of ${AUTHORIZATION_PERMISSIONS.join(', ')}`,
    )
  }
  const agentUserId = request.agentUser.userId
  if (!agentUserId) throw new InvalidRequestError('agentUser.userId is required')
  if (request.agentUser.accountId !== undefined && request.agentUser.accountId !== caller.accountId) {
    throw new InvalidRequestError(
      'agentUser.accountId must be this account: shared access stays in one account',
    )
  }
  if (agentUserId === principalUserId) throw new InvalidRequestError('A user cannot be their own agent')
  const at = new Date(now).toISOString()
  const startDate = request.startDate ?? at
  const endDate = request.endDate ?? null
  const problem = authorizationDatesProblem(startDate, endDate)
  if (problem) throw new InvalidRequestError(problem)
  await checkMember(db, caller.accountId, principalUserId)
  await checkMember(db, caller.accountId, agentUserId)
  const id = newTimeOrderedId(now)
  await insertAuthorization(db, {
    id,
    accountId: caller.accountId,
    principalUserId,
    agentUserId,
    permission: request.permission,
    startDate: new Date(startDate).toISOString(),
    endDate: endDate === null ? null : new Date(endDate).toISOString(),
    by: caller.userId,
    at,
  })
  return toUserAuthorization(
    (await findAuthorization(db, caller.accountId, principalUserId, id)) as AuthorizationRow,
  )
}

/** DocuSign's userAuthorizations list, active ones only when asked. */
export async function listUserAuthorizations(
  db: Db,
  caller: Principal,
  side: 'principal' | 'agent',
  userId: string,
  filter: { permission?: string; activeOnly?: boolean },
  now: number,
) {
  checkMayManage(caller, userId)
  if (filter.permission !== undefined && !isAuthorizationPermission(filter.permission)) {
    throw new InvalidRequestError(
      `permissions ${filter.permission} is not one of ${AUTHORIZATION_PERMISSIONS.join(', ')}`,
    )
  }
  await checkMember(db, caller.accountId, userId)
  const rows = (await listAuthorizations(db, caller.accountId, side, userId, filter.permission)).filter(
    (row) => !filter.activeOnly || isAuthorizationActive(row, now),
  )
  return {
    authorizations: rows.map(toUserAuthorization),
    resultSetSize: String(rows.length),
    totalSetSize: String(rows.length),
    startPosition: '0',
    endPosition: String(Math.max(0, rows.length - 1)),
  }
}

async function existing(db: Db, caller: Principal, principalUserId: string, id: string) {
  checkMayManage(caller, principalUserId)
  const row = await findAuthorization(db, caller.accountId, principalUserId, id)
  if (!row) {
    throw new NotFoundError(`Authorization ${id} of user ${principalUserId} was not found`, {
      errorCode: 'AUTHORIZATION_NOT_FOUND',
    })
  }
  return row
}

export async function getUserAuthorization(db: Db, caller: Principal, principalUserId: string, id: string) {
  return toUserAuthorization(await existing(db, caller, principalUserId, id))
}

export async function updateUserAuthorization(
  db: Db,
  caller: Principal,
  principalUserId: string,
  id: string,
  change: { startDate?: string; endDate?: string },
  now: number,
) {
  const row = await existing(db, caller, principalUserId, id)
  const startDate = change.startDate ?? row.startDate
  const endDate = change.endDate === undefined ? row.endDate : change.endDate === '' ? null : change.endDate
  const problem = authorizationDatesProblem(startDate, endDate)
  if (problem) throw new InvalidRequestError(problem)
  await updateAuthorizationDates(db, id, {
    startDate: new Date(startDate).toISOString(),
    endDate: endDate === null ? null : new Date(endDate).toISOString(),
    by: caller.userId,
    at: new Date(now).toISOString(),
  })
  return getUserAuthorization(db, caller, principalUserId, id)
}

export async function deleteUserAuthorization(
  db: Db,
  caller: Principal,
  principalUserId: string,
  id: string,
  now: number,
) {
  await existing(db, caller, principalUserId, id)
  await markAuthorizationDeleted(db, id, { by: caller.userId, at: new Date(now).toISOString() })
}

/**
 * Whether `agentUserId` may make this request as `principalUserId` in the account: the principal is an active
 * member, and one authorization from them to the agent is in force and its permission allows the request.
 * Every refusal is the same 403 USER_LACKS_PERMISSIONS, so the answer does not reveal which users exist.
 */
export async function checkActOnBehalf(
  db: Db,
  input: { accountId: string; agentUserId: string; principalUserId: string; method: string; path: string },
  now: number,
): Promise<void> {
  const refuse = () =>
    new ForbiddenError(
      `User ${input.agentUserId} holds no authorization from ${input.principalUserId} in this account that allows ${input.method} ${input.path}`,
      { errorCode: 'USER_LACKS_PERMISSIONS' },
    )
  if (input.principalUserId === input.agentUserId) return
  if (!(await isActiveMember(db, input.accountId, input.principalUserId))) throw refuse()
  const grants = await listGrants(db, input.accountId, input.principalUserId, input.agentUserId)
  const allowed = grants.some(
    (grant) =>
      isAuthorizationPermission(grant.permission) &&
      isAuthorizationActive({ ...grant, deletedAt: null }, now) &&
      actOnBehalfAllows(grant.permission, input),
  )
  if (!allowed) throw refuse()
}
