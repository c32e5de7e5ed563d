import { createHash, randomBytes } from 'node:crypto'
import {
  AppError,
  failureWindowStart,
  hashPassword,
  InvalidRequestError,
  lockAfter,
  lockEnd,
  MIN_PASSWORD_LENGTH,
  UNKNOWN_USER_HASH,
  verifyPassword,
} from 'platform'
import {
  clearFailures,
  countFailure,
  deleteExpiredSessions,
  deleteSession,
  findLockedUntil,
  findSession,
  findUser,
  insertSession,
  insertUser,
  lockName,
  type UsersDb,
} from './repository.js'

/** A browser stays signed in for a working day; then it signs in again. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60_000

const USERNAME = /^[a-z0-9][a-z0-9._@-]{0,63}$/

export class InvalidCredentialsError extends AppError {
  constructor() {
    super('unauthorized', 'The user name or password is not right.', { errorCode: 'invalid_credentials' })
  }
}

export class SignInLockedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', `Too many failed sign-ins: try again in ${retryAfterSeconds} seconds.`, {
      errorCode: 'sign_in_locked',
      headers: { 'retry-after': String(retryAfterSeconds) },
    })
  }
}

export class UserExistsError extends AppError {
  constructor(username: string) {
    super('conflict', `A user named ${username} exists already.`, { errorCode: 'user_exists' })
  }
}

/** The name people type, in the form it is stored and compared. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase()
}

export interface NewUser {
  username: string
  password: string
}

export async function createUser(db: UsersDb, user: NewUser, now: number): Promise<string> {
  const username = normalizeUsername(user.username)
  if (!USERNAME.test(username)) {
    throw new InvalidRequestError(
      'A user name is 1 to 64 letters, digits or . _ @ - and starts with a letter or digit.',
      { errorCode: 'invalid_username' },
    )
  }
  if ([...user.password].length < MIN_PASSWORD_LENGTH) {
    throw new InvalidRequestError(`A password has at least ${MIN_PASSWORD_LENGTH} characters.`, {
      errorCode: 'password_too_short',
    })
  }
  const passwordHash = await hashPassword(user.password)
  if (!(await insertUser(db, { username, passwordHash }, new Date(now).toISOString()))) {
    throw new UserExistsError(username)
  }
  return username
}

/** Creates the user unless the name exists (the demo user at every start); true when created. */
export async function ensureUser(db: UsersDb, user: NewUser, now: number): Promise<boolean> {
  if (await findUser(db, normalizeUsername(user.username))) return false
  try {
    await createUser(db, user, now)
    return true
  } catch (error) {
    // Another console process created it between the look-up and the insert.
    if (error instanceof UserExistsError) return false
    throw error
  }
}

export interface Session {
  username: string
  csrfToken: string
}

/**
 * Checks a name and password. A locked name is refused before its password is checked; an unknown name
 * costs the same scrypt as a known one and counts failures the same way, so neither timing nor the lockout
 * tells which names exist. Returns the session's token (the cookie's value) and the session.
 */
export async function signIn(
  db: UsersDb,
  credentials: NewUser,
  now: number,
): Promise<{ token: string; session: Session }> {
  const username = normalizeUsername(credentials.username)
  const lockedUntil = await findLockedUntil(db, username)
  const lock = lockEnd(lockedUntil === null ? null : Date.parse(lockedUntil), now)
  if (lock !== undefined) throw new SignInLockedError(Math.ceil((lock - now) / 1000))
  const user = await findUser(db, username)
  const matches = await verifyPassword(credentials.password, user?.passwordHash ?? UNKNOWN_USER_HASH)
  if (!user || !matches) {
    const at = {
      now: new Date(now).toISOString(),
      windowStart: new Date(failureWindowStart(now)).toISOString(),
    }
    const until = lockAfter(await countFailure(db, username, at), now)
    if (until === undefined) throw new InvalidCredentialsError()
    await lockName(db, username, { now: at.now, until: new Date(until).toISOString() })
    throw new SignInLockedError(Math.ceil((until - now) / 1000))
  }
  await clearFailures(db, username)
  await deleteExpiredSessions(db, new Date(now).toISOString())
  const token = randomBytes(32).toString('base64url')
  const session = { username, csrfToken: randomBytes(24).toString('base64url') }
  await insertSession(
    db,
    { ...session, tokenHash: tokenHash(token), expiresAt: new Date(now + SESSION_LIFETIME_MS).toISOString() },
    new Date(now).toISOString(),
  )
  return { token, session }
}

export async function sessionOf(db: UsersDb, token: string, now: number): Promise<Session | undefined> {
  const stored = await findSession(db, tokenHash(token), new Date(now).toISOString())
  return stored && { username: stored.username, csrfToken: stored.csrfToken }
}

export async function signOut(db: UsersDb, token: string): Promise<void> {
  await deleteSession(db, tokenHash(token))
}

/** The database holds only a hash of each token: a copy of it signs no one in. */
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}
