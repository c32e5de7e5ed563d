/** When and from where a signer agreed to the Electronic Record and Signature Disclosure (migration 0049). */
export interface RecipientDisclosuresTable {
  envelope_id: string
  recipient_id: string
  /** Epoch milliseconds. */
  accepted_at: number
  ip_address: string
  user_agent: string
  /** rules.ts `disclosureVersion` of the account's disclosure agreed to; null before migration 0054. */
  text_version: string | null
  /** The language the signer read it in (`en`, `es`); null when the page did not say, or before migration 0055. */
  language: string | null
}

/** What a version of an account's disclosure said, kept when a signer first agreed to it (migration 0055). */
export interface DisclosureTextsTable {
  account_id: string
  /** rules.ts `disclosureVersion`. */
  version: string
  /** text.ts `disclosureDetailsShown` as JSON: what its signers read in each language. */
  details: string
  /** Epoch milliseconds. */
  created_at: number
}

/** What an account added to its disclosure in one language (migration 0052). */
export interface AccountDisclosuresTable {
  account_id: string
  /** `en` or `es`. */
  language: string
  /** text.ts `DisclosureDetails` as JSON. */
  details: string
  updated_at: string
  updated_by_user_id: string
}

/** Whether the account shows the disclosure on envelopes that do not say (migration 0052): 1 or 0. */
export interface AccountDisclosureSettingsTable {
  account_id: string
  on_every_envelope: number
}

export interface DisclosureTables {
  recipient_disclosures: RecipientDisclosuresTable
  account_disclosures: AccountDisclosuresTable
  account_disclosure_settings: AccountDisclosureSettingsTable
  disclosure_texts: DisclosureTextsTable
}
