import type { AuditHead } from '../audit/chain.js'
import type { AuthenticationEvent } from '../signing/auth/model.js'
import type { PrintedDisclosure } from '../signing/disclosure/printed.js'
import type { TabsByType } from '../tabs/model.js'

/**
 * What completion needs to know about an envelope, gathered by the lifecycle once the last signer
 * finishes. Positions are DocuSign's: PDF points from the top-left corner of the page as displayed.
 */

export type CertificateLanguage = 'en' | 'es'

export interface CompletionDocument {
  /** The envelope's `documentId` (1..N); tabs refer to it. */
  documentId: string
  name: string
  /** The document as sent, without any value drawn. */
  bytes: Uint8Array
  /** Its blob's id (documents/blobs/), which keys the anchor placements kept for it. */
  blobId: string
}

/** A recipient's part in the envelope, for stamping and for the certificate of completion. */
export interface CompletionRecipient {
  recipientId: string
  /** `signer`, `inPersonSigner`, `carbonCopy`, `certifiedDelivery`. */
  type: string
  name: string
  /** Absent, or a placeholder the certificate omits, for recipients invited by SMS only. */
  email?: string
  /** E.164, for recipients invited by SMS. */
  phone?: string
  /** `email` or `SMS` (with `email+SMS` for both). */
  deliveryMethod: string
  routingOrder: string
  status: string
  ipAddress?: string
  userAgent?: string
  sentAt?: Date
  viewedAt?: Date
  signedAt?: Date
  declinedAt?: Date
  declinedReason?: string
  /** Adopted signature and initials: PNG data URLs (typed signatures arrive already rendered). */
  signatureImage?: string
  initialsImage?: string
  /** The recipient's tabs with the values entered (`value`, `selected`), as stored. */
  tabs: TabsByType
  /** Identity checks the recipient passed (access code, SMS code, ...), in order. */
  authenticationEvents?: AuthenticationEvent[]
  /** When the signer agreed to the Electronic Record and Signature Disclosure (signing/disclosure/). */
  disclosureAcceptedAt?: Date
  /**
   * Documents withheld from this recipient (an envelope enforcing `excludedDocuments`): nothing of its
   * is drawn on them, and its combined PDF leaves them out.
   */
  excludedDocuments?: string[]
}

export interface CompletionEnvelope {
  envelopeId: string
  emailSubject: string
  status: string
  senderName?: string
  senderEmail?: string
  createdAt?: Date
  sentAt?: Date
  completedAt: Date
  /** The audit chain's head when the certificate was made, printed on it so the seal covers it. */
  auditHead?: AuditHead
  /**
   * Whether the envelope id is printed at the top of every page of the documents (DocuSign's
   * `envelopeIdStamping`); absent means stamped, DocuSign's default.
   */
  envelopeIdStamping?: boolean
  /**
   * The Electronic Record and Signature Disclosures its signers agreed to, each as they read it (its
   * version, in their language), printed at the end of the certificate as DocuSign's is.
   */
  disclosures?: AgreedDisclosure[]
}

/** A disclosure as its signers read it, and who agreed to it when, in the order they agreed. */
export interface AgreedDisclosure extends PrintedDisclosure {
  agreedBy: { name: string; at: Date }[]
}

export interface CertificateInput {
  envelope: CompletionEnvelope
  recipients: CompletionRecipient[]
  /** Names of the envelope's documents with their page counts, in order. */
  documents: { name: string; pages: number }[]
  language: CertificateLanguage
}
