import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_ROWS, ensureDemoData } from './demo-data.js'
import { importCases, readImportFile } from './import.js'
import {
  claimEvent,
  findCaseEnvelope,
  listCaseEnvelopes,
  listCases,
  updateEnvelopeStatus,
} from './repository.js'
import { type CaseStore, openCaseStore } from './store.js'

const NOW = '2026-11-22T10:00:00.000Z'
const row = (line: number, values: Record<string, unknown>) => ({ line, values })
const coordinator = { ServiceCoordinatorName: 'Sam', ServiceCoordinatorEmail: 'sam@example.test' }

async function tableCounts(store: CaseStore) {
  const count = async (table: 'cases' | 'contacts' | 'case_envelopes') =>
    Number(
      (
        await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  return {
    cases: await count('cases'),
    contacts: await count('contacts'),
    envelopes: await count('case_envelopes'),
  }
}

describeEachDatabase('case store', (databases) => {
  let store: CaseStore
  beforeEach(async () => {
    store = await openCaseStore(await databases.freshUrl())
  })
  afterEach(() => store.close())

  describe('import', () => {
    it('creates a case with its contact, linked through Signing_Recipient_1__c', async () => {
      const summary = await importCases(
        store.db,
        [
          row(2, {
            Id: 'case-1',
            CaseNumber: '0001',
            Signing_Recipient_1__c: 'contact-1',
            ContactName: 'Ana',
            ContactEmail: 'ana@example.test',
            ContactMobile: '+1 415 555 2671',
            Language: 'es',
            ...coordinator,
          }),
        ],
        NOW,
      )
      expect(summary).toEqual({ casesCreated: 1, contactsCreated: 1, refused: [] })
      expect(await store.findCase('case-1')).toEqual({
        id: 'case-1',
        caseNumber: '0001',
        signingRecipient1: 'contact-1',
        serviceCoordinatorName: 'Sam',
        serviceCoordinatorEmail: 'sam@example.test',
        language: 'es',
      })
      expect(await store.findContact('contact-1')).toEqual({
        id: 'contact-1',
        name: 'Ana',
        email: 'ana@example.test',
        mobile: '+14155552671',
      })
    })

    it('links an existing contact, and imports a case without contact as one without recipient 1', async () => {
      await importCases(
        store.db,
        [row(1, { CaseNumber: 'A', Signing_Recipient_1__c: 'c-1', ContactName: 'Ana', ...coordinator })],
        NOW,
      )
      const summary = await importCases(
        store.db,
        [
          row(1, { Id: 'b', CaseNumber: 'B', Signing_Recipient_1__c: 'c-1', ...coordinator }),
          row(2, { Id: 'c', CaseNumber: 'C', ...coordinator }),
        ],
        NOW,
      )
      expect(summary).toEqual({ casesCreated: 2, contactsCreated: 0, refused: [] })
      expect((await store.findCase('b'))?.signingRecipient1).toBe('c-1')
      expect((await store.findCase('c'))?.signingRecipient1).toBeNull()
      expect(await tableCounts(store)).toMatchObject({ cases: 3, contacts: 1 })
    })

    it('refuses bad rows with their line and reason and creates the good ones', async () => {
      const summary = await importCases(
        store.db,
        [
          row(2, { CaseNumber: '1', ...coordinator }),
          row(3, { CaseNumber: '', ...coordinator }),
          row(4, { CaseNumber: '1', ...coordinator }),
          row(5, { CaseNumber: '2', ServiceCoordinatorName: 'Sam', ServiceCoordinatorEmail: 'not-an-email' }),
          row(6, { CaseNumber: '3', ContactEmail: 'x@example.test', ...coordinator }),
          row(7, { CaseNumber: '4', ContactName: 'Bo', ContactMobile: '555-1234', ...coordinator }),
          row(8, { CaseNumber: '5', Signing_Recipient_1__c: 'missing', ...coordinator }),
          row(9, { CaseNumber: '6', Colour: 'red', ...coordinator }),
          row(10, { CaseNumber: '7', ContactName: 'Cy', ContactEmail: 'cy@', ...coordinator }),
        ],
        NOW,
      )
      expect(summary.casesCreated).toBe(1)
      expect(summary.refused.map((refusal) => [refusal.line, refusal.caseNumber])).toEqual([
        [3, ''],
        [4, '1'],
        [5, '2'],
        [6, '3'],
        [7, '4'],
        [8, '5'],
        [9, '6'],
        [10, '7'],
      ])
      expect(summary.refused.map((refusal) => refusal.reason)).toEqual([
        'CaseNumber is required',
        'CaseNumber 1 already exists',
        'ServiceCoordinatorEmail must be an email address',
        'ContactName is required when a contact is given',
        expect.stringMatching(/not a valid mobile number/),
        'Signing_Recipient_1__c missing is not a known contact',
        'unknown column "Colour"',
        'ContactEmail must be an email address',
      ])
      expect(await tableCounts(store)).toEqual({ cases: 1, contacts: 0, envelopes: 0 })
    })

    describe('files', () => {
      let directory: string
      beforeAll(() => {
        directory = mkdtempSync(join(tmpdir(), 'cases-import-'))
      })
      afterAll(() => rmSync(directory, { recursive: true, force: true }))

      it('reads CSV with a header row', async () => {
        const path = join(directory, 'cases.csv')
        writeFileSync(
          path,
          'CaseNumber,ContactName,ContactEmail,ServiceCoordinatorName,ServiceCoordinatorEmail\r\n' +
            '"0009","Gómez, Ana",ana@example.test,Sam,sam@example.test\r\n,,,,\r\n0010,,,Sam,bad\r\n',
        )
        const summary = await importCases(store.db, await readImportFile(path), NOW)
        expect(summary.casesCreated).toBe(1)
        expect(summary.refused).toEqual([
          { line: 4, caseNumber: '0010', reason: 'ServiceCoordinatorEmail must be an email address' },
        ])
        const [listed] = await listCases(store.db, { limit: 10 })
        expect(listed).toMatchObject({ caseNumber: '0009', contactName: 'Gómez, Ana' })
      })

      it('reads a JSON array of case objects and refuses a non-object item', async () => {
        const path = join(directory, 'cases.json')
        writeFileSync(path, JSON.stringify([{ CaseNumber: 42, ...coordinator }, 'nonsense']))
        const summary = await importCases(store.db, await readImportFile(path), NOW)
        expect(summary.casesCreated).toBe(1)
        expect(summary.refused).toEqual([{ line: 2, caseNumber: '', reason: 'CaseNumber is required' }])
      })

      it('refuses a JSON file that is not an array', async () => {
        const path = join(directory, 'object.json')
        writeFileSync(path, '{"CaseNumber": "1"}')
        await expect(readImportFile(path)).rejects.toThrow(/JSON array/)
      })
    })
  })

  describe('demo data', () => {
    it('loads the demo cases into an empty store once', async () => {
      expect(await ensureDemoData(store.db, NOW)).toBe(true)
      expect(await ensureDemoData(store.db, NOW)).toBe(false)
      expect(await tableCounts(store)).toEqual({ cases: DEMO_ROWS.length, contacts: 2, envelopes: 0 })
      const cases = await listCases(store.db, { limit: 10 })
      const smsCase = cases.find((record) => record.caseNumber === '00001002')
      const contact = await store.findContact(smsCase?.signingRecipient1 ?? '')
      expect(contact).toMatchObject({ email: null, mobile: '+573001234567' })
    })
  })

  describe('search and envelopes', () => {
    beforeEach(async () => {
      await ensureDemoData(store.db, NOW)
    })

    it('finds cases by a part of their number or of the contact name, ignoring case, with % taken literally', async () => {
      expect((await listCases(store.db, { search: 'pérez', limit: 10 })).map((c) => c.caseNumber)).toEqual([
        '00001002',
      ])
      expect((await listCases(store.db, { search: '1003', limit: 10 })).map((c) => c.caseNumber)).toEqual([
        '00001003',
      ])
      expect(await listCases(store.db, { search: '%', limit: 10 })).toEqual([])
      expect(await listCases(store.db, { limit: 2 })).toHaveLength(2)
    })

    it('records a sent envelope once, with its account, and its later status and completion time', async () => {
      const [first] = await listCases(store.db, { limit: 1 })
      const caseId = first?.id as string
      const sent = { caseId, envelopeId: 'env-1', accountId: 'acc-1', status: 'sent', sentAt: NOW }
      await store.recordEnvelopeSent(sent)
      await store.recordEnvelopeSent({ ...sent, accountId: 'acc-2' })
      expect(await tableCounts(store)).toMatchObject({ envelopes: 1 })
      const completedAt = '2026-11-22T11:00:00.000Z'
      await updateEnvelopeStatus(store.db, {
        envelopeId: 'env-1',
        status: 'completed',
        completedAt,
        at: completedAt,
      })
      const recorded = { ...sent, status: 'completed', completedAt, updatedAt: completedAt }
      expect(await listCaseEnvelopes(store.db, caseId)).toEqual([recorded])
      expect(await findCaseEnvelope(store.db, 'env-1')).toEqual(recorded)
      // An envelope never recorded as sent is not created by a status update.
      await updateEnvelopeStatus(store.db, { envelopeId: 'env-2', status: 'completed', completedAt, at: NOW })
      expect(await findCaseEnvelope(store.db, 'env-2')).toBeUndefined()
      expect(await tableCounts(store)).toMatchObject({ envelopes: 1 })
    })

    it('claims a delivery key once', async () => {
      expect(await claimEvent(store.db, 'k', NOW)).toBe(true)
      expect(await claimEvent(store.db, 'k', NOW)).toBe(false)
    })
  })
})
