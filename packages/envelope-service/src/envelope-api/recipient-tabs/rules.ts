import { InvalidRequestError } from 'platform'
import type { StoredRecipient } from '../../envelopes/reads.js'
import { LifecycleError, unknownEnvelopeRecipient } from '../../lifecycle/errors.js'
import type { LifecycleEnvelope } from '../../lifecycle/model.js'
import type { AuditNote } from '../../lifecycle/outbox-rows.js'
import { carriesTabs } from '../../tabs/read-tabs.js'
import type { TabOperation } from '../../tabs/tab-edits.js'

/**
 * Which recipients' tabs may change (DocuSign's `EnvelopeRecipientTabs: create/update/delete`), the pure
 * rule. A draft's tabs change freely. A sent or delivered envelope's, only for a recipient who has not
 * finished: a recipient who signed or declined is refused with DocuSign's `INVALID_TAB_OPERATION`
 * ("Recipient not in state that allows correction"), as the tabs it signed are what it signed. Any other
 * envelope is refused whole (`ENVELOPE_INVALID_STATUS`), as a correction is. Only signers and in-person
 * signers carry tabs.
 */

const EDITABLE_ENVELOPE = new Set(['created', 'sent', 'delivered'])

export function checkTabsEditable(
  envelope: LifecycleEnvelope,
  recipient: StoredRecipient | undefined,
  recipientId: string,
): StoredRecipient {
  if (!EDITABLE_ENVELOPE.has(envelope.status)) {
    throw new LifecycleError(
      'ENVELOPE_INVALID_STATUS',
      `Invalid envelope status. Envelope status is not one of: Created, Sent, Delivered, Correct. This envelope is '${envelope.status}'.`,
    )
  }
  const progress = envelope.recipients.find((candidate) => candidate.recipientId === recipientId)
  if (!recipient || !progress) {
    throw unknownEnvelopeRecipient(recipientId)
  }
  if (progress.status === 'completed' || progress.status === 'declined') {
    throw new InvalidRequestError(
      'The Tab specified is not valid for the requested operation. Recipient not in state that allows correction.',
      { errorCode: 'INVALID_TAB_OPERATION' },
    )
  }
  if (!carriesTabs(recipient.type)) {
    throw new InvalidRequestError(
      `The Tab specified is not valid for the requested operation. Recipient ${recipientId} is a ${recipient.type}: only signers and in-person signers have tabs.`,
      { errorCode: 'INVALID_TAB_OPERATION' },
    )
  }
  return recipient
}

const VERBS: Record<TabOperation, string> = { create: 'added', update: 'changed', delete: 'deleted' }

/** The audit entry of a stored tab operation: which recipient, what was done to how many tabs. */
export function tabEditAudit(
  operation: TabOperation,
  recipientId: string,
  applied: number,
  envelopeStatus: string,
): AuditNote {
  return {
    action: 'Corrected',
    recipientId,
    envelopeStatus,
    message: `Recipient ${recipientId}: ${applied} tab${applied === 1 ? '' : 's'} ${VERBS[operation]}.`,
  }
}
