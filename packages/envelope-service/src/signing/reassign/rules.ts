import type { EnvelopeStatus, RecipientStatus } from 'esign-contract'
import { LifecycleError, type LifecycleErrorCode } from '../../lifecycle/errors.js'
import type { RecipientType } from '../../tabs/model.js'

/**
 * Reassign (DocuSign's "Assign to someone else"), the rules: who may hand their part to someone else,
 * what the request must hold, and the new signer's id. The new signer takes the part whole (same routing
 * order, role and tabs): lifecycle/transitions.ts `recipientReassigned` and the write path's
 * `insertReplacement`.
 *
 * A signer may reassign while it is their turn and they have not finished, on an envelope in progress
 * whose sender allowed it (`allowReassign: "true"`, docs/decisions.md "Reassign"); only a remote signer
 * (not embedded, not in person, not a carbon copy or certified delivery), since the new signer is
 * invited by email.
 */

export interface ReassignRefusal {
  errorCode: LifecycleErrorCode
  message: string
}

/** Why the recipient may not reassign now, or undefined when they may. */
export function reassignRefusal(
  envelope: { status: EnvelopeStatus; allowReassign: boolean },
  recipient: { type: RecipientType; status: RecipientStatus; clientUserId?: string },
): ReassignRefusal | undefined {
  if (envelope.status !== 'sent' && envelope.status !== 'delivered') {
    return {
      errorCode: 'ENVELOPE_INVALID_STATUS',
      message: `The envelope is ${envelope.status}; it can no longer be assigned to someone else.`,
    }
  }
  if (!envelope.allowReassign) {
    return {
      errorCode: 'RECIPIENT_CANNOT_REASSIGN',
      message: 'The sender does not allow this envelope to be assigned to someone else.',
    }
  }
  if (recipient.type !== 'signer' || recipient.clientUserId !== undefined) {
    return {
      errorCode: 'RECIPIENT_CANNOT_REASSIGN',
      message: 'Only a signer invited by email can assign their part to someone else.',
    }
  }
  if (recipient.status === 'completed' || recipient.status === 'declined') {
    return {
      errorCode: 'RECIPIENT_ALREADY_FINISHED',
      message: 'You have already finished with this envelope.',
    }
  }
  if (recipient.status === 'created') {
    return { errorCode: 'RECIPIENT_NOT_IN_SEQUENCE', message: 'It is not your turn yet.' }
  }
  return undefined
}

/** DocuSign's limits on a recipient's name and email. */
const MAX_NAME = 100
const MAX_EMAIL = 100
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export interface Reassignment {
  name: string
  email: string
  reason: string
}

/**
 * The request read and checked against the signer who sends it: a name, a valid email that is not the
 * signer's own (handing the part to oneself changes nothing), and a reason, each trimmed.
 */
export function checkReassignment(request: Reassignment, current: { email?: string }): Reassignment {
  const name = request.name.trim()
  const email = request.email.trim()
  const reason = request.reason.trim()
  const refuse = (message: string) => new LifecycleError('INVALID_REQUEST_PARAMETER', message)
  if (name === '' || name.length > MAX_NAME) throw refuse(`name must be 1 to ${MAX_NAME} characters`)
  if (email.length > MAX_EMAIL || !EMAIL.test(email)) throw refuse('email must be a valid email address')
  if (reason === '') throw refuse('A reason is required to assign the envelope to someone else.')
  if (current.email !== undefined && current.email.toLowerCase() === email.toLowerCase()) {
    throw refuse('The new signer must be someone else: this is your own email address.')
  }
  return { name, email, reason }
}

/**
 * The new signer's recipient id: one above the highest numeric id of the envelope, as DocuSign numbers
 * recipients ("1", "2", ...), so it is unique and never reuses the id of a recipient who left.
 */
export function nextRecipientId(ids: readonly string[]): string {
  let highest = 0
  for (const id of ids) {
    if (/^[0-9]{1,9}$/.test(id)) highest = Math.max(highest, Number(id))
  }
  return String(highest + 1)
}

/** Throws the refusal, if any. */
export function requireReassignable(...args: Parameters<typeof reassignRefusal>): void {
  const refusal = reassignRefusal(...args)
  if (refusal) throw new LifecycleError(refusal.errorCode, refusal.message)
}
