import type { DbOrTx } from '../database.js'
import { formatPermissions, type Permission, parsePermissions } from './permissions.js'

/** SQL of the identity domain. Rows are mapped to domain values here (0/1 → boolean, text lists → arrays). */

export interface Account {
  id: string
  name: string
  hourlyLimit: number
  burstLimit: number
  createdAt: string
}

export interface User {
  id: string
  name: string
  email: string
  createdAt: string
}

export interface IntegrationKey {
  id: string
  name: string
  enabled: boolean
  createdAt: string
}

export interface UserAccount {
  accountId: string
  accountName: string
  isDefault: boolean
  permissions: Set<Permission>
}

const splitScopes = (stored: string) => stored.split(' ').filter(Boolean)

export async function insertAccount(db: DbOrTx, account: Account): Promise<void> {
  await db
    .insertInto('accounts')
    .values({
      id: account.id,
      name: account.name,
      hourly_limit: account.hourlyLimit,
      burst_limit: account.burstLimit,
      created_at: account.createdAt,
    })
    .execute()
}

export async function findAccount(db: DbOrTx, id: string): Promise<Account | undefined> {
  const row = await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toAccount(row)
}

export async function findAccountByName(db: DbOrTx, name: string): Promise<Account | undefined> {
  const row = await db
    .selectFrom('accounts')
    .selectAll()
    .where('name', '=', name)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst()
  return row && toAccount(row)
}

/** The rate limits of an account, or undefined when it does not exist. */
export async function findAccountLimits(
  db: DbOrTx,
  id: string,
): Promise<{ hourlyLimit: number; burstLimit: number } | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select(['hourly_limit', 'burst_limit'])
    .where('id', '=', id)
    .executeTakeFirst()
  return row && { hourlyLimit: row.hourly_limit, burstLimit: row.burst_limit }
}

function toAccount(row: {
  id: string
  name: string
  hourly_limit: number
  burst_limit: number
  created_at: string
}): Account {
  return {
    id: row.id,
    name: row.name,
    hourlyLimit: row.hourly_limit,
    burstLimit: row.burst_limit,
    createdAt: row.created_at,
  }
}

export async function insertUser(db: DbOrTx, user: User): Promise<void> {
  await db
    .insertInto('users')
    .values({ id: user.id, name: user.name, email: user.email, created_at: user.createdAt })
    .execute()
}

export async function findUser(db: DbOrTx, id: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
  return row && { id: row.id, name: row.name, email: row.email, createdAt: row.created_at }
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst()
  return row && { id: row.id, name: row.name, email: row.email, createdAt: row.created_at }
}

/** Adds a membership or replaces the permissions (and default flag) of an existing one. */
export async function upsertMembership(
  db: DbOrTx,
  membership: {
    accountId: string
    userId: string
    permissions: Iterable<Permission>
    isDefault: boolean
    createdAt: string
  },
): Promise<void> {
  const permissions = formatPermissions(membership.permissions)
  const isDefault = membership.isDefault ? 1 : 0
  await db
    .insertInto('memberships')
    .values({
      account_id: membership.accountId,
      user_id: membership.userId,
      permissions,
      is_default: isDefault,
      created_at: membership.createdAt,
    })
    .onConflict((oc) =>
      oc.columns(['account_id', 'user_id']).doUpdateSet({ permissions, is_default: isDefault }),
    )
    .execute()
  // A member again: no longer a former one.
  await db
    .deleteFrom('closed_memberships')
    .where('account_id', '=', membership.accountId)
    .where('user_id', '=', membership.userId)
    .execute()
}

/** A user has at most one default account: clears the flag on the others. */
export async function clearOtherDefaultMemberships(
  db: DbOrTx,
  userId: string,
  keepAccountId: string,
): Promise<void> {
  await db
    .updateTable('memberships')
    .set({ is_default: 0 })
    .where('user_id', '=', userId)
    .where('account_id', '!=', keepAccountId)
    .execute()
}

export async function listUserAccounts(db: DbOrTx, userId: string): Promise<UserAccount[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
    .select([
      'accounts.id as account_id',
      'accounts.name as account_name',
      'memberships.is_default',
      'memberships.permissions',
    ])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.is_default', 'desc')
    .orderBy('memberships.created_at')
    .orderBy('accounts.id')
    .execute()
  return rows.map((row) => ({
    accountId: row.account_id,
    accountName: row.account_name,
    isDefault: row.is_default === 1,
    permissions: parsePermissions(row.permissions),
  }))
}

export async function insertIntegrationKey(db: DbOrTx, key: IntegrationKey): Promise<void> {
  await db
    .insertInto('integration_keys')
    .values({ id: key.id, name: key.name, enabled: key.enabled ? 1 : 0, created_at: key.createdAt })
    .execute()
}

export async function findIntegrationKey(db: DbOrTx, id: string): Promise<IntegrationKey | undefined> {
  const row = await db.selectFrom('integration_keys').selectAll().where('id', '=', id).executeTakeFirst()
  return row && { id: row.id, name: row.name, enabled: row.enabled === 1, createdAt: row.created_at }
}

export async function findIntegrationKeyByName(
  db: DbOrTx,
  name: string,
): Promise<IntegrationKey | undefined> {
  const row = await db
    .selectFrom('integration_keys')
    .selectAll()
    .where('name', '=', name)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst()
  return row && { id: row.id, name: row.name, enabled: row.enabled === 1, createdAt: row.created_at }
}

export async function setIntegrationKeyEnabled(db: DbOrTx, id: string, enabled: boolean): Promise<boolean> {
  const updated = await db
    .updateTable('integration_keys')
    .set({ enabled: enabled ? 1 : 0 })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst()
  return updated !== undefined
}

export async function insertPublicKey(
  db: DbOrTx,
  key: { integrationKeyId: string; publicKeyPem: string; createdAt: string },
): Promise<number> {
  const row = await db
    .insertInto('integration_key_public_keys')
    .values({
      integration_key_id: key.integrationKeyId,
      public_key_pem: key.publicKeyPem,
      created_at: key.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

export async function listPublicKeyPems(db: DbOrTx, integrationKeyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('integration_key_public_keys')
    .select('public_key_pem')
    .where('integration_key_id', '=', integrationKeyId)
    .orderBy('id')
    .execute()
  return rows.map((row) => row.public_key_pem)
}

/** Records consent, widening an existing consent to the union of the scopes. */
export async function upsertConsent(
  db: DbOrTx,
  consent: { userId: string; integrationKeyId: string; scopes: string[]; grantedAt: string },
): Promise<string[]> {
  const existing = await findConsentScopes(db, consent.userId, consent.integrationKeyId)
  const scopes = [...new Set([...(existing ?? []), ...consent.scopes])].sort()
  await db
    .insertInto('consents')
    .values({
      user_id: consent.userId,
      integration_key_id: consent.integrationKeyId,
      scopes: scopes.join(' '),
      granted_at: consent.grantedAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'integration_key_id'])
        .doUpdateSet({ scopes: scopes.join(' '), granted_at: consent.grantedAt }),
    )
    .execute()
  return scopes
}

export async function findConsentScopes(
  db: DbOrTx,
  userId: string,
  integrationKeyId: string,
): Promise<string[] | undefined> {
  const row = await db
    .selectFrom('consents')
    .select('scopes')
    .where('user_id', '=', userId)
    .where('integration_key_id', '=', integrationKeyId)
    .executeTakeFirst()
  return row && splitScopes(row.scopes)
}

/** The user's permissions on the account, or undefined when they are not a member. */
export async function findMembershipPermissions(
  db: DbOrTx,
  accountId: string,
  userId: string,
): Promise<Set<Permission> | undefined> {
  const row = await db
    .selectFrom('memberships')
    .select('permissions')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row && parsePermissions(row.permissions)
}

/**
 * Sets the permissions of existing memberships (a permission profile assigned to them, or changed); returns
 * the user ids that are members. Users who are not members of the account are left alone.
 */
export async function setMembershipPermissions(
  db: DbOrTx,
  accountId: string,
  userIds: readonly string[],
  permissions: Iterable<Permission>,
): Promise<string[]> {
  if (userIds.length === 0) return []
  const rows = await db
    .updateTable('memberships')
    .set({ permissions: formatPermissions(permissions) })
    .where('account_id', '=', accountId)
    .where('user_id', 'in', userIds)
    .returning('user_id')
    .execute()
  return rows.map((row) => row.user_id)
}

/**
 * Deletes a membership, keeping it as a former one (`closed_memberships`); returns whether there was one
 * and whether it was the user's default.
 */
export async function deleteMembership(
  db: DbOrTx,
  accountId: string,
  userId: string,
  closedAt: string,
): Promise<{ wasDefault: boolean } | undefined> {
  const row = await db
    .deleteFrom('memberships')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .returning(['is_default', 'permissions', 'created_at'])
    .executeTakeFirst()
  if (!row) return undefined
  // Kept as a former membership: the account's administrators may still list the user and their sign-ins.
  const closed = { permissions: row.permissions, member_since: row.created_at, closed_at: closedAt }
  await db
    .insertInto('closed_memberships')
    .values({ account_id: accountId, user_id: userId, ...closed })
    .onConflict((oc) => oc.columns(['account_id', 'user_id']).doUpdateSet(closed))
    .execute()
  return { wasDefault: row.is_default === 1 }
}

/** Makes the user's oldest remaining membership the default; returns its account, if any. */
export async function promoteOldestMembership(db: DbOrTx, userId: string): Promise<string | undefined> {
  const oldest = await db
    .selectFrom('memberships')
    .select('account_id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('account_id')
    .executeTakeFirst()
  if (!oldest) return undefined
  await db
    .updateTable('memberships')
    .set({ is_default: 1 })
    .where('user_id', '=', userId)
    .where('account_id', '=', oldest.account_id)
    .execute()
  return oldest.account_id
}

/** Deletes a user's consent to an integration key; returns whether there was one. */
export async function deleteConsent(db: DbOrTx, userId: string, integrationKeyId: string): Promise<boolean> {
  const row = await db
    .deleteFrom('consents')
    .where('user_id', '=', userId)
    .where('integration_key_id', '=', integrationKeyId)
    .returning('user_id')
    .executeTakeFirst()
  return row !== undefined
}
