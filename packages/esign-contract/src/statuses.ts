/**
 * The statuses of DocuSign's envelopes and recipients this API knows, in their lifecycle order: the one
 * list the service's lifecycle, folders, signing page and Connect events, and the automation, share.
 */
export const ENVELOPE_STATUSES = ['created', 'sent', 'delivered', 'completed', 'declined', 'voided'] as const
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number]

export const RECIPIENT_STATUSES = ['created', 'sent', 'delivered', 'completed', 'declined'] as const
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number]

/** Statuses after which nothing more happens to an envelope. */
export const FINAL_ENVELOPE_STATUSES: ReadonlySet<EnvelopeStatus> = new Set([
  'completed',
  'declined',
  'voided',
])
