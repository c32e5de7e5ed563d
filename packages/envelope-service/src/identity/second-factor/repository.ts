import type { Db, DbOrTx } from '../../database.js'

/** SQL of two-step sign-in: a user's authenticator secret and recovery codes. */

export interface StoredSecondFactor {
  secret: string
  confirmed: boolean
  lastStep: number | null
}

export async function findSecondFactor(db: DbOrTx, userId: string): Promise<StoredSecondFactor | undefined> {
  const row = await db
    .selectFrom('user_second_factors')
    .select(['secret', 'confirmed_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return (
    row && {
      secret: row.secret,
      confirmed: row.confirmed_at !== null,
      lastStep: row.last_step === null ? null : Number(row.last_step),
    }
  )
}

/** Whether the user signs in with a second step. */
export async function hasSecondFactor(db: DbOrTx, userId: string): Promise<boolean> {
  return (await findSecondFactor(db, userId))?.confirmed ?? false
}

/** A new, unconfirmed secret in place of any unconfirmed one; false when a confirmed one is in force. */
export async function storePendingSecret(
  db: DbOrTx,
  userId: string,
  secret: string,
  now: number,
): Promise<boolean> {
  await db
    .deleteFrom('user_second_factors')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .execute()
  const inserted = await db
    .insertInto('user_second_factors')
    .values({ user_id: userId, secret, confirmed_at: null, last_step: null, created_at: now })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1
}

/**
 * Takes `step` as the last accepted one, in one statement, only if it is later than the stored one:
 * of two requests with the same code (two processes), one wins. `confirm` also puts the secret in force.
 */
export async function acceptStep(
  db: DbOrTx,
  userId: string,
  step: number,
  options: { confirmAt?: number } = {},
): Promise<boolean> {
  let update = db
    .updateTable('user_second_factors')
    .set({ last_step: step, ...(options.confirmAt === undefined ? {} : { confirmed_at: options.confirmAt }) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
  update =
    options.confirmAt === undefined
      ? update.where('confirmed_at', 'is not', null)
      : update.where('confirmed_at', 'is', null)
  const result = await update.executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function replaceRecoveryCodes(
  db: DbOrTx,
  userId: string,
  hashes: readonly string[],
): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute()
  await db
    .insertInto('user_recovery_codes')
    .values(hashes.map((hash) => ({ user_id: userId, code_hash: hash, used_at: null })))
    .execute()
}

/** Uses an unused recovery code, in one statement; false when unknown or used. */
export async function spendRecoveryCode(
  db: DbOrTx,
  userId: string,
  hash: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/**
 * Turns two-step sign-in off: the secret and the recovery codes go in one transaction, so a failure
 * between them cannot leave it on without its recovery codes.
 */
export async function removeSecondFactor(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('user_second_factors').where('user_id', '=', userId).execute()
    await tx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute()
  })
}

/** Whether any account the user belongs to requires two-step sign-in of its members. */
export async function isSecondFactorRequired(db: DbOrTx, userId: string): Promise<boolean> {
  return (await secondFactorRequiredSince(db, userId)) !== undefined
}

/**
 * The latest moment one of the user's accounts began to require two-step sign-in; undefined when none
 * requires it.
 */
export async function secondFactorRequiredSince(db: DbOrTx, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
    .select((eb) => eb.fn.max('accounts.second_factor_required_since').as('since'))
    .where('memberships.user_id', '=', userId)
    .executeTakeFirst()
  return epochOrUndefined(row?.since)
}

/** A stored epoch (a string on PostgreSQL's bigint), or undefined when none. */
const epochOrUndefined = (value: number | string | null | undefined) =>
  value === null || value === undefined ? undefined : Number(value)

/**
 * The sign-in sessions (refresh-token families not revoked) of the account's members who have no
 * confirmed second step, started before `before` (ISO 8601): those a requirement of two-step sign-in
 * that began then ends. `except` keeps one user's (the administrator who set it).
 */
export async function sessionsWithoutSecondStep(
  db: DbOrTx,
  accountId: string,
  before: string,
  except: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('refresh_tokens')
    .innerJoin('memberships', 'memberships.user_id', 'refresh_tokens.user_id')
    .leftJoin('user_second_factors', (join) =>
      join
        .onRef('user_second_factors.user_id', '=', 'refresh_tokens.user_id')
        .on('user_second_factors.confirmed_at', 'is not', null),
    )
    .select('refresh_tokens.family_id')
    .where('memberships.account_id', '=', accountId)
    .where('user_second_factors.user_id', 'is', null)
    .where('refresh_tokens.user_id', '!=', except)
    .where('refresh_tokens.revoked', '=', 0)
    .groupBy('refresh_tokens.family_id')
    .having((eb) => eb.fn.min('refresh_tokens.created_at'), '<', before)
    .execute()
  return rows.map((row) => row.family_id)
}

export interface SecondFactorPolicy {
  required: boolean
  /** Active members without two-step sign-in on: each is asked to set it up at their next sign-in. */
  membersWithout: number
  /** The first `MEMBERS_LISTED` of them, by name. */
  membersNotSetUp: Array<{ userId: string; userName: string; email: string }>
}

export const MEMBERS_LISTED = 100

/** The account's policy; undefined for an unknown account. */
export async function findSecondFactorPolicy(
  db: DbOrTx,
  accountId: string,
): Promise<SecondFactorPolicy | undefined> {
  const account = await db
    .selectFrom('accounts')
    .select('second_factor_required_since')
    .where('id', '=', accountId)
    .executeTakeFirst()
  if (!account) return undefined
  const withoutSecondStep = db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .leftJoin('user_second_factors', (join) =>
      join
        .onRef('user_second_factors.user_id', '=', 'memberships.user_id')
        .on('user_second_factors.confirmed_at', 'is not', null),
    )
    .where('memberships.account_id', '=', accountId)
    .where('users.active', '=', 1)
    .where('user_second_factors.user_id', 'is', null)
  const [count, listed] = await Promise.all([
    withoutSecondStep.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst(),
    withoutSecondStep
      .select(['users.id', 'users.name', 'users.email'])
      .orderBy('users.name')
      .orderBy('users.id')
      .limit(MEMBERS_LISTED)
      .execute(),
  ])
  return {
    required: account.second_factor_required_since !== null,
    membersWithout: Number(count?.count ?? 0),
    membersNotSetUp: listed.map((row) => ({ userId: row.id, userName: row.name, email: row.email })),
  }
}

/**
 * Requires it from `now` (a requirement already in force keeps its start), or stops requiring it; returns
 * the requirement's start, or undefined when none.
 */
export async function setSecondFactorRequired(
  db: DbOrTx,
  accountId: string,
  required: boolean,
  now: number,
): Promise<number | undefined> {
  await db
    .updateTable('accounts')
    .set((eb) => ({
      second_factor_required_since: required
        ? eb.fn.coalesce('second_factor_required_since', eb.val(now))
        : null,
    }))
    .where('id', '=', accountId)
    .execute()
  const row = await db
    .selectFrom('accounts')
    .select('second_factor_required_since')
    .where('id', '=', accountId)
    .executeTakeFirst()
  return epochOrUndefined(row?.second_factor_required_since)
}
