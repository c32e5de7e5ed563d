/** When and from where a signer agreed to the Electronic Record and Signature Disclosure (migration 0049). */
export interface RecipientDisclosuresTable {
  envelope_id: string
  recipient_id: string
  /** Epoch milliseconds. */
  accepted_at: number
  ip_address: string
  user_agent: string
}

export interface DisclosureTables {
  recipient_disclosures: RecipientDisclosuresTable
}
