import { NotFoundError } from 'platform'
import type { Db } from '../database.js'
import { revokeRefreshFamily } from './authorization-code/repository.js'
import {
  deleteConsent,
  deleteMembership,
  findIntegrationKey,
  findUser,
  promoteOldestMembership,
  setIntegrationKeyEnabled,
} from './repository.js'
import {
  hasSecondFactor,
  removeSecondFactor,
  sessionsWithoutSecondStep,
  setSecondFactorRequired,
} from './second-factor/repository.js'
import { deleteAccessTokens, deleteFamilyAccessTokens } from './tokens/repository.js'

/**
 * Withdrawing access, for the admin CLI. Each change is made in the database at once; processes that
 * cached the old decision stop honouring it within ACCESS_CACHE_TTL_MS (access-cache.ts). Tokens are
 * also refused by the verifier as soon as the key or consent behind them is gone, so one minted while
 * access was being withdrawn does not outlive the withdrawal.
 */

/**
 * Ends a user's membership of an account (kept as a former membership). A removed default passes to the
 * user's oldest other account.
 */
export async function removeMember(
  db: Db,
  input: { accountId: string; userId: string },
  now = Date.now(),
): Promise<{ accountId: string; userId: string; defaultAccountId?: string }> {
  return db.transaction().execute(async (tx) => {
    const removed = await deleteMembership(tx, input.accountId, input.userId, new Date(now).toISOString())
    if (!removed) {
      throw new NotFoundError(`User ${input.userId} is not a member of account ${input.accountId}`)
    }
    const defaultAccountId = removed.wasDefault ? await promoteOldestMembership(tx, input.userId) : undefined
    return { ...input, ...(defaultAccountId ? { defaultAccountId } : {}) }
  })
}

/** Disables an integration key: no more grants, and every token issued through it is revoked. */
export async function disableIntegrationKey(
  db: Db,
  integrationKeyId: string,
): Promise<{ integrationKeyId: string; enabled: false; revokedTokens: number }> {
  return db.transaction().execute(async (tx) => {
    if (!(await setIntegrationKeyEnabled(tx, integrationKeyId, false))) {
      throw new NotFoundError(`Integration key ${integrationKeyId} not found`)
    }
    const revokedTokens = await deleteAccessTokens(tx, { integrationKeyId })
    return { integrationKeyId, enabled: false, revokedTokens }
  })
}

/** Enables a disabled integration key again (its old tokens stay revoked). */
export async function enableIntegrationKey(
  db: Db,
  integrationKeyId: string,
): Promise<{ integrationKeyId: string; enabled: true }> {
  if (!(await setIntegrationKeyEnabled(db, integrationKeyId, true))) {
    throw new NotFoundError(`Integration key ${integrationKeyId} not found`)
  }
  return { integrationKeyId, enabled: true }
}

/** Withdraws a user's consent to an integration key and revokes the tokens issued on it. */
export async function revokeConsent(
  db: Db,
  input: { userId: string; integrationKeyId: string },
): Promise<{ userId: string; integrationKeyId: string; revokedTokens: number }> {
  return db.transaction().execute(async (tx) => {
    if (!(await deleteConsent(tx, input.userId, input.integrationKeyId))) {
      throw new NotFoundError(
        `User ${input.userId} has not granted consent to integration key ${input.integrationKeyId}`,
      )
    }
    const revokedTokens = await deleteAccessTokens(tx, input)
    return { ...input, revokedTokens }
  })
}

/** Revokes a user's access tokens: all of them, or those issued through one integration key. */
export async function revokeTokens(
  db: Db,
  input: { userId: string; integrationKeyId?: string },
): Promise<{ userId: string; revokedTokens: number }> {
  if (!(await findUser(db, input.userId))) throw new NotFoundError(`User ${input.userId} not found`)
  if (input.integrationKeyId !== undefined && !(await findIntegrationKey(db, input.integrationKeyId))) {
    throw new NotFoundError(`Integration key ${input.integrationKeyId} not found`)
  }
  return { userId: input.userId, revokedTokens: await deleteAccessTokens(db, input) }
}

/**
 * Turns a user's two-step sign-in off, for the operator when the person has lost both their phone and
 * their recovery codes (the app's own way off needs one of them). Their password alone signs in next.
 */
export async function resetSecondFactor(db: Db, userId: string): Promise<{ userId: string; wasOn: boolean }> {
  if (!(await findUser(db, userId))) throw new NotFoundError(`User ${userId} not found`)
  const wasOn = await hasSecondFactor(db, userId)
  await removeSecondFactor(db, userId)
  return { userId, wasOn }
}

/**
 * Requires two-step sign-in of the account's members, or stops requiring it. Once required, the sign-in
 * sessions of members without a second step that began before the requirement end at once (their tokens
 * revoked), rather than at their next refresh up to 8 hours later (authorization-code/grant.ts): their
 * next sign-in has them set it up. The administrator who sets it keeps their own session, to finish
 * what they were doing; it ends at its next refresh if they have no second step. Returns how many
 * sessions ended.
 */
export async function requireSecondStep(
  db: Db,
  input: { accountId: string; required: boolean; byUserId: string },
  now: number,
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const since = await setSecondFactorRequired(tx, input.accountId, input.required, now)
    if (since === undefined) return 0
    const before = new Date(since).toISOString()
    const families = await sessionsWithoutSecondStep(tx, input.accountId, before, input.byUserId)
    for (const familyId of families) {
      await revokeRefreshFamily(tx, familyId)
      await deleteFamilyAccessTokens(tx, familyId)
    }
    return families.length
  })
}
