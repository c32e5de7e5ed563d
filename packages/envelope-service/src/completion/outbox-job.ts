import type { DialectName } from 'platform'
import type { Db } from '../database.js'
import type { AnchorPlacementCache } from '../documents/pdf-text/placement-cache.js'
import { storeSignedDocuments } from '../documents/sealed/repository.js'
import { recordAudit } from '../lifecycle/service.js'
import { claim, complete, enqueue, retry } from '../outbox/repository.js'
import { retryDelayMs } from '../outbox/retry.js'
import { type EnvelopeCompletePayload, OUTBOX_TOPICS } from '../outbox/topics.js'
import { completeEnvelope } from './complete.js'
import { gatherEnvelope } from './gather.js'
import type { Seal } from './seal.js'

/**
 * The completion job: for each completed envelope (an `envelope.complete` outbox row written by the
 * transition that completed it), draws the entered values into the documents, adds the certificate,
 * seals them, stores the results, and only then enqueues the completion messages that link to them,
 * all in one transaction with the removal of the row. Run again after a crash, it finds the results
 * stored and writes nothing twice. A failure is retried with backoff and audited; signing never waits
 * for it.
 */

export interface CompletionJobDeps {
  db: Db
  dialect: DialectName
  now: () => number
  owner: string
  seal: Seal
  publicUrl: string
  leaseMs?: number
  /** Told when completion messages were enqueued, so the messages job sends them at once. */
  wakeOutbox?: (topics: readonly string[]) => void
  anchorPlacements: AnchorPlacementCache
}

export const COMPLETION_JOB = 'outbox.completion'
/** Sealing is CPU work (about 80 ms for ten pages): a few at a time keeps the event loop responsive. */
const BATCH = 4

export async function runCompletionRound(deps: CompletionJobDeps): Promise<boolean> {
  const rows = await claim(deps.db, deps.dialect, {
    topics: [OUTBOX_TOPICS.envelopeComplete],
    owner: deps.owner,
    now: deps.now(),
    leaseMs: deps.leaseMs ?? 120_000,
    limit: BATCH,
  })
  let enqueued = false
  for (const row of rows) {
    const payload = row.payload as EnvelopeCompletePayload
    try {
      const gathered = await gatherEnvelope(deps.db, payload.accountId, payload.envelopeId)
      const completed = await completeEnvelope({
        envelope: gathered.envelope,
        documents: gathered.documents,
        recipients: gathered.recipients,
        language: gathered.language,
        seal: deps.seal,
        sealLocation: deps.publicUrl,
        anchorPlacements: deps.anchorPlacements,
      })
      await deps.db.transaction().execute(async (tx) => {
        const now = deps.now()
        if (await storeSignedDocuments(tx, payload.envelopeId, completed, now)) {
          await enqueue(
            tx,
            payload.messages.map((message) => ({ topic: OUTBOX_TOPICS.recipientMessage, payload: message })),
            now,
          )
          enqueued = payload.messages.length > 0
        }
        await complete(tx, deps.owner, [row.id])
      })
    } catch (error) {
      const now = deps.now()
      const reason = (error as Error).message
      await deps.db.transaction().execute(async (tx) => {
        const note = {
          action: 'Completion Failed',
          envelopeStatus: 'completed',
          message: `Sealing the completed documents failed (attempt ${row.attempts}).`,
          information: reason,
        }
        await recordAudit(tx, payload.envelopeId, [note], { source: 'System', userName: 'Inkwell' }, now)
      })
      await retry(deps.db, deps.owner, row.id, {
        availableAt: now + retryDelayMs(row.attempts),
        error: reason,
      })
    }
  }
  if (enqueued) deps.wakeOutbox?.([OUTBOX_TOPICS.recipientMessage])
  return rows.length === BATCH
}
