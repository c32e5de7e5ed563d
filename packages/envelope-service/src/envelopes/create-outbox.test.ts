import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { connectConfigurationBody } from '../testing/connect-configuration.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'

describeEachDatabase('envelope create and its outbox rows', (databases) => {
  let service: TestService
  /** An account with a Connect configuration: its envelopes' events are stored for the fan-out. */
  let sender: TestPrincipal
  /** An account nobody listens to. */
  let unheard: TestPrincipal
  let documentBase64: string
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    // The outbox jobs would drain the rows these tests count.
    await service.ctx.jobs.stop()
    ;[sender, unheard] = [await seedPrincipal(service.ctx), await seedPrincipal(service.ctx)]
    documentBase64 = await makePdfBase64(1)
    const configured = await service.app.inject({
      method: 'POST',
      url: `/restapi/v2.1/accounts/${sender.accountId}/connect`,
      headers: sender.headers,
      payload: connectConfigurationBody('https://hooks.example.com/docusign'),
    })
    expect(configured.statusCode, configured.body).toBe(201)
  })
  afterAll(() => service.close())

  const create = async (
    status: string,
    headers: Record<string, string> = {},
    as = sender,
    extra: Record<string, unknown> = {},
  ) => {
    const response = await service.app.inject({
      method: 'POST',
      url: `/restapi/v2.1/accounts/${as.accountId}/envelopes`,
      headers: { ...as.headers, ...headers },
      payload: {
        ...extra,
        status,
        emailSubject: 'Sign',
        documents: [{ documentId: '1', name: 'D', fileExtension: 'pdf', documentBase64 }],
        recipients: {
          signers: [
            { recipientId: '1', name: 'Ana', email: 'ana@example.test', routingOrder: '2' },
            { recipientId: '2', name: 'Bo', email: 'bo@example.test', routingOrder: '1' },
          ],
          carbonCopies: [{ recipientId: '3', name: 'Cy', email: 'cy@example.test', routingOrder: '1' }],
        },
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId as string
  }
  const outboxOf = async (envelopeId: string) =>
    (await service.ctx.db.selectFrom('outbox').select(['topic', 'payload']).orderBy('id').execute())
      .map((row) => ({ topic: row.topic, payload: JSON.parse(row.payload) }))
      .filter((row) => row.payload.envelopeId === envelopeId)

  describe('POST /envelopes', () => {
    it('invites the lowest routing order, copies its carbon copy, and publishes the send events', async () => {
      const envelopeId = await create('sent')
      const rows = await outboxOf(envelopeId)
      // Rows enqueued in one millisecond have no order among themselves.
      const described = rows.map((row) => [
        row.topic,
        row.payload.kind ?? row.payload.event,
        row.payload.recipientId ?? '-',
      ])
      expect(described.sort()).toEqual([
        ['envelope.event', 'envelope-sent', '-'],
        ['envelope.event', 'recipient-sent', '2'],
        ['envelope.event', 'recipient-sent', '3'],
        ['recipient.message', 'copy', '3'],
        ['recipient.message', 'invitation', '2'],
      ])
    })

    it('stores no Connect events for an account without a configuration, only the messages', async () => {
      const rows = await outboxOf(await create('sent', {}, unheard))
      expect(rows.map((row) => [row.topic, row.payload.kind ?? row.payload.event]).sort()).toEqual([
        ['recipient.message', 'copy'],
        ['recipient.message', 'invitation'],
      ])
    })

    it("stores the events for the envelope's own eventNotification when the account has no configuration", async () => {
      const eventNotification = {
        url: 'https://crm.example.com/hook',
        envelopeEvents: [{ envelopeEventStatusCode: 'completed' }],
      }
      const rows = await outboxOf(await create('sent', {}, unheard, { eventNotification }))
      expect(rows.filter((row) => row.topic === 'envelope.event')).toHaveLength(3)
    })

    it('starts the audit trail with the invitations, chained', async () => {
      const envelopeId = await create('sent')
      const entries = await service.ctx.db
        .selectFrom('audit_events')
        .select(['sequence', 'entry', 'previous_hash', 'hash'])
        .where('envelope_id', '=', envelopeId)
        .orderBy('sequence')
        .execute()
      expect(entries.map((entry) => [Number(entry.sequence), JSON.parse(entry.entry).action])).toEqual([
        [1, 'Sent Invitations'],
        [2, 'Sent Invitations'],
      ])
      expect(entries[1]!.previous_hash).toBe(entries[0]!.hash)
    })

    it('enqueues nothing for a draft', async () => {
      expect(await outboxOf(await create('created'))).toEqual([])
    })

    it('enqueues once for a replayed Idempotency-Key', async () => {
      const key = { 'idempotency-key': `outbox-${Date.now()}` }
      const total = async () =>
        Number(
          (
            await service.ctx.db
              .selectFrom('outbox')
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        )
      const envelopeId = await create('sent', key)
      const afterFirst = await total()
      expect(await create('sent', key)).toBe(envelopeId)
      expect(await outboxOf(envelopeId)).toHaveLength(5)
      expect(await total()).toBe(afterFirst)
    })
  })
})
