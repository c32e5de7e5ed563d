import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { sql } from 'kysely'
import { connectDatabase, type Database, migrateToLatest } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Schema } from '../database.js'
import { storeRecipientCorrections } from '../envelope-api/corrections/repository.js'
import { storeFieldChanges } from '../envelope-api/custom-fields/repository.js'
import { migrations } from '../migrations/index.js'
import type { SystemFolder } from './folder.js'
import type { EnvelopeDefinition } from './model.js'
import { type EnvelopeListQuery, insertEnvelopes, listEnvelopes, type NewEnvelope } from './repository.js'
import { searchFilterOf } from './search.js'

/**
 * `search_text` through the search-text index (migration 0034) against the plain scan of the values, on
 * generated envelopes, with the same folders, statuses, order and page: the same envelopes in the same
 * order, and the total equal to the exact count or capped where asked. The alphabet holds what can go
 * wrong: case (ASCII and not), LIKE wildcards and escape, FTS5's quote, line breaks (the search text's
 * separator) and the Kelvin sign, which Unicode case folding (FTS5) turns into an ASCII k.
 */
const ALPHABET = ['a', 'b', 'A', 'é', 'É', '%', '_', '\\', '"', ' ', '\n', 'k', '\u212a']
const text = (maxLength: number) =>
  fc.array(fc.constantFrom(...ALPHABET), { maxLength }).map((characters) => characters.join(''))

const recipient = fc.record({
  name: fc.option(text(6), { nil: undefined }),
  email: fc.option(text(6), { nil: undefined }),
})
const envelope = fc.record({
  subject: text(8),
  recipients: fc.array(recipient, { maxLength: 3 }),
  fieldValues: fc.array(text(5), { maxLength: 2 }),
  draft: fc.boolean(),
  binned: fc.boolean(),
  sentBySecond: fc.boolean(),
  tick: fc.integer({ min: 0, max: 5 }),
})
const listing = fc.record({
  search: text(4),
  /** Most searches cut from a stored value (else three characters rarely match), some in upper case. */
  cut: fc.option(
    fc.record({
      value: fc.nat(),
      from: fc.nat(),
      length: fc.integer({ min: 1, max: 5 }),
      upper: fc.boolean(),
    }),
    {
      freq: 4,
      nil: undefined,
    },
  ),
  folder: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 3 },
    fc.constantFrom<SystemFolder>('sentitems', 'draft', 'inbox', 'recyclebin'),
  ),
  descending: fc.boolean(),
  start: fc.integer({ min: 0, max: 4 }),
  count: fc.integer({ min: 1, max: 6 }),
  reach: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
})

describeEachDatabase('envelope list search: index against scan', (databases) => {
  let database: Database<Schema>
  const accountId = randomUUID()
  const senders = [
    { id: randomUUID(), name: 'Ana Émbé' },
    { id: randomUUID(), name: 'b%k' },
  ]
  const callerEmail = 'ab'

  beforeAll(async () => {
    database = connectDatabase<Schema>(await databases.freshUrl())
    await migrateToLatest(database, migrations)
    const at = new Date().toISOString()
    await database.db
      .insertInto('accounts')
      .values({ id: accountId, name: 'Search', hourly_limit: 1e9, burst_limit: 1e9, created_at: at })
      .execute()
    await database.db
      .insertInto('users')
      .values(senders.map((sender) => ({ ...sender, email: `${sender.id}@example.test`, created_at: at })))
      .execute()
  })
  afterAll(() => database.close())

  it('finds the same envelopes, in the same order, with the same or capped total', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(envelope, { maxLength: 20 }),
        fc.array(listing, { minLength: 1, maxLength: 6 }),
        async (generated, listings) => {
          const db = database.db
          await db.deleteFrom('envelopes').where('account_id', '=', accountId).execute()
          const stored: NewEnvelope[] = generated.map((item, index) => ({
            envelopeId: `e${String(index).padStart(3, '0')}-${randomUUID()}`,
            accountId,
            senderUserId: (item.sentBySecond ? senders[1] : senders[0])?.id as string,
            definition: definitionOf(item),
            invited: [],
            templateIds: [],
            now: Date.UTC(2026, 0, 1) + item.tick * 1000,
          }))
          await db.transaction().execute((tx) => insertEnvelopes(tx, stored))
          const binned = stored.filter((_, index) => generated[index]?.binned).map((item) => item.envelopeId)
          if (binned.length > 0) {
            await db
              .updateTable('envelopes')
              .set({ folder: 'recyclebin' })
              .where('id', 'in', binned)
              .execute()
          }
          const values = generated.flatMap((item) => [
            item.subject,
            ...item.recipients.flatMap((person) => [person.name ?? '', person.email ?? '']),
            ...item.fieldValues,
            ...senders.map((sender) => sender.name),
          ])
          for (const asked of listings) {
            const search = searchFilterOf(searchTextOf(asked, values))
            const query: EnvelopeListQuery = {
              accountId,
              ...(search ? { search } : {}),
              ...(asked.folder ? { folders: { ids: [asked.folder], callerEmail } } : {}),
              order: { by: 'status_changed_at', descending: asked.descending },
              start: asked.start,
              count: asked.count,
            }
            const scanned = await listEnvelopes(db, query, { searchIndex: false })
            const indexed = await listEnvelopes(
              db,
              query,
              asked.reach === undefined ? {} : { countLimit: asked.reach },
            )
            expect(indexed.envelopes.map((item) => item.envelopeId)).toEqual(
              scanned.envelopes.map((item) => item.envelopeId),
            )
            expect(indexed.total).toBe(
              asked.reach === undefined ? scanned.total : Math.min(scanned.total, asked.reach),
            )
          }
        },
      ),
      { numRuns: 60 },
    )
    // FTS5 checks its index against the rows it indexes (the triggers kept it in step through every delete).
    if (databases.dialect === 'sqlite') {
      await sql`insert into envelope_search (envelope_search, rank) values ('integrity-check', 1)`.execute(
        database.db,
      )
    }
  })

  it('finds an envelope by a custom field value written after it was created, and no longer by the old one', async () => {
    const db = database.db
    await db.deleteFrom('envelopes').where('account_id', '=', accountId).execute()
    const envelopeId = randomUUID()
    const definition = definitionOf({
      subject: 'Lease',
      recipients: [],
      fieldValues: ['Old-42'],
      draft: false,
    })
    await db.transaction().execute((tx) =>
      insertEnvelopes(tx, [
        {
          envelopeId,
          accountId,
          senderUserId: senders[0]?.id as string,
          definition,
          invited: [],
          templateIds: [],
          now: Date.now(),
        },
      ]),
    )
    const field = {
      fieldId: '1',
      kind: 'text' as const,
      name: 'Case',
      value: 'Renewed-77',
      listItems: [],
      show: true,
      required: false,
    }
    await db
      .transaction()
      .execute((tx) => storeFieldChanges(tx, envelopeId, { added: [], updated: [field], deleted: [] }))
    const found = async (searchText: string) =>
      (await listEnvelopes(db, { accountId, search: searchFilterOf(searchText), start: 0, count: 10 })).total
    expect(await found('renewed-77')).toBe(1)
    expect(await found('old-42')).toBe(0)
  })
  it('finds an envelope by a recipient name a correction wrote, and no longer by the old one', async () => {
    const db = database.db
    await db.deleteFrom('envelopes').where('account_id', '=', accountId).execute()
    const envelopeId = randomUUID()
    const recipients = [{ name: 'Olga Oldname', email: 'olga@example.test' }]
    const definition = definitionOf({ subject: 'Lease', recipients, fieldValues: [], draft: false })
    const senderUserId = senders[0]?.id as string
    await db
      .transaction()
      .execute((tx) =>
        insertEnvelopes(tx, [
          { envelopeId, accountId, senderUserId, definition, invited: [], templateIds: [], now: Date.now() },
        ]),
      )
    const correction = {
      recipientId: '1',
      changes: { name: 'Nora Newname', email: 'nora@example.test' },
      revokeAccess: false,
      endAuthSessions: false,
    }
    await db.transaction().execute((tx) => storeRecipientCorrections(tx, envelopeId, [correction]))
    const found = async (searchText: string) =>
      (await listEnvelopes(db, { accountId, search: searchFilterOf(searchText), start: 0, count: 10 })).total
    expect(await found('newname')).toBe(1)
    expect(await found('nora@')).toBe(1)
    expect(await found('oldname')).toBe(0)
    expect(await found('olga@')).toBe(0)
  })

  it('forgets an envelope deleted with its search text', async () => {
    const db = database.db
    const envelopeId = randomUUID()
    const definition = definitionOf({
      subject: 'Purged quince',
      recipients: [],
      fieldValues: [],
      draft: false,
    })
    const senderUserId = senders[0]?.id as string
    await db
      .transaction()
      .execute((tx) =>
        insertEnvelopes(tx, [
          { envelopeId, accountId, senderUserId, definition, invited: [], templateIds: [], now: Date.now() },
        ]),
      )
    const found = async () =>
      (await listEnvelopes(db, { accountId, search: searchFilterOf('quince'), start: 0, count: 10 })).total
    expect(await found()).toBe(1)
    await db.deleteFrom('envelopes').where('id', '=', envelopeId).execute()
    expect(await found()).toBe(0)
    const left = await db
      .selectFrom('envelope_search_text')
      .select('envelope_id')
      .where('envelope_id', '=', envelopeId)
      .execute()
    expect(left).toEqual([])
  })
})

function searchTextOf(
  asked: {
    search: string
    cut?: { value: number; from: number; length: number; upper: boolean } | undefined
  },
  values: string[],
): string {
  const { cut } = asked
  if (!cut || values.length === 0) return asked.search
  const value = values[cut.value % values.length] as string
  const from = cut.from % (value.length + 1)
  const piece = value.slice(from, from + cut.length)
  return cut.upper ? piece.toUpperCase() : piece
}

function definitionOf(item: {
  subject: string
  recipients: { name?: string; email?: string }[]
  fieldValues: string[]
  draft: boolean
}): EnvelopeDefinition {
  return {
    status: item.draft ? 'created' : 'sent',
    envelopeIdStamping: true,
    enforceSignerVisibility: false,
    allowReassign: false,
    emailSubject: item.subject,
    emailBlurb: '',
    documents: [],
    recipients: item.recipients.map((person, index) => ({
      type: 'signer',
      recipientId: String(index + 1),
      routingOrder: '1',
      ...(person.name !== undefined ? { name: person.name } : {}),
      ...(person.email !== undefined ? { email: person.email } : {}),
      deliveryMethod: 'email',
      additionalNotifications: [],
      tabs: {},
    })),
    customFields: {
      textCustomFields: item.fieldValues.map((value, index) => ({
        name: `f${index}`,
        value,
        show: true,
        required: false,
      })),
      listCustomFields: [],
    },
  }
}
