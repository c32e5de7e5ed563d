import type { EnvelopeRecipient } from '../../envelopes/model.js'

/**
 * Which recipient a recipient view request names. DocuSign identifies an embedded recipient by its
 * `clientUserId` with its name and email. Without `clientUserId`, the only recipient a view may be made
 * for is an in-person signer hosted by the calling user (DocuSign's in-person signing by the sending
 * user): the request names the host, whose email must be the caller's own, so no API user can open a
 * remote recipient's signing session or one hosted by somebody else.
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
      candidate.type === 'inPersonSigner' && candidate.clientUserId === undefined && named(candidate),
  )
}
