import { randomUUID } from 'node:crypto'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { putBlob } from '../documents/blobs/repository.js'
import { makePdf, makePdfBase64 } from '../documents/test-pdfs.js'
import {
  type EnvelopeToStore,
  groupCommitEnvelopeWriter,
  storeNewEnvelopes,
  transactionPerEnvelopeWriter,
} from '../envelope-api/writer.js'

import { newTimeOrderedId } from '../ids.js'
import { effectsAtCreate } from '../lifecycle/at-create.js'
import { OUTBOX_TOPICS } from '../outbox/topics.js'
import { withoutTabIds } from '../tabs/testing/tab-ids.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import type { EnvelopeDefinition } from './model.js'
import { findCustomFields, findDocuments, findEnvelope, findRecipients } from './repository.js'
import { createTemplateUseMemo } from './template-use.js'

const place = { documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '200' }

/** Everything a definition can carry: four recipient types over three routing orders, every tab kind. */
function fullDefinition(blobId: string, status: EnvelopeDefinition['status'] = 'sent'): EnvelopeDefinition {
  const common = { deliveryMethod: 'email' as const, additionalNotifications: [] }
  return {
    status,
    emailSubject: 'Please sign',
    emailBlurb: 'Thanks',
    documents: [{ documentId: '1', name: 'Doc', fileExtension: 'pdf', pages: 1, order: 1, blobId }],
    recipients: [
      {
        ...common,
        type: 'signer',
        recipientId: '1',
        roleName: 'Client',
        routingOrder: '1',
        name: 'Ana',
        email: 'ana@example.test',
        accessCode: '4711',
        clientUserId: 'crm-1',
        note: 'Sign page 2 too.\nThanks',
        deliveryMethod: 'SMS',
        phoneNumber: { countryCode: '34', number: '600000000' },
        tabs: {
          signHereTabs: [{ ...place, tabLabel: 'sig' }],
          textTabs: [{ ...place, tabLabel: 'Case', value: '42', required: 'false' }],
          checkboxTabs: [{ ...place, tabLabel: 'agree', selected: 'true' }],
          listTabs: [
            {
              ...place,
              tabLabel: 'lang',
              value: 'es',
              listItems: [
                { text: 'English', value: 'en', selected: 'false' },
                { text: 'Español', value: 'es', selected: 'true' },
              ],
            },
          ],
          radioGroupTabs: [
            { documentId: '1', groupName: 'plan', radios: [{ ...place, value: 'gold', selected: 'true' }] },
          ],
        },
      },
      {
        ...common,
        type: 'carbonCopy',
        recipientId: '2',
        routingOrder: '1',
        name: 'Cleo',
        email: 'cleo@example.test',
        tabs: {},
      },
      {
        ...common,
        type: 'certifiedDelivery',
        recipientId: '3',
        routingOrder: '2',
        name: 'Cid',
        email: 'cid@example.test',
        tabs: {},
      },
      {
        ...common,
        type: 'inPersonSigner',
        recipientId: '4',
        routingOrder: '10',
        name: 'Host',
        email: 'host@example.test',
        inPerson: { signerName: 'Walk In', signerEmail: 'walk@example.test' },
        additionalNotifications: [
          { secondaryDeliveryMethod: 'SMS', phoneNumber: { countryCode: '1', number: '5550100' } },
        ],
        tabs: {
          initialHereTabs: [place],
          dateSignedTabs: [place],
          fullNameTabs: [place],
          emailTabs: [place],
        },
      },
    ],
    customFields: {
      textCustomFields: [{ name: 'CrmRecordId', value: '42', show: true, required: false }],
      listCustomFields: [
        { name: 'Language', value: 'es', listItems: ['en', 'es'], show: false, required: true },
      ],
    },
    notification: {
      useAccountDefaults: false,
      reminders: { reminderEnabled: true, reminderDelayDays: 2, reminderFrequencyDays: 1 },
      expirations: { expireEnabled: true, expireAfterDays: 30, expireWarnDays: 5 },
    },
    eventNotification: {
      url: 'https://crm.example.test/hook',
      events: ['envelope-completed', 'recipient-completed'],
      includeHMAC: true,
      requireAcknowledgment: true,
      loggingEnabled: false,
      eventData: { version: 'restv2.1', format: 'json', includeData: ['recipients', 'custom_fields'] },
    },
    envelopeIdStamping: false,
    enforceSignerVisibility: true,
    allowReassign: true,
  }
}

describeEachDatabase('envelope write path', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let blobId: string
  let templateId: string
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    // The outbox jobs would drain the rows these tests count.
    await service.ctx.jobs.stop()
    sender = await seedPrincipal(service.ctx)
    blobId = await putBlob(service.ctx.db, await makePdf(1))
    const created = await service.app.inject({
      method: 'POST',
      url: `/restapi/v2.1/accounts/${sender.accountId}/templates`,
      headers: sender.headers,
      payload: {
        name: 'Used',
        documents: [
          { documentId: '1', name: 'D', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
        ],
        recipients: { signers: [{ recipientId: '1', roleName: 'Signer', routingOrder: '1' }] },
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    templateId = created.json().templateId
  })
  afterAll(() => service.close())

  function newEnvelope(overrides: Partial<EnvelopeToStore> & { status?: EnvelopeDefinition['status'] } = {}) {
    const { status, ...rest } = overrides
    const now = rest.now ?? Date.now()
    const envelopeId = newTimeOrderedId(now)
    const definition = fullDefinition(blobId, status)
    const envelope: EnvelopeToStore = {
      envelopeId,
      accountId: sender.accountId,
      senderUserId: sender.userId,
      definition,
      ...effectsAtCreate(
        { envelopeId, accountId: sender.accountId },
        definition,
        { source: 'API', userName: 'API', userId: sender.userId },
        now,
      ),
      templateIds: [],
      now,
      ...rest,
    }
    return envelope
  }

  /** Stored rows per table that belong to the envelopes, the outbox's found through their payloads. */
  async function countRows(envelopeIds: string[]) {
    const db = service.ctx.db
    const count = async (
      table: 'envelopes' | 'envelope_documents' | 'envelope_recipients' | 'envelope_custom_fields',
    ) => {
      const column = table === 'envelopes' ? 'id' : 'envelope_id'
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(column, 'in', envelopeIds)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    }
    const outbox = await db.selectFrom('outbox').select(['topic', 'payload', 'available_at']).execute()
    const mine = outbox.filter((row) => envelopeIds.includes(JSON.parse(row.payload).envelopeId))
    return {
      envelopes: await count('envelopes'),
      documents: await count('envelope_documents'),
      recipients: await count('envelope_recipients'),
      customFields: await count('envelope_custom_fields'),
      outbox: mine,
    }
  }

  describe('storeNewEnvelopes', () => {
    it('returns the topics it wrote, without Connect events when nobody listens', async () => {
      const envelope = newEnvelope()
      const { eventNotification: _heard, ...definition } = envelope.definition
      const stored = await service.ctx.db
        .transaction()
        .execute((tx) => storeNewEnvelopes(tx, [{ ...envelope, definition }]))
      // The account has no Connect configuration and the envelope no eventNotification.
      expect(stored).toEqual([{ topics: [OUTBOX_TOPICS.recipientMessage] }])
    })

    it('stores the envelope, its children and its outbox rows, and returns every field', async () => {
      const envelope = newEnvelope()
      const stored = await service.ctx.db.transaction().execute((tx) => storeNewEnvelopes(tx, [envelope]))
      expect(stored).toEqual([{ topics: [OUTBOX_TOPICS.recipientMessage, OUTBOX_TOPICS.envelopeEvent] }])
      const { envelopeId } = envelope
      const rows = await countRows([envelopeId])
      expect([rows.envelopes, rows.documents, rows.recipients, rows.customFields]).toEqual([1, 1, 4, 2])
      // Exactly the rows the lifecycle's send owed: the first routing order's signer invited, its carbon copy
      // sent its copy, and the send events.
      const described = (rows: { topic: string; payload: unknown }[]) =>
        rows.map((row) => JSON.stringify([row.topic, row.payload])).sort()
      expect(
        described(rows.outbox.map((row) => ({ topic: row.topic, payload: JSON.parse(row.payload) }))),
      ).toEqual(
        described(envelope.messages.map((message) => ({ topic: message.topic, payload: message.payload }))),
      )
      expect(rows.outbox.map((row) => Number(row.available_at))).toEqual(rows.outbox.map(() => envelope.now))
      expect(
        envelope.messages
          .map((message) => [
            message.topic,
            (message.payload as { kind?: string; event?: string }).kind ??
              (message.payload as { event: string }).event,
          ])
          .sort(),
      ).toEqual([
        ['envelope.event', 'envelope-sent'],
        ['envelope.event', 'recipient-sent'],
        ['envelope.event', 'recipient-sent'],
        // Signer 1 is embedded (clientUserId): no invitation goes to them (lifecycle/notified.ts).
        ['recipient.message', 'copy'],
      ])
      const audit = await service.ctx.db
        .selectFrom('audit_events')
        .select('sequence')
        .where('envelope_id', '=', envelopeId)
        .execute()
      expect(audit).toHaveLength(2)

      const record = await findEnvelope(service.ctx.db, sender.accountId, envelopeId)
      expect(record?.notification).toEqual(envelope.definition.notification)
      expect(record?.eventNotification).toEqual(envelope.definition.eventNotification)
      const recipients = (await findRecipients(service.ctx.db, [envelopeId])).get(envelopeId) ?? []
      expect(
        withoutTabIds(recipients.map(({ recipientIdGuid, sentAt, status, ...recipient }) => recipient)),
      ).toEqual(envelope.definition.recipients)
      expect(recipients.map((recipient) => recipient.status)).toEqual(['sent', 'sent', 'created', 'created'])
      const documents = (await findDocuments(service.ctx.db, [envelopeId])).get(envelopeId)
      expect(documents?.map(({ documentIdGuid, ...document }) => document)).toEqual(
        envelope.definition.documents,
      )
      const fields = (await findCustomFields(service.ctx.db, [envelopeId])).get(envelopeId)
      expect(fields?.listCustomFields.map(({ fieldId, ...field }) => field)).toEqual(
        envelope.definition.customFields.listCustomFields,
      )
    })

    it('stores a draft without outbox rows or invited recipients, and omits absent settings', async () => {
      const draft = newEnvelope({ status: 'created' })
      const { notification, eventNotification, ...definition } = draft.definition
      draft.definition = definition
      expect(draft.messages).toEqual([])
      await service.ctx.db.transaction().execute((tx) => storeNewEnvelopes(tx, [draft]))
      const rows = await countRows([draft.envelopeId])
      expect([rows.envelopes, rows.recipients, rows.outbox.length]).toEqual([1, 4, 0])
      const record = await findEnvelope(service.ctx.db, sender.accountId, draft.envelopeId)
      expect(record && ('notification' in record || 'eventNotification' in record)).toBe(false)
      const recipients = (await findRecipients(service.ctx.db, [draft.envelopeId])).get(draft.envelopeId)
      expect(recipients?.every((recipient) => recipient.status === 'created')).toBe(true)
    })

    it('leaves nothing behind, outbox rows included, when the caller transaction rolls back', async () => {
      const envelope = newEnvelope({ templateIds: [] })
      await expect(
        service.ctx.db.transaction().execute(async (tx) => {
          await storeNewEnvelopes(tx, [envelope])
          throw new Error('rolled back')
        }),
      ).rejects.toThrow('rolled back')
      const rows = await countRows([envelope.envelopeId])
      expect([
        rows.envelopes,
        rows.documents,
        rows.recipients,
        rows.customFields,
        rows.outbox.length,
      ]).toEqual([0, 0, 0, 0, 0])
    })

    it('writes the first of a batch that shares an idempotency key and skips the others', async () => {
      const key = randomUUID()
      const batch = Array.from({ length: 3 }, () => newEnvelope({ idempotency: { key, requestHash: 'h' } }))
      const stored = await service.ctx.db.transaction().execute((tx) => storeNewEnvelopes(tx, batch))
      expect(stored.map((result) => result !== null)).toEqual([true, false, false])
      const rows = await countRows(batch.map((envelope) => envelope.envelopeId))
      expect([rows.envelopes, rows.outbox.length]).toEqual([1, 4])
    })
  })

  describe('template use', () => {
    const lastUsed = async () =>
      (
        await service.ctx.db
          .selectFrom('template_usage')
          .select('last_used_at')
          .where('template_id', '=', templateId)
          .executeTakeFirst()
      )?.last_used_at

    for (const [variant, year, memoOf] of [
      ['every use asked of the database', 2030, () => undefined],
      ["with a memo of this process's committed uses", 2031, createTemplateUseMemo],
    ] as const) {
      it(`records the last use to the second, and skips templates deleted meanwhile: ${variant}`, async () => {
        const writer = transactionPerEnvelopeWriter(service.ctx.db, memoOf())
        const start = Date.parse(`${year}-01-01T00:00:00.000Z`)
        await writer(newEnvelope({ now: start, templateIds: [templateId] }))
        expect(await lastUsed()).toBe(`${year}-01-01T00:00:00.000Z`)
        await writer(newEnvelope({ now: start + 999, templateIds: [templateId] }))
        expect(await lastUsed()).toBe(`${year}-01-01T00:00:00.000Z`)
        await writer(newEnvelope({ now: start + 1_000, templateIds: [templateId] }))
        expect(await lastUsed()).toBe(`${year}-01-01T00:00:01.000Z`)
        // Another process (no memo here) records a later use; this one's memo does not hide it.
        await transactionPerEnvelopeWriter(service.ctx.db)(
          newEnvelope({ now: start + 2_500, templateIds: [templateId] }),
        )
        await writer(newEnvelope({ now: start + 3_000, templateIds: [templateId] }))
        expect(await lastUsed()).toBe(`${year}-01-01T00:00:02.500Z`)
        await writer(newEnvelope({ now: start + 3_500, templateIds: [templateId] }))
        expect(await lastUsed()).toBe(`${year}-01-01T00:00:03.500Z`)

        const gone = randomUUID()
        expect(await writer(newEnvelope({ templateIds: [gone] }))).not.toBeNull()
        const usage = await service.ctx.db.selectFrom('template_usage').select('template_id').execute()
        expect(usage.map((row) => row.template_id)).toEqual([templateId])
      })
    }

    it('does not count a use whose transaction rolled back', async () => {
      const memo = createTemplateUseMemo()
      const start = Date.parse('2032-01-01T00:00:00.000Z')
      const failing = memo.recorder()
      await expect(
        service.ctx.db.transaction().execute(async (tx) => {
          await storeNewEnvelopes(tx, [newEnvelope({ now: start, templateIds: [templateId] })], failing)
          throw new Error('rolled back')
        }),
      ).rejects.toThrow('rolled back')
      await transactionPerEnvelopeWriter(
        service.ctx.db,
        memo,
      )(newEnvelope({ now: start + 500, templateIds: [templateId] }))
      expect(await lastUsed()).toBe('2032-01-01T00:00:00.500Z')
    })
  })

  for (const [name, writerOf] of [
    ['group commit', groupCommitEnvelopeWriter],
    ['a transaction per envelope', transactionPerEnvelopeWriter],
  ] as const) {
    describe(`writer: ${name}`, () => {
      it('stores every envelope of a concurrent burst completely, each once', async () => {
        const write = writerOf(service.ctx.db)
        const envelopes = Array.from({ length: 40 }, () => newEnvelope())
        const stored = await Promise.all(envelopes.map(write))
        expect(stored.every(Boolean)).toBe(true)
        const rows = await countRows(envelopes.map((envelope) => envelope.envelopeId))
        expect([
          rows.envelopes,
          rows.documents,
          rows.recipients,
          rows.customFields,
          rows.outbox.length,
        ]).toEqual([40, 40, 160, 80, 160])
      })

      it('lets only the first of concurrent envelopes with one idempotency key be written', async () => {
        const write = writerOf(service.ctx.db)
        const key = randomUUID()
        const envelopes = Array.from({ length: 5 }, () =>
          newEnvelope({ idempotency: { key, requestHash: 'same' } }),
        )
        const stored = await Promise.all(envelopes.map(write))
        expect(stored.filter(Boolean)).toHaveLength(1)
        const winner = envelopes[stored.findIndex((result) => result !== null)]
        const keyRow = await service.ctx.db
          .selectFrom('envelope_idempotency_keys')
          .select('envelope_id')
          .where('idempotency_key', '=', key)
          .execute()
        expect(keyRow).toEqual([{ envelope_id: winner?.envelopeId }])
        const rows = await countRows(envelopes.map((envelope) => envelope.envelopeId))
        expect([rows.envelopes, rows.recipients, rows.outbox.length]).toEqual([1, 4, 4])
      })

      it('fails only the envelope that cannot be stored when it arrives with others', async () => {
        const write = writerOf(service.ctx.db)
        const good = Array.from({ length: 3 }, () => newEnvelope())
        // No such user: the foreign key rejects this envelope (and with it any transaction it shares).
        const bad = newEnvelope({ senderUserId: randomUUID() })
        const results = await Promise.allSettled(
          [good[0], bad, good[1], good[2]].map((envelope) => write(envelope as EnvelopeToStore)),
        )
        expect(results.map((result) => result.status)).toEqual([
          'fulfilled',
          'rejected',
          'fulfilled',
          'fulfilled',
        ])
        const rows = await countRows(good.map((envelope) => envelope.envelopeId))
        expect([rows.envelopes, rows.outbox.length]).toEqual([3, 12])
        const none = await countRows([bad.envelopeId])
        expect([none.envelopes, none.recipients, none.outbox.length]).toEqual([0, 0, 0])
      })
    })
  }
})
