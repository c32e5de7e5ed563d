import type { FastifyReply, FastifyRequest } from 'fastify'
import { type JobDefinition, RateLimitedError, type Writers } from 'platform'
import type { ServiceContext } from '../context.js'
import type { DbOrTx } from '../database.js'
import { findAccountLimits } from '../identity/repository.js'
import { type CallCounter, createSharedCallCounter } from './counter.js'
import { createLocalCallCounter } from './local-counter.js'
import { pruneCounters } from './repository.js'
import { type AccountLimits, burstWindowStart, HOUR_MS, hourWindowStart, judge } from './windows.js'

export interface RateLimiterOptions {
  /** How long an account's limits are cached; a changed limit applies within this time. */
  limitsTtlMs?: number
}

export interface RateLimiter {
  /** The onRequest hook. */
  enforce(request: FastifyRequest, reply: FastifyReply): Promise<void>
}

/**
 * The counter `WRITERS` calls for. `many`: every call is an atomic upsert shared by the calls that
 * arrive together, exact across processes sharing the database. `single`: counted in process from the
 * stored count and written behind about once a second, earned by the token grant and template get
 * targets (an upsert per call is the largest cost of a cached read on SQLite); exact only while this
 * process is the database's one writer.
 */
export function createCallCounter(
  db: DbOrTx,
  writers: Writers,
  onWriteError: (error: unknown) => void,
): CallCounter {
  return writers === 'single' ? createLocalCallCounter(db, { onWriteError }) : createSharedCallCounter(db)
}

/** How often the counters of past hours are deleted. */
const PRUNE_EVERY_MS = 5 * 60_000

/** The job deleting the counters of windows that ended over an hour ago; nothing prunes in a request. */
export function counterPruneJob(db: DbOrTx): JobDefinition {
  return {
    name: 'rate-limit-counter-prune',
    everyMs: PRUNE_EVERY_MS,
    run: async (now) => {
      await pruneCounters(db, hourWindowStart(now) - HOUR_MS)
    },
  }
}

/**
 * The onRequest hook, after authentication, for every account-scoped REST call: counts the call in the
 * account's clock-hour and 30-second windows, sets the X-RateLimit-* and X-BurstLimit-* headers, and
 * rejects calls over a limit with 429 and Retry-After. Headers set here stay on any later error
 * response. The calls are counted by the context's `callCounter` (see `createCallCounter`).
 */
export function createRateLimiter(ctx: ServiceContext, options: RateLimiterOptions = {}): RateLimiter {
  const limitsTtlMs = options.limitsTtlMs ?? 5_000
  const limitsCache = new Map<string, { limits: AccountLimits | undefined; until: number }>()

  async function loadLimits(accountId: string, now: number): Promise<AccountLimits | undefined> {
    const limits = await findAccountLimits(ctx.db, accountId)
    if (limitsCache.size >= 10_000) limitsCache.delete(limitsCache.keys().next().value as string)
    limitsCache.set(accountId, { limits, until: now + limitsTtlMs })
    return limits
  }

  async function enforce(request: FastifyRequest, reply: FastifyReply) {
    const { accountId } = request.principal
    const now = ctx.now()
    // Awaited only on a miss: a turn of the microtask queue per call is measurable on a cached read.
    const cached = limitsCache.get(accountId)
    const limits = cached && cached.until > now ? cached.limits : await loadLimits(accountId, now)
    // A membership outlives its account only inside the membership cache's few seconds; nothing to count.
    if (!limits) return
    const counts = await ctx.callCounter.count(accountId, hourWindowStart(now), burstWindowStart(now))
    const verdict = judge(limits, counts, now)
    reply.headers(verdict.headers)
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

  return { enforce }
}
