/** The parts of DocuSign's `Envelope` and `Recipients` the details screen reads. */

export interface Recipient {
  recipientId: string
  name?: string
  email?: string
  routingOrder?: string
  status?: string
  /** Set for an embedded recipient, whose signing the sender's application hosts. */
  clientUserId?: string
  deliveryMethod?: string
  phoneNumber?: { countryCode?: string; number?: string }
  sentDateTime?: string
  deliveredDateTime?: string
  signedDateTime?: string
  declinedDateTime?: string
  declinedReason?: string
}

/** The recipient groups a correction names recipients in. */
export type RecipientGroup = 'signers' | 'carbonCopies' | 'certifiedDeliveries' | 'inPersonSigners'

export interface Envelope {
  envelopeId: string
  status: string
  emailSubject?: string
  createdDateTime?: string
  sentDateTime?: string
  voidedReason?: string
  sender?: { userName?: string; email?: string }
  recipients?: Partial<Record<RecipientGroup, Recipient[]>>
  envelopeDocuments?: { documentId: string; name: string }[]
  customFields?: {
    textCustomFields?: { name: string; value?: string }[]
    listCustomFields?: { name: string; value?: string }[]
  }
}

export const RECIPIENT_GROUPS: readonly RecipientGroup[] = [
  'signers',
  'carbonCopies',
  'certifiedDeliveries',
  'inPersonSigners',
]

/** Every recipient with its group, in routing order (then as listed). */
export function recipientsInOrder(envelope: Envelope): { group: RecipientGroup; recipient: Recipient }[] {
  const all = RECIPIENT_GROUPS.flatMap((group) =>
    (envelope.recipients?.[group] ?? []).map((recipient) => ({ group, recipient })),
  )
  return all.sort((a, b) => Number(a.recipient.routingOrder ?? 1) - Number(b.recipient.routingOrder ?? 1))
}

/** An envelope still with its recipients: the one that can be voided, resent and corrected. */
export const inFlight = (status: string) => status === 'sent' || status === 'delivered'

/** DocuSign's audit event as `{name: value}`. */
export type AuditEntry = Record<string, string>

/**
 * Whether each entry of the trail names the previous entry's hash, the first one the chain's start
 * (64 zeros). The hashes themselves cover fields the wire shape does not carry, so the browser checks
 * the links; the service's own check recomputes them.
 */
export function chainLinks(entries: readonly AuditEntry[]): boolean {
  let previous = '0'.repeat(64)
  for (const entry of entries) {
    if (entry.PreviousEntryHash !== previous) return false
    previous = entry.EntryHash ?? ''
  }
  return true
}

/**
 * When each recipient agreed to the Electronic Record and Signature Disclosure, by recipient id: the
 * history's `Disclosure Accepted` entries (the service's `RecipientId` pair names who), the first of each.
 */
export function disclosureAgreements(entries: readonly AuditEntry[]): Map<string, string> {
  const agreed = new Map<string, string>()
  for (const entry of entries) {
    const recipientId = entry.RecipientId
    if (entry.Action !== 'Disclosure Accepted' || !recipientId || !entry.logTime) continue
    if (!agreed.has(recipientId)) agreed.set(recipientId, entry.logTime)
  }
  return agreed
}
