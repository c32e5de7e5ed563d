import type { ConnectEventPayload } from 'esign-contract'
import type { Kysely } from 'kysely'
import { claimEvent, findCaseEnvelope, updateEnvelopeStatus } from '../cases/repository.js'
import type { CaseStoreSchema } from '../cases/tables.js'
import { CRM_RECORD_ID_FIELD } from '../custom-fields/custom-fields.js'
import { type ConnectDelivery, type ConnectOutcome, reasonToIgnore } from './decide.js'

/**
 * Records a Connect event on the envelope the console sent, when `reasonToIgnore` allows it: the envelope's
 * status, and its completion time once completed. Idempotent: a delivery (envelope, event, recipient) is
 * claimed in the same transaction as the update, so a redelivery, however many times, changes nothing.
 */
export async function recordConnectEvent(
  db: Kysely<CaseStoreSchema>,
  payload: ConnectEventPayload,
  options: { now: string; accountId: string | undefined },
): Promise<ConnectOutcome> {
  const summary = payload.data.envelopeSummary
  const delivery: ConnectDelivery = {
    accountId: payload.data.accountId,
    envelopeId: payload.data.envelopeId,
    caseId: summary?.customFields?.textCustomFields?.find((field) => field.name === CRM_RECORD_ID_FIELD)
      ?.value,
    status: (summary?.status ?? statusOfEvent(payload.event)).toLowerCase(),
  }
  const eventKey = [payload.data.envelopeId, payload.event, payload.data.recipientId ?? ''].join('|')
  return db.transaction().execute(async (tx): Promise<ConnectOutcome> => {
    const sent = await findCaseEnvelope(tx, delivery.envelopeId)
    const reason = reasonToIgnore(delivery, options.accountId, sent)
    if (reason) return { applied: false, reason }
    if (!(await claimEvent(tx, eventKey, options.now))) return { applied: false, reason: 'redelivery' }
    await updateEnvelopeStatus(tx, {
      envelopeId: delivery.envelopeId,
      status: delivery.status,
      completedAt: delivery.status === 'completed' ? (summary?.completedDateTime ?? options.now) : null,
      at: options.now,
    })
    return { applied: true, caseId: delivery.caseId as string, status: delivery.status }
  })
}

function statusOfEvent(event: string): string {
  return event.replace(/^envelope-/, '')
}
