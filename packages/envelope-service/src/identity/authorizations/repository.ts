import type { Db } from '../../database.js'

/** One authorization with both users' names and emails, as the wire shows them. */
export interface AuthorizationRow {
  id: string
  accountId: string
  principalUserId: string
  principalName: string
  principalEmail: string
  agentUserId: string
  agentName: string
  agentEmail: string
  permission: string
  startDate: string
  endDate: string | null
  createdAt: string
  createdBy: string
  modifiedAt: string
  modifiedBy: string
  deletedAt: string | null
}

function selectAuthorizations(db: Db) {
  return db
    .selectFrom('user_authorizations as a')
    .innerJoin('users as p', 'p.id', 'a.principal_user_id')
    .innerJoin('users as g', 'g.id', 'a.agent_user_id')
    .select([
      'a.id as id',
      'a.account_id as accountId',
      'a.principal_user_id as principalUserId',
      'p.name as principalName',
      'p.email as principalEmail',
      'a.agent_user_id as agentUserId',
      'g.name as agentName',
      'g.email as agentEmail',
      'a.permission as permission',
      'a.start_date as startDate',
      'a.end_date as endDate',
      'a.created_at as createdAt',
      'a.created_by as createdBy',
      'a.modified_at as modifiedAt',
      'a.modified_by as modifiedBy',
      'a.deleted_at as deletedAt',
    ])
    .where('a.deleted_at', 'is', null)
}

export async function insertAuthorization(
  db: Db,
  row: {
    id: string
    accountId: string
    principalUserId: string
    agentUserId: string
    permission: string
    startDate: string
    endDate: string | null
    by: string
    at: string
  },
): Promise<void> {
  await db
    .insertInto('user_authorizations')
    .values({
      id: row.id,
      account_id: row.accountId,
      principal_user_id: row.principalUserId,
      agent_user_id: row.agentUserId,
      permission: row.permission,
      start_date: row.startDate,
      end_date: row.endDate,
      created_at: row.at,
      created_by: row.by,
      modified_at: row.at,
      modified_by: row.by,
      deleted_at: null,
    })
    .execute()
}

export async function findAuthorization(
  db: Db,
  accountId: string,
  principalUserId: string,
  id: string,
): Promise<AuthorizationRow | undefined> {
  return selectAuthorizations(db)
    .where('a.account_id', '=', accountId)
    .where('a.principal_user_id', '=', principalUserId)
    .where('a.id', '=', id)
    .executeTakeFirst()
}

/** Not deleted; `side` says whether `userId` is the principal or the agent. */
export async function listAuthorizations(
  db: Db,
  accountId: string,
  side: 'principal' | 'agent',
  userId: string,
  permission: string | undefined,
): Promise<AuthorizationRow[]> {
  let query = selectAuthorizations(db)
    .where('a.account_id', '=', accountId)
    .where(side === 'principal' ? 'a.principal_user_id' : 'a.agent_user_id', '=', userId)
  if (permission !== undefined) query = query.where('a.permission', '=', permission)
  return query.orderBy('a.created_at').orderBy('a.id').execute()
}

/** The not-deleted authorizations from the principal to the agent in the account (the act-on-behalf check). */
export async function listGrants(
  db: Db,
  accountId: string,
  principalUserId: string,
  agentUserId: string,
): Promise<{ permission: string; startDate: string; endDate: string | null }[]> {
  return db
    .selectFrom('user_authorizations')
    .select(['permission', 'start_date as startDate', 'end_date as endDate'])
    .where('account_id', '=', accountId)
    .where('principal_user_id', '=', principalUserId)
    .where('agent_user_id', '=', agentUserId)
    .where('deleted_at', 'is', null)
    .execute()
}

export async function updateAuthorizationDates(
  db: Db,
  id: string,
  change: { startDate: string; endDate: string | null; by: string; at: string },
): Promise<void> {
  await db
    .updateTable('user_authorizations')
    .set({
      start_date: change.startDate,
      end_date: change.endDate,
      modified_at: change.at,
      modified_by: change.by,
    })
    .where('id', '=', id)
    .execute()
}

export async function markAuthorizationDeleted(
  db: Db,
  id: string,
  change: { by: string; at: string },
): Promise<void> {
  await db
    .updateTable('user_authorizations')
    .set({ deleted_at: change.at, modified_at: change.at, modified_by: change.by })
    .where('id', '=', id)
    .execute()
}

/** Whether the user is an active member of the account (a principal or an agent must be one). */
export async function isActiveMember(db: Db, accountId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('users.id')
    .where('memberships.account_id', '=', accountId)
    .where('memberships.user_id', '=', userId)
    .where('users.active', '=', 1)
    .executeTakeFirst()
  return row !== undefined
}
