import type { DialectName } from 'platform'
import type { Db } from '../../database.js'
import type { PostJson } from './http-sender.js'
import {
  type AttemptLog,
  type ClaimedDelivery,
  claimDeliveries,
  findSigningSecrets,
  markDelivered,
  moveToFailures,
  releaseDelivery,
  scheduleRetry,
} from './repository.js'
import { signatureHeaders } from './signature.js'

/**
 * The sender job: claims due deliveries and POSTs them. A round starts the attempts and returns
 * without waiting for them, so a receiver that hangs until the timeout holds up only its own
 * deliveries: each target origin has at most `perTargetLimit` attempts in flight, and a delivery claimed
 * while its target is busy is given back untried. A 2xx is delivered; anything else is retried with
 * exponential backoff and jitter until `retryWindowMs` after the event, then moved to the failures.
 * Each finished attempt wakes the job, so the next event of the same envelope goes out at once.
 */

export const CONNECT_SENDER_JOB = 'connect.sender'

export interface SenderDeps {
  db: Db
  dialect: DialectName
  now: () => number
  owner: string
  post: PostJson
  retryWindowMs: number
  /** Wakes the sender job (after an attempt finished). */
  wake: () => void
  onError: (error: unknown) => void
  perTargetLimit?: number
  batchSize?: number
  /** Must outlast the request timeout, or another process could send the same delivery meanwhile. */
  leaseMs?: number
  random?: () => number
}

export interface ConnectSender {
  runRound(): Promise<boolean>
  /** Waits for the attempts in flight (before the database closes). */
  close(): Promise<void>
}

const FIRST_RETRY_MS = 5_000
const MAX_RETRY_MS = 60 * 60_000

/** Exponential backoff with jitter over the upper half: 5 s, 10 s, 20 s, ... capped at an hour. */
export function connectRetryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1))
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

export function createConnectSender(deps: SenderDeps): ConnectSender {
  const perTargetLimit = deps.perTargetLimit ?? 8
  const batchSize = deps.batchSize ?? 200
  const inFlight = new Set<Promise<void>>()
  const busy = new Map<string, number>()

  async function runRound(): Promise<boolean> {
    const claimed = await claimDeliveries(deps.db, deps.dialect, {
      owner: deps.owner,
      now: deps.now(),
      leaseMs: deps.leaseMs ?? 5 * 60_000,
      limit: batchSize,
    })
    const overCapacity: string[] = []
    for (const delivery of claimed) {
      const origin = originOf(delivery.url)
      const active = busy.get(origin) ?? 0
      if (active >= perTargetLimit) {
        overCapacity.push(delivery.id)
        continue
      }
      busy.set(origin, active + 1)
      const attempt = send(delivery)
        .catch(deps.onError)
        .finally(() => {
          inFlight.delete(attempt)
          const left = (busy.get(origin) ?? 1) - 1
          if (left === 0) busy.delete(origin)
          else busy.set(origin, left)
          deps.wake()
        })
      inFlight.add(attempt)
    }
    for (const id of overCapacity) await releaseDelivery(deps.db, deps.owner, id)
    // Given-back deliveries are picked up when a slot frees (each attempt wakes the job).
    return claimed.length === batchSize && overCapacity.length === 0
  }

  async function send(delivery: ClaimedDelivery): Promise<void> {
    const body = bodyFor(delivery)
    const secrets = delivery.includeHmac
      ? await findSigningSecrets(deps.db, delivery.accountId, delivery.configurationId)
      : []
    const result = await deps.post(delivery.url, body, signatureHeaders(body, secrets))
    const log: AttemptLog = {
      statusCode: result.statusCode,
      response: result.response,
      durationMs: result.durationMs,
      ...(delivery.loggingEnabled ? { payload: body } : {}),
    }
    const now = deps.now()
    if (result.statusCode >= 200 && result.statusCode < 300) {
      await markDelivered(deps.db, deps.owner, delivery, log, now)
      return
    }
    const error = result.statusCode === 0 ? result.response : `HTTP ${result.statusCode}`
    if (now - delivery.createdAt >= deps.retryWindowMs) {
      await moveToFailures(deps.db, deps.owner, delivery, error, log, now)
      return
    }
    const nextAttemptAt = now + connectRetryDelayMs(delivery.attempts, deps.random)
    await scheduleRetry(deps.db, deps.owner, delivery, { nextAttemptAt, error }, log, now)
  }

  return {
    runRound,
    close: async () => {
      await Promise.allSettled([...inFlight])
    },
  }
}

/** The stored body with `retryCount` set to the retries before this attempt; the key order stays. */
function bodyFor(delivery: ClaimedDelivery): string {
  const payload = JSON.parse(delivery.payload) as Record<string, unknown>
  return JSON.stringify({ ...payload, retryCount: delivery.attempts - 1 })
}

function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}
