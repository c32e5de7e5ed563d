import type { Workflow } from 'esign-contract'
import type { RecipientType, TabsByType } from '../tabs/model.js'
import type {
  CustomFields,
  DeliveryMethod,
  EmailSettings,
  EnvelopeNotification,
  InPersonSigner,
  PhoneNumber,
  RecipientEmailNotification,
  RecipientSettings,
  TemplateDocument,
} from '../templates/model.js'

// An envelope and the templates it is made from share these settings' shapes (templates/model.ts).
export type { DeliveryMethod, EmailSettings, EnvelopeNotification, RecipientEmailNotification }

/** Domain model of an envelope. Wire shapes (DocuSign strings) live in the `esign-contract` package. */

/** Statuses a create request may ask for: `sent` sends at once, `created` keeps a draft. */
export type CreateStatus = 'created' | 'sent'

export interface AdditionalNotification {
  secondaryDeliveryMethod: 'SMS'
  phoneNumber: PhoneNumber
}

export interface EnvelopeRecipient extends RecipientSettings {
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
  /** Tabs with `documentId` already renumbered to the envelope's documents. */
  tabs: TabsByType
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
  /** DocuSign's `messageLock`: its subject and message cannot be changed (envelopes/locks.ts). */
  messageLock?: true
  /** DocuSign's `brandLock`: its brand cannot be changed (envelopes/locks.ts). */
  brandLock?: true
  /**
   * DocuSign's `useDisclosure`, when the request or a template gave it: signers agree to the Electronic
   * Record and Signature Disclosure before signing (signing/disclosure/). Absent: the account's setting
   * (signing/disclosure/rules.ts).
   */
  useDisclosure?: boolean
  /**
   * The `workflow` the envelope runs, as given: the request's, else its templates' (composite-merge.ts);
   * read by workflow/parse.ts once the recipients have their ids.
   */
  workflow?: Workflow
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
