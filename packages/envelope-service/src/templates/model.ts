/**
 * Domain model of a stored template, as the envelope domain consumes it (composite merge).
 * Wire shapes (DocuSign strings) live in templates/schema.ts; one mapping function converts.
 *
 * DocuSign tabs have dozens of types and fields, all strings; we keep each tab as a string record
 * (validated at the edge) so that tabs round-trip unchanged. `documentId` in a tab refers to the
 * template's own document numbering; the envelope renumbers documents and rewrites it.
 */
export type Tab = Record<string, string>

/** Tabs grouped by DocuSign tab type, e.g. `signHereTabs`, `dateSignedTabs`, `textTabs`. */
export type TabsByType = Record<string, Tab[]>

export type RecipientType = 'signer' | 'carbonCopy'

export interface PhoneNumber {
  countryCode: string
  number: string
}

/** A role of a template: a placeholder that an envelope fills with a person. */
export interface TemplateRole {
  type: RecipientType
  recipientId: string
  roleName: string
  routingOrder: string
  name?: string
  email?: string
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
}

export interface TextCustomField {
  name: string
  value: string
  show: boolean
  required: boolean
}

export interface ListCustomField {
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
  /** ISO 8601 UTC with milliseconds. */
  created: string
  lastModified: string
}
