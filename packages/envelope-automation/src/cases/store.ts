import type { Kysely } from 'kysely'
import { connectDatabase, migrateToLatest } from 'platform'
import { consoleUserMigrations } from '../users/migrations.js'
import type { UsersDb } from '../users/repository.js'
import type { ConsoleUsersSchema } from '../users/tables.js'
import { caseStoreMigrations } from './migrations.js'
import type { CaseReader, EnvelopeRecorder } from './model.js'
import { findCase, findContact, insertCaseEnvelope } from './repository.js'
import type { CaseStoreSchema } from './tables.js'

export type CaseStore = CaseReader &
  EnvelopeRecorder & {
    db: Kysely<CaseStoreSchema>
    /** The same database, typed for the console's sign-in tables (users/). */
    usersDb: UsersDb
    close(): Promise<void>
  }

/** Opens (and migrates) the case store, with the console's users, at a `sqlite:` or `postgres://` URL. */
export async function openCaseStore(url: string): Promise<CaseStore> {
  const database = connectDatabase<CaseStoreSchema & ConsoleUsersSchema>(url)
  try {
    await migrateToLatest(database, (dialect) => ({
      ...caseStoreMigrations(dialect),
      ...consoleUserMigrations(dialect),
    }))
  } catch (error) {
    await database.close()
    throw error
  }
  const db = database.db as unknown as Kysely<CaseStoreSchema>
  return {
    db,
    usersDb: database.db as unknown as UsersDb,
    close: () => database.close(),
    findCase: (caseId) => findCase(db, caseId),
    findContact: (contactId) => findContact(db, contactId),
    recordEnvelopeSent: (sent) =>
      insertCaseEnvelope(db, { ...sent, completedAt: null, updatedAt: sent.sentAt }),
  }
}
