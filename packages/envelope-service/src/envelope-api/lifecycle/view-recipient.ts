import type { EnvelopeRecipient } from '../../envelopes/model.js'

/**
 * Which recipient a recipient view request names. DocuSign identifies an embedded recipient by its
 * `clientUserId` with its name and email. Without `clientUserId`, a view may be made only for the calling
 * user themself, as DocuSign allows: an in-person signer they host (in-person signing by the sending
 * user, the request naming the host), or a remote signer whose email is their own (the sender signing
 * their own envelope, the web app's "Sign now"). The request's email must be the caller's own either
 * way, so no API user can open another person's signing session or one hosted by somebody else.
 */

export interface ViewRecipientRequest {
  userName: string
  email: string
  clientUserId?: string | undefined
  recipientId?: string | undefined
}

const same = (a: string | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase()

export function findViewRecipient<Recipient extends EnvelopeRecipient>(
  recipients: readonly Recipient[],
  request: ViewRecipientRequest,
  callerEmail: string | undefined,
): Recipient | undefined {
  const named = (candidate: Recipient) =>
    (request.recipientId === undefined || candidate.recipientId === request.recipientId) &&
    same(candidate.name, request.userName) &&
    same(candidate.email, request.email)
  if (request.clientUserId !== undefined) {
    return recipients.find(
      (candidate) =>
        candidate.clientUserId !== undefined &&
        candidate.clientUserId === request.clientUserId &&
        named(candidate),
    )
  }
  if (callerEmail === undefined || !same(callerEmail, request.email)) return undefined
  return recipients.find(
    (candidate) =>
      (candidate.type === 'inPersonSigner' || candidate.type === 'signer') &&
      candidate.clientUserId === undefined &&
      named(candidate),
  )
}
