import type { DbOrTx } from '../../database.js'
import type { SignInEvent } from './model.js'

/** SQL of the sign-in history: each user's newest `KEPT_PER_USER` events. */

export const KEPT_PER_USER = 100

export async function insertSignInEvent(db: DbOrTx, event: SignInEvent & { id: string }): Promise<void> {
  await db
    .insertInto('sign_in_events')
    .values({
      id: event.id,
      user_id: event.userId,
      at: event.at,
      outcome: event.outcome,
      method: event.method ?? null,
      client_id: event.clientId ?? null,
      ip: event.ip ?? null,
      user_agent: event.userAgent ?? null,
    })
    .execute()
}

/** Deletes the user's events older than their newest `KEPT_PER_USER`. */
export async function pruneSignInEvents(db: DbOrTx, userId: string): Promise<void> {
  const oldestKept = await db
    .selectFrom('sign_in_events')
    .select(['at', 'id'])
    .where('user_id', '=', userId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .offset(KEPT_PER_USER - 1)
    .limit(1)
    .executeTakeFirst()
  if (!oldestKept) return
  await db
    .deleteFrom('sign_in_events')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('at', '<', oldestKept.at),
        eb.and([eb('at', '=', oldestKept.at), eb('id', '<', oldestKept.id)]),
      ]),
    )
    .execute()
}

/** The user's events, newest first. */
export async function listSignInEvents(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<Array<SignInEvent & { id: string }>> {
  const rows = await db
    .selectFrom('sign_in_events')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    at: Number(row.at),
    outcome: row.outcome as SignInEvent['outcome'],
    ...(row.method === null ? {} : { method: row.method as NonNullable<SignInEvent['method']> }),
    ...(row.client_id === null ? {} : { clientId: row.client_id }),
    ...(row.ip === null ? {} : { ip: row.ip }),
    ...(row.user_agent === null ? {} : { userAgent: row.user_agent }),
  }))
}
