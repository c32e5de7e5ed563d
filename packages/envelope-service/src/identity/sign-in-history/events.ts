import { randomUUID } from 'node:crypto'
import type { Db } from '../../database.js'
import type { SignInEvent } from './model.js'
import { insertSignInEvent, pruneSignInEvents } from './repository.js'

const MAX_USER_AGENT = 512

/**
 * Keeps an event with where the request came from (the client's address, as `TRUST_PROXY` says to read
 * it, and the User-Agent), and drops the user's oldest past the newest 100, in one transaction.
 */
export async function recordSignIn(
  db: Db,
  event: Omit<SignInEvent, 'ip' | 'userAgent'>,
  from: { ip: string; headers: { 'user-agent'?: string | undefined } },
) {
  const userAgent = from.headers['user-agent']?.slice(0, MAX_USER_AGENT)
  await db.transaction().execute(async (tx) => {
    await insertSignInEvent(tx, {
      ...event,
      id: randomUUID(),
      ...(from.ip ? { ip: from.ip } : {}),
      ...(userAgent ? { userAgent } : {}),
    })
    await pruneSignInEvents(tx, event.userId)
  })
}
