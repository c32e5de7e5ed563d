import { createGroupCommit, type DialectName } from 'platform'
import type { Db } from '../../database.js'
import { retryDelayMs } from '../../outbox/retry.js'
import type { PostJson } from './http-sender.js'
import {
  type AttemptLog,
  type ClaimedDelivery,
  claimDeliveries,
  type DeliveredAttempt,
  findSigningSecrets,
  markDelivered,
  markDeliveredMany,
  moveToFailures,
  releaseDeliveries,
  scheduleRetry,
} from './repository.js'
import { signatureHeaders } from './signature.js'

/**
 * The sender job: claims due deliveries and POSTs them. A round starts the attempts and returns
 * without waiting for them, so a receiver that hangs until the timeout holds up only its own
 * deliveries: each target origin has at most `perTargetLimit` attempts in flight. A delivery claimed
 * while its target is busy is held in this process and started when a slot frees (given back untried
 * if it could not start in time to finish within its lease), and a busy target's URLs are left out of
 * the next claims: one claim feeds a target for a whole batch, where giving back and claiming again on
 * every finished attempt cost about a hundred row writes per delivery (BENCHMARKS.md, Connect delivery).
 * A 2xx is delivered; anything else is retried with exponential backoff and jitter until
 * `retryWindowMs` after the event, then moved to the failures. A finished attempt with nothing held
 * behind it wakes the job, so the next event of the same envelope goes out at once.
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
  /** Told how each attempt ended, once it is stored (the metrics count them). */
  onAttempt?: (delivery: ClaimedDelivery, outcome: AttemptOutcome) => void
  perTargetLimit?: number
  batchSize?: number
  /** Must outlast the request timeout, or another process could send the same delivery meanwhile. */
  leaseMs?: number
  /** The longest an attempt can take (the request timeout): how long before its lease ends a held delivery must start. */
  attemptTimeoutMs?: number
  random?: () => number
  /** Log ids, strictly increasing (ids.ts `sequentialIds`). */
  nextLogId: (now: number) => string
}

/** A 2xx; no 2xx and tried again later; no 2xx after the retry window, so moved to the failures. */
export type AttemptOutcome = 'delivered' | 'retry-scheduled' | 'given-up'

export interface ConnectSender {
  runRound(): Promise<boolean>
  /** Waits for the attempts in flight (before the database closes). */
  close(): Promise<void>
}

/** Attempts in flight per target origin unless the deps say otherwise. */
export const DEFAULT_PER_TARGET_LIMIT = 8

/** Time kept between a held delivery's last moment to start and its lease's end. */
const HOLD_MARGIN_MS = 5_000

/** A claimed delivery waiting in this process for a free slot of its target. */
interface HeldDelivery {
  delivery: ClaimedDelivery
  secrets: Promise<string[]>
  /** After this it is given back rather than started. */
  startBy: number
}

/** One target origin's attempts in flight and held deliveries, and the URLs seen for it. */
interface Target {
  origin: string
  active: number
  held: HeldDelivery[]
  urls: Set<string>
}

const NO_SECRETS: Promise<string[]> = Promise.resolve([])

export function createConnectSender(deps: SenderDeps): ConnectSender {
  const perTargetLimit = deps.perTargetLimit ?? DEFAULT_PER_TARGET_LIMIT
  const batchSize = deps.batchSize ?? 200
  const leaseMs = deps.leaseMs ?? 5 * 60_000
  // A held delivery must start early enough for its attempt to end before its lease does.
  const holdMs = Math.max(0, leaseMs - (deps.attemptTimeoutMs ?? leaseMs / 2) - HOLD_MARGIN_MS)
  const inFlight = new Set<Promise<void>>()
  const targets = new Map<string, Target>()
  // Attempts answered together are recorded in one transaction: at 1,000 deliveries/s (the benchmark
  // target) a commit per delivery was a tenth of the sender's CPU on SQLite, and on PostgreSQL four
  // round trips and a WAL flush each.
  const recordDelivered = createGroupCommit<DeliveredAttempt, boolean>({
    writeBatch: (attempts) => markDeliveredMany(deps.db, deps.owner, attempts),
    writeOne: ({ delivery, log, now }) => markDelivered(deps.db, deps.owner, delivery, log, now),
    maxBatch: 100,
  })
  let closing = false

  const targetOf = (url: string): Target => {
    const origin = originOf(url)
    let target = targets.get(origin)
    if (!target) {
      target = { origin, active: 0, held: [], urls: new Set() }
      targets.set(origin, target)
    }
    target.urls.add(url)
    return target
  }

  async function runRound(): Promise<boolean> {
    const now = deps.now()
    await releaseStale(now)
    // A target with every slot taken is left in the table, so its backlog neither fills the batch
    // nor keeps other targets' deliveries from being claimed.
    const saturated = [...targets.values()].filter((target) => target.active >= perTargetLimit)
    const claimed = await claimDeliveries(deps.db, deps.dialect, {
      owner: deps.owner,
      now,
      leaseMs,
      limit: batchSize,
      skipUrls: saturated.flatMap((target) => [...target.urls]),
    })
    const secretsOf = roundSecrets()
    for (const delivery of claimed) {
      const target = targetOf(delivery.url)
      const secrets = secretsOf(delivery)
      if (target.active < perTargetLimit) start(target, delivery, secrets)
      else target.held.push({ delivery, secrets, startBy: now + holdMs })
    }
    return claimed.length === batchSize
  }

  /**
   * The HMAC secrets of a round's deliveries, read once per configuration per round rather than once
   * per attempt (a query per delivery; BENCHMARKS.md, Connect, "Sender CPU per delivery"). A secret rotated meanwhile is used from the next round on, a second or so later.
   */
  function roundSecrets(): (delivery: ClaimedDelivery) => Promise<string[]> {
    const byKey = new Map<string, Promise<string[]>>()
    return (delivery) => {
      if (!delivery.includeHmac) return NO_SECRETS
      const key = `${delivery.accountId}\u0000${delivery.configurationId}`
      let secrets = byKey.get(key)
      if (!secrets) {
        secrets = findSigningSecrets(deps.db, delivery.accountId, delivery.configurationId)
        // Awaited by each attempt (whose failure reaches onError); a held one may await it later.
        secrets.catch(() => undefined)
        byKey.set(key, secrets)
      }
      return secrets
    }
  }

  function start(target: Target, delivery: ClaimedDelivery, secrets: Promise<string[]>) {
    target.active++
    const attempt = send(delivery, secrets)
      .catch(deps.onError)
      .finally(() => {
        inFlight.delete(attempt)
        target.active--
        void startHeld(target).catch(deps.onError)
      })
    inFlight.add(attempt)
  }

  /** Fills the target's free slots from its held deliveries; wakes the job when none is left to start. */
  async function startHeld(target: Target) {
    const now = deps.now()
    const stale: string[] = []
    while (target.active < perTargetLimit && target.held.length > 0) {
      const { delivery, secrets, startBy } = target.held.shift() as HeldDelivery
      if (closing || startBy < now) stale.push(delivery.id)
      else start(target, delivery, secrets)
    }
    if (target.active === 0 && target.held.length === 0) targets.delete(target.origin)
    if (stale.length > 0) await releaseDeliveries(deps.db, deps.owner, stale)
    // A free slot and nothing held: the table may have more for this target.
    if (!closing && target.held.length === 0) deps.wake()
  }

  /** Gives back held deliveries that could no longer finish within their lease (a slow target). */
  async function releaseStale(now: number) {
    const stale: string[] = []
    for (const target of targets.values()) {
      while (target.held.length > 0 && (target.held[0] as HeldDelivery).startBy < now) {
        stale.push((target.held.shift() as HeldDelivery).delivery.id)
      }
    }
    if (stale.length > 0) await releaseDeliveries(deps.db, deps.owner, stale)
  }

  async function send(delivery: ClaimedDelivery, secretsOf: Promise<string[]>): Promise<void> {
    const body = bodyFor(delivery)
    const secrets = await secretsOf
    const result = await deps.post(delivery.url, body, signatureHeaders(body, secrets))
    const now = deps.now()
    const log: AttemptLog = {
      id: deps.nextLogId(now),
      statusCode: result.statusCode,
      response: result.response,
      durationMs: result.durationMs,
      ...(delivery.loggingEnabled ? { payload: body } : {}),
    }
    if (result.statusCode >= 200 && result.statusCode < 300) {
      await recordDelivered({ delivery, log, now })
      deps.onAttempt?.(delivery, 'delivered')
      return
    }
    const error = result.statusCode === 0 ? result.response : `HTTP ${result.statusCode}`
    if (now - delivery.createdAt >= deps.retryWindowMs) {
      await moveToFailures(deps.db, deps.owner, delivery, error, log, now)
      deps.onAttempt?.(delivery, 'given-up')
      return
    }
    const nextAttemptAt = now + retryDelayMs(delivery.attempts, deps.random)
    await scheduleRetry(deps.db, deps.owner, delivery, { nextAttemptAt, error }, log, now)
    deps.onAttempt?.(delivery, 'retry-scheduled')
  }

  return {
    runRound,
    close: async () => {
      closing = true
      const held = [...targets.values()].flatMap((target) => target.held.splice(0))
      await releaseDeliveries(
        deps.db,
        deps.owner,
        held.map(({ delivery }) => delivery.id),
      ).catch(deps.onError)
      await Promise.allSettled([...inFlight])
    },
  }
}

/** The stored body with `retryCount` set to the retries before this attempt; the key order stays. */
function bodyFor(delivery: ClaimedDelivery): string {
  // Stored with retryCount 0, which a first attempt sends as is (parsing and writing it again cost
  // about 4% of the sender's time in the throughput benchmark).
  if (delivery.attempts === 1) return delivery.payload
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
