import type { ServiceContext } from '../../context.js'
import { CONNECT_FAN_OUT_JOB, runFanOutRound } from './fan-out.js'
import { createHttpPoster, type PostJson } from './http-sender.js'
import { type ConnectCounters, createConnectCounters } from './metrics/counters.js'
import { CONNECT_SENDER_JOB, createConnectSender } from './sender.js'

/**
 * Defines the two Connect delivery jobs on the service's job runner: the fan-out (woken by commits of
 * `envelope.event` rows through `jobOfTopic` in app.ts) and the sender (woken by the fan-out and by
 * each finished attempt). Both also run every second, for retries that come due. Returns this
 * process's attempt counters (for `/metrics`) and what the service must close before the database: the
 * attempts in flight and the HTTP agents.
 */
export function defineConnectDelivery(
  ctx: ServiceContext,
  options: { owner: string; onError: (error: unknown, job: string) => void; post?: PostJson },
): { counters: ConnectCounters; close: () => Promise<void> } {
  const counters = createConnectCounters()
  const poster = createHttpPoster({
    timeoutMs: ctx.config.CONNECT_DELIVERY_TIMEOUT_MS,
    allowPrivate: ctx.config.CONNECT_ALLOW_PRIVATE_URLS,
  })
  // Coalesced: a burst of finished attempts asks the runner once, not once each.
  let wakePending = false
  const wakeSender = () => {
    if (wakePending) return
    wakePending = true
    void ctx.jobs
      .wake(CONNECT_SENDER_JOB)
      .catch((error) => options.onError(error, CONNECT_SENDER_JOB))
      .finally(() => {
        wakePending = false
      })
  }
  const sender = createConnectSender({
    db: ctx.db,
    dialect: ctx.database.dialect,
    now: ctx.now,
    owner: options.owner,
    post: options.post ?? poster.post,
    retryWindowMs: ctx.config.CONNECT_RETRY_HOURS * 60 * 60_000,
    leaseMs: ctx.config.CONNECT_DELIVERY_TIMEOUT_MS + 60_000,
    attemptTimeoutMs: ctx.config.CONNECT_DELIVERY_TIMEOUT_MS,
    wake: wakeSender,
    onAttempt: counters.record,
    onError: (error) => options.onError(error, CONNECT_SENDER_JOB),
    nextLogId: ctx.sequentialId,
  })
  ctx.jobs.define({
    name: CONNECT_FAN_OUT_JOB,
    everyMs: 1_000,
    run: () =>
      runFanOutRound({
        db: ctx.db,
        dialect: ctx.database.dialect,
        now: ctx.now,
        owner: options.owner,
        wakeSender,
        nextId: ctx.sequentialId,
      }),
  })
  ctx.jobs.define({ name: CONNECT_SENDER_JOB, everyMs: 1_000, run: () => sender.runRound() })
  return {
    counters,
    close: async () => {
      await sender.close()
      poster.close()
    },
  }
}
