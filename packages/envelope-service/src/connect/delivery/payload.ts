import type { ConnectEnvelopeSummary, ConnectEventPayload } from 'esign-contract'
import { toCustomFieldsOutput, toRecipientsOutput } from '../../envelopes/mapping.js'
import type { EnvelopeRecord, StoredCustomFields, StoredRecipient } from '../../envelopes/reads.js'
import type { EnvelopeEventPayload } from '../../outbox/topics.js'

/**
 * The JSON SIM body of one event for one target, as decisions.md gives it. Pure: the fan-out reads the
 * envelope once and builds every target's body from the same snapshot, each with its own `includeData`.
 * `retryCount` is 0 here; the sender sets it on each attempt.
 */

export interface EnvelopeSnapshot {
  envelope: EnvelopeRecord
  /** ISO times of the envelope's terminal moves, when they happened. */
  completedAt?: string
  declinedAt?: string
  voidedAt?: string
  recipients: StoredRecipient[]
  customFields: StoredCustomFields
  /** Only read when a target asks for `documents`: the signed PDFs once sealed, else the originals. */
  documents?: ConnectDocument[]
}

export interface ConnectDocument {
  documentId: string
  documentIdGuid: string
  name: string
  order: number
  pdfBase64: string
}

/** DocuSign's `envelopeDocuments` entry; the contract's summary allows fields it does not declare. */
interface EnvelopeDocumentEntry {
  documentId: string
  documentIdGuid: string
  name: string
  type: 'content'
  order: string
  PDFBytes: string
}

export type ConnectSummary = ConnectEnvelopeSummary & { envelopeDocuments?: EnvelopeDocumentEntry[] }

/** `configurationId` of deliveries to the envelope's own `eventNotification`, which has no configuration. */
export const ENVELOPE_LEVEL_CONFIGURATION_ID = 0

export function buildConnectPayload(input: {
  event: EnvelopeEventPayload
  configurationId: number
  includeData: readonly string[]
  snapshot: EnvelopeSnapshot
  generatedAt: string
}): ConnectEventPayload {
  const { event, snapshot } = input
  const data: ConnectEventPayload['data'] = {
    accountId: event.accountId,
    userId: snapshot.envelope.sender.userId,
    envelopeId: event.envelopeId,
    ...(event.recipientId === undefined ? {} : { recipientId: event.recipientId }),
    envelopeSummary: summaryOf(snapshot, new Set(input.includeData)),
  }
  return {
    event: event.event,
    apiVersion: 'v2.1',
    uri: `/restapi/v2.1/accounts/${event.accountId}/envelopes/${event.envelopeId}`,
    retryCount: 0,
    configurationId: input.configurationId,
    generatedDateTime: input.generatedAt,
    data,
  }
}

function summaryOf(snapshot: EnvelopeSnapshot, includeData: ReadonlySet<string>): ConnectSummary {
  const { envelope } = snapshot
  return {
    envelopeId: envelope.envelopeId,
    status: envelope.status,
    emailSubject: envelope.emailSubject,
    ...(envelope.emailBlurb ? { emailBlurb: envelope.emailBlurb } : {}),
    ...(envelope.sentAt ? { sentDateTime: envelope.sentAt } : {}),
    ...(snapshot.completedAt ? { completedDateTime: snapshot.completedAt } : {}),
    ...(snapshot.declinedAt ? { declinedDateTime: snapshot.declinedAt } : {}),
    ...(snapshot.voidedAt ? { voidedDateTime: snapshot.voidedAt } : {}),
    statusChangedDateTime: envelope.statusChangedAt,
    ...(includeData.has('custom_fields')
      ? { customFields: toCustomFieldsOutput(snapshot.customFields) }
      : {}),
    ...(includeData.has('recipients') && snapshot.recipients.length > 0
      ? { recipients: toRecipientsOutput(snapshot.recipients, includeData.has('tabs')) }
      : {}),
    ...(includeData.has('documents') && snapshot.documents
      ? {
          envelopeDocuments: snapshot.documents.map((document) => ({
            documentId: document.documentId,
            documentIdGuid: document.documentIdGuid,
            name: document.name,
            type: 'content' as const,
            order: String(document.order),
            PDFBytes: document.pdfBase64,
          })),
        }
      : {}),
  }
}
