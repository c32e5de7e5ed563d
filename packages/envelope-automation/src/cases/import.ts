import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { extname } from 'node:path'
import { AutomationInputError } from '../errors.js'
import { parseSmsPhone } from '../recipients/phone.js'
import { parseCsv } from './csv.js'
import type { CaseRecord, Contact } from './model.js'
import {
  type CaseDb,
  findCase,
  findCaseByNumber,
  findContact,
  insertCase,
  insertContact,
} from './repository.js'

/**
 * Import of cases with their contact, one case per row, from CSV (a header row) or JSON (an array of
 * objects), with the same column names:
 * `Id`, `CaseNumber`, `Signing_Recipient_1__c`, `ContactName`, `ContactEmail`, `ContactMobile`,
 * `ServiceCoordinatorName`, `ServiceCoordinatorEmail`, `Language`.
 * A row with contact columns creates that contact (with `Signing_Recipient_1__c` as its id when given) and
 * links it; a row with only `Signing_Recipient_1__c` links an existing contact; a row with neither is a case
 * without recipient 1. Each row is created whole or refused with its reason; the others go on.
 */
export const IMPORT_COLUMNS = [
  'Id',
  'CaseNumber',
  'Signing_Recipient_1__c',
  'ContactName',
  'ContactEmail',
  'ContactMobile',
  'ServiceCoordinatorName',
  'ServiceCoordinatorEmail',
  'Language',
] as const

export interface ImportRow {
  /** CSV line, or 1-based position in the JSON array. */
  line: number
  values: Record<string, unknown>
}

export interface ImportSummary {
  casesCreated: number
  contactsCreated: number
  refused: { line: number; caseNumber: string; reason: string }[]
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export async function readImportFile(path: string): Promise<ImportRow[]> {
  const text = await readFile(path, 'utf8')
  const isJson = extname(path).toLowerCase() === '.json' || /^\s*[[{]/.test(text)
  if (!isJson) return parseCsv(text)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new AutomationInputError(`${path} is not valid JSON: ${(error as Error).message}`)
  }
  if (!Array.isArray(parsed)) throw new AutomationInputError(`${path} must hold a JSON array of case objects`)
  return parsed.map((values, index) => ({
    line: index + 1,
    values: typeof values === 'object' && values !== null && !Array.isArray(values) ? values : {},
  }))
}

export async function importCases(db: CaseDb, rows: ImportRow[], now: string): Promise<ImportSummary> {
  const summary: ImportSummary = { casesCreated: 0, contactsCreated: 0, refused: [] }
  for (const row of rows) {
    const caseNumber = text(row.values.CaseNumber)
    try {
      const planned = await planRow(db, row.values)
      await db.transaction().execute(async (tx) => {
        if (planned.contact) await insertContact(tx, planned.contact, now)
        await insertCase(tx, planned.caseRecord, now)
      })
      summary.casesCreated += 1
      if (planned.contact) summary.contactsCreated += 1
    } catch (error) {
      if (!(error instanceof AutomationInputError)) throw error
      summary.refused.push({ line: row.line, caseNumber, reason: error.message })
    }
  }
  return summary
}

async function planRow(
  db: CaseDb,
  values: Record<string, unknown>,
): Promise<{ caseRecord: CaseRecord; contact: Contact | undefined }> {
  const unknown = Object.keys(values).filter((key) => !(IMPORT_COLUMNS as readonly string[]).includes(key))
  if (unknown.length)
    throw new AutomationInputError(`unknown column ${unknown.map((key) => `"${key}"`).join(', ')}`)
  const caseNumber = text(values.CaseNumber)
  if (caseNumber === '') throw new AutomationInputError('CaseNumber is required')
  if (await findCaseByNumber(db, caseNumber))
    throw new AutomationInputError(`CaseNumber ${caseNumber} already exists`)
  const caseId = text(values.Id) || randomUUID()
  if (await findCase(db, caseId)) throw new AutomationInputError(`case Id ${caseId} already exists`)
  const coordinatorName = text(values.ServiceCoordinatorName)
  const coordinatorEmail = text(values.ServiceCoordinatorEmail)
  if (coordinatorName === '') throw new AutomationInputError('ServiceCoordinatorName is required')
  if (!EMAIL.test(coordinatorEmail))
    throw new AutomationInputError('ServiceCoordinatorEmail must be an email address')

  const link = text(values.Signing_Recipient_1__c)
  const contactName = text(values.ContactName)
  const contactEmail = text(values.ContactEmail)
  const contactMobile = text(values.ContactMobile)
  let contact: Contact | undefined
  if (contactName || contactEmail || contactMobile) {
    if (contactName === '') throw new AutomationInputError('ContactName is required when a contact is given')
    if (contactEmail && !EMAIL.test(contactEmail))
      throw new AutomationInputError('ContactEmail must be an email address')
    if (link && (await findContact(db, link))) {
      throw new AutomationInputError(
        `contact ${link} already exists: leave the contact columns empty to link it`,
      )
    }
    contact = {
      id: link || randomUUID(),
      name: contactName,
      email: contactEmail || null,
      mobile: contactMobile ? parseSmsPhone(contactMobile).e164 : null,
    }
  } else if (link && !(await findContact(db, link))) {
    throw new AutomationInputError(`Signing_Recipient_1__c ${link} is not a known contact`)
  }
  return {
    contact,
    caseRecord: {
      id: caseId,
      caseNumber,
      signingRecipient1: contact?.id ?? (link || null),
      serviceCoordinatorName: coordinatorName,
      serviceCoordinatorEmail: coordinatorEmail,
      language: text(values.Language) || null,
    },
  }
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return ''
}
