import { sql } from 'kysely'
import type { DbOrTx } from '../../../database.js'

/**
 * The SQL of the Connect metrics: grouped counts per account and configuration (`envelope` for the
 * envelopes' own eventNotification webhooks). Pending deliveries and stored failures are small tables;
 * the log is read through its account index, so only the JSON endpoint (one account) reads it.
 */

export interface QueueDepthRow {
  accountId: string
  configurationId: string
  /** Waiting for an attempt, including those waiting for a retry. */
  pending: number
  /** Of the pending, those whose earlier attempt failed. */
  awaitingRetry: number
  /** Leased to a sender whose lease has not run out: an attempt under way. */
  inFlight: number
  /** When the oldest delivery still queued was created (epoch ms). */
  oldestCreatedAt: number
}

/** Rows of `connect_deliveries` by state, for one account or (undefined) all of them. */
export async function queueDepths(
  db: DbOrTx,
  now: number,
  accountId: string | undefined,
): Promise<QueueDepthRow[]> {
  const leased = sql<number>`sum(case when lease_expires_at > ${now} then 1 else 0 end)`
  const retrying = sql<number>`sum(case when attempts > 0 and (lease_expires_at is null or lease_expires_at <= ${now}) then 1 else 0 end)`
  const rows = await db
    .selectFrom('connect_deliveries')
    .select(['account_id', 'configuration_id'])
    .select((eb) => [
      eb.fn.countAll<number>().as('queued'),
      leased.as('in_flight'),
      retrying.as('awaiting_retry'),
      eb.fn.min('created_at').as('oldest_created_at'),
    ])
    .$if(accountId !== undefined, (query) => query.where('account_id', '=', accountId as string))
    .groupBy(['account_id', 'configuration_id'])
    .execute()
  return rows.map((row) => ({
    accountId: row.account_id,
    configurationId: row.configuration_id,
    pending: Number(row.queued) - Number(row.in_flight),
    awaitingRetry: Number(row.awaiting_retry),
    inFlight: Number(row.in_flight),
    oldestCreatedAt: Number(row.oldest_created_at),
  }))
}

export interface StoredFailuresRow {
  accountId: string
  configurationId: string
  failures: number
}

/** Given-up deliveries still stored (not retried or deleted), for one account or all of them. */
export async function storedFailures(
  db: DbOrTx,
  accountId: string | undefined,
): Promise<StoredFailuresRow[]> {
  const rows = await db
    .selectFrom('connect_failures')
    .select(['account_id', 'configuration_id'])
    .select((eb) => eb.fn.countAll<number>().as('failures'))
    .$if(accountId !== undefined, (query) => query.where('account_id', '=', accountId as string))
    .groupBy(['account_id', 'configuration_id'])
    .execute()
  return rows.map((row) => ({
    accountId: row.account_id,
    configurationId: row.configuration_id,
    failures: Number(row.failures),
  }))
}

export interface AttemptTotalsRow {
  configurationId: string
  /** Attempts answered with a 2xx: events delivered. */
  delivered: number
  /** Attempts answered otherwise, or not at all. */
  failedAttempts: number
  /** Attempts that were not their delivery's first. */
  retries: number
}

/** The account's attempts in the Connect log (so: since the log was last deleted), per configuration. */
export async function attemptTotals(db: DbOrTx, accountId: string): Promise<AttemptTotalsRow[]> {
  const ok = sql<number>`sum(case when status_code >= 200 and status_code < 300 then 1 else 0 end)`
  const failed = sql<number>`sum(case when status_code >= 200 and status_code < 300 then 0 else 1 end)`
  const retried = sql<number>`sum(case when attempt > 1 then 1 else 0 end)`
  const rows = await db
    .selectFrom('connect_logs')
    .select('configuration_id')
    .select([ok.as('delivered'), failed.as('failed_attempts'), retried.as('retries')])
    .where('account_id', '=', accountId)
    .groupBy('configuration_id')
    .execute()
  return rows.map((row) => ({
    configurationId: row.configuration_id,
    delivered: Number(row.delivered),
    failedAttempts: Number(row.failed_attempts),
    retries: Number(row.retries ?? 0),
  }))
}
