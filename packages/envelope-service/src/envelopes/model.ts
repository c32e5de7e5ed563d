import type { RecipientType, TabsByType } from '../tabs/model.js'
import type {
  CustomFields,
  EmailSettings,
  EnvelopeNotification,
  InPersonSigner,
  PhoneNumber,
  TemplateDocument,
} from '../templates/model.js'

// An envelope and the templates it is made from share these settings' shapes (templates/model.ts).
export type { EmailSettings, EnvelopeNotification }

/** Domain model of an envelope. Wire shapes (DocuSign strings) live in the `esign-contract` package. */

/** Statuses a create request may ask for: `sent` sends at once, `created` keeps a draft. */
export type CreateStatus = 'created' | 'sent'

export type DeliveryMethod = 'email' | 'SMS'

export interface AdditionalNotification {
  secondaryDeliveryMethod: 'SMS'
  phoneNumber: PhoneNumber
}

export interface EnvelopeRecipient {
  type: RecipientType
  /** 1..N within the envelope, in order of first appearance. */
  recipientId: string
  roleName?: string
  routingOrder: string
  name?: string
  email?: string
  deliveryMethod: DeliveryMethod
  phoneNumber?: PhoneNumber
  additionalNotifications: AdditionalNotification[]
  /** Set for embedded (captive) signers. */
  clientUserId?: string
  /** Code the recipient must enter before opening the envelope; accepted and stored, never returned. */
  accessCode?: string
  /**
   * Numbers (E.164) a six-digit code may be texted to before the envelope opens: SMS authentication
   * (`identityVerification` phone workflow or `smsAuthentication`); accepted and stored, never returned.
   */
  smsAuthPhones?: string[]
  /** Only for `inPersonSigner`: `name`/`email` are then the host's. */
  inPerson?: InPersonSigner
  /** DocuSign's name parts, as given; `name` was composed from them when the request gave none. */
  firstName?: string
  lastName?: string
  /** This recipient's own subject, body and language (`emailNotification`). */
  emailNotification?: RecipientEmailNotification
  /** No email goes to this recipient (SMS still does). */
  suppressEmails?: boolean
  /** The sender's strings about the recipient: stored and returned only. */
  customFields?: string[]
  /** Tabs with `documentId` already renumbered to the envelope's documents. */
  tabs: TabsByType
  /** The sender's note to this recipient (DocuSign's `note`), shown on the signing page. */
  note?: string
  /**
   * The envelope's document ids this recipient never receives or sees (DocuSign's `excludedDocuments`),
   * enforced when the envelope's `enforceSignerVisibility` is set; absent when none.
   */
  excludedDocuments?: string[]
}

/** DocuSign's `emailNotification` on a recipient; `supportedLanguage` is kept as given (`fr` too). */
export interface RecipientEmailNotification {
  emailSubject?: string
  emailBody?: string
  supportedLanguage?: string
}

/**
 * A document of the envelope: a template's document (or an inline one) in the same shape, with
 * `documentId` renumbered 1..N and `order` its position in the envelope.
 */
export type EnvelopeDocument = TemplateDocument

/** What a create request resolves to after the composite-template merge: ready to store. */
export interface EnvelopeDefinition {
  status: CreateStatus
  emailSubject: string
  emailBlurb: string
  documents: EnvelopeDocument[]
  recipients: EnvelopeRecipient[]
  customFields: CustomFields
  /** Reminders and expiration; absent when the request did not set them (account defaults apply). */
  notification?: EnvelopeNotification
  /** Per-envelope webhook; absent when the request did not ask for one. */
  eventNotification?: EventNotification
  /** Reply-To and Bcc of its emails; absent when the request did not set them. */
  emailSettings?: EmailSettings
  /** False when the request set `envelopeIdStamping: "false"`; DocuSign stamps by default. */
  envelopeIdStamping: boolean
  /** DocuSign's `enforceSignerVisibility`: recipients' `excludedDocuments` are withheld from them. */
  enforceSignerVisibility: boolean
  /** DocuSign's `allowReassign`: signers may assign their part to someone else (signing/reassign/). */
  allowReassign: boolean
  /** The account brand its messages carry (brands/presentation.ts); absent when none was named. */
  brandId?: string
}

/**
 * DocuSign's per-envelope `eventNotification`. The older `envelopeEvents`/`recipientEvents` lists are
 * normalised into `events` (`envelopeEventStatusCode: "Completed"` is `envelope-completed`).
 */
export interface EventNotification {
  url: string
  events: string[]
  includeHMAC: boolean
  requireAcknowledgment: boolean
  loggingEnabled: boolean
  eventData?: { version: string; format: string; includeData: string[] }
}
