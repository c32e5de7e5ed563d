/**
 * Row types of recipient authentication (migration 0013). Conventions: see identity/tables.ts.
 * Nothing here can be replayed: SMS codes and session tokens are stored as SHA-256 hashes only.
 */
export interface RecipientAuthTable {
  envelope_id: string
  recipient_id: string
  /** `access_code` or `sms`: each method counts its own failed attempts. */
  method: string
  /** Wrong codes entered since the row was created; incremented in the database, one statement. */
  failed_attempts: number
  /** When the attempts ran out; the recipient is then refused by every method. */
  locked_at: number | null
  /** SHA-256 hex of the SMS code last sent (bound to the envelope and recipient), or null. */
  code_hash: string | null
  code_expires_at: number | null
  /** SMS codes sent so far, capped so a link cannot be used to text a number without end. */
  codes_sent: number
}

/** A browser that passed the recipient's checks; the page sends its token with every signing call. */
export interface SigningAuthSessionsTable {
  token_hash: string
  envelope_id: string
  recipient_id: string
  /** Comma-separated methods passed in this session (`access_code,sms`). */
  methods: string
  expires_at: number
}

export interface RecipientAuthTables {
  recipient_auth: RecipientAuthTable
  signing_auth_sessions: SigningAuthSessionsTable
}
