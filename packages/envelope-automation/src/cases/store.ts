import type { Kysely } from 'kysely'
import { connectDatabase, migrateToLatest } from 'platform'
import { caseStoreMigrations } from './migrations.js'
import type { CaseReader, EnvelopeRecorder } from './model.js'
import { findCase, findContact, insertCaseEnvelope } from './repository.js'
import type { CaseStoreSchema } from './tables.js'

export type CaseStore = CaseReader &
  EnvelopeRecorder & {
    db: Kysely<CaseStoreSchema>
    close(): Promise<void>
  }

/** Opens (and migrates) the case store at a `sqlite:` or `postgres://` URL. */
export async function openCaseStore(url: string): Promise<CaseStore> {
  const database = connectDatabase<CaseStoreSchema>(url)
  try {
    await migrateToLatest(database, caseStoreMigrations)
  } catch (error) {
    await database.close()
    throw error
  }
  const { db } = database
  return {
    db,
    close: () => database.close(),
    findCase: (caseId) => findCase(db, caseId),
    findContact: (contactId) => findContact(db, contactId),
    recordEnvelopeSent: (sent) =>
      insertCaseEnvelope(db, { ...sent, completedAt: null, updatedAt: sent.sentAt }),
  }
}
