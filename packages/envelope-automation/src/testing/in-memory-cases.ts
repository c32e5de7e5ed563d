import type { CaseEnvelope, CaseReader, CaseRecord, Contact, EnvelopeRecorder } from '../cases/model.js'

/** Cases and contacts in memory, for unit tests of the action and the flow. */
export function inMemoryCases(
  cases: CaseRecord[],
  contacts: Contact[],
): CaseReader &
  EnvelopeRecorder & {
    envelopes: CaseEnvelope[]
  } {
  const envelopes: CaseEnvelope[] = []
  return {
    envelopes,
    findCase: async (caseId) => cases.find((record) => record.id === caseId),
    findContact: async (contactId) => contacts.find((contact) => contact.id === contactId),
    recordEnvelopeSent: async (sent) => {
      envelopes.push({ ...sent, completedAt: null, updatedAt: sent.sentAt })
    },
  }
}

export const TEST_CONTACTS: Contact[] = [
  { id: 'contact-email', name: 'Ana Gómez', email: 'ana@example.test', mobile: '+573001234567' },
  { id: 'contact-no-email', name: 'Luis Pérez', email: null, mobile: '+14155552671' },
]

export const TEST_CASES: CaseRecord[] = [
  {
    id: 'case-email',
    caseNumber: '00001001',
    signingRecipient1: 'contact-email',
    serviceCoordinatorName: 'Sam Coordinator',
    serviceCoordinatorEmail: 'sam@example.test',
    language: null,
  },
  {
    id: 'case-no-email',
    caseNumber: '00001002',
    signingRecipient1: 'contact-no-email',
    serviceCoordinatorName: 'Sam Coordinator',
    serviceCoordinatorEmail: 'sam@example.test',
    language: 'es-CO',
  },
  {
    id: 'case-no-link',
    caseNumber: '00001003',
    signingRecipient1: null,
    serviceCoordinatorName: 'Sam Coordinator',
    serviceCoordinatorEmail: 'sam@example.test',
    language: null,
  },
]
