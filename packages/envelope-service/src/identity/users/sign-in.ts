import {
  failureWindowStart,
  hashPassword,
  InvalidRequestError,
  lockAfter,
  lockEnd,
  MIN_PASSWORD_LENGTH,
  UNKNOWN_USER_HASH,
  verifyPassword,
} from 'platform'
import type { DbOrTx } from '../../database.js'
import {
  clearFailedSignIns,
  countFailedSignIn,
  findCredentialsByEmail,
  lockUser,
  setPasswordHash,
} from './repository.js'

export type SignInResult =
  | { kind: 'signed-in'; userId: string }
  | { kind: 'invalid' }
  | { kind: 'locked'; until: number }

/**
 * Checks an email and password under platform's lockout rule (5 failures within 15 minutes lock the
 * user for 15 minutes, the right password included). The count lives on the user's row, so it holds
 * across processes. An unknown email costs the same scrypt work as a known one and answers the same.
 */
export async function signIn(
  db: DbOrTx,
  email: string,
  password: string,
  now: number,
): Promise<SignInResult> {
  const user = await findCredentialsByEmail(db, email.trim())
  if (!user?.passwordHash) {
    await verifyPassword(password, UNKNOWN_USER_HASH)
    return { kind: 'invalid' }
  }
  const locked = lockEnd(user.lockedUntil, now)
  if (locked !== undefined) return { kind: 'locked', until: locked }
  if (await verifyPassword(password, user.passwordHash)) {
    await clearFailedSignIns(db, user.id)
    return { kind: 'signed-in', userId: user.id }
  }
  const failures = await countFailedSignIn(db, user.id, now, failureWindowStart(now))
  const until = lockAfter(failures, now)
  if (until === undefined) return { kind: 'invalid' }
  await lockUser(db, user.id, until)
  return { kind: 'locked', until }
}

/** Sets a user's password (at least 12 characters) and lifts any lockout. */
export async function setPassword(db: DbOrTx, userId: string, password: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new InvalidRequestError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`)
  }
  await setPasswordHash(db, userId, await hashPassword(password))
}
