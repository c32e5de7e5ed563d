import { type ImportRow, importCases } from './import.js'
import { type CaseDb, countCases } from './repository.js'

/**
 * Cases a new user can send from at once: one contact with an email, one Spanish-speaking contact with only
 * a mobile (the SMS path), and one case without a linked contact (no recipient 1).
 */
export const DEMO_ROWS: Record<string, string>[] = [
  {
    CaseNumber: '00001001',
    ContactName: 'Ana Gómez',
    ContactEmail: 'ana.gomez@example.com',
    ContactMobile: '+14155552671',
    ServiceCoordinatorName: 'Sam Rivera',
    ServiceCoordinatorEmail: 'sam.rivera@example.com',
    Language: 'English',
  },
  {
    CaseNumber: '00001002',
    ContactName: 'Luis Pérez',
    ContactMobile: '+573001234567',
    ServiceCoordinatorName: 'Sam Rivera',
    ServiceCoordinatorEmail: 'sam.rivera@example.com',
    Language: 'es-CO',
  },
  {
    CaseNumber: '00001003',
    ServiceCoordinatorName: 'Sam Rivera',
    ServiceCoordinatorEmail: 'sam.rivera@example.com',
  },
]

/** Loads the demo cases into an empty store; a store with any case is left alone. */
export async function ensureDemoData(db: CaseDb, now: string): Promise<boolean> {
  if ((await countCases(db)) > 0) return false
  const rows: ImportRow[] = DEMO_ROWS.map((values, index) => ({ line: index + 1, values }))
  await importCases(db, rows, now)
  return true
}
