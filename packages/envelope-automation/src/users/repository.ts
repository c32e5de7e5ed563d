import { type Kysely, sql } from 'kysely'
import type { ConsoleUsersSchema } from './tables.js'

export type UsersDb = Kysely<ConsoleUsersSchema>

export interface StoredUser {
  username: string
  passwordHash: string
}

export interface StoredSession {
  username: string
  csrfToken: string
  expiresAt: string
}

export async function findUser(db: UsersDb, username: string): Promise<StoredUser | undefined> {
  const row = await db
    .selectFrom('console_users')
    .select(['username', 'password_hash'])
    .where('username', '=', username)
    .executeTakeFirst()
  return row && { username: row.username, passwordHash: row.password_hash }
}

/** False when the name is taken. */
export async function insertUser(db: UsersDb, user: StoredUser, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto('console_users')
    .values({ username: user.username, password_hash: user.passwordHash, created_at: now })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('username')
    .executeTakeFirst()
  return inserted !== undefined
}

export async function findLockedUntil(db: UsersDb, username: string): Promise<string | null> {
  const row = await db
    .selectFrom('sign_in_failures')
    .select('locked_until')
    .where('username', '=', username)
    .executeTakeFirst()
  return row?.locked_until ?? null
}

/**
 * Counts one failed sign-in in a single statement (no read-then-write race between processes); failures
 * before `windowStart` are forgotten. Returns the count within the window, this one included.
 */
export async function countFailure(
  db: UsersDb,
  username: string,
  at: { now: string; windowStart: string },
): Promise<number> {
  const expired = sql<boolean>`sign_in_failures.first_failure_at < ${at.windowStart}`
  const row = await db
    .insertInto('sign_in_failures')
    .values({ username, failures: 1, first_failure_at: at.now, locked_until: null })
    .onConflict((oc) =>
      oc.column('username').doUpdateSet({
        failures: sql`case when ${expired} then 1 else sign_in_failures.failures + 1 end`,
        first_failure_at: sql`case when ${expired} then ${at.now} else sign_in_failures.first_failure_at end`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow()
  return Number(row.failures)
}

/** Locks the name until `until`; the count starts again when the lock ends. */
export async function lockName(db: UsersDb, username: string, at: { now: string; until: string }) {
  await db
    .updateTable('sign_in_failures')
    .set({ locked_until: at.until, failures: 0, first_failure_at: at.now })
    .where('username', '=', username)
    .execute()
}

export async function clearFailures(db: UsersDb, username: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('username', '=', username).execute()
}

export async function insertSession(
  db: UsersDb,
  session: StoredSession & { tokenHash: string },
  now: string,
): Promise<void> {
  await db
    .insertInto('console_sessions')
    .values({
      token_hash: session.tokenHash,
      username: session.username,
      csrf_token: session.csrfToken,
      created_at: now,
      expires_at: session.expiresAt,
    })
    .execute()
}

/** The session of this token hash, unless it has expired by `now`. */
export async function findSession(
  db: UsersDb,
  tokenHash: string,
  now: string,
): Promise<StoredSession | undefined> {
  const row = await db
    .selectFrom('console_sessions')
    .select(['username', 'csrf_token', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row && { username: row.username, csrfToken: row.csrf_token, expiresAt: row.expires_at }
}

export async function deleteSession(db: UsersDb, tokenHash: string): Promise<void> {
  await db.deleteFrom('console_sessions').where('token_hash', '=', tokenHash).execute()
}

export async function deleteExpiredSessions(db: UsersDb, now: string): Promise<void> {
  await db.deleteFrom('console_sessions').where('expires_at', '<=', now).execute()
}
