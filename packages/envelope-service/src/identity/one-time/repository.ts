import type { DbOrTx } from '../../database.js'

/**
 * SQL of one-time tokens: consent tickets, console views, invitations, password resets, and the ticket
 * between a right password and its second step (or its set-up). Only hashes are stored.
 */

export type OneTimePurpose =
  | 'consent'
  | 'console'
  | 'invitation'
  | 'password-reset'
  | 'second-factor'
  /** A right password whose user must set up a second step before signing in. */
  | 'second-factor-setup'
  /** A sign-in that has passed every step, held while its recovery codes are shown. */
  | 'signed-in'

export interface OneTimeToken {
  tokenHash: string
  purpose: OneTimePurpose
  userId: string
  subject: string | null
  expiresAt: number
}

export async function insertOneTimeToken(db: DbOrTx, token: OneTimeToken): Promise<void> {
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: token.tokenHash,
      purpose: token.purpose,
      user_id: token.userId,
      subject: token.subject,
      expires_at: token.expiresAt,
      used_at: null,
    })
    .execute()
}

/** Uses a live one-time token of that purpose, in one statement; undefined when unknown, used or expired. */
export async function claimOneTimeToken(
  db: DbOrTx,
  tokenHash: string,
  purpose: OneTimePurpose,
  now: number,
): Promise<{ userId: string; subject: string | null } | undefined> {
  const row = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'subject'])
    .executeTakeFirst()
  return row && { userId: row.user_id, subject: row.subject }
}

/** A live one-time token of that purpose, without using it (a page shown before its form is sent). */
export async function findOneTimeToken(
  db: DbOrTx,
  tokenHash: string,
  purpose: OneTimePurpose,
  now: number,
): Promise<{ userId: string; subject: string | null } | undefined> {
  const row = await db
    .selectFrom('one_time_tokens')
    .select(['user_id', 'subject'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row && { userId: row.user_id, subject: row.subject }
}
