import type { DialectName } from 'platform'
import type { Db } from '../../database.js'
import { getBlob } from '../../documents/blobs/repository.js'
import { COMBINED_PART, findSignedParts } from '../../documents/sealed/repository.js'
import { findDocuments } from '../../envelopes/reads.js'
import { type ClaimedOutboxMessage, claim, retry, retryAll } from '../../outbox/repository.js'
import { type EnvelopeEventPayload, OUTBOX_TOPICS } from '../../outbox/topics.js'
import { detailsOf, type FanOutReads, readRound } from './fan-out-batch.js'
import { buildConnectPayload, ENVELOPE_LEVEL_CONFIGURATION_ID, type EnvelopeSnapshot } from './payload.js'
import { insertDeliveries, type NewDelivery, takeOutboxRows } from './repository.js'

/**
 * The fan-out job: drains `envelope.event` rows from the outbox. Each event becomes one delivery per
 * target — every enabled configuration of the account that lists the event and covers the envelope's
 * sender, and the envelope's own `eventNotification` when it lists the event — with its body built now,
 * and the outbox row is completed in the same transaction, so an event is fanned out exactly once.
 * A round's rows are planned in outbox order and their deliveries inserted in that order, so deliveries
 * of one envelope are created in the order its events happened.
 */

export const CONNECT_FAN_OUT_JOB = 'connect.fan-out'

export interface FanOutDeps {
  db: Db
  dialect: DialectName
  now: () => number
  owner: string
  /** Called when deliveries were created, to start the sender at once. */
  wakeSender: () => void
  /** Delivery ids, strictly increasing in insert order (ids.ts `sequentialIds`). */
  nextId: (now: number) => string
  batchSize?: number
}

/** How long an `envelope-completed` asking for documents waits for the sealed PDFs before going without. */
const SEALED_DOCUMENTS_WAIT_MS = 10 * 60_000
const SEALED_DOCUMENTS_POLL_MS = 500

/** Rows per delivery insert: 15 columns each, well under both dialects' caps on bound parameters. */
const DELIVERIES_PER_INSERT = 1_000

/**
 * One round; resolves true when a full batch suggests more rows wait. Set-based: the claim, a few reads
 * for the whole batch (fan-out-batch.ts), the payloads built in memory, then ONE transaction that
 * completes the outbox rows this process still holds and writes their deliveries, in outbox order (the
 * sender goes by delivery id per envelope and target, and ids are made in insert order). Per event this
 * used to be about seven queries and a transaction of its own.
 */
export async function runFanOutRound(deps: FanOutDeps): Promise<boolean> {
  const batchSize = deps.batchSize ?? 200
  const claimed = await claim(deps.db, deps.dialect, {
    topics: [OUTBOX_TOPICS.envelopeEvent],
    owner: deps.owner,
    now: deps.now(),
    leaseMs: 60_000,
    limit: batchSize,
  })
  if (claimed.length === 0) return false
  const { rows, held } = holdSplitTransitions(claimed, batchSize)
  orderWithinTransitions(rows)
  const reads = await readRound(deps.db, rows)
  const plan = await planRound(deps, reads, rows)
  const created = await deps.db.transaction().execute(async (tx) => {
    // A row another process took over (our lease ran out) is its to fan out: we write nothing for it.
    const taken = await takeOutboxRows(tx, deps.owner, plan.done)
    const deliveries = plan.deliveries
      .filter((entry) => taken.has(entry.rowId))
      .map((entry) => entry.delivery)
    for (let at = 0; at < deliveries.length; at += DELIVERIES_PER_INSERT) {
      await insertDeliveries(tx, deliveries.slice(at, at + DELIVERIES_PER_INSERT), plan.now)
    }
    for (const put of plan.putBack) {
      await retry(tx, deps.owner, put.id, { availableAt: put.until, error: put.error })
    }
    if (held.length > 0) {
      // Due as before: the next round claims them first, with the rest of their transition.
      await retryAll(
        tx,
        deps.owner,
        held.map((row) => row.id),
        {
          availableAt: held[0]!.availableAt,
          error: 'the rest of its transition was not claimed yet',
        },
      )
    }
    return deliveries.length
  })
  if (created > 0) deps.wakeSender()
  return claimed.length === batchSize
}

/**
 * A full batch may end inside a transition: its events share one due time, and rows due in the same
 * millisecond come in random id order, so some of them can still wait in the outbox. Ordered within a
 * round only (`orderWithinTransitions`), such an envelope's `recipient-sent` could be fanned out a round
 * before its `envelope-sent`. So a full batch holds back the rows due at its last due time, to be
 * claimed again next round together with the rest; unless that is the whole batch (one millisecond
 * with more events than a batch), where holding back would make no progress.
 */
function holdSplitTransitions(claimed: ClaimedOutboxMessage[], batchSize: number) {
  if (claimed.length < batchSize) return { rows: claimed, held: [] }
  const lastDue = claimed[claimed.length - 1]!.availableAt
  const held = claimed.filter((row) => row.availableAt === lastDue)
  if (held.length === claimed.length) return { rows: claimed, held: [] }
  return { rows: claimed.filter((row) => row.availableAt !== lastDue), held }
}

interface RoundPlan {
  now: number
  /** Rows to complete: fanned out, or owing nothing (no target, no envelope any more). */
  done: string[]
  /** The deliveries of the `done` rows, in outbox order. */
  deliveries: Array<{ rowId: string; delivery: NewDelivery }>
  /** Rows to claim again later. */
  putBack: Array<{ id: string; until: number; error: string }>
}

/** Builds every payload of the round in outbox order; reads only documents, and only when asked. */
async function planRound(
  deps: FanOutDeps,
  reads: FanOutReads,
  rows: readonly ClaimedOutboxMessage[],
): Promise<RoundPlan> {
  const now = deps.now()
  const generatedAt = new Date(now).toISOString()
  const plan: RoundPlan = { now, done: [], deliveries: [], putBack: [] }
  /** Envelopes with an event put back, and when it comes due again. */
  const deferred = new Map<string, number>()
  for (const row of rows) {
    const event = row.payload as EnvelopeEventPayload
    // A later event of an envelope whose earlier one waits waits as long: due at the same time, the
    // earlier (smaller, time-ordered) id is claimed first, so it cannot overtake.
    const waitUntil = deferred.get(event.envelopeId)
    if (waitUntil !== undefined) {
      plan.putBack.push({ id: row.id, until: waitUntil, error: 'waiting for an earlier event' })
      continue
    }
    const envelope = reads.envelopes.get(event.envelopeId)
    const targets = reads.targets.get(row.id) ?? []
    if (!envelope || targets.length === 0) {
      plan.done.push(row.id)
      continue
    }
    const wantsDocuments = targets.some((target) => target.includeData.includes('documents'))
    const documents = wantsDocuments
      ? await documentsOf(deps, envelope.envelopeId, envelope.status)
      : undefined
    if (documents === 'not sealed yet' && now - row.createdAt < SEALED_DOCUMENTS_WAIT_MS) {
      const until = now + SEALED_DOCUMENTS_POLL_MS
      plan.putBack.push({ id: row.id, until, error: 'waiting for the sealed documents' })
      deferred.set(event.envelopeId, until)
      continue
    }
    const snapshot: EnvelopeSnapshot = {
      envelope,
      ...(envelope.completedAt ? { completedAt: envelope.completedAt } : {}),
      ...(envelope.declinedAt ? { declinedAt: envelope.declinedAt } : {}),
      ...(envelope.voidedAt ? { voidedAt: envelope.voidedAt } : {}),
      ...detailsOf(reads, envelope.envelopeId),
      ...(Array.isArray(documents) ? { documents } : {}),
    }
    plan.done.push(row.id)
    for (const target of targets) {
      plan.deliveries.push({
        rowId: row.id,
        delivery: {
          id: deps.nextId(plan.now),
          account_id: event.accountId,
          envelope_id: event.envelopeId,
          configuration_id: target.configurationId,
          url: target.url,
          event: event.event,
          payload: JSON.stringify(
            buildConnectPayload({
              event,
              configurationId:
                target.configurationId === 'envelope'
                  ? ENVELOPE_LEVEL_CONFIGURATION_ID
                  : Number(target.configurationId),
              includeData: target.includeData,
              snapshot,
              generatedAt,
            }),
          ),
          include_hmac: target.includeHmac ? 1 : 0,
          logging_enabled: target.loggingEnabled ? 1 : 0,
        },
      })
    }
  }
  return plan
}

/**
 * The events of one transition share their envelope and time, and the outbox hands rows of one
 * millisecond out in no particular order: put them back in causal order. What the acting recipient did
 * comes first (opened, signed, declined), then the envelope's own move (sent, delivered), then the next
 * recipients invited, then the envelope's end.
 */
const EVENT_RANK: Record<string, number> = {
  'recipient-delivered': 0,
  'recipient-completed': 0,
  'recipient-declined': 0,
  'recipient-reassign': 0,
  'envelope-sent': 1,
  'envelope-delivered': 1,
  'recipient-sent': 2,
  'envelope-completed': 3,
  'envelope-declined': 3,
  'envelope-voided': 3,
}

function orderWithinTransitions(rows: ClaimedOutboxMessage[]): void {
  const keyOf = (row: ClaimedOutboxMessage) => {
    const event = row.payload as EnvelopeEventPayload
    return `${event.envelopeId} ${event.at}`
  }
  const rank = (row: ClaimedOutboxMessage) => EVENT_RANK[(row.payload as EnvelopeEventPayload).event] ?? 4
  let start = 0
  while (start < rows.length) {
    let end = start + 1
    while (end < rows.length && keyOf(rows[end]!) === keyOf(rows[start]!)) end++
    const run = rows.slice(start, end).sort((a, b) => rank(a) - rank(b))
    rows.splice(start, run.length, ...run)
    start = end
  }
}

/**
 * The envelope's PDFs as base64: the sealed ones once a completed envelope's are stored, the originals
 * before completion. A completed envelope whose documents are still being sealed is 'not sealed yet'.
 */
async function documentsOf(deps: FanOutDeps, envelopeId: string, status: string) {
  const stored = (await findDocuments(deps.db, [envelopeId])).get(envelopeId) ?? []
  const sealed = status === 'completed' ? await findSignedParts(deps.db, envelopeId) : undefined
  if (sealed && !sealed.has(COMBINED_PART)) return 'not sealed yet' as const
  return Promise.all(
    stored.map(async (document) => {
      const bytes = await getBlob(deps.db, sealed?.get(document.documentId) ?? document.blobId)
      return {
        documentId: document.documentId,
        documentIdGuid: document.documentIdGuid,
        name: document.name,
        order: document.order,
        pdfBase64: bytes ? Buffer.from(bytes).toString('base64') : '',
      }
    }),
  )
}
