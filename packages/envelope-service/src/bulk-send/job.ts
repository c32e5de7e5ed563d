import { AppError, type JobDefinition } from 'platform'
import type { ServiceContext } from '../context.js'
import { createEnvelope } from '../envelope-api/create.js'
import { findAccountLimits } from '../identity/repository.js'
import { burstWindowStart, hourWindowStart, judge } from '../ratelimit/windows.js'
import { copyRequest } from './copies.js'
import {
  type BulkSendBatch,
  type CopyOutcome,
  finishCopies,
  nextDueBatch,
  type QueuedCopy,
  queuedCopies,
  setBatchDue,
} from './repository.js'
import { BULK_SEND_JOB } from './service.js'
import { findBulkSource } from './source.js'

/**
 * The bulk send job: takes the batch that has waited longest, creates envelopes for a round of its
 * queued copies, records each copy's envelope, and goes on while copies are queued. Each copy is one
 * envelope created through the envelope API's create (the one write path), under the idempotency key
 * `bulk-send:<batch>:<copy>`: a process that dies between creating an envelope and recording it leaves
 * the copy queued, and the next round's create finds the key and returns the same envelope, so every
 * copy makes exactly one envelope. The job runner leases the job to one process at a time and hands
 * it to another when a process stops renewing its lease.
 *
 * Each copy counts as one call in the account's rate-limit windows, as the same create through the
 * REST API would: over a limit, the batch waits for the window to end instead of failing its copies.
 */

/** The idempotency key of a copy's envelope: the same in every round and every process. */
export const copyIdempotencyKey = (batchId: string, copyIndex: number) => `bulk-send:${batchId}:${copyIndex}`

/**
 * Copies created concurrently in one round: they share the envelope writer's commits, which take 100
 * envelopes at most (BENCHMARKS.md, "Bulk send": 50, 100 and 200 measured).
 */
export const COPIES_PER_ROUND = 100

type JobContext = Pick<
  ServiceContext,
  | 'db'
  | 'envelopeWriter'
  | 'templateCache'
  | 'wakeOutbox'
  | 'documentConverter'
  | 'callCounter'
  | 'now'
  | 'anchorPlacements'
>

export function bulkSendJob(ctx: JobContext, everyMs = 1_000): JobDefinition {
  return { name: BULK_SEND_JOB, everyMs, run: () => runBulkSendRound(ctx) }
}

/** One round over the batch due first; true while work is left that is due now. */
export async function runBulkSendRound(ctx: JobContext): Promise<boolean> {
  const now = ctx.now()
  const batch = await nextDueBatch(ctx.db, now)
  if (!batch) return false
  const copies = await queuedCopies(ctx.db, batch.batchId, COPIES_PER_ROUND)
  if (copies.length === 0) {
    await setBatchDue(ctx.db, batch.batchId, null)
    return true
  }
  const allowed = await takeRateLimitSlots(ctx, batch.accountId, copies.length, now)
  const outcomes = await Promise.all(copies.slice(0, allowed.slots).map((copy) => sendCopy(ctx, batch, copy)))
  await ctx.db.transaction().execute(async (tx) => {
    await finishCopies(tx, batch.batchId, outcomes, new Date(ctx.now()).toISOString())
    if (allowed.slots < copies.length) await setBatchDue(tx, batch.batchId, allowed.retryAt)
  })
  return true
}

/**
 * Counts up to `wanted` calls in the account's windows; the slots within the limits, and when the
 * window that stopped the rest ends. Counted ten at a time, stopping at the first call over a limit:
 * a call over the limit is counted too (as the REST API counts it), so asking for all at once would
 * spend up to a round's worth of the account's hourly calls on copies that then wait.
 */
async function takeRateLimitSlots(
  ctx: JobContext,
  accountId: string,
  wanted: number,
  now: number,
): Promise<{ slots: number; retryAt: number }> {
  const limits = await findAccountLimits(ctx.db, accountId)
  if (!limits) return { slots: wanted, retryAt: now }
  let slots = 0
  while (slots < wanted) {
    const verdicts = await Promise.all(
      Array.from({ length: Math.min(RATE_LIMIT_STEP, wanted - slots) }, async () =>
        judge(
          limits,
          await ctx.callCounter.count(accountId, hourWindowStart(now), burstWindowStart(now)),
          now,
        ),
      ),
    )
    const refused = verdicts.find((verdict) => verdict.exceeded)
    slots += verdicts.filter((verdict) => !verdict.exceeded).length
    if (refused?.exceeded) return { slots, retryAt: now + refused.exceeded.retryAfterSeconds * 1000 }
  }
  return { slots, retryAt: now }
}

/** Calls counted at once by `takeRateLimitSlots`. */
const RATE_LIMIT_STEP = 10

async function sendCopy(ctx: JobContext, batch: BulkSendBatch, queued: QueuedCopy): Promise<CopyOutcome> {
  const { copyIndex } = queued
  const viewer = { userId: batch.senderUserId, seesAll: batch.seesAllTemplates }
  const source = await findBulkSource(ctx, batch.accountId, viewer, batch.templateId)
  if (source.kind === 'missing') {
    const error =
      source.problem.code === 'BULK_SEND_TEMPLATE_NOT_FOUND'
        ? `Template or draft envelope ${batch.templateId} no longer exists`
        : source.problem.message
    return { copyIndex, status: 'failed', error }
  }
  const { template } = source
  const built = copyRequest(template, queued.copy, copyIndex)
  if ('problems' in built) {
    return { copyIndex, status: 'failed', error: built.problems.map((problem) => problem.message).join('; ') }
  }
  try {
    const created = await createEnvelope(
      ctx,
      {
        accountId: batch.accountId,
        userId: batch.senderUserId,
        viewer,
      },
      built.request,
      copyIdempotencyKey(batch.batchId, copyIndex),
      ctx.now(),
      // A draft is not a stored template: the create takes it from here.
      source.kind === 'draft' ? new Map([[template.templateId, template]]) : undefined,
    )
    return { copyIndex, status: 'sent', envelopeId: created.envelopeId }
  } catch (error) {
    // A refused envelope (a 4xx: a bad address, a template role that changed) fails its copy only;
    // anything else (the database) fails the round, which the job runner retries.
    if (error instanceof AppError && error.statusCode < 500) {
      return { copyIndex, status: 'failed', error: error.message }
    }
    throw error
  }
}
