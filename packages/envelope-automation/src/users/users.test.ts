import fc from 'fast-check'
import { hashPassword, LOCKOUT, lockAfter, lockEnd, verifyPassword } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type CaseStore, openCaseStore } from '../cases/store.js'
import {
  createUser,
  InvalidCredentialsError,
  SESSION_LIFETIME_MS,
  SignInLockedError,
  sessionOf,
  signIn,
  signOut,
  UserExistsError,
} from './service.js'

const PASSWORD = 'correct horse battery'
const T0 = Date.parse('2026-11-26T10:00:00.000Z')

describe('password hashes (scrypt)', () => {
  it('verifies the password it was made from and nothing else; each hash has its own salt', async () => {
    const hash = await hashPassword(PASSWORD)
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(await verifyPassword(PASSWORD, hash)).toBe(true)
    expect(await verifyPassword(`${PASSWORD} `, hash)).toBe(false)
    expect(await verifyPassword('', hash)).toBe(false)
    expect(await hashPassword(PASSWORD)).not.toBe(hash)
    expect(await verifyPassword(PASSWORD, 'plain text')).toBe(false)
  })
})

describe('lockout rule', () => {
  it('property: a name is locked exactly from the fifth failure in the window, for 15 minutes', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.integer({ min: 0, max: 2 * LOCKOUT.lockMs }), (failures, later) => {
        const until = lockAfter(failures, T0)
        expect(until !== undefined).toBe(failures >= LOCKOUT.maxFailures)
        if (until !== undefined) {
          expect(lockEnd(until, T0 + later)).toBe(later < LOCKOUT.lockMs ? until : undefined)
        }
      }),
    )
  })
})

describeEachDatabase('console users', (databases) => {
  let url: string
  let store: CaseStore

  beforeEach(async () => {
    url = await databases.freshUrl()
    store = await openCaseStore(url)
    await createUser(store.usersDb, { username: 'Ana', password: PASSWORD }, T0)
  })
  afterEach(() => store.close())

  it('signs in with the right password, whatever the name case, into a session with a CSRF token', async () => {
    const { token, session } = await signIn(store.usersDb, { username: ' ANA ', password: PASSWORD }, T0)
    expect(session.username).toBe('ana')
    expect(session.csrfToken).toMatch(/^[\w-]{32}$/)
    expect(await sessionOf(store.usersDb, token, T0 + 1000)).toEqual(session)
    expect(await sessionOf(store.usersDb, `${token}x`, T0)).toBeUndefined()
    expect(await sessionOf(store.usersDb, token, T0 + SESSION_LIFETIME_MS)).toBeUndefined()
  })

  it('stores only a hash of the session token and of the password', async () => {
    const { token } = await signIn(store.usersDb, { username: 'ana', password: PASSWORD }, T0)
    const dump = JSON.stringify([
      await store.usersDb.selectFrom('console_sessions').selectAll().execute(),
      await store.usersDb.selectFrom('console_users').selectAll().execute(),
    ])
    expect(dump).not.toContain(token)
    expect(dump).not.toContain(PASSWORD)
  })

  it('signs out: the token no longer names a session', async () => {
    const { token } = await signIn(store.usersDb, { username: 'ana', password: PASSWORD }, T0)
    await signOut(store.usersDb, token)
    expect(await sessionOf(store.usersDb, token, T0)).toBeUndefined()
  })

  it('refuses a wrong password and an unknown name alike', async () => {
    await expect(signIn(store.usersDb, { username: 'ana', password: 'wrong' }, T0)).rejects.toThrow(
      InvalidCredentialsError,
    )
    await expect(signIn(store.usersDb, { username: 'bob', password: PASSWORD }, T0)).rejects.toThrow(
      InvalidCredentialsError,
    )
  })

  it('locks a name at the fifth failure, refuses even the right password until the lock ends, then signs in', async () => {
    for (let attempt = 1; attempt < LOCKOUT.maxFailures; attempt++) {
      await expect(
        signIn(store.usersDb, { username: 'ana', password: 'wrong' }, T0 + attempt),
      ).rejects.toThrow(InvalidCredentialsError)
    }
    const fifth = signIn(store.usersDb, { username: 'ana', password: 'wrong' }, T0 + 10)
    await expect(fifth).rejects.toThrow(SignInLockedError)
    await expect(fifth).rejects.toMatchObject({
      statusCode: 429,
      errorCode: 'sign_in_locked',
      retryAfterSeconds: 900,
    })
    // Counted in the database: a second connection (another console process) sees the same lock.
    const other = await openCaseStore(url)
    try {
      const locked = signIn(other.usersDb, { username: 'ana', password: PASSWORD }, T0 + 60_000)
      await expect(locked).rejects.toMatchObject({ errorCode: 'sign_in_locked', retryAfterSeconds: 841 })
    } finally {
      await other.close()
    }
    const after = await signIn(
      store.usersDb,
      { username: 'ana', password: PASSWORD },
      T0 + 10 + LOCKOUT.lockMs,
    )
    expect(after.session.username).toBe('ana')
  })

  it('forgets failures older than the window and clears the count on success', async () => {
    const fail = (at: number) =>
      expect(signIn(store.usersDb, { username: 'ana', password: 'wrong' }, at)).rejects.toThrow(
        InvalidCredentialsError,
      )
    for (let attempt = 0; attempt < LOCKOUT.maxFailures - 1; attempt++) await fail(T0 + attempt)
    // The window has passed: four more failures are again below the limit.
    for (let attempt = 0; attempt < LOCKOUT.maxFailures - 1; attempt++)
      await fail(T0 + LOCKOUT.windowMs + 1 + attempt)
    await signIn(store.usersDb, { username: 'ana', password: PASSWORD }, T0 + LOCKOUT.windowMs + 10)
    for (let attempt = 0; attempt < LOCKOUT.maxFailures - 1; attempt++) await fail(T0 + LOCKOUT.windowMs + 20)
  })

  it('locks unknown names too, so the lockout does not tell which names exist', async () => {
    for (let attempt = 1; attempt < LOCKOUT.maxFailures; attempt++) {
      await expect(signIn(store.usersDb, { username: 'bob', password: 'x' }, T0)).rejects.toThrow(
        InvalidCredentialsError,
      )
    }
    await expect(signIn(store.usersDb, { username: 'bob', password: 'x' }, T0)).rejects.toThrow(
      SignInLockedError,
    )
  })

  it('refuses a taken name, a short password and a name with spaces, with their codes', async () => {
    await expect(createUser(store.usersDb, { username: 'ANA', password: PASSWORD }, T0)).rejects.toThrow(
      UserExistsError,
    )
    await expect(createUser(store.usersDb, { username: 'sam', password: 'short' }, T0)).rejects.toMatchObject(
      {
        statusCode: 400,
        errorCode: 'password_too_short',
      },
    )
    await expect(
      createUser(store.usersDb, { username: 'sam smith', password: PASSWORD }, T0),
    ).rejects.toMatchObject({ statusCode: 400, errorCode: 'invalid_username' })
  })
})
