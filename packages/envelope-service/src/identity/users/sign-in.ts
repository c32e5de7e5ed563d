import {
  ConflictError,
  failureWindowStart,
  hashPassword,
  InvalidRequestError,
  lockAfter,
  lockEnd,
  MIN_PASSWORD_LENGTH,
  RateLimitedError,
  UNKNOWN_USER_HASH,
  verifyPassword,
} from 'platform'
import type { Db, DbOrTx } from '../../database.js'
import { hasSecondFactor, isSecondFactorRequired, removeSecondFactor } from '../second-factor/repository.js'
import { checkSecondFactor, wrongCode } from '../second-factor/service.js'
import {
  clearFailedSignIns,
  countFailedSignIn,
  findCredentialsByEmail,
  findSignInState,
  lockUser,
  setPasswordHash,
} from './repository.js'

export type SignInResult =
  | { kind: 'signed-in'; userId: string }
  /** The password is right and the user has two-step sign-in on: a code is asked next (`signInSecondStep`). */
  | { kind: 'second-factor'; userId: string }
  /**
   * The password is right, the user has no second step, and an account of theirs requires one: they set
   * it up before they are signed in (authorization-code/second-step-setup.ts).
   */
  | { kind: 'second-factor-setup'; userId: string; email: string }
  /** `userId` when the email is a user's (the attempt goes in their sign-in history). */
  | { kind: 'invalid'; userId?: string }
  | { kind: 'locked'; until: number; userId?: string }

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
  if (locked !== undefined) return { kind: 'locked', until: locked, userId: user.id }
  if (await verifyPassword(password, user.passwordHash)) {
    // With a second step the failures are cleared only once it passes: a right password must not
    // reset the count of wrong codes, or codes could be guessed five at a time for ever.
    if (await hasSecondFactor(db, user.id)) return { kind: 'second-factor', userId: user.id }
    await clearFailedSignIns(db, user.id)
    if (await isSecondFactorRequired(db, user.id)) {
      return { kind: 'second-factor-setup', userId: user.id, email: user.email }
    }
    return { kind: 'signed-in', userId: user.id }
  }
  return countFailure(db, user.id, now)
}

/**
 * The second step of a sign-in whose password was right: a code from the user's authenticator app or
 * one of their recovery codes, under the same lockout as the password (a wrong code counts as a failed
 * sign-in; a locked user is refused even the right code).
 */
export async function signInSecondStep(
  db: DbOrTx,
  userId: string,
  code: string,
  now: number,
): Promise<Exclude<SignInResult, { kind: 'second-factor' | 'second-factor-setup' }>> {
  const user = await findSignInState(db, userId)
  if (!user) return { kind: 'invalid' }
  const locked = lockEnd(user.lockedUntil, now)
  if (locked !== undefined) return { kind: 'locked', until: locked, userId }
  if (await checkSecondFactor(db, userId, code, now)) {
    await clearFailedSignIns(db, userId)
    return { kind: 'signed-in', userId }
  }
  return countFailure(db, userId, now)
}

/**
 * Turns the user's second step off with a code from their app or a recovery code. The code is checked
 * as at sign-in, under the same lockout: a stolen session must not be able to guess codes without end.
 * 400 INVALID_SECOND_FACTOR_CODE for a wrong code, 429 TOO_MANY_SIGN_IN_ATTEMPTS while locked,
 * 409 SECOND_FACTOR_REQUIRED (before any code is spent) when an account of theirs requires it.
 */
export async function turnOffSecondStep(db: Db, userId: string, code: string, now: number): Promise<void> {
  if (await isSecondFactorRequired(db, userId)) {
    throw new ConflictError('Your account requires two-step sign-in, so it cannot be turned off', {
      errorCode: 'SECOND_FACTOR_REQUIRED',
    })
  }
  const result = await signInSecondStep(db, userId, code, now)
  if (result.kind === 'locked') {
    const minutes = Math.ceil((result.until - now) / 60_000)
    throw new RateLimitedError(`Too many wrong codes; try again in ${minutes} minute(s)`, {
      errorCode: 'TOO_MANY_SIGN_IN_ATTEMPTS',
      headers: { 'retry-after': String(Math.ceil((result.until - now) / 1000)) },
    })
  }
  if (result.kind === 'invalid') throw wrongCode()
  await removeSecondFactor(db, userId)
}

async function countFailure(
  db: DbOrTx,
  userId: string,
  now: number,
): Promise<{ kind: 'invalid'; userId: string } | { kind: 'locked'; until: number; userId: string }> {
  const failures = await countFailedSignIn(db, userId, now, failureWindowStart(now))
  const until = lockAfter(failures, now)
  if (until === undefined) return { kind: 'invalid', userId }
  await lockUser(db, userId, until)
  return { kind: 'locked', until, userId }
}

/** Sets a user's password (at least 12 characters) and lifts any lockout. */
export async function setPassword(db: DbOrTx, userId: string, password: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new InvalidRequestError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`)
  }
  await setPasswordHash(db, userId, await hashPassword(password))
}
