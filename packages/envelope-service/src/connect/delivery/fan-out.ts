import type { DialectName } from 'platform'
import { COMBINED_PART, findSignedParts } from '../../completion/repository.js'
import type { Db } from '../../database.js'
import { getBlob } from '../../documents/blobs.js'
import { findCustomFields, findDocuments, findEnvelope, findRecipients } from '../../envelopes/repository.js'
import { type ClaimedOutboxMessage, claim, complete, retry } from '../../outbox/repository.js'
import { type EnvelopeEventPayload, OUTBOX_TOPICS } from '../../outbox/topics.js'
import type { ConnectEvent } from '../model.js'
import { findDeliveryTargets } from '../repository.js'
import { buildConnectPayload, ENVELOPE_LEVEL_CONFIGURATION_ID, type EnvelopeSnapshot } from './payload.js'
import { findTerminalTimes, insertDeliveries, type NewDelivery } from './repository.js'

/**
 * The fan-out job: drains `envelope.event` rows from the outbox. Each event becomes one delivery per
 * target — every enabled configuration of the account that lists the event and covers the envelope's
 * sender, and the envelope's own `eventNotification` when it lists the event — with its body built now,
 * and the outbox row is completed in the same transaction, so an event is fanned out exactly once.
 * Rows are handled one after the other in outbox order, so deliveries of one envelope are created in
 * the order its events happened.
 */

export const CONNECT_FAN_OUT_JOB = 'connect.fan-out'

export interface FanOutDeps {
  db: Db
  dialect: DialectName
  now: () => number
  owner: string
  /** Called when deliveries were created, to start the sender at once. */
  wakeSender: () => void
  batchSize?: number
}

/** How long an `envelope-completed` asking for documents waits for the sealed PDFs before going without. */
const SEALED_DOCUMENTS_WAIT_MS = 10 * 60_000
const SEALED_DOCUMENTS_POLL_MS = 500

/** One round; resolves true when a full batch suggests more rows wait. */
export async function runFanOutRound(deps: FanOutDeps): Promise<boolean> {
  const batchSize = deps.batchSize ?? 200
  const rows = await claim(deps.db, deps.dialect, {
    topics: [OUTBOX_TOPICS.envelopeEvent],
    owner: deps.owner,
    now: deps.now(),
    leaseMs: 60_000,
    limit: batchSize,
  })
  orderWithinTransitions(rows)
  let created = 0
  /** Envelopes with an event put back, and when it comes due again. */
  const deferred = new Map<string, number>()
  for (const row of rows) {
    const event = row.payload as EnvelopeEventPayload
    // A later event of an envelope whose earlier one waits waits as long: due at the same time, the
    // earlier (smaller, time-ordered) id is claimed first, so it cannot overtake.
    const waitUntil = deferred.get(event.envelopeId)
    if (waitUntil !== undefined) {
      await retry(deps.db, deps.owner, row.id, {
        availableAt: waitUntil,
        error: 'waiting for an earlier event',
      })
      continue
    }
    const outcome = await fanOut(deps, row, event)
    if (typeof outcome === 'number') created += outcome
    else deferred.set(event.envelopeId, outcome.until)
  }
  if (created > 0) deps.wakeSender()
  return rows.length === batchSize
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

async function fanOut(
  deps: FanOutDeps,
  row: ClaimedOutboxMessage,
  event: EnvelopeEventPayload,
): Promise<number | { until: number }> {
  const envelope = await findEnvelope(deps.db, event.accountId, event.envelopeId)
  if (!envelope) {
    await complete(deps.db, deps.owner, [row.id])
    return 0
  }
  const configurations = await findDeliveryTargets(
    deps.db,
    event.accountId,
    event.event as ConnectEvent,
    envelope.sender.userId,
  )
  const targets = configurations.map((configuration) => ({
    configurationId: configuration.connectId,
    url: configuration.urlToPublishTo,
    includeData: configuration.eventData.includeData as string[],
    includeHmac: configuration.includeHMAC,
    loggingEnabled: true,
  }))
  const own = envelope.eventNotification
  if (own?.events.includes(event.event)) {
    targets.push({
      configurationId: 'envelope',
      url: own.url,
      includeData: own.eventData?.includeData ?? [],
      includeHmac: own.includeHMAC,
      loggingEnabled: own.loggingEnabled,
    })
  }
  if (targets.length === 0) {
    await complete(deps.db, deps.owner, [row.id])
    return 0
  }
  const wantsDocuments = targets.some((target) => target.includeData.includes('documents'))
  const documents = wantsDocuments ? await documentsOf(deps, envelope.envelopeId, envelope.status) : undefined
  if (documents === 'not sealed yet' && deps.now() - row.createdAt < SEALED_DOCUMENTS_WAIT_MS) {
    const until = deps.now() + SEALED_DOCUMENTS_POLL_MS
    await retry(deps.db, deps.owner, row.id, {
      availableAt: until,
      error: 'waiting for the sealed documents',
    })
    return { until }
  }
  const snapshot: EnvelopeSnapshot = {
    envelope,
    ...(await findTerminalTimes(deps.db, envelope.envelopeId)),
    recipients: (await findRecipients(deps.db, [envelope.envelopeId])).get(envelope.envelopeId) ?? [],
    customFields: (await findCustomFields(deps.db, [envelope.envelopeId])).get(envelope.envelopeId) ?? {
      textCustomFields: [],
      listCustomFields: [],
    },
    ...(Array.isArray(documents) ? { documents } : {}),
  }
  const now = deps.now()
  const generatedAt = new Date(now).toISOString()
  const deliveries: NewDelivery[] = targets.map((target) => ({
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
  }))
  await deps.db.transaction().execute(async (tx) => {
    await insertDeliveries(tx, deliveries, now)
    // Another process took the row over (our lease ran out): its fan-out stands, ours rolls back.
    if ((await complete(tx, deps.owner, [row.id])) !== 1) throw new Error('lost the outbox lease')
  })
  return deliveries.length
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
