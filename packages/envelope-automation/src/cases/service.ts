import { NotFoundError } from 'platform'
import type { CaseEnvelope, CaseRecord, Contact } from './model.js'
import {
  type CaseDb,
  type CaseListItem,
  findCase,
  findCaseEnvelope,
  findContact,
  listCaseEnvelopes,
  listCases,
} from './repository.js'

/** What people read of the case store: pages of cases, and one case with its contact and envelopes. */

export interface CasePage {
  cases: CaseListItem[]
  /** Another page follows. */
  hasMore: boolean
}

export async function casePage(
  db: CaseDb,
  query: { search?: string | undefined; offset: number; limit: number },
): Promise<CasePage> {
  // The store lists from the start; one row past the page tells whether another page follows.
  const rows = await listCases(db, {
    limit: query.offset + query.limit + 1,
    ...(query.search ? { search: query.search } : {}),
  })
  return {
    cases: rows.slice(query.offset, query.offset + query.limit),
    hasMore: rows.length > query.offset + query.limit,
  }
}

export interface CaseDetail {
  record: CaseRecord
  contact: Contact | undefined
  envelopes: CaseEnvelope[]
}

/** The case, its linked contact and its envelopes, newest first; `NotFoundError` for an unknown case. */
export async function caseDetail(db: CaseDb, caseId: string): Promise<CaseDetail> {
  const record = await findCase(db, caseId)
  if (!record) throw new NotFoundError(`case ${caseId} does not exist`, { errorCode: 'case_not_found' })
  const contact = record.signingRecipient1 ? await findContact(db, record.signingRecipient1) : undefined
  return { record, contact, envelopes: await listCaseEnvelopes(db, record.id) }
}

/** An envelope sent for this case; `NotFoundError` for another case's envelope or an unknown one. */
export async function envelopeOfCase(
  db: CaseDb,
  caseId: string,
  envelopeId: string,
): Promise<{ record: CaseRecord; envelope: CaseEnvelope }> {
  const record = await findCase(db, caseId)
  const envelope = await findCaseEnvelope(db, envelopeId)
  if (!record || !envelope || envelope.caseId !== record.id) {
    throw new NotFoundError(`case ${caseId} has no envelope ${envelopeId}`, {
      errorCode: 'envelope_not_found',
    })
  }
  return { record, envelope }
}
