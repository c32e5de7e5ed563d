import { randomUUID } from 'node:crypto'
import { InvalidRequestError, looksLikeEmailAddress, NotFoundError } from 'platform'
import type { Db, DbOrTx } from '../database.js'
import { KNOWN_SCOPES } from './jwt-grant.js'
import { generateRsaKeyPair, normalizeRsaPublicKey } from './keys.js'
import { PERMISSIONS, type Permission } from './permissions.js'
import {
  type Account,
  clearOtherDefaultMemberships,
  findAccount,
  findIntegrationKey,
  findUser,
  type IntegrationKey,
  insertAccount,
  insertIntegrationKey,
  insertPublicKey,
  insertUser,
  listUserAccounts,
  type User,
  upsertConsent,
  upsertMembership,
} from './repository.js'

/** Plan defaults when an account is created without explicit limits (decisions.md, Rate limits). */
export const DEFAULT_HOURLY_LIMIT = 3000
export const DEFAULT_BURST_LIMIT = 500

const iso = (now: number) => new Date(now).toISOString()

function requireText(value: string, field: string): string {
  const trimmed = value.trim()
  if (trimmed === '') throw new InvalidRequestError(`${field} must not be empty`)
  return trimmed
}

function requireLimit(value: number, field: string): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new InvalidRequestError(`${field} must be a positive integer`)
  }
  return value
}

export async function createAccount(
  db: DbOrTx,
  input: { name: string; hourlyLimit?: number; burstLimit?: number },
  now = Date.now(),
): Promise<Account> {
  const account: Account = {
    id: randomUUID(),
    name: requireText(input.name, 'name'),
    hourlyLimit: requireLimit(input.hourlyLimit ?? DEFAULT_HOURLY_LIMIT, 'hourlyLimit'),
    burstLimit: requireLimit(input.burstLimit ?? DEFAULT_BURST_LIMIT, 'burstLimit'),
    createdAt: iso(now),
  }
  await insertAccount(db, account)
  return account
}

export async function createUser(
  db: DbOrTx,
  input: { name: string; email: string },
  now = Date.now(),
): Promise<User> {
  const email = requireText(input.email, 'email')
  if (!looksLikeEmailAddress(email)) throw new InvalidRequestError('email must be an email address')
  const user: User = { id: randomUUID(), name: requireText(input.name, 'name'), email, createdAt: iso(now) }
  await insertUser(db, user)
  return user
}

export function parsePermissionList(values: string[]): Permission[] {
  const known = new Set<string>(PERMISSIONS)
  const unknown = values.filter((value) => !known.has(value))
  if (unknown.length > 0) {
    throw new InvalidRequestError(
      `Unknown permission ${unknown.join(', ')}; known permissions: ${PERMISSIONS.join(', ')}`,
    )
  }
  return values as Permission[]
}

/**
 * Makes a user a member of an account with exactly these permissions (re-running replaces them).
 * With `isDefault` the account becomes the user's default; without it, a user's first account is the
 * default and an existing membership keeps its flag.
 */
export async function addMember(
  db: Db,
  input: { accountId: string; userId: string; permissions: string[]; isDefault?: boolean },
  now = Date.now(),
): Promise<{ accountId: string; userId: string; permissions: Permission[]; isDefault: boolean }> {
  const permissions = parsePermissionList(input.permissions)
  return db.transaction().execute(async (tx) => {
    if (!(await findAccount(tx, input.accountId)))
      throw new NotFoundError(`Account ${input.accountId} not found`)
    if (!(await findUser(tx, input.userId))) throw new NotFoundError(`User ${input.userId} not found`)
    const memberships = await listUserAccounts(tx, input.userId)
    const others = memberships.filter((account) => account.accountId !== input.accountId)
    const current = memberships.find((account) => account.accountId === input.accountId)
    const isDefault = input.isDefault ?? (others.length === 0 || current?.isDefault === true)
    if (isDefault) await clearOtherDefaultMemberships(tx, input.userId, input.accountId)
    await upsertMembership(tx, { ...input, permissions, isDefault, createdAt: iso(now) })
    return {
      accountId: input.accountId,
      userId: input.userId,
      permissions: [...permissions].sort(),
      isDefault,
    }
  })
}

/** Registers an integration key with a fresh RSA key pair; the private key is returned once and never stored. */
export async function createIntegrationKey(
  db: Db,
  input: { name: string },
  now = Date.now(),
): Promise<{ integrationKey: IntegrationKey; publicKeyId: number; privateKeyPem: string }> {
  const integrationKey: IntegrationKey = {
    id: randomUUID(),
    name: requireText(input.name, 'name'),
    enabled: true,
    createdAt: iso(now),
  }
  const { publicKeyPem, privateKeyPem } = generateRsaKeyPair()
  const publicKeyId = await db.transaction().execute(async (tx) => {
    await insertIntegrationKey(tx, integrationKey)
    return insertPublicKey(tx, { integrationKeyId: integrationKey.id, publicKeyPem, createdAt: iso(now) })
  })
  return { integrationKey, publicKeyId, privateKeyPem }
}

/** Registers one more RSA public key for an integration key (key rotation). */
export async function addPublicKey(
  db: DbOrTx,
  input: { integrationKeyId: string; publicKeyPem: string },
  now = Date.now(),
): Promise<{ integrationKeyId: string; publicKeyId: number }> {
  const publicKeyPem = normalizeRsaPublicKey(input.publicKeyPem)
  if (!(await findIntegrationKey(db, input.integrationKeyId))) {
    throw new NotFoundError(`Integration key ${input.integrationKeyId} not found`)
  }
  const publicKeyId = await insertPublicKey(db, {
    integrationKeyId: input.integrationKeyId,
    publicKeyPem,
    createdAt: iso(now),
  })
  return { integrationKeyId: input.integrationKeyId, publicKeyId }
}

export function parseScopeList(values: string[]): string[] {
  const known = new Set<string>(KNOWN_SCOPES)
  const scopes = [...new Set(values.filter(Boolean))]
  if (scopes.length === 0) throw new InvalidRequestError('scopes must not be empty')
  const unknown = scopes.filter((scope) => !known.has(scope))
  if (unknown.length > 0) {
    throw new InvalidRequestError(
      `Unknown scope ${unknown.join(', ')}; known scopes: ${KNOWN_SCOPES.join(', ')}`,
    )
  }
  return scopes
}

/** Records that the user lets the integration key act for them with these scopes (added to earlier consent). */
export async function grantConsent(
  db: Db,
  input: { userId: string; integrationKeyId: string; scopes: string[] },
  now = Date.now(),
): Promise<{ userId: string; integrationKeyId: string; scopes: string[] }> {
  const scopes = parseScopeList(input.scopes)
  return db.transaction().execute(async (tx) => {
    if (!(await findUser(tx, input.userId))) throw new NotFoundError(`User ${input.userId} not found`)
    if (!(await findIntegrationKey(tx, input.integrationKeyId))) {
      throw new NotFoundError(`Integration key ${input.integrationKeyId} not found`)
    }
    const granted = await upsertConsent(tx, { ...input, scopes, grantedAt: iso(now) })
    return { userId: input.userId, integrationKeyId: input.integrationKeyId, scopes: granted }
  })
}

/** DocuSign's userinfo for a user, or undefined when the user no longer exists. */
export async function describeUser(db: DbOrTx, userId: string, publicUrl: string) {
  const user = await findUser(db, userId)
  if (!user) return undefined
  const { givenName, familyName } = splitName(user.name)
  const accounts = await listUserAccounts(db, userId)
  return {
    sub: user.id,
    name: user.name,
    given_name: givenName,
    family_name: familyName,
    created: user.createdAt,
    email: user.email,
    accounts: accounts.map((account) => ({
      account_id: account.accountId,
      is_default: account.isDefault,
      account_name: account.accountName,
      base_uri: publicUrl,
    })),
  }
}

/** "Ada King Lovelace" → given "Ada King", family "Lovelace"; a single word is a given name. */
export function splitName(name: string): { givenName: string; familyName: string } {
  const parts = name.trim().split(/\s+/)
  if (parts.length < 2) return { givenName: parts[0] ?? '', familyName: '' }
  return { givenName: parts.slice(0, -1).join(' '), familyName: parts[parts.length - 1] as string }
}
