import { LifecycleError } from '../../lifecycle/errors.js'
import type { AuditNote } from '../../lifecycle/outbox-rows.js'

/**
 * A draft's invitation subject and message (`emailSubject`, `emailBlurb`), changed by
 * `PUT .../envelopes/{envelopeId}` as DocuSign's `Envelopes: update` changes them on "an envelope that you
 * have previously saved". Once sent, the invitations carry the old text, so a change is refused with
 * DocuSign's `ENVELOPE_INVALID_STATUS` (a recipient's own wording is corrected on the recipient). Pure.
 */

export interface DraftMessage {
  emailSubject?: string
  emailBlurb?: string
}

/** The message fields the update body gives, or undefined when it gives neither. */
export function draftMessageOf(body: DraftMessage): DraftMessage | undefined {
  const message: DraftMessage = {}
  if (body.emailSubject !== undefined) message.emailSubject = body.emailSubject
  if (body.emailBlurb !== undefined) message.emailBlurb = body.emailBlurb
  return Object.keys(message).length === 0 ? undefined : message
}

/** Refuses a message change unless the envelope is a draft (`created`). */
export function checkDraftMessageAllowed(status: string): void {
  if (status !== 'created') {
    throw new LifecycleError(
      'ENVELOPE_INVALID_STATUS',
      `The subject and message can be changed only on a draft envelope; this one is '${status}'.`,
    )
  }
}

const FIELD_NAMES: Record<keyof DraftMessage, string> = {
  emailSubject: 'subject',
  emailBlurb: 'message',
}

/** The audit entry of a stored change: which fields changed, never their text. */
export function draftMessageAudit(message: DraftMessage, envelopeStatus: string): AuditNote {
  const fields = (Object.keys(FIELD_NAMES) as (keyof DraftMessage)[])
    .filter((key) => message[key] !== undefined)
    .map((key) => FIELD_NAMES[key])
  return {
    action: 'Draft Changed',
    envelopeStatus,
    message: `The draft's ${fields.join(' and ')} changed.`,
  }
}
