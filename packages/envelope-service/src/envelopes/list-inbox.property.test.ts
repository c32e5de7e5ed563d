import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { connectDatabase, type Database, migrateToLatest } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Schema } from '../database.js'
import { migrations } from '../migrations/index.js'
import type { SystemFolder } from './folder.js'
import type { EnvelopeDefinition } from './model.js'
import { type EnvelopeListQuery, insertEnvelopes, listEnvelopes, type NewEnvelope } from './repository.js'

/**
 * The inbox read from the caller's recipient rows and the moved envelopes (migration 0038) against the
 * folder rule itself (folder.ts), evaluated here on generated envelopes: the same envelopes, in the same
 * order, page and total (exact or capped). Two accounts, so that another account's envelopes addressed
 * to the caller or moved to its inbox (both read by the candidate set) never show; the caller's email in
 * mixed case; every stored folder and several statuses; the inbox alone and beside another folder.
 */
const CALLER = 'Me@Example.Test'
const STATUSES = ['created', 'sent', 'delivered', 'completed', 'voided'] as const
const envelope = fc.record({
  otherAccount: fc.boolean(),
  status: fc.constantFrom(...STATUSES),
  folder: fc.constantFrom<SystemFolder | null>(null, null, null, 'inbox', 'sentitems', 'draft', 'recyclebin'),
  emails: fc.array(fc.constantFrom('me@example.test', 'ME@EXAMPLE.TEST', 'you@example.test', 'me@example'), {
    maxLength: 3,
  }),
  tick: fc.integer({ min: 0, max: 5 }),
})
const listing = fc.record({
  beside: fc.constantFrom<SystemFolder | undefined>(undefined, undefined, 'draft', 'sentitems', 'recyclebin'),
  statuses: fc.option(fc.subarray([...STATUSES], { minLength: 1 }), { nil: undefined }),
  descending: fc.boolean(),
  start: fc.integer({ min: 0, max: 4 }),
  count: fc.integer({ min: 1, max: 6 }),
  reach: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
})

type Generated = {
  id: string
  account: string
  status: string
  folder: SystemFolder | null
  emails: string[]
  at: string
}

/** folder.ts's rule, as the dashboard means it. */
function holds(folder: SystemFolder, item: Generated): boolean {
  if (item.folder !== null) return item.folder === folder
  if (folder === 'draft') return item.status === 'created'
  if (folder === 'sentitems') return item.status !== 'created'
  if (folder === 'inbox') {
    return (
      item.status !== 'created' && item.emails.some((email) => email.toLowerCase() === CALLER.toLowerCase())
    )
  }
  return false
}

describeEachDatabase('envelope list inbox: candidate set against the folder rule', (databases) => {
  let database: Database<Schema>
  const accounts = [randomUUID(), randomUUID()]
  const senderUserId = randomUUID()

  beforeAll(async () => {
    database = connectDatabase<Schema>(await databases.freshUrl())
    await migrateToLatest(database, migrations)
    const at = new Date().toISOString()
    await database.db
      .insertInto('accounts')
      .values(
        accounts.map((id) => ({ id, name: 'Inbox', hourly_limit: 1e9, burst_limit: 1e9, created_at: at })),
      )
      .execute()
    await database.db
      .insertInto('users')
      .values({ id: senderUserId, name: 'Sender', email: 'sender@example.test', created_at: at })
      .execute()
  })
  afterAll(() => database.close())

  it('lists the same envelopes, in the same order, with the same or capped total', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(envelope, { maxLength: 24 }),
        fc.array(listing, { minLength: 1, maxLength: 6 }),
        async (generated, listings) => {
          const db = database.db
          await db.deleteFrom('envelopes').where('account_id', 'in', accounts).execute()
          const items: Generated[] = generated.map((item, index) => ({
            id: `e${String(index).padStart(3, '0')}-${randomUUID()}`,
            account: accounts[item.otherAccount ? 1 : 0] as string,
            status: item.status,
            folder: item.folder,
            emails: item.emails,
            at: new Date(Date.UTC(2026, 0, 1) + item.tick * 1000).toISOString(),
          }))
          const stored: NewEnvelope[] = items.map((item) => ({
            envelopeId: item.id,
            accountId: item.account,
            senderUserId,
            definition: definitionOf(item.emails),
            invited: [],
            templateIds: [],
            now: Date.parse(item.at),
          }))
          await db.transaction().execute((tx) => insertEnvelopes(tx, stored))
          for (const item of items) {
            await db
              .updateTable('envelopes')
              .set({ status: item.status, folder: item.folder, status_changed_at: item.at })
              .where('id', '=', item.id)
              .execute()
          }
          for (const asked of listings) {
            const folders: SystemFolder[] = asked.beside ? ['inbox', asked.beside] : ['inbox']
            const query: EnvelopeListQuery = {
              accountId: accounts[0] as string,
              ...(asked.statuses ? { statuses: asked.statuses } : {}),
              folders: { ids: folders, callerEmail: CALLER },
              order: { by: 'status_changed_at', descending: asked.descending },
              start: asked.start,
              count: asked.count,
            }
            const expected = items
              .filter((item) => item.account === accounts[0])
              .filter(
                (item) =>
                  !asked.statuses || asked.statuses.includes(item.status as (typeof STATUSES)[number]),
              )
              .filter((item) => folders.some((folder) => holds(folder, item)))
              .sort((a, b) => (a.at === b.at ? a.id.localeCompare(b.id) : a.at.localeCompare(b.at)))
            if (asked.descending) expected.reverse()
            const listed = await listEnvelopes(
              db,
              query,
              asked.reach === undefined ? {} : { countLimit: asked.reach },
            )
            expect(listed.envelopes.map((item) => item.envelopeId)).toEqual(
              expected.slice(asked.start, asked.start + asked.count).map((item) => item.id),
            )
            expect(listed.total).toBe(
              asked.reach === undefined ? expected.length : Math.min(expected.length, asked.reach),
            )
          }
        },
      ),
      { numRuns: 60 },
    )
  })
})

function definitionOf(emails: string[]): EnvelopeDefinition {
  return {
    status: 'sent',
    envelopeIdStamping: true,
    enforceSignerVisibility: false,
    allowReassign: false,
    emailSubject: 'Inbox',
    emailBlurb: '',
    documents: [],
    recipients: emails.map((email, index) => ({
      type: 'signer',
      recipientId: String(index + 1),
      routingOrder: '1',
      name: `R${index}`,
      email,
      deliveryMethod: 'email',
      additionalNotifications: [],
      tabs: {},
    })),
    customFields: { textCustomFields: [], listCustomFields: [] },
  }
}
