import { MIN_PASSWORD_LENGTH } from 'platform'
import type { Db, DbOrTx } from '../../database.js'
import { enqueue } from '../../outbox/repository.js'
import { type ComposedMessagePayload, OUTBOX_TOPICS } from '../../outbox/topics.js'
import { issueOneTimeToken } from '../one-time/issue.js'
import { claimOneTimeToken, findOneTimeToken } from '../one-time/repository.js'
import { hashOpaque } from '../one-time/tokens.js'
import type { Locale } from '../pages/messages.js'
import { invitationEmail, passwordResetEmail } from './emails.js'
import { findCredentialsByEmail } from './repository.js'
import { setPassword } from './sign-in.js'

/** An invitation is good for a week; a reset link, asked for by someone who is at the keyboard, an hour. */
export const INVITATION_LIFETIME_HOURS = 7 * 24
export const PASSWORD_RESET_LIFETIME_HOURS = 1
export const PASSWORD_PAGE_PATH = '/oauth/password'
const HOUR = 3600_000

async function newLink(
  tx: DbOrTx,
  input: { userId: string; purpose: 'invitation' | 'password-reset'; origin: string; hours: number },
  now: number,
): Promise<string> {
  const token = await issueOneTimeToken(tx, {
    purpose: input.purpose,
    userId: input.userId,
    subject: null,
    expiresAt: now + input.hours * HOUR,
  })
  return `${input.origin}${PASSWORD_PAGE_PATH}/${token}`
}

const composed = (purpose: string, message: unknown): ComposedMessagePayload => ({ purpose, message })

/** Owes an invited user the email with their set-password link, in the caller's transaction. */
export async function enqueueInvitation(
  tx: DbOrTx,
  input: {
    user: { id: string; name: string; email: string }
    inviterName: string
    accountName: string
    origin: string
    locale: Locale
  },
  now: number,
): Promise<void> {
  const hours = INVITATION_LIFETIME_HOURS
  const link = await newLink(
    tx,
    { userId: input.user.id, purpose: 'invitation', origin: input.origin, hours },
    now,
  )
  const message = invitationEmail({
    locale: input.locale,
    to: { name: input.user.name, address: input.user.email },
    inviterName: input.inviterName,
    accountName: input.accountName,
    link,
    hours,
  })
  await enqueue(tx, [{ topic: OUTBOX_TOPICS.composedMessage, payload: composed('invitation', message) }], now)
}

/**
 * Sends a reset link when the email belongs to an active user; does nothing otherwise, and the caller
 * answers the same either way, so the page never tells whether an address has an account.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  input: { origin: string; locale: Locale },
  now: number,
): Promise<boolean> {
  const user = await findCredentialsByEmail(db, email.trim())
  if (!user) return false
  const hours = PASSWORD_RESET_LIFETIME_HOURS
  await db.transaction().execute(async (tx) => {
    const link = await newLink(
      tx,
      { userId: user.id, purpose: 'password-reset', origin: input.origin, hours },
      now,
    )
    const message = passwordResetEmail({
      locale: input.locale,
      to: { name: user.name, address: user.email },
      link,
      hours,
    })
    await enqueue(
      tx,
      [{ topic: OUTBOX_TOPICS.composedMessage, payload: composed('password reset', message) }],
      now,
    )
  })
  return true
}

export async function passwordLinkValid(db: DbOrTx, token: string, now: number): Promise<boolean> {
  const hash = hashOpaque(token)
  return (
    (await findOneTimeToken(db, hash, 'invitation', now)) !== undefined ||
    (await findOneTimeToken(db, hash, 'password-reset', now)) !== undefined
  )
}

export type PasswordLinkResult = 'set' | 'too-short' | 'invalid-link'

/** Sets the password of the link's user and uses the link up; a too-short password leaves the link usable. */
export async function redeemPasswordLink(
  db: Db,
  token: string,
  password: string,
  now: number,
): Promise<PasswordLinkResult> {
  if (password.length < MIN_PASSWORD_LENGTH) return 'too-short'
  const hash = hashOpaque(token)
  const claimed =
    (await claimOneTimeToken(db, hash, 'invitation', now)) ??
    (await claimOneTimeToken(db, hash, 'password-reset', now))
  if (!claimed) return 'invalid-link'
  await setPassword(db, claimed.userId, password)
  return 'set'
}
