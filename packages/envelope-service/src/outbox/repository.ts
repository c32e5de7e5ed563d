import { sql } from 'kysely'
import type { DialectName } from 'platform'
import { type DbOrTx, insertRows } from '../database.js'
import { newTimeOrderedId } from '../ids.js'

/** Work to enqueue: `payload` is stored as JSON. */
export interface OutboxMessage {
  topic: string
  payload: unknown
  /** Epoch ms before which no dispatcher claims it; defaults to `now`. */
  availableAt?: number
}

/** A claimed row: the lease is the caller's until `leaseExpiresAt`. */
export interface ClaimedOutboxMessage {
  id: string
  topic: string
  payload: unknown
  /** Including this claim: 1 on the first delivery. */
  attempts: number
  leaseExpiresAt: number
  createdAt: number
  /** When it became due: claims go by this, then by id. */
  availableAt: number
}

/**
 * Adds messages inside the caller's transaction: they become visible with the state change that owes
 * them, and vanish with it on rollback.
 */
export async function enqueue(tx: DbOrTx, messages: readonly OutboxMessage[], now: number): Promise<void> {
  const rows = messages.map((message) => ({
    id: newTimeOrderedId(now),
    topic: message.topic,
    payload: JSON.stringify(message.payload),
    available_at: message.availableAt ?? now,
    attempts: 0,
    lease_owner: null,
    lease_expires_at: null,
    last_error: null,
    created_at: now,
  }))
  await insertRows(tx, 'outbox', rows)
}

/**
 * Leases up to `limit` due messages of `topics` to `owner`, oldest first (messages due in the same
 * millisecond in no particular order), and counts the attempt. A
 * message is due when its `available_at` has passed and nobody holds an unexpired lease on it (a
 * dispatcher that died loses its messages when the lease ends). One statement on both databases: on
 * PostgreSQL `for update skip locked` lets concurrent claimers pass over rows another is claiming instead
 * of waiting, and PostgreSQL re-checks the condition under the row lock, so a message goes to one
 * claimer only; SQLite runs one writing statement at a time, which gives the same guarantee.
 */
export async function claim(
  db: DbOrTx,
  dialect: DialectName,
  request: { topics: readonly string[]; owner: string; now: number; leaseMs: number; limit: number },
): Promise<ClaimedOutboxMessage[]> {
  if (request.topics.length === 0 || request.limit < 1) return []
  const { now } = request
  const leaseExpiresAt = now + request.leaseMs
  const rows = await db
    .updateTable('outbox')
    .set((eb) => ({
      lease_owner: request.owner,
      lease_expires_at: leaseExpiresAt,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox as due')
        .select('due.id')
        .where('due.topic', 'in', [...request.topics])
        .where('due.available_at', '<=', now)
        .where((inner) =>
          inner.or([inner('due.lease_expires_at', 'is', null), inner('due.lease_expires_at', '<=', now)]),
        )
        .orderBy('due.available_at')
        .orderBy('due.id')
        .limit(request.limit)
        .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked()),
    )
    .returning(['id', 'topic', 'payload', 'attempts', 'lease_expires_at', 'created_at', 'available_at'])
    .execute()
  // `returning` follows no order; dispatch in the order the messages became due.
  rows.sort((a, b) => Number(a.available_at) - Number(b.available_at) || (a.id < b.id ? -1 : 1))
  return rows.map((row) => ({
    id: row.id,
    topic: row.topic,
    payload: JSON.parse(row.payload) as unknown,
    attempts: Number(row.attempts),
    leaseExpiresAt: Number(row.lease_expires_at),
    createdAt: Number(row.created_at),
    availableAt: Number(row.available_at),
  }))
}

/**
 * Deletes messages `owner` has dispatched. Only while it still holds them: a message whose lease
 * expired and was claimed again stays for its new owner. Returns how many were deleted.
 */
export async function complete(db: DbOrTx, owner: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0
  const result = await db
    .deleteFrom('outbox')
    .where('id', 'in', [...ids])
    .where('lease_owner', '=', owner)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Stores new payloads in one statement (the messages job writes a round's signing links into them), each
 * only where `owner` still holds the message; resolves the ids it stored (a message whose lease ran out
 * is left as it was).
 */
export async function updatePayloads(
  db: DbOrTx,
  owner: string,
  entries: readonly { id: string; payload: unknown }[],
): Promise<Set<string>> {
  if (entries.length === 0) return new Set()
  const byId = sql.join(
    entries.map(({ id, payload }) => sql`when ${id} then ${JSON.stringify(payload)}`),
    sql` `,
  )
  const stored = await db
    .updateTable('outbox')
    .set({ payload: sql<string>`case id ${byId} end` })
    .where(
      'id',
      'in',
      entries.map(({ id }) => id),
    )
    .where('lease_owner', '=', owner)
    .returning('id')
    .execute()
  return new Set(stored.map((row) => row.id))
}

/**
 * Releases a message `owner` failed to dispatch, to be claimed again from `availableAt` (the caller's
 * backoff); false when `owner` no longer holds it.
 */
export async function retry(
  db: DbOrTx,
  owner: string,
  id: string,
  next: { availableAt: number; error: string },
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({
      available_at: next.availableAt,
      lease_owner: null,
      lease_expires_at: null,
      last_error: next.error,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * `retry` for many messages at once, all due again at `next.availableAt`: one statement, for a round
 * that puts back every message it cannot send (e.g. no transport for their channel). Returns how many
 * `owner` still held.
 */
export async function retryAll(
  db: DbOrTx,
  owner: string,
  ids: readonly string[],
  next: { availableAt: number; error: string },
): Promise<number> {
  if (ids.length === 0) return 0
  const result = await db
    .updateTable('outbox')
    .set({
      available_at: next.availableAt,
      lease_owner: null,
      lease_expires_at: null,
      last_error: next.error,
    })
    .where('id', 'in', [...ids])
    .where('lease_owner', '=', owner)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * Makes the messages of `topics` that wait for a reason beginning `errorPrefix` due at `now`, unless
 * someone holds them. Returns how many.
 */
export async function releaseWaiting(
  db: DbOrTx,
  topics: readonly string[],
  errorPrefix: string,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ available_at: now })
    .where('topic', 'in', [...topics])
    .where('available_at', '>', now)
    // A prefix compared as text, not a LIKE pattern: the same on both databases, whatever it holds.
    .where(sql<string>`substr(last_error, 1, ${errorPrefix.length})`, '=', errorPrefix)
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', now)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
