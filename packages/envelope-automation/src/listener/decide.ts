import type { CaseEnvelope } from '../cases/model.js'

/**
 * Which Connect deliveries the listener applies. A correct signature only proves that the envelope service
 * sent the body; any member of the account who may send envelopes can make the service sign a delivery
 * naming any case (their envelope's own `CrmRecordId` and webhook). So a delivery is applied only to an
 * envelope this automation sent itself, for the case the delivery names, from the account the console is
 * configured for. Everything else is ignored: answered 2xx (a refusal only makes Connect retry the same
 * body for days) and logged with its reason.
 */

export type IgnoredReason =
  | 'no CrmRecordId'
  | 'no account configured'
  | 'another account'
  | 'not sent by this console'
  | 'sent for another case'
  | 'redelivery'
  | 'older than recorded'

export type ConnectOutcome =
  | { applied: true; caseId: string; status: string }
  | { applied: false; reason: IgnoredReason }

export interface ConnectDelivery {
  accountId: string
  envelopeId: string
  /** The envelope's `CrmRecordId` custom field, when it has one. */
  caseId: string | undefined
  status: string
}

const FINAL_STATUSES = new Set(['completed', 'declined', 'voided'])

/** The reason to ignore `delivery`, or undefined when it may be applied to `sent`. */
export function reasonToIgnore(
  delivery: ConnectDelivery,
  configuredAccountId: string | undefined,
  sent: CaseEnvelope | undefined,
): IgnoredReason | undefined {
  if (!delivery.caseId) return 'no CrmRecordId'
  if (configuredAccountId === undefined) return 'no account configured'
  if (delivery.accountId !== configuredAccountId) return 'another account'
  if (!sent || sent.accountId !== configuredAccountId) return 'not sent by this console'
  if (sent.caseId !== delivery.caseId) return 'sent for another case'
  if (!FINAL_STATUSES.has(delivery.status) && FINAL_STATUSES.has(sent.status)) return 'older than recorded'
  return undefined
}
