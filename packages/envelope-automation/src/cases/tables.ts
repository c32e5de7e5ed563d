/** Row types of the case store's tables (SQL lives in repository.ts only). */

export interface ContactsTable {
  id: string
  name: string
  email: string | null
  mobile: string | null
  created_at: string
}

export interface CasesTable {
  id: string
  case_number: string
  /** `Signing_Recipient_1__c`. */
  signing_recipient_1: string | null
  service_coordinator_name: string
  service_coordinator_email: string
  language: string | null
  created_at: string
}

/** Envelopes the console, the CLI or the library sent for a case (written only when they send). */
export interface CaseEnvelopesTable {
  envelope_id: string
  case_id: string
  /** The account the envelope was sent from; null on rows from before migration 0002. */
  account_id: string | null
  status: string
  sent_at: string
  completed_at: string | null
  updated_at: string
}

/** Connect deliveries already applied, so a redelivery changes nothing (see listener/). */
export interface ProcessedEventsTable {
  event_key: string
  received_at: string
}

export interface CaseStoreSchema {
  contacts: ContactsTable
  cases: CasesTable
  case_envelopes: CaseEnvelopesTable
  processed_events: ProcessedEventsTable
}
