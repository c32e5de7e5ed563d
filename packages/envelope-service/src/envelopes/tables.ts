/**
 * Row types of the envelopes domain. Conventions: see identity/tables.ts. Recipients' tabs, phone numbers
 * and notifications are JSON text (always read and written whole); documents reference the shared
 * blob store by id, so an envelope never copies document bytes.
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
}

export interface EnvelopeRecipientsTable {
  envelope_id: string
  recipient_id: string
  recipient_id_guid: string
  /** `signer` or `carbonCopy`. */
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
  /** JSON `TabsByType`. */
  tabs: string
  status: string
  sent_at: string | null
  position: number
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

export interface EnvelopeTables {
  envelopes: EnvelopesTable
  envelope_documents: EnvelopeDocumentsTable
  envelope_recipients: EnvelopeRecipientsTable
  envelope_custom_fields: EnvelopeCustomFieldsTable
  envelope_idempotency_keys: EnvelopeIdempotencyKeysTable
}
