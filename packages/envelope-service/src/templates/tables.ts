import type { Generated } from 'kysely'
import type { DocumentTables } from '../documents/tables.js'

/**
 * Row types of the templates domain. Conventions: see identity/tables.ts.
 * Roles and custom fields are stored as JSON text (they are always read and written whole);
 * documents have their own rows because they reference the shared blob store.
 */
export interface TemplatesTable {
  id: string
  account_id: string
  owner_user_id: string
  name: string
  /** `name` lower-cased: the key for case-insensitive ordering and search (binary collation on both DBs). */
  name_key: string
  description: string
  shared: number
  email_subject: string
  email_blurb: string
  /** JSON array of `TemplateRole`. */
  recipients: string
  /** JSON `CustomFields`. */
  custom_fields: string
  /** JSON `EnvelopeNotification` its envelopes take, or null (migration 0031). */
  notification: Generated<string | null>
  /** JSON `EmailSettings` its envelopes take, or null (migration 0031). */
  email_settings: Generated<string | null>
  /** 1 or 0 as the template set `allowReassign`, null when it did not (migration 0042). */
  allow_reassign: Generated<number | null>
  /** The account brand (brands/) its envelopes carry; null when none. */
  brand_id: Generated<string | null>
  /** DocuSign's `workflow` as given (JSON), which its envelopes take, or null (migration 0039). */
  workflow: Generated<string | null>
  /** 1 when its envelopes enforce the roles' `excludedDocuments` (migration 0039). */
  enforce_signer_visibility: Generated<number>
  /** 1 when its envelopes keep its subject and message (DocuSign's `messageLock`, migration 0047). */
  message_lock: Generated<number>
  /** 1 when its envelopes keep its brand (DocuSign's `brandLock`, migration 0047). */
  brand_lock: Generated<number>
  /** 0 when its envelopes print no envelope id (DocuSign's `envelopeIdStamping`, migration 0048). */
  envelope_id_stamping: Generated<number>
  /** DocuSign's `useDisclosure` for its envelopes: 1, 0, or null when not given (migration 0049). */
  use_disclosure: Generated<number | null>
  /** Incremented by every change; readers use it to validate cached copies. */
  version: number
  created_at: string
  updated_at: string
}

export interface TemplateDocumentsTable {
  template_id: string
  document_id: string
  name: string
  file_extension: string
  pages: number
  position: number
  blob_id: string
  /** The document as sent when it was converted to PDF (migration 0011), else null. */
  original_blob_id: string | null
  original_extension: string | null
}

export interface TemplateTables extends DocumentTables {
  templates: TemplatesTable
  template_documents: TemplateDocumentsTable
}
