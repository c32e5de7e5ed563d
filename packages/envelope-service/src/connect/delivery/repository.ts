import type { Insertable, Selectable } from 'kysely'
import type { DialectName } from 'platform'
import type { DbOrTx } from '../../database.js'
import { envelopeStatusOf } from './envelope-status.js'
import type { ConnectDeliveriesTable } from './tables.js'

/** Pending deliveries, their attempt log and given-up deliveries: the only SQL of Connect delivery. */

/** A delivery to add; `id` strictly increasing in insert order (ids.ts `sequentialIds`). */
export type NewDelivery = Omit<
  Insertable<ConnectDeliveriesTable>,
  'attempts' | 'lease_owner' | 'lease_expires_at' | 'last_error' | 'created_at' | 'next_attempt_at'
>

export interface ClaimedDelivery {
  id: string
  accountId: string
  envelopeId: string
  configurationId: string
  url: string
  event: string
  payload: string
  includeHmac: boolean
  loggingEnabled: boolean
  /** Including this claim: 1 on the first attempt. */
  attempts: number
  createdAt: number
}

/** One attempt, as `connect_logs` keeps it. */
export interface AttemptLog {
  /** Strictly increasing within the process that logs (ids.ts `sequentialIds`). */
  id: string
  statusCode: number
  response: string
  durationMs: number
  /** The body sent, when the target logs payloads. */
  payload?: string
}

/** Adds deliveries inside the caller's transaction, in the given order (their ids are time-ordered). */
export async function insertDeliveries(
  tx: DbOrTx,
  deliveries: readonly NewDelivery[],
  now: number,
): Promise<void> {
  if (deliveries.length === 0) return
  await tx
    .insertInto('connect_deliveries')
    .values(
      deliveries.map((delivery) => ({
        ...delivery,
        attempts: 0,
        next_attempt_at: now,
        lease_owner: null,
        lease_expires_at: null,
        last_error: null,
        created_at: now,
      })),
    )
    .execute()
}

const toClaimed = (row: Selectable<ConnectDeliveriesTable>): ClaimedDelivery => ({
  id: row.id,
  accountId: row.account_id,
  envelopeId: row.envelope_id,
  configurationId: row.configuration_id,
  url: row.url,
  event: row.event,
  payload: row.payload,
  includeHmac: Number(row.include_hmac) === 1,
  loggingEnabled: Number(row.logging_enabled) === 1,
  attempts: Number(row.attempts),
  createdAt: Number(row.created_at),
})

/**
 * Leases up to `limit` due deliveries to `owner` and counts the attempt. A delivery is due when its
 * time has come, nobody holds an unexpired lease on it, and no earlier delivery of the same envelope to
 * the same target is still pending: events of one envelope reach a target in order, the next one only
 * after the previous was delivered or given up. One statement; on PostgreSQL `for update skip locked`
 * lets several processes claim side by side, and the re-checked condition gives each row to one claimer.
 */
export async function claimDeliveries(
  db: DbOrTx,
  dialect: DialectName,
  request: {
    owner: string
    now: number
    leaseMs: number
    limit: number
    /** Targets the claimer cannot send to now (all its slots busy). */
    skipUrls?: readonly string[]
  },
): Promise<ClaimedDelivery[]> {
  const skipUrls = [...(request.skipUrls ?? [])]
  const { now } = request
  const rows = await db
    .updateTable('connect_deliveries')
    .set((eb) => ({
      lease_owner: request.owner,
      lease_expires_at: now + request.leaseMs,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('connect_deliveries as due')
        .select('due.id')
        .where('due.next_attempt_at', '<=', now)
        .where((inner) =>
          inner.or([inner('due.lease_expires_at', 'is', null), inner('due.lease_expires_at', '<=', now)]),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('connect_deliveries as earlier')
                .select('earlier.id')
                .whereRef('earlier.envelope_id', '=', 'due.envelope_id')
                .whereRef('earlier.configuration_id', '=', 'due.configuration_id')
                .whereRef('earlier.url', '=', 'due.url')
                .whereRef('earlier.id', '<', 'due.id'),
            ),
          ),
        )
        .$if(skipUrls.length > 0, (query) => query.where('due.url', 'not in', skipUrls))
        .orderBy('due.next_attempt_at')
        .orderBy('due.id')
        .limit(request.limit)
        .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked()),
    )
    .returningAll()
    .execute()
  return rows.map(toClaimed).sort((a, b) => (a.id < b.id ? -1 : 1))
}

async function insertLog(tx: DbOrTx, delivery: ClaimedDelivery, log: AttemptLog, now: number): Promise<void> {
  await tx
    .insertInto('connect_logs')
    .values(logRowOf(delivery, log, now))
    .execute()
}

function logRowOf(delivery: ClaimedDelivery, log: AttemptLog, now: number) {
  return {
    id: log.id,
    account_id: delivery.accountId,
    envelope_id: delivery.envelopeId,
    configuration_id: delivery.configurationId,
    url: delivery.url,
    event: delivery.event,
    envelope_status: envelopeStatusOf(delivery.payload, delivery.event) ?? null,
    status_code: log.statusCode,
    response: log.response,
    duration_ms: log.durationMs,
    attempt: delivery.attempts,
    payload: log.payload ?? null,
    created_at: now,
  }
}

/** Removes a delivered delivery `owner` still holds and logs the attempt; false when it lost the lease. */
export async function markDelivered(
  db: DbOrTx,
  owner: string,
  delivery: ClaimedDelivery,
  log: AttemptLog,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const deleted = await tx
      .deleteFrom('connect_deliveries')
      .where('id', '=', delivery.id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst()
    await insertLog(tx, delivery, log, now)
    return Number(deleted.numDeletedRows) === 1
  })
}

/** A delivered attempt to record. */
export interface DeliveredAttempt {
  delivery: ClaimedDelivery
  log: AttemptLog
  now: number
}

/**
 * `markDelivered` for several attempts in one transaction (the sender's group commit); for each, false
 * when `owner` had lost its lease.
 */
export async function markDeliveredMany(
  db: DbOrTx,
  owner: string,
  attempts: readonly DeliveredAttempt[],
): Promise<boolean[]> {
  return db.transaction().execute(async (tx) => {
    const deleted = await tx
      .deleteFrom('connect_deliveries')
      .where(
        'id',
        'in',
        attempts.map((attempt) => attempt.delivery.id),
      )
      .where('lease_owner', '=', owner)
      .returning('id')
      .execute()
    await tx
      .insertInto('connect_logs')
      .values(attempts.map((attempt) => logRowOf(attempt.delivery, attempt.log, attempt.now)))
      .execute()
    const gone = new Set(deleted.map((row) => row.id))
    return attempts.map((attempt) => gone.has(attempt.delivery.id))
  })
}

/** Puts a failed attempt back for `nextAttemptAt` and logs it. */
export async function scheduleRetry(
  db: DbOrTx,
  owner: string,
  delivery: ClaimedDelivery,
  next: { nextAttemptAt: number; error: string },
  log: AttemptLog,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('connect_deliveries')
      .set({
        next_attempt_at: next.nextAttemptAt,
        lease_owner: null,
        lease_expires_at: null,
        last_error: next.error,
      })
      .where('id', '=', delivery.id)
      .where('lease_owner', '=', owner)
      .execute()
    await insertLog(tx, delivery, log, now)
  })
}

/** Moves a delivery whose retry window closed to `connect_failures`, logging the last attempt. */
export async function moveToFailures(
  db: DbOrTx,
  owner: string,
  delivery: ClaimedDelivery,
  error: string,
  log: AttemptLog,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const deleted = await tx
      .deleteFrom('connect_deliveries')
      .where('id', '=', delivery.id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst()
    await insertLog(tx, delivery, log, now)
    if (Number(deleted.numDeletedRows) !== 1) return
    await tx
      .insertInto('connect_failures')
      .values({
        id: delivery.id,
        account_id: delivery.accountId,
        envelope_id: delivery.envelopeId,
        configuration_id: delivery.configurationId,
        url: delivery.url,
        event: delivery.event,
        payload: delivery.payload,
        include_hmac: delivery.includeHmac ? 1 : 0,
        logging_enabled: delivery.loggingEnabled ? 1 : 0,
        attempts: delivery.attempts,
        last_error: error,
        created_at: delivery.createdAt,
        failed_at: now,
      })
      .execute()
  })
}

/** Gives claimed deliveries back untried (held too long): the claim does not count as an attempt. */
export async function releaseDeliveries(db: DbOrTx, owner: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await db
    .updateTable('connect_deliveries')
    .set((eb) => ({ lease_owner: null, lease_expires_at: null, attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', [...ids])
    .where('lease_owner', '=', owner)
    .execute()
}

/**
 * The HMAC secrets a delivery is signed with: its configuration's own, or for an envelope's own webhook
 * (`configurationId` `envelope`) the account's Connect keys (connect/account-keys/), never another
 * configuration's: a receiver only ever sees signatures made with keys it was given.
 */
export async function findSigningSecrets(
  db: DbOrTx,
  accountId: string,
  configurationId: string,
): Promise<string[]> {
  if (configurationId === 'envelope') {
    const keys = await db
      .selectFrom('connect_account_keys')
      .select('secret')
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('key_id')
      .execute()
    return keys.map((row) => row.secret)
  }
  const rows = await db
    .selectFrom('connect_hmac_secrets')
    .innerJoin('connect_configurations', 'connect_configurations.id', 'connect_hmac_secrets.configuration_id')
    .select('connect_hmac_secrets.secret')
    .where('connect_configurations.account_id', '=', accountId)
    .where('connect_configurations.id', '=', Number(configurationId))
    .orderBy('connect_hmac_secrets.id')
    .execute()
  return rows.map((row) => row.secret)
}

/** The account's most recent attempts, newest first. */
export async function listLogs(db: DbOrTx, accountId: string, limit: number) {
  return db
    .selectFrom('connect_logs')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

export async function findLog(db: DbOrTx, accountId: string, logId: string) {
  return db
    .selectFrom('connect_logs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', logId)
    .executeTakeFirst()
}

/** Deletes the account's log; returns how many entries went. */
export async function deleteLogs(db: DbOrTx, accountId: string): Promise<number> {
  const result = await db.deleteFrom('connect_logs').where('account_id', '=', accountId).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Deletes one entry of the account's log; false when the account has no such entry. */
export async function deleteLog(db: DbOrTx, accountId: string, logId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('connect_logs')
    .where('account_id', '=', accountId)
    .where('id', '=', logId)
    .returning('id')
    .executeTakeFirst()
  return deleted !== undefined
}

/** The account's given-up deliveries, oldest first. */
export async function listFailures(db: DbOrTx, accountId: string) {
  return db
    .selectFrom('connect_failures')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute()
}

export async function deleteFailure(db: DbOrTx, accountId: string, failureId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('connect_failures')
    .where('account_id', '=', accountId)
    .where('id', '=', failureId)
    .returning('id')
    .executeTakeFirst()
  return deleted !== undefined
}

/**
 * Puts the given envelopes' failed deliveries back in the queue, in their original order, with a new
 * retry window; returns how many each envelope had.
 */
export async function requeueFailures(
  db: DbOrTx,
  accountId: string,
  envelopeIds: readonly string[],
  now: number,
  nextId: (now: number) => string,
): Promise<Map<string, number>> {
  const counts = new Map(envelopeIds.map((id) => [id, 0]))
  if (envelopeIds.length === 0) return counts
  await db.transaction().execute(async (tx) => {
    const failures = await tx
      .deleteFrom('connect_failures')
      .where('account_id', '=', accountId)
      .where('envelope_id', 'in', [...envelopeIds])
      .returningAll()
      .execute()
    failures.sort((a, b) => (a.id < b.id ? -1 : 1))
    await insertDeliveries(
      tx,
      failures.map((failure) => ({
        id: nextId(now),
        account_id: failure.account_id,
        envelope_id: failure.envelope_id,
        configuration_id: failure.configuration_id,
        url: failure.url,
        event: failure.event,
        payload: failure.payload,
        include_hmac: failure.include_hmac,
        logging_enabled: failure.logging_enabled,
      })),
      now,
    )
    for (const failure of failures)
      counts.set(failure.envelope_id, (counts.get(failure.envelope_id) ?? 0) + 1)
  })
  return counts
}

/** What the fan-out needs of a configuration (no secrets: the sender reads those when it signs). */
export interface FanOutConfiguration {
  connectId: string
  accountId: string
  url: string
  events: string[]
  allUsers: boolean
  userIds: string[]
  includeData: string[]
  includeHmac: boolean
}

/** The accounts among `accountIds` that have at least one enabled Connect configuration. */
export async function accountsWithConfigurations(
  db: DbOrTx,
  accountIds: readonly string[],
): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('connect_configurations')
    .select('account_id')
    .distinct()
    .where('account_id', 'in', [...accountIds])
    .where('enabled', '=', 1)
    .execute()
  return new Set(rows.map((row) => row.account_id))
}

/** The enabled configurations of the accounts, oldest first, by account: one query for a fan-out round. */
export async function findFanOutConfigurations(
  db: DbOrTx,
  accountIds: readonly string[],
): Promise<Map<string, FanOutConfiguration[]>> {
  const byAccount = new Map<string, FanOutConfiguration[]>(accountIds.map((id) => [id, []]))
  if (accountIds.length === 0) return byAccount
  const rows = await db
    .selectFrom('connect_configurations')
    .select([
      'id',
      'account_id',
      'url_to_publish_to',
      'events',
      'all_users',
      'user_ids',
      'include_data',
      'include_hmac',
    ])
    .where('account_id', 'in', [...accountIds])
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute()
  for (const row of rows) {
    byAccount.get(row.account_id)?.push({
      connectId: String(row.id),
      accountId: row.account_id,
      url: row.url_to_publish_to,
      events: JSON.parse(row.events) as string[],
      allUsers: Number(row.all_users) === 1,
      userIds: JSON.parse(row.user_ids) as string[],
      includeData: JSON.parse(row.include_data) as string[],
      includeHmac: Number(row.include_hmac) === 1,
    })
  }
  return byAccount
}

/**
 * Completes (deletes) the claimed outbox rows `owner` still holds, inside the fan-out's transaction,
 * and says which: only their deliveries may be written. A row whose lease ran out and was claimed again
 * belongs to its new owner, whose fan-out stands.
 */
export async function takeOutboxRows(
  tx: DbOrTx,
  owner: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await tx
    .deleteFrom('outbox')
    .where('id', 'in', [...ids])
    .where('lease_owner', '=', owner)
    .returning('id')
    .execute()
  return new Set(rows.map((row) => row.id))
}
