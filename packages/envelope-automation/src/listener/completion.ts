import type { ConnectEventPayload } from 'esign-contract'
import type { Kysely } from 'kysely'
import { claimEvent, findEnvelopeStatus, upsertEnvelopeStatus } from '../cases/repository.js'
import type { CaseStoreSchema } from '../cases/tables.js'
import { CRM_RECORD_ID_FIELD } from '../custom-fields/custom-fields.js'

export type ConnectOutcome =
  | { applied: true; caseId: string; status: string }
  | { applied: false; reason: 'redelivery' | 'no CrmRecordId' | 'unknown case' | 'older than recorded' }

const FINAL_STATUSES = new Set(['completed', 'declined', 'voided'])

/**
 * Records a Connect event on the case its envelope's `CrmRecordId` names: the envelope's status, and its
 * completion time once completed. Idempotent: a delivery (envelope, event, recipient) is claimed in the same
 * transaction as the update, so a redelivery, however many times, changes nothing; a late non-final event
 * never overwrites a final status.
 */
export async function recordConnectEvent(
  db: Kysely<CaseStoreSchema>,
  payload: ConnectEventPayload,
  now: string,
): Promise<ConnectOutcome> {
  const summary = payload.data.envelopeSummary
  const caseId = summary?.customFields?.textCustomFields?.find(
    (field) => field.name === CRM_RECORD_ID_FIELD,
  )?.value
  if (!caseId) return { applied: false, reason: 'no CrmRecordId' }
  const status = (summary?.status ?? statusOfEvent(payload.event)).toLowerCase()
  const eventKey = [payload.data.envelopeId, payload.event, payload.data.recipientId ?? ''].join('|')
  return db.transaction().execute(async (tx): Promise<ConnectOutcome> => {
    if (!(await claimEvent(tx, eventKey, now))) return { applied: false, reason: 'redelivery' }
    if (
      !FINAL_STATUSES.has(status) &&
      FINAL_STATUSES.has((await findEnvelopeStatus(tx, payload.data.envelopeId)) ?? '')
    ) {
      return { applied: false, reason: 'older than recorded' }
    }
    const completedAt = status === 'completed' ? (summary?.completedDateTime ?? now) : null
    const recorded = await upsertEnvelopeStatus(tx, {
      caseId,
      envelopeId: payload.data.envelopeId,
      status,
      completedAt,
      at: now,
    })
    return recorded ? { applied: true, caseId, status } : { applied: false, reason: 'unknown case' }
  })
}

function statusOfEvent(event: string): string {
  return event.replace(/^envelope-/, '')
}
