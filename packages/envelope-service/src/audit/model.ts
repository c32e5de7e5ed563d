/** Actions as DocuSign's envelope history names them (`Sent Invitations`, `Viewed`, ...), plus our own. */
export type AuditAction =
  | 'Sent Invitations'
  | 'Printable Copy Delivered'
  | 'Viewed'
  | 'Signed'
  | 'Declined'
  | 'Voided'
  | 'Resent'
  | 'Reminder Sent'
  | 'Expiration Warning Sent'
  | 'Completed'
  | 'Recipient Added'
  | 'Reassigned'
  /** Ours, in DocuSign's style: a signer agreed to the Electronic Record and Signature Disclosure. */
  | 'Disclosure Accepted'
  | WorkflowAuditAction

/**
 * The audit entries of the workflow's waits (workflow/audit.ts). DocuSign's history has no public list of
 * these actions; the names are ours, in its style.
 */
export type WorkflowAuditAction =
  | 'Scheduled Send Armed'
  | 'Scheduled Send Released'
  | 'Routing Paused'
  | 'Routing Resumed'
  | 'Routing Delay Started'
  | 'Routing Delay Ended'
  | 'Conditional Routing Started'
  | 'Conditional Recipient Chosen'
  | 'Conditional Recipient Removed'

export interface AuditEffect {
  action: AuditAction
  /** Absent for actions of the sender or the system. */
  recipientId?: string
  /** The envelope's status after the action. */
  envelopeStatus: EnvelopeStatus
  message: string
}

import type { EnvelopeStatus } from 'esign-contract'
