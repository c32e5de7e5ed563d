/**
 * Domain model of a stored template, as the envelope domain consumes it (composite merge).
 * Wire shapes (DocuSign strings) live in the `esign-contract` package; templates/mapping.ts converts.
 *
 * DocuSign tabs have dozens of types and fields, all strings; each tab is kept in its wire form
 * (validated at the edge by `esign-contract`) so that tabs round-trip unchanged, the values a sender or
 * signer enters (`value`, `selected`) included. `documentId` in a tab refers to the template's own
 * document numbering; the envelope renumbers documents and rewrites it.
 */

import type { DocumentOriginal } from '../documents/originals.js'
import type { RecipientType, TabsByType } from '../tabs/model.js'

/**
 * An in-person signer signs on the host's device: the host (`name`/`email` of the recipient, as DocuSign's
 * `hostName`/`hostEmail`) runs the session for the signer named here.
 */
export interface InPersonSigner {
  signerName?: string
  signerEmail?: string
}

export interface PhoneNumber {
  countryCode: string
  number: string
}

/**
 * DocuSign's `notification` (reminders, expiration), with day counts as numbers: an envelope's, or a
 * template's that envelopes made from it take.
 */
export interface EnvelopeNotification {
  useAccountDefaults: boolean
  reminders?: { reminderEnabled: boolean; reminderDelayDays: number; reminderFrequencyDays: number }
  expirations?: { expireEnabled: boolean; expireAfterDays: number; expireWarnDays: number }
}

/** Reply-To and blind copies of every email of an envelope (`emailSettings`), or of a template's envelopes. */
export interface EmailSettings {
  replyEmailAddressOverride?: string
  replyEmailNameOverride?: string
  bccEmailAddresses: Array<{ bccEmailAddressId: string; email: string }>
}

/** A role of a template: a placeholder that an envelope fills with a person. */
export interface TemplateRole {
  type: RecipientType
  recipientId: string
  roleName: string
  routingOrder: string
  name?: string
  email?: string
  /** Only for `inPersonSigner` roles. */
  inPerson?: InPersonSigner
  tabs: TabsByType
}

export interface TemplateDocument {
  documentId: string
  name: string
  fileExtension: string
  /** Read from the PDF. */
  pages: number
  /** Position among the template's documents, from 1. */
  order: number
  /** Key of the content in the shared blob store (SHA-256 hex of the bytes). */
  blobId: string
  /** What the client sent, when it was not a PDF: the blob above is its conversion (documents/conversion/). */
  original?: DocumentOriginal
}

/**
 * `fieldId`: the number a template's field got from the custom-field operations
 * (templates/custom-fields/rules.ts `numberedFields`); absent on fields written by `POST` or `PUT
 * /templates`, which are numbered in order when read. An envelope numbers its own fields.
 */
export interface TextCustomField {
  fieldId?: string
  name: string
  value: string
  show: boolean
  required: boolean
}

export interface ListCustomField {
  fieldId?: string
  name: string
  value: string
  listItems: string[]
  show: boolean
  required: boolean
}

export interface CustomFields {
  textCustomFields: TextCustomField[]
  listCustomFields: ListCustomField[]
}

export interface Template {
  templateId: string
  accountId: string
  ownerUserId: string
  name: string
  description: string
  shared: boolean
  emailSubject: string
  emailBlurb: string
  documents: TemplateDocument[]
  recipients: TemplateRole[]
  customFields: CustomFields
  /** Reminders and expiration its envelopes take unless they set their own (composite-merge.ts). */
  notification?: EnvelopeNotification
  /** Reply-To and Bcc its envelopes take unless they set their own. */
  emailSettings?: EmailSettings
  /** `allowReassign` as the template set it, which its envelopes take unless they set their own. */
  allowReassign?: boolean
  /** The account brand its envelopes carry unless they name their own. */
  brandId?: string
  /** ISO 8601 UTC with milliseconds. */
  created: string
  lastModified: string
}
