import { sql } from 'kysely'
import type { DbOrTx } from '../../database.js'

/** SQL of user credentials: password hash, the lockout counter, the active flag. */

export interface UserCredentials {
  id: string
  name: string
  email: string
  passwordHash: string | null
  lockedUntil: number | null
  active: boolean
}

/** The active user with this email (compared in lower case), if any. */
export async function findCredentialsByEmail(
  db: DbOrTx,
  email: string,
): Promise<UserCredentials | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'password_hash', 'locked_until', 'active'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('active', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst()
  return (
    row && {
      id: row.id,
      name: row.name,
      email: row.email,
      passwordHash: row.password_hash,
      lockedUntil: row.locked_until,
      active: row.active === 1,
    }
  )
}

/**
 * Counts a failed sign-in in one statement (so concurrent failures in several processes all count):
 * failures before `windowStart` no longer count and the count starts again at 1. Returns the new count.
 */
export async function countFailedSignIn(
  db: DbOrTx,
  userId: string,
  now: number,
  windowStart: number,
): Promise<number> {
  const stale = sql<boolean>`first_failure_at is null or first_failure_at < ${windowStart}`
  const row = await db
    .updateTable('users')
    .set({
      failed_sign_ins: sql`case when ${stale} then 1 else failed_sign_ins + 1 end`,
      first_failure_at: sql`case when ${stale} then ${now} else first_failure_at end`,
    })
    .where('id', '=', userId)
    .returning('failed_sign_ins')
    .executeTakeFirst()
  return row?.failed_sign_ins ?? 0
}

export async function lockUser(db: DbOrTx, userId: string, until: number): Promise<void> {
  await db.updateTable('users').set({ locked_until: until }).where('id', '=', userId).execute()
}

export async function clearFailedSignIns(db: DbOrTx, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_sign_ins: 0, first_failure_at: null, locked_until: null })
    .where('id', '=', userId)
    .execute()
}

export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, failed_sign_ins: 0, first_failure_at: null, locked_until: null })
    .where('id', '=', userId)
    .execute()
}

/** What the second step of a sign-in needs of the user: the email (the app's label) and any lockout. */
export async function findSignInState(
  db: DbOrTx,
  userId: string,
): Promise<{ email: string; lockedUntil: number | null } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['email', 'locked_until'])
    .where('id', '=', userId)
    .where('active', '=', 1)
    .executeTakeFirst()
  return row && { email: row.email, lockedUntil: row.locked_until === null ? null : Number(row.locked_until) }
}

export async function findPasswordHash(db: DbOrTx, userId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst()
  return row?.password_hash
}

export interface AccountMember {
  userId: string
  name: string
  email: string
  createdAt: string
  memberSince: string
  permissions: string
  hasPassword: boolean
}

/** The account's members with what the users API shows of them, oldest membership first. */
export async function listAccountMembers(
  db: DbOrTx,
  accountId: string,
  userId?: string,
): Promise<AccountMember[]> {
  let query = db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select([...USER_COLUMNS, 'memberships.created_at as member_since', 'memberships.permissions'])
    .where('memberships.account_id', '=', accountId)
    .where('users.active', '=', 1)
  if (userId !== undefined) query = query.where('users.id', '=', userId)
  const rows = await query.orderBy('memberships.created_at').orderBy('users.id').execute()
  return rows.map(memberOf)
}

const USER_COLUMNS = [
  'users.id',
  'users.name',
  'users.email',
  'users.created_at',
  'users.password_hash',
] as const

function memberOf(row: {
  id: string
  name: string
  email: string
  created_at: string
  password_hash: string | null
  member_since: string
  permissions: string
}): AccountMember {
  return {
    userId: row.id,
    name: row.name,
    email: row.email,
    createdAt: row.created_at,
    memberSince: row.member_since,
    permissions: row.permissions,
    hasPassword: row.password_hash !== null,
  }
}

export interface FormerMember extends AccountMember {
  closedAt: string
}

/** The account's former members (their memberships ended), most recently closed first. */
export async function listFormerMembers(
  db: DbOrTx,
  accountId: string,
  userId?: string,
): Promise<FormerMember[]> {
  let query = db
    .selectFrom('closed_memberships')
    .innerJoin('users', 'users.id', 'closed_memberships.user_id')
    .select([
      ...USER_COLUMNS,
      'closed_memberships.member_since',
      'closed_memberships.permissions',
      'closed_memberships.closed_at',
    ])
    .where('closed_memberships.account_id', '=', accountId)
  if (userId !== undefined) query = query.where('users.id', '=', userId)
  const rows = await query.orderBy('closed_memberships.closed_at', 'desc').orderBy('users.id').execute()
  return rows.map((row) => ({ ...memberOf(row), closedAt: row.closed_at }))
}

/** Closes a user who belongs to no account any more: no sign-in, and every refresh token revoked. */
export async function deactivateUser(db: DbOrTx, userId: string): Promise<void> {
  await db.updateTable('users').set({ active: 0 }).where('id', '=', userId).execute()
  await db.updateTable('refresh_tokens').set({ revoked: 1 }).where('user_id', '=', userId).execute()
}

export async function activateUser(db: DbOrTx, userId: string): Promise<void> {
  await db.updateTable('users').set({ active: 1 }).where('id', '=', userId).execute()
}
