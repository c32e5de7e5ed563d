import type { FastifyReply, FastifyRequest } from 'fastify'
import { RateLimitedError } from 'platform'
import { rateLimitCountingLocal } from '../config.js'
import type { ServiceContext } from '../context.js'
import { findAccountLimits } from '../identity/repository.js'
import { createCallCounter } from './counter.js'
import { createLocalCallCounter } from './local-counter.js'
import { pruneCounters } from './repository.js'
import { type AccountLimits, burstWindowStart, HOUR_MS, hourWindowStart, judge } from './windows.js'

export interface RateLimiterOptions {
  /** How long an account's limits are cached; a changed limit applies within this time. */
  limitsTtlMs?: number
  /** How often this process deletes counters of past hours. */
  pruneEveryMs?: number
  /** Reports a failed write of locally counted calls (`RATE_LIMIT_COUNTING` local); they are retried. */
  onCountWriteError?: (error: unknown) => void
}

export interface RateLimiter {
  /** The onRequest hook. */
  enforce(request: FastifyRequest, reply: FastifyReply): Promise<void>
  /** Writes calls counted in process and not yet stored; for the app's onClose. */
  close(): Promise<void>
}

/**
 * The onRequest hook, after authentication, for every account-scoped REST call: counts the call in the
 * account's clock-hour and 30-second windows, sets the X-RateLimit-* and X-BurstLimit-* headers, and
 * rejects calls over a limit with 429 and Retry-After. Headers set here stay on any later error
 * response. `RATE_LIMIT_COUNTING` picks the counter: atomic upserts shared by concurrent calls, exact
 * across processes sharing a database, or counting in process with the counts written behind, for a
 * database this process alone writes.
 */
export function createRateLimiter(ctx: ServiceContext, options: RateLimiterOptions = {}): RateLimiter {
  const limitsTtlMs = options.limitsTtlMs ?? 5_000
  const pruneEveryMs = options.pruneEveryMs ?? 300_000
  const limitsCache = new Map<string, { limits: AccountLimits | undefined; until: number }>()
  let nextPruneAt = 0
  const counter = rateLimitCountingLocal(ctx.config)
    ? createLocalCallCounter(ctx.db, { onWriteError: options.onCountWriteError })
    : { count: createCallCounter(ctx.db), close: async () => {} }

  async function limitsOf(accountId: string, now: number): Promise<AccountLimits | undefined> {
    const cached = limitsCache.get(accountId)
    if (cached && cached.until > now) return cached.limits
    const limits = await findAccountLimits(ctx.db, accountId)
    if (limitsCache.size >= 10_000) limitsCache.delete(limitsCache.keys().next().value as string)
    limitsCache.set(accountId, { limits, until: now + limitsTtlMs })
    return limits
  }

  async function enforce(request: FastifyRequest, reply: FastifyReply) {
    const { accountId } = request.principal
    const now = ctx.now()
    const limits = await limitsOf(accountId, now)
    // A membership outlives its account only inside the membership cache's few seconds; nothing to count.
    if (!limits) return
    const counts = await counter.count(accountId, hourWindowStart(now), burstWindowStart(now))
    const verdict = judge(limits, counts, now)
    reply.headers(verdict.headers)
    if (now >= nextPruneAt) {
      nextPruneAt = now + pruneEveryMs
      await pruneCounters(ctx.db, hourWindowStart(now) - HOUR_MS)
    }
    if (verdict.exceeded) {
      const { errorCode, retryAfterSeconds } = verdict.exceeded
      const message =
        errorCode === 'HOURLY_APIINVOCATION_LIMIT_EXCEEDED'
          ? `The maximum number of hourly API invocations has been exceeded. The hourly limit is ${limits.hourlyLimit}.`
          : `The maximum number of API invocations in a 30 second window has been exceeded. The burst limit is ${limits.burstLimit}.`
      throw new RateLimitedError(message, {
        errorCode,
        headers: { 'retry-after': String(retryAfterSeconds) },
      })
    }
  }

  return { enforce, close: () => counter.close() }
}
