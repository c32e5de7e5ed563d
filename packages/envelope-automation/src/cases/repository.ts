import { type Kysely, sql, type Transaction } from 'kysely'
import type { CaseEnvelope, CaseRecord, Contact } from './model.js'
import type { CaseEnvelopesTable, CaseStoreSchema, CasesTable, ContactsTable } from './tables.js'

export type CaseDb = Kysely<CaseStoreSchema> | Transaction<CaseStoreSchema>

function toContact(row: ContactsTable): Contact {
  return { id: row.id, name: row.name, email: row.email, mobile: row.mobile }
}

function toCase(row: CasesTable): CaseRecord {
  return {
    id: row.id,
    caseNumber: row.case_number,
    signingRecipient1: row.signing_recipient_1,
    serviceCoordinatorName: row.service_coordinator_name,
    serviceCoordinatorEmail: row.service_coordinator_email,
    language: row.language,
  }
}

export async function findContact(db: CaseDb, id: string): Promise<Contact | undefined> {
  const row = await db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toContact(row)
}

export async function findCase(db: CaseDb, id: string): Promise<CaseRecord | undefined> {
  const row = await db.selectFrom('cases').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toCase(row)
}

export async function findCaseByNumber(db: CaseDb, caseNumber: string): Promise<CaseRecord | undefined> {
  const row = await db
    .selectFrom('cases')
    .selectAll()
    .where('case_number', '=', caseNumber)
    .executeTakeFirst()
  return row && toCase(row)
}

export interface CaseListItem extends CaseRecord {
  contactName: string | null
  /** The status of the case's newest envelope, or null. */
  latestEnvelopeStatus: string | null
}

/** Cases by case number, optionally those whose number or contact name contains `search` (any case). */
export async function listCases(
  db: CaseDb,
  options: { search?: string; limit: number },
): Promise<CaseListItem[]> {
  let query = db
    .selectFrom('cases')
    .leftJoin('contacts', 'contacts.id', 'cases.signing_recipient_1')
    .selectAll('cases')
    .select('contacts.name as contact_name')
    .select((eb) =>
      eb
        .selectFrom('case_envelopes')
        .select('case_envelopes.status')
        .whereRef('case_envelopes.case_id', '=', 'cases.id')
        .orderBy('case_envelopes.sent_at', 'desc')
        .limit(1)
        .as('latest_envelope_status'),
    )
  const search = options.search?.trim().toLowerCase()
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
    // `escape` is spelled out: SQLite has no default escape character for LIKE.
    const contains = (column: 'cases.case_number' | 'contacts.name') =>
      sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
    query = query.where((eb) => eb.or([contains('cases.case_number'), contains('contacts.name')]))
  }
  const rows = await query.orderBy('cases.case_number').limit(options.limit).execute()
  return rows.map((row) => ({
    ...toCase(row),
    contactName: row.contact_name,
    latestEnvelopeStatus: row.latest_envelope_status ?? null,
  }))
}

export async function countCases(db: CaseDb): Promise<number> {
  const row = await db
    .selectFrom('cases')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export async function insertContact(db: CaseDb, contact: Contact, now: string): Promise<void> {
  await db
    .insertInto('contacts')
    .values({
      id: contact.id,
      name: contact.name,
      email: contact.email,
      mobile: contact.mobile,
      created_at: now,
    })
    .execute()
}

export async function insertCase(db: CaseDb, record: CaseRecord, now: string): Promise<void> {
  await db
    .insertInto('cases')
    .values({
      id: record.id,
      case_number: record.caseNumber,
      signing_recipient_1: record.signingRecipient1,
      service_coordinator_name: record.serviceCoordinatorName,
      service_coordinator_email: record.serviceCoordinatorEmail,
      language: record.language,
      created_at: now,
    })
    .execute()
}

function toCaseEnvelope(row: CaseEnvelopesTable): CaseEnvelope {
  return {
    envelopeId: row.envelope_id,
    caseId: row.case_id,
    accountId: row.account_id,
    status: row.status,
    sentAt: row.sent_at,
    completedAt: row.completed_at,
    updatedAt: row.updated_at,
  }
}

/** Records an envelope the automation sent; a second record of the same envelope changes nothing. */
export async function insertCaseEnvelope(db: CaseDb, envelope: CaseEnvelope): Promise<void> {
  await db
    .insertInto('case_envelopes')
    .values({
      envelope_id: envelope.envelopeId,
      case_id: envelope.caseId,
      account_id: envelope.accountId,
      status: envelope.status,
      sent_at: envelope.sentAt,
      completed_at: envelope.completedAt,
      updated_at: envelope.updatedAt,
    })
    .onConflict((oc) => oc.column('envelope_id').doNothing())
    .execute()
}

/** Sets the status (and completion time) of an envelope already recorded as sent. */
export async function updateEnvelopeStatus(
  db: CaseDb,
  update: { envelopeId: string; status: string; completedAt: string | null; at: string },
): Promise<void> {
  await db
    .updateTable('case_envelopes')
    .set({ status: update.status, completed_at: update.completedAt, updated_at: update.at })
    .where('envelope_id', '=', update.envelopeId)
    .execute()
}

export async function findCaseEnvelope(db: CaseDb, envelopeId: string): Promise<CaseEnvelope | undefined> {
  const row = await db
    .selectFrom('case_envelopes')
    .selectAll()
    .where('envelope_id', '=', envelopeId)
    .executeTakeFirst()
  return row && toCaseEnvelope(row)
}

export async function listCaseEnvelopes(db: CaseDb, caseId: string): Promise<CaseEnvelope[]> {
  const rows = await db
    .selectFrom('case_envelopes')
    .selectAll()
    .where('case_id', '=', caseId)
    .orderBy('sent_at', 'desc')
    .execute()
  return rows.map(toCaseEnvelope)
}

/** Claims a Connect delivery; false when it was applied before (a redelivery). */
export async function claimEvent(db: CaseDb, eventKey: string, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto('processed_events')
    .values({ event_key: eventKey, received_at: now })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning('event_key')
    .executeTakeFirst()
  return inserted !== undefined
}
