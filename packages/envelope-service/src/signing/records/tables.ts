/**
 * Row types of signing: links (only a hash of each token is stored) and what each recipient adopted and
 * from where. Conventions: see identity/tables.ts.
 */
export interface SigningLinksTable {
  /** SHA-256 hex of the token; the token itself exists only in the message or view URL. */
  token_hash: string
  envelope_id: string
  recipient_id: string
  /** `invitation` (email/SMS link, valid until the envelope expires) or `recipient_view` (5 minutes, once). */
  kind: string
  /** Where the browser returns after an embedded signing session, with `?event=...`. */
  return_url: string | null
  created_at: number
  expires_at: number
  /** When a once-only link was opened; null while unused. */
  used_at: number | null
}

export interface RecipientAdoptionsTable {
  envelope_id: string
  recipient_id: string
  /** PNG data URLs of the adopted signature and initials. */
  signature_png: string | null
  initials_png: string | null
  ip_address: string
  user_agent: string
  viewed_ip_address: string | null
  viewed_user_agent: string | null
}

export interface SigningTables {
  signing_links: SigningLinksTable
  recipient_adoptions: RecipientAdoptionsTable
}
