import type { ServiceContext } from '../../../context.js'
import { listConfigurations } from '../../repository.js'
import type { ClaimedDelivery } from '../repository.js'
import type { AttemptOutcome } from '../sender.js'
import { attemptTotals, queueDepths, storedFailures } from './repository.js'
import type { ConnectMetricsOutput, ConnectTargetMetrics } from './schema.js'

/**
 * Connect metrics, two ways. The account's JSON endpoint reads the stored rows, so it shows what every
 * process did: attempts from the Connect log, the queue and the failures as they are now. The
 * Prometheus endpoint adds this process's counters since it started (Prometheus sums them over
 * processes and handles restarts), which cost nothing to read.
 */

/** The pseudo-configuration that groups every envelope's own `eventNotification` webhooks. */
export const ENVELOPE_TARGET = 'envelope'

export interface TargetCounters {
  accountId: string
  configurationId: string
  delivered: number
  failedAttempts: number
  retries: number
  givenUp: number
}

/** This process's attempt counters, fed by the sender's `onAttempt`. */
export interface ConnectCounters {
  record(delivery: ClaimedDelivery, outcome: AttemptOutcome): void
  snapshot(): TargetCounters[]
}

export function createConnectCounters(): ConnectCounters {
  const byTarget = new Map<string, TargetCounters>()
  return {
    record(delivery, outcome) {
      const key = `${delivery.accountId} ${delivery.configurationId}`
      let counters = byTarget.get(key)
      if (!counters) {
        counters = {
          accountId: delivery.accountId,
          configurationId: delivery.configurationId,
          delivered: 0,
          failedAttempts: 0,
          retries: 0,
          givenUp: 0,
        }
        byTarget.set(key, counters)
      }
      if (outcome === 'delivered') counters.delivered += 1
      else counters.failedAttempts += 1
      if (outcome === 'given-up') counters.givenUp += 1
      if (delivery.attempts > 1) counters.retries += 1
    },
    snapshot: () => [...byTarget.values()].map((counters) => ({ ...counters })),
  }
}

type Counts = Omit<ConnectTargetMetrics, 'connectId' | 'name' | 'urlToPublishTo' | 'enabled'>

const emptyCounts = (): Counts => ({
  delivered: 0,
  failedAttempts: 0,
  retries: 0,
  failures: 0,
  queue: { pending: 0, awaitingRetry: 0, inFlight: 0 },
})

/**
 * One entry per configuration of the account (also those with nothing yet), one for the envelopes'
 * own webhooks, and one per deleted configuration that still has rows; then the sums.
 */
export async function connectMetrics(ctx: ServiceContext, accountId: string): Promise<ConnectMetricsOutput> {
  const now = ctx.now()
  const [configurations, queue, failures, attempts] = await Promise.all([
    listConfigurations(ctx.db, accountId),
    queueDepths(ctx.db, now, accountId),
    storedFailures(ctx.db, accountId),
    attemptTotals(ctx.db, accountId),
  ])
  const targets = new Map<string, ConnectTargetMetrics>()
  for (const configuration of configurations) {
    targets.set(configuration.connectId, {
      connectId: configuration.connectId,
      name: configuration.name,
      urlToPublishTo: configuration.urlToPublishTo,
      enabled: configuration.enabled,
      ...emptyCounts(),
    })
  }
  targets.set(ENVELOPE_TARGET, {
    connectId: ENVELOPE_TARGET,
    name: 'Envelope eventNotification webhooks',
    ...emptyCounts(),
  })
  const target = (connectId: string) => {
    let entry = targets.get(connectId)
    if (!entry) {
      entry = { connectId, ...emptyCounts() }
      targets.set(connectId, entry)
    }
    return entry
  }
  for (const row of attempts) {
    const entry = target(row.configurationId)
    entry.delivered = row.delivered
    entry.failedAttempts = row.failedAttempts
    entry.retries = row.retries
  }
  for (const row of failures) target(row.configurationId).failures = row.failures
  for (const row of queue) {
    target(row.configurationId).queue = {
      pending: row.pending,
      awaitingRetry: row.awaitingRetry,
      inFlight: row.inFlight,
      oldestQueuedDateTime: new Date(row.oldestCreatedAt).toISOString(),
    }
  }
  const entries = [...targets.values()]
  return { generatedDateTime: new Date(now).toISOString(), totals: sum(entries), configurations: entries }
}

function sum(entries: readonly Counts[]): Counts {
  const totals = emptyCounts()
  const oldest = entries
    .map((entry) => entry.queue.oldestQueuedDateTime)
    .filter((time): time is string => time !== undefined)
    .sort()[0]
  for (const entry of entries) {
    totals.delivered += entry.delivered
    totals.failedAttempts += entry.failedAttempts
    totals.retries += entry.retries
    totals.failures += entry.failures
    totals.queue.pending += entry.queue.pending
    totals.queue.awaitingRetry += entry.queue.awaitingRetry
    totals.queue.inFlight += entry.queue.inFlight
  }
  if (oldest !== undefined) totals.queue.oldestQueuedDateTime = oldest
  return totals
}
