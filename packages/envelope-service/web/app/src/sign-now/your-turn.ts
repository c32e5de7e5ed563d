import type { Envelope, Recipient } from '../envelope.js'

/**
 * The signer the signed-in person is on this envelope, when it is their turn: a remote signer (no
 * clientUserId) with their email whom the routing has reached (`sent` or `delivered`) and who has not
 * finished. The service makes a recipient view for exactly this signer without clientUserId (the sender
 * signing their own envelope), so the app offers "Sign now" only then.
 */
export function yourTurn(envelope: Envelope, email: string): Recipient | undefined {
  if (envelope.status !== 'sent' && envelope.status !== 'delivered') return undefined
  const mine = email.trim().toLowerCase()
  return (envelope.recipients?.signers ?? []).find(
    (signer) =>
      signer.clientUserId === undefined &&
      (signer.email ?? '').trim().toLowerCase() === mine &&
      (signer.status === 'sent' || signer.status === 'delivered'),
  )
}

/** Where the signing page sends the person back: the details page, which reads DocuSign's `event`. */
export function returnUrlOf(origin: string, envelopeId: string): string {
  return `${origin}/app/envelopes/${encodeURIComponent(envelopeId)}`
}
