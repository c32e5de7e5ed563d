/** The CRM records the automation works from, as the domain sees them (rows are mapped in repository.ts). */

export interface Contact {
  id: string
  name: string
  /** Null when the contact has none: recipient 1 is then invited by SMS. */
  email: string | null
  mobile: string | null
}

export interface CaseRecord {
  id: string
  /** `CaseNumber`, shown to people and stored on the envelope. */
  caseNumber: string
  /** `Signing_Recipient_1__c`: the contact who signs as recipient 1, or null. */
  signingRecipient1: string | null
  serviceCoordinatorName: string
  serviceCoordinatorEmail: string
  /** The case's preferred language as entered (`es`, `Spanish`, ...); null for the default. */
  language: string | null
}

/** An envelope sent for a case, with the status the completion listener last recorded. */
export interface CaseEnvelope {
  envelopeId: string
  caseId: string
  /** The account it was sent from; null for envelopes recorded before the account was kept. */
  accountId: string | null
  status: string
  sentAt: string
  completedAt: string | null
  updatedAt: string
}

/** What the send flow reads: a case and the contact its `Signing_Recipient_1__c` links to. */
export interface CaseReader {
  findCase(caseId: string): Promise<CaseRecord | undefined>
  findContact(contactId: string): Promise<Contact | undefined>
}

/** What the send flow writes after the envelope exists. */
export interface EnvelopeRecorder {
  recordEnvelopeSent(input: {
    caseId: string
    envelopeId: string
    accountId: string
    status: string
    sentAt: string
  }): Promise<void>
}
