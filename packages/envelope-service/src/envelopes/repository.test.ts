import { randomUUID } from 'node:crypto'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { putBlob } from '../documents/blobs.js'
import { makePdf } from '../documents/test-pdfs.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { newEnvelopeId } from './ids.js'
import {
  findCustomFields,
  findDocuments,
  findEnvelope,
  findIdempotencyKey,
  findRecipients,
  type NewEnvelope,
  storeEnvelope,
} from './repository.js'

describeEachDatabase('Envelope store (group commit)', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let blobId: string
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    sender = await seedPrincipal(service.ctx)
    blobId = await putBlob(service.ctx.db, await makePdf(1))
  })
  afterAll(() => service.close())

  function newEnvelope(overrides: Partial<NewEnvelope> = {}): NewEnvelope {
    const now = Date.now()
    return {
      envelopeId: newEnvelopeId(now),
      accountId: sender.accountId,
      senderUserId: sender.userId,
      now,
      definition: {
        status: 'sent',
        emailSubject: 'Please sign',
        emailBlurb: '',
        documents: [{ documentId: '1', name: 'Doc', fileExtension: 'pdf', pages: 1, order: 1, blobId }],
        recipients: [
          {
            type: 'signer',
            recipientId: '1',
            routingOrder: '1',
            name: 'Ana',
            email: 'ana@example.com',
            deliveryMethod: 'email',
            additionalNotifications: [],
            tabs: {},
          },
        ],
        customFields: {
          textCustomFields: [{ name: 'Case', value: '42', show: true, required: false }],
          listCustomFields: [],
        },
      },
      ...overrides,
    }
  }

  it('stores every envelope of a concurrent burst completely, each once', async () => {
    const envelopes = Array.from({ length: 40 }, () => newEnvelope())
    const stored = await Promise.all(envelopes.map((envelope) => storeEnvelope(service.ctx.db, envelope)))
    expect(stored.every(Boolean)).toBe(true)
    const ids = envelopes.map((envelope) => envelope.envelopeId)
    const [recipients, documents, fields] = await Promise.all([
      findRecipients(service.ctx.db, ids),
      findDocuments(service.ctx.db, ids),
      findCustomFields(service.ctx.db, ids),
    ])
    for (const id of ids) {
      expect((await findEnvelope(service.ctx.db, sender.accountId, id))?.status).toBe('sent')
      expect(recipients.get(id)).toHaveLength(1)
      expect(documents.get(id)).toHaveLength(1)
      expect(fields.get(id)?.textCustomFields).toHaveLength(1)
    }
  })

  it('lets only the first of concurrent envelopes with one idempotency key be written', async () => {
    const key = randomUUID()
    const envelopes = Array.from({ length: 5 }, () =>
      newEnvelope({ idempotency: { key, requestHash: 'same' } }),
    )
    const stored = await Promise.all(envelopes.map((envelope) => storeEnvelope(service.ctx.db, envelope)))
    expect(stored.filter(Boolean)).toHaveLength(1)
    const winner = envelopes[stored.indexOf(true)]
    expect((await findIdempotencyKey(service.ctx.db, sender.accountId, key))?.envelopeId).toBe(
      winner?.envelopeId,
    )
    for (const [index, envelope] of envelopes.entries()) {
      const found = await findEnvelope(service.ctx.db, sender.accountId, envelope.envelopeId)
      expect(found !== undefined).toBe(stored[index])
    }
  })

  it('fails only the envelope that cannot be stored when it shares a commit with others', async () => {
    const good = Array.from({ length: 3 }, () => newEnvelope())
    // No such user: the foreign key rejects this envelope, and with it the shared transaction.
    const bad = newEnvelope({ senderUserId: randomUUID() })
    const results = await Promise.allSettled(
      [good[0], bad, good[1], good[2]].map((envelope) =>
        storeEnvelope(service.ctx.db, envelope as NewEnvelope),
      ),
    )
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ])
    for (const envelope of good) {
      expect(await findEnvelope(service.ctx.db, sender.accountId, envelope.envelopeId)).toBeDefined()
    }
    expect(await findEnvelope(service.ctx.db, sender.accountId, bad.envelopeId)).toBeUndefined()
  })

  it('writes inside a caller transaction without the shared commit', async () => {
    const envelope = newEnvelope()
    await service.ctx.db.transaction().execute(async (tx) => {
      expect(await storeEnvelope(tx, envelope)).toBe(true)
    })
    expect(await findEnvelope(service.ctx.db, sender.accountId, envelope.envelopeId)).toBeDefined()
  })
})
