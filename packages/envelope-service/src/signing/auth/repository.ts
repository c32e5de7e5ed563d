import { sql } from 'kysely'
import type { DbOrTx } from '../../database.js'
import type { AuthMethod } from './rules.js'

export type { AuthMethod } from './rules.js'

/**
 * The SQL of recipient authentication. Counters move inside the database, in one statement each, so two
 * requests (or two processes) entering wrong codes at once both count, and exactly one of them locks.
 */

export interface AuthKey {
  envelopeId: string
  recipientId: string
  method: AuthMethod
}

export interface MethodState {
  method: AuthMethod
  failedAttempts: number
  lockedAt?: number
  codeHash?: string
  codeExpiresAt?: number
  codesSent: number
}

/** Every method's state for one recipient (methods never tried have no row). */
export async function findAuthStates(
  db: DbOrTx,
  envelopeId: string,
  recipientId: string,
): Promise<MethodState[]> {
  const rows = await db
    .selectFrom('recipient_auth')
    .selectAll()
    .where('envelope_id', '=', envelopeId)
    .where('recipient_id', '=', recipientId)
    .execute()
  return rows.map((row) => ({
    method: row.method as AuthMethod,
    failedAttempts: Number(row.failed_attempts),
    ...(row.locked_at === null ? {} : { lockedAt: Number(row.locked_at) }),
    ...(row.code_hash === null ? {} : { codeHash: row.code_hash }),
    ...(row.code_expires_at === null ? {} : { codeExpiresAt: Number(row.code_expires_at) }),
    codesSent: Number(row.codes_sent),
  }))
}

/** Whether any method locked the recipient out: every signing call checks it. */
export async function isRecipientLocked(db: DbOrTx, envelopeId: string, recipientId: string) {
  const row = await db
    .selectFrom('recipient_auth')
    .select('method')
    .where('envelope_id', '=', envelopeId)
    .where('recipient_id', '=', recipientId)
    .where('locked_at', 'is not', null)
    .executeTakeFirst()
  return row !== undefined
}

async function ensureRow(tx: DbOrTx, key: AuthKey): Promise<void> {
  await tx
    .insertInto('recipient_auth')
    .values({
      envelope_id: key.envelopeId,
      recipient_id: key.recipientId,
      method: key.method,
      failed_attempts: 0,
      locked_at: null,
      code_hash: null,
      code_expires_at: null,
      codes_sent: 0,
    })
    .onConflict((conflict) => conflict.columns(['envelope_id', 'recipient_id', 'method']).doNothing())
    .execute()
}

const byKey = (key: AuthKey) =>
  sql<boolean>`envelope_id = ${key.envelopeId} and recipient_id = ${key.recipientId} and method = ${key.method}`

/**
 * Counts one wrong code and locks the method on the `maxAttempts`-th. Undefined when it was locked
 * already (the attempt is refused, not counted). An SMS code is spent by a wrong guess too.
 */
export async function countFailedAttempt(
  tx: DbOrTx,
  key: AuthKey,
  maxAttempts: number,
  now: number,
): Promise<{ failedAttempts: number; locked: boolean } | undefined> {
  await ensureRow(tx, key)
  const row = await tx
    .updateTable('recipient_auth')
    .set({
      failed_attempts: sql`failed_attempts + 1`,
      locked_at: sql`case when failed_attempts + 1 >= ${maxAttempts} then cast(${now} as bigint) else null end`,
    })
    .where(byKey(key))
    .where('locked_at', 'is', null)
    .returning(['failed_attempts', 'locked_at'])
    .executeTakeFirst()
  if (!row) return undefined
  return { failedAttempts: Number(row.failed_attempts), locked: row.locked_at !== null }
}

/**
 * Stores the hash of a new SMS code (replacing any earlier one) unless the method is locked or
 * `maxSends` codes went out already; false then.
 */
export async function storeSmsCode(
  tx: DbOrTx,
  key: AuthKey,
  code: { hash: string; expiresAt: number },
  maxSends: number,
): Promise<boolean> {
  await ensureRow(tx, key)
  const row = await tx
    .updateTable('recipient_auth')
    .set({ code_hash: code.hash, code_expires_at: code.expiresAt, codes_sent: sql`codes_sent + 1` })
    .where(byKey(key))
    .where('locked_at', 'is', null)
    .where('codes_sent', '<', maxSends)
    .returning('codes_sent')
    .executeTakeFirst()
  return row !== undefined
}

/** Spends the SMS code when `hash` is the current, unexpired one: true once, for one caller only. */
export async function consumeSmsCode(tx: DbOrTx, key: AuthKey, hash: string, now: number): Promise<boolean> {
  const row = await tx
    .updateTable('recipient_auth')
    .set({ code_hash: null, code_expires_at: null })
    .where(byKey(key))
    .where('locked_at', 'is', null)
    .where('code_hash', '=', hash)
    .where('code_expires_at', '>', now)
    .returning('method')
    .executeTakeFirst()
  return row !== undefined
}

export interface AuthSession {
  tokenHash: string
  envelopeId: string
  recipientId: string
  methods: AuthMethod[]
  expiresAt: number
}

export async function findAuthSession(db: DbOrTx, tokenHash: string): Promise<AuthSession | undefined> {
  const row = await db
    .selectFrom('signing_auth_sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    tokenHash: row.token_hash,
    envelopeId: row.envelope_id,
    recipientId: row.recipient_id,
    methods: row.methods === '' ? [] : (row.methods.split(',') as AuthMethod[]),
    expiresAt: Number(row.expires_at),
  }
}

/** Stores a new auth session; the recipient's expired ones go at the same time, so none pile up. */
export async function insertAuthSession(tx: DbOrTx, session: AuthSession, now: number): Promise<void> {
  await tx
    .deleteFrom('signing_auth_sessions')
    .where('envelope_id', '=', session.envelopeId)
    .where('recipient_id', '=', session.recipientId)
    .where('expires_at', '<=', now)
    .execute()
  await tx
    .insertInto('signing_auth_sessions')
    .values({
      token_hash: session.tokenHash,
      envelope_id: session.envelopeId,
      recipient_id: session.recipientId,
      methods: session.methods.join(','),
      expires_at: session.expiresAt,
    })
    .execute()
}

export async function updateAuthSessionMethods(
  tx: DbOrTx,
  tokenHash: string,
  methods: AuthMethod[],
): Promise<void> {
  await tx
    .updateTable('signing_auth_sessions')
    .set({ methods: methods.join(',') })
    .where('token_hash', '=', tokenHash)
    .execute()
}

/**
 * Forgets every method's state for one recipient (failed attempts, lock, SMS code, codes sent): the
 * sender corrected the recipient. True when the recipient was locked.
 */
export async function clearRecipientAuth(
  tx: DbOrTx,
  envelopeId: string,
  recipientId: string,
): Promise<boolean> {
  const rows = await tx
    .deleteFrom('recipient_auth')
    .where('envelope_id', '=', envelopeId)
    .where('recipient_id', '=', recipientId)
    .returning('locked_at')
    .execute()
  return rows.some((row) => row.locked_at !== null)
}

/** Ends the recipient's auth sessions: browsers must pass its (new) checks again. */
export async function deleteAuthSessions(tx: DbOrTx, envelopeId: string, recipientId: string): Promise<void> {
  await tx
    .deleteFrom('signing_auth_sessions')
    .where('envelope_id', '=', envelopeId)
    .where('recipient_id', '=', recipientId)
    .execute()
}
