import type { Generated } from 'kysely'

/**
 * Row types of the envelopes domain. Conventions: see identity/tables.ts. What is always read and
 * written whole and never queried is JSON text: recipients' tabs, phone numbers and notifications, the
 * envelope's reminder/expiration settings and its webhook. Documents reference the shared blob store by
 * id, so an envelope never copies document bytes.
 */
export interface EnvelopesTable {
  id: string
  account_id: string
  sender_user_id: string
  status: string
  email_subject: string
  email_blurb: string
  created_at: string
  /** Null until the envelope is sent. */
  sent_at: string | null
  status_changed_at: string
  updated_at: string
  /** JSON `EnvelopeNotification` (reminders, expirations), or null for the account defaults. */
  notification: string | null
  /** JSON `EventNotification` (the envelope's own webhook), or null. */
  event_notification: string | null
  /** Lifecycle timestamps (ISO), null until the envelope gets there (migration 0009). */
  delivered_at: string | null
  completed_at: string | null
  declined_at: string | null
  voided_at: string | null
  voided_reason: string | null
  last_reminder_at: string | null
  expiry_warned_at: string | null
  /** Bumped by every lifecycle transition: the compare-and-set that serializes them. */
  version: Generated<number>
  /** JSON `LifecycleWorkflow` (scheduled sending, paused and delayed routing), or null (migration 0014). */
  workflow: string | null
  /** When the workflow's current wait ends (ISO), null when nothing waits on the clock: the workflow job's index. */
  workflow_resume_at: string | null
  /**
   * The system folder a client moved the envelope to (`recyclebin`, `inbox`, `sentitems`, `draft`), or
   * null: the folder its status implies (migration 0012, see folders/).
   */
  folder: string | null
  /** When the envelope went to the recycle bin (ISO), null outside it: the purge's clock. */
  deleted_at: string | null
  /**
   * The head of the envelope's audit chain, its last entry's sequence and hash, written in the transaction
   * of every entry (migration 0016, see audit/repository.ts); null before the first entry.
   */
  audit_head_sequence: number | null
  audit_head_hash: string | null
  /** JSON `EmailSettings` (Reply-To, Bcc of every email), or null (migration 0031). */
  email_settings: Generated<string | null>
  /** 1 (DocuSign's default) or 0: the envelope id printed on each completed page (migration 0032). */
  envelope_id_stamping: Generated<number>
  /** DocuSign's `useDisclosure`: 1, 0, or null when not given (migration 0049). */
  use_disclosure: Generated<number | null>
  /** 1 when recipients' `excludedDocuments` are enforced (DocuSign's `enforceSignerVisibility`), else 0. */
  enforce_signer_visibility: Generated<number>
  /** 1 when its subject and message cannot be changed (DocuSign's `messageLock`, migration 0047). */
  message_lock: Generated<number>
  /** 1 when its brand cannot be changed (DocuSign's `brandLock`, migration 0047). */
  brand_lock: Generated<number>
  /** 1 when signers may reassign their part (DocuSign's `allowReassign`), else 0 (migration 0042). */
  allow_reassign: Generated<number>
  /** The account brand (brands/) its messages carry; null when none. */
  brand_id: Generated<string | null>
}

export interface EnvelopeDocumentsTable {
  envelope_id: string
  document_id: string
  document_id_guid: string
  name: string
  file_extension: string
  pages: number
  position: number
  blob_id: string
  /** The document as sent when it was converted to PDF (migration 0011), else null. */
  original_blob_id: string | null
  original_extension: string | null
}

export interface EnvelopeRecipientsTable {
  envelope_id: string
  recipient_id: string
  recipient_id_guid: string
  /** `RecipientType`: `signer`, `carbonCopy`, `certifiedDelivery` or `inPersonSigner`. */
  type: string
  role_name: string | null
  routing_order: number
  name: string | null
  email: string | null
  /** `email` or `SMS`. */
  delivery_method: string
  /** JSON `PhoneNumber`, or null. */
  phone_number: string | null
  /** JSON array of `AdditionalNotification`. */
  additional_notifications: string
  client_user_id: string | null
  /** What the recipient must enter before opening the envelope, or null. */
  access_code: string | null
  /** JSON array of E.164 numbers for SMS authentication (migration 0013), or null. */
  sms_auth_phones: string | null
  /** JSON `InPersonSigner` of an in-person signer (its `name`/`email` are the host's), or null. */
  in_person: string | null
  /** JSON `TabsByType`. */
  tabs: string
  /**
   * JSON `RecipientMessageSettings` (name parts, `emailNotification`, `suppressEmails`, `customFields`),
   * or null when the request set none (migration 0031).
   */
  message_settings: Generated<string | null>
  status: string
  sent_at: string | null
  position: number
  delivered_at: string | null
  /** When a signer signed or a certified delivery viewed (DocuSign's `signedDateTime`). */
  signed_at: string | null
  declined_at: string | null
  declined_reason: string | null
  /** JSON object of the values the recipient entered, by tab id. */
  tab_values: Generated<string>
  /** The sender's note to this recipient, shown on the signing page, or null (migration 0032). */
  note: string | null
  /** JSON array of the envelope's document ids this recipient never receives, or null (migration 0032). */
  excluded_documents: string | null
  /** On a signer who reassigned: the recipient id of the signer who replaced them (migration 0042). */
  reassigned_to: Generated<string | null>
}

export interface EnvelopeCustomFieldsTable {
  envelope_id: string
  field_id: string
  /** `text` or `list`. */
  kind: string
  name: string
  value: string
  /** JSON array of strings for list fields, null for text fields. */
  list_items: string | null
  show: number
  required: number
}

/** `Idempotency-Key` of a create request: the same key and body return the envelope it created. */
export interface EnvelopeIdempotencyKeysTable {
  account_id: string
  idempotency_key: string
  request_hash: string
  envelope_id: string
  created_at: string
}

/**
 * When a template was last used in an envelope, for `order_by=used`. Written by the envelope create
 * transaction; its own table so that recording a use never touches the template row that readers
 * cache and version.
 */
export interface TemplateUsageTable {
  template_id: string
  last_used_at: string
}

export interface EnvelopeTables {
  envelopes: EnvelopesTable
  envelope_documents: EnvelopeDocumentsTable
  envelope_recipients: EnvelopeRecipientsTable
  envelope_custom_fields: EnvelopeCustomFieldsTable
  envelope_idempotency_keys: EnvelopeIdempotencyKeysTable
  template_usage: TemplateUsageTable
  envelope_search_text: EnvelopeSearchTextTable
}

/**
 * One envelope's search text (search-text/body.ts, migration 0034), indexed for substring search: a
 * pg_trgm GIN index on PostgreSQL, an FTS5 trigram table on SQLite (which also gives the row an integer
 * id, hidden here: the FTS index refers to rows by it).
 */
export interface EnvelopeSearchTextTable {
  envelope_id: string
  body: string
}
