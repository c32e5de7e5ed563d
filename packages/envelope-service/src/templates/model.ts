/**
 * Domain model of a stored template, as the envelope domain consumes it (composite merge).
 * Wire shapes (DocuSign strings) live in the `esign-contract` package; templates/mapping.ts converts.
 *
 * DocuSign tabs have dozens of types and fields, all strings; each tab is kept in its wire form
 * (validated at the edge by `esign-contract`) so that tabs round-trip unchanged, the values a sender or
 * signer enters (`value`, `selected`) included. `documentId` in a tab refers to the template's own
 * document numbering; the envelope renumbers documents and rewrites it.
 */

import type { Workflow } from 'esign-contract'
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

export type DeliveryMethod = 'email' | 'SMS'

/** DocuSign's `emailNotification` on a recipient; `supportedLanguage` is kept as given (`fr` too). */
export interface RecipientEmailNotification {
  emailSubject?: string
  emailBody?: string
  supportedLanguage?: string
}

/**
 * A recipient's own settings, read the same way on an envelope's recipient and on a template's role
 * (templates/recipient-settings.ts); a role's are the defaults of the recipients envelopes make of it.
 */
export interface RecipientSettings {
  /** DocuSign's name parts, as given; `name` was composed from them when the request gave none. */
  firstName?: string
  lastName?: string
  /** This recipient's own subject, body and language (`emailNotification`). */
  emailNotification?: RecipientEmailNotification
  /** No email goes to this recipient (SMS still does). */
  suppressEmails?: boolean
  /** The sender's strings about the recipient: stored and returned only. */
  customFields?: string[]
  /** The sender's note to this recipient (DocuSign's `note`), shown on the signing page. */
  note?: string
  /**
   * The document ids this recipient never receives or sees (DocuSign's `excludedDocuments`), enforced
   * when the envelope's `enforceSignerVisibility` is set; absent when none.
   */
  excludedDocuments?: string[]
}

/** A role of a template: a placeholder that an envelope fills with a person. */
export interface TemplateRole extends RecipientSettings {
  type: RecipientType
  recipientId: string
  roleName: string
  routingOrder: string
  name?: string
  email?: string
  /** Only for `inPersonSigner` roles. */
  inPerson?: InPersonSigner
  /**
   * The role's default delivery; absent means email. An envelope that fills an SMS role gives its phone
   * number (`templateRoles[].phoneNumber`, or the inline template's recipient).
   */
  deliveryMethod?: DeliveryMethod
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
  /**
   * DocuSign's `workflow` as given (checked as an envelope's when stored): its envelopes take it unless
   * they set their own, and read it as an envelope's (workflow/parse.ts) when they are created.
   */
  workflow?: Workflow
  /**
   * Its envelopes withhold each role's `excludedDocuments` (DocuSign's `enforceSignerVisibility`);
   * absent when not set.
   */
  enforceSignerVisibility?: true
  /** Its envelopes carry its subject and message, and cannot change them (DocuSign's `messageLock`). */
  messageLock?: true
  /** Its envelopes carry its brand, and cannot name another (DocuSign's `brandLock`). */
  brandLock?: true
  /**
   * Its envelopes print no envelope id on their completed pages unless they say otherwise (DocuSign's
   * `envelopeIdStamping: "false"`); absent means stamped, DocuSign's default.
   */
  envelopeIdStamping?: false
  /** DocuSign's `useDisclosure` for its envelopes, when given (signing/disclosure/). */
  useDisclosure?: boolean
  /** ISO 8601 UTC with milliseconds. */
  created: string
  lastModified: string
}
