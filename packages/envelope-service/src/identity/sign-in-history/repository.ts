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

/**
 * The user's events, newest first. With `forAccount`, only those an administrator of that account may
 * see: sign-ins to the web app (which is every account's) and to the account's own integration keys,
 * not to another account's the user also belongs to.
 */
export async function listSignInEvents(
  db: DbOrTx,
  userId: string,
  limit: number,
  forAccount?: { accountId: string; webAppClientId: string },
): Promise<Array<SignInEvent & { id: string }>> {
  let query = db.selectFrom('sign_in_events').selectAll().where('user_id', '=', userId)
  if (forAccount) {
    query = query.where((eb) =>
      eb.or([
        eb('client_id', '=', forAccount.webAppClientId),
        eb(
          'client_id',
          'in',
          eb.selectFrom('integration_keys').select('id').where('account_id', '=', forAccount.accountId),
        ),
      ]),
    )
  }
  const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute()
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
