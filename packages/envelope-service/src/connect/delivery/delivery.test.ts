import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describeEachDatabase, type TestDatabases } from 'platform/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import {
  createConfiguration,
  movableClock,
  retryClock,
  sendEnvelope,
  signEnvelope,
  startReceiver,
  startService,
  verifySignature,
  waitFor,
} from '../../testing/connect-receiver.js'
import { insertConfiguration } from '../repository.js'
import { createHttpPoster } from './http-sender.js'

/**
 * Connect delivery end to end: real envelopes signed through the signing API, the fan-out and sender
 * jobs running in the service, and a real receiver checking every signature (test-receiver.ts).
 */

const FULL_SIGNING = [
  'envelope-sent',
  'recipient-sent',
  'recipient-delivered',
  'envelope-delivered',
  'recipient-completed',
  'envelope-completed',
]

describeEachDatabase('Connect delivery', (databases: TestDatabases) => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  }, 60_000)

  describe('a full signing', () => {
    it('delivers every event signed, in order, and envelope-completed carries CrmRecordId and CaseNumber', async () => {
      const receiver = await startReceiver()
      cleanups.push(receiver.close)
      const harness = await startService(await databases.freshUrl())
      cleanups.push(harness.service.close)
      const { connectId, secret } = await createConfiguration(harness, receiver.url)
      receiver.state.secret = secret

      const envelopeId = await sendEnvelope(harness)
      await signEnvelope(harness)
      await waitFor(() => receiver.received.length >= FULL_SIGNING.length, 30_000)

      expect(receiver.received.map((entry) => entry.event)).toEqual(FULL_SIGNING)
      expect(receiver.received.every((entry) => entry.signatureValid)).toBe(true)
      expect(receiver.received.every((entry) => entry.envelopeId === envelopeId)).toBe(true)
      const completed = receiver.received.at(-1)!.body
      expect(completed).toMatchObject({
        event: 'envelope-completed',
        apiVersion: 'v2.1',
        uri: `/restapi/v2.1/accounts/${harness.principal.accountId}/envelopes/${envelopeId}`,
        retryCount: 0,
        configurationId: Number(connectId),
        data: {
          accountId: harness.principal.accountId,
          userId: harness.principal.userId,
          envelopeId,
          envelopeSummary: { status: 'completed', emailSubject: 'Please sign the contract' },
        },
      })
      const summary = (completed.data as { envelopeSummary: Record<string, unknown> }).envelopeSummary
      expect(typeof summary.completedDateTime).toBe('string')
      const textFields = (
        summary.customFields as { textCustomFields: Array<{ name: string; value: string }> }
      ).textCustomFields
      expect(textFields).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'CrmRecordId', value: 'CRM-4711' }),
          expect.objectContaining({ name: 'CaseNumber', value: 'CASE-2026-17' }),
        ]),
      )
      const recipientEvent = receiver.received.find((entry) => entry.event === 'recipient-completed')!
      expect((recipientEvent.body.data as { recipientId: string }).recipientId).toBe('1')
      // Every attempt is logged, and nothing is left pending.
      // The log row is written once the receiver's answer is read, just after the receiver counted it.
      const { db } = harness.service.ctx
      await waitFor(async () => (await db.selectFrom('connect_logs').select('id').execute()).length >= 6)
      const logs = await db.selectFrom('connect_logs').select('status_code').execute()
      expect(logs.map((log) => Number(log.status_code))).toEqual(FULL_SIGNING.map(() => 200))
      const pending = await harness.service.ctx.db.selectFrom('connect_deliveries').select('id').execute()
      expect(pending).toHaveLength(0)
    }, 60_000)

    it('includes the sealed PDFs when includeData asks for documents', async () => {
      const receiver = await startReceiver()
      cleanups.push(receiver.close)
      const harness = await startService(await databases.freshUrl())
      cleanups.push(harness.service.close)
      const { secret } = await createConfiguration(harness, receiver.url, {
        events: ['envelope-completed'],
        eventData: { version: 'restv2.1', format: 'json', includeData: ['documents'] },
      })
      receiver.state.secret = secret
      await sendEnvelope(harness)
      await signEnvelope(harness)
      await waitFor(() => receiver.received.length >= 1, 30_000)
      const summary = (receiver.received[0]!.body.data as { envelopeSummary: Record<string, unknown> })
        .envelopeSummary
      const [document] = summary.envelopeDocuments as Array<{ documentId: string; PDFBytes: string }>
      expect(document?.documentId).toBe('1')
      const pdf = Buffer.from(document!.PDFBytes, 'base64').toString('latin1')
      expect(pdf.startsWith('%PDF-')).toBe(true)
      // The sealed document carries a signature dictionary; the original does not.
      expect(pdf).toContain('/ByteRange')
      expect(summary.customFields).toBeUndefined()
    }, 60_000)
  })

  describe('signing keys', () => {
    it("signs an envelope's own webhook with the account's Connect keys only, a configuration's deliveries with its own", async () => {
      const configured = await startReceiver()
      const own = await startReceiver()
      cleanups.push(configured.close, own.close)
      const harness = await startService(await databases.freshUrl())
      cleanups.push(harness.service.close)
      const { secret: configurationSecret } = await createConfiguration(harness, configured.url, {
        events: ['envelope-sent'],
      })
      const { service, principal } = harness
      const base = `/restapi/v2.1/accounts/${principal.accountId}`
      const generated = await service.app.inject({
        method: 'POST',
        url: `${base}/connect/secret`,
        headers: principal.headers,
      })
      expect(generated.statusCode, generated.body).toBe(201)
      const accountKey = generated.json().secret as string
      const listed = await service.app.inject({
        method: 'GET',
        url: `${base}/connect/secret`,
        headers: principal.headers,
      })
      expect(listed.json().connectKeys).toEqual([
        { keyId: generated.json().keyId, created: generated.json().created },
      ])

      const created = await service.app.inject({
        method: 'POST',
        url: `${base}/envelopes`,
        headers: principal.headers,
        payload: {
          status: 'sent',
          emailSubject: 'Own webhook',
          documents: [
            { documentId: '1', name: 'D', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
          ],
          recipients: {
            signers: [{ recipientId: '1', routingOrder: '1', name: 'Ann', email: 'ann@example.test' }],
          },
          eventNotification: { url: own.url, events: ['envelope-sent'], includeHMAC: 'true' },
        },
      })
      expect(created.statusCode, created.body).toBe(201)
      await waitFor(() => own.received.length >= 1 && configured.received.length >= 1, 30_000)

      const [envelopeLevel] = own.received
      expect(envelopeLevel!.signatures).toHaveLength(1)
      expect(verifySignature(envelopeLevel!.raw, accountKey, envelopeLevel!.signatures[0])).toBe(true)
      // Before this rule, the configuration's secret signed it too, so its receiver could be sent a
      // delivery a sender made up and replayed: no header may verify with that secret.
      for (const signature of envelopeLevel!.signatures) {
        expect(verifySignature(envelopeLevel!.raw, configurationSecret, signature)).toBe(false)
      }
      const [fromConfiguration] = configured.received
      expect(fromConfiguration!.signatures).toHaveLength(1)
      expect(
        verifySignature(fromConfiguration!.raw, configurationSecret, fromConfiguration!.signatures[0]),
      ).toBe(true)
      expect(verifySignature(fromConfiguration!.raw, accountKey, fromConfiguration!.signatures[0])).toBe(
        false,
      )
    }, 60_000)
  })

  describe('retries', () => {
    it('a receiver failing three times then recovering gets every event exactly once, in order', async () => {
      const clock = movableClock()
      const receiver = await startReceiver((requestNumber, response) => {
        response.statusCode = requestNumber <= 3 ? 503 : 200
        response.end(requestNumber <= 3 ? 'down for maintenance' : 'ok')
      })
      cleanups.push(receiver.close)
      const harness = await startService(await databases.freshUrl(), {}, clock.now)
      cleanups.push(harness.service.close)
      receiver.state.secret = (await createConfiguration(harness, receiver.url)).secret

      const envelopeId = await sendEnvelope(harness)
      await signEnvelope(harness)
      const { db } = harness.service.ctx
      // Every retry moves the clock past the longest backoff it could have drawn.
      const moveClock = retryClock(db, 61 * 60_000, clock)
      await waitFor(async () => {
        if (receiver.received.length >= FULL_SIGNING.length) return true
        await moveClock()
        return false
      }, 45_000)

      await waitFor(async () => (await db.selectFrom('connect_logs').select('id').execute()).length >= 9)
      expect(receiver.state.requests).toBe(FULL_SIGNING.length + 3)
      expect(receiver.received.map((entry) => entry.event)).toEqual(FULL_SIGNING)
      expect(
        receiver.received.every((entry) => entry.envelopeId === envelopeId && entry.signatureValid),
      ).toBe(true)
      // The first event was the one refused three times: its fourth attempt says so.
      expect(receiver.received[0]!.retryCount).toBe(3)
      const logs = await db
        .selectFrom('connect_logs')
        .select(['status_code', 'response'])
        .orderBy('id')
        .execute()
      expect(logs.slice(0, 3).map((log) => [Number(log.status_code), log.response])).toEqual([
        [503, 'down for maintenance'],
        [503, 'down for maintenance'],
        [503, 'down for maintenance'],
      ])
      expect(logs).toHaveLength(FULL_SIGNING.length + 3)
      expect(await db.selectFrom('connect_failures').select('id').execute()).toHaveLength(0)
    }, 90_000)

    it('moves a delivery that never succeeds to the failures once the retry window closes', async () => {
      const clock = movableClock()
      const receiver = await startReceiver((_, response) => {
        response.statusCode = 500
        response.end('broken')
      })
      cleanups.push(receiver.close)
      const harness = await startService(await databases.freshUrl(), { CONNECT_RETRY_HOURS: '1' }, clock.now)
      cleanups.push(harness.service.close)
      await createConfiguration(harness, receiver.url, { events: ['envelope-sent'] })
      const envelopeId = await sendEnvelope(harness)
      const { db } = harness.service.ctx
      const moveClock = retryClock(db, 20 * 60_000, clock)
      await waitFor(async () => {
        const failures = await db.selectFrom('connect_failures').selectAll().execute()
        if (failures.length > 0) return true
        await moveClock()
        return false
      }, 30_000)
      const [failure] = await db.selectFrom('connect_failures').selectAll().execute()
      expect(failure).toMatchObject({
        envelope_id: envelopeId,
        event: 'envelope-sent',
        last_error: 'HTTP 500',
      })
      expect(Number(failure!.attempts)).toBeGreaterThan(1)
      expect(await db.selectFrom('connect_deliveries').select('id').execute()).toHaveLength(0)
      expect(receiver.state.requests).toBe(Number(failure!.attempts))
    }, 60_000)
  })

  describe('isolation', () => {
    it('a receiver that hangs does not delay a second one', async () => {
      const hanging = await startReceiver(() => {})
      const healthy = await startReceiver()
      const harness = await startService(await databases.freshUrl(), { CONNECT_DELIVERY_TIMEOUT_MS: '15000' })
      // Receivers close first: the hanging request then ends and the service closes at once.
      cleanups.push(harness.service.close, hanging.close, healthy.close)
      await createConfiguration(harness, hanging.url, { events: ['envelope-sent', 'recipient-sent'] })
      healthy.state.secret = (
        await createConfiguration(harness, healthy.url, { events: ['envelope-sent', 'recipient-sent'] })
      ).secret

      await sendEnvelope(harness)
      await waitFor(() => healthy.received.length >= 2, 10_000)
      expect(healthy.received.map((entry) => entry.event)).toEqual(['envelope-sent', 'recipient-sent'])
      // Both arrived while the hanging attempt was still open (it has not timed out: no log entry).
      const hangingLogs = await harness.service.ctx.db
        .selectFrom('connect_logs')
        .select('id')
        .where('url', '=', hanging.url)
        .execute()
      expect(hangingLogs).toHaveLength(0)
      // The hanging one holds its first event; the second waits behind it, in order.
      await waitFor(() => hanging.state.requests >= 1)
      expect(hanging.state.requests).toBe(1)
      expect(hanging.received).toHaveLength(0)
    }, 60_000)
  })

  describe('address policy at delivery time', () => {
    it('refuses a host name that resolves to 127.0.0.1 when private URLs are not allowed', async () => {
      const receiver = await startReceiver()
      cleanups.push(receiver.close)
      const harness = await startService(await databases.freshUrl(), { CONNECT_ALLOW_PRIVATE_URLS: 'false' })
      const { service, principal } = harness
      cleanups.push(service.close)
      // Stored as if the policy had been lifted then (the API would refuse it now).
      await insertConfiguration(
        service.ctx.db,
        principal.accountId,
        principal.userId,
        {
          name: 'Was allowed once',
          urlToPublishTo: `http://localhost:${receiver.port}/hook`,
          events: ['envelope-sent'],
          allUsers: true,
          userIds: [],
          includeHMAC: false,
          eventData: { version: 'restv2.1', format: 'json', includeData: [] },
          enabled: true,
          configurationType: 'custom',
          deliveryMode: 'SIM',
        },
        [],
        new Date().toISOString(),
      )
      await sendEnvelope({ service, principal })
      await waitFor(
        async () => (await service.ctx.db.selectFrom('connect_logs').select('id').execute()).length > 0,
      )
      const [log] = await service.ctx.db.selectFrom('connect_logs').selectAll().execute()
      expect(Number(log!.status_code)).toBe(0)
      expect(log!.response).toMatch(/private, loopback or link-local/)
      expect(receiver.state.requests).toBe(0)
      const [pending] = await service.ctx.db.selectFrom('connect_deliveries').selectAll().execute()
      expect(pending?.last_error).toMatch(/127\.0\.0\.1|::1/)
    }, 60_000)
  })
})

describe('createHttpPoster', () => {
  it('refuses literal and resolved loopback addresses unless private targets are allowed', async () => {
    const receiver = await startReceiver()
    try {
      const strict = createHttpPoster({ timeoutMs: 5_000, allowPrivate: false })
      for (const url of [
        `http://127.0.0.1:${receiver.port}/`,
        `http://localhost:${receiver.port}/`,
        `http://[::1]:${receiver.port}/`,
      ]) {
        const result = await strict.post(url, '{}', {})
        expect(result.statusCode, url).toBe(0)
        expect(result.response, url).toMatch(/private, loopback or link-local/)
      }
      strict.close()
      expect(receiver.state.requests).toBe(0)
      const lenient = createHttpPoster({ timeoutMs: 5_000, allowPrivate: true })
      const result = await lenient.post(
        `http://127.0.0.1:${receiver.port}/`,
        JSON.stringify({ event: 'x', data: { envelopeId: 'e' } }),
        {},
      )
      lenient.close()
      expect(result.statusCode, result.response).toBe(200)
      expect(receiver.state.requests).toBe(1)
    } finally {
      await receiver.close()
    }
  })

  it('does not follow redirects and gives up on a receiver slower than the timeout', async () => {
    let requests = 0
    const server = createServer((request, response) => {
      requests += 1
      if (request.url === '/redirect') {
        response.statusCode = 307
        response.setHeader('location', '/elsewhere')
        response.end()
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const poster = createHttpPoster({ timeoutMs: 300, allowPrivate: true })
    try {
      const redirected = await poster.post(`http://127.0.0.1:${port}/redirect`, '{}', {})
      expect(redirected.statusCode).toBe(307)
      expect(requests).toBe(1)
      const started = Date.now()
      const slow = await poster.post(`http://127.0.0.1:${port}/hang`, '{}', {})
      expect(slow.statusCode).toBe(0)
      expect(slow.response).toMatch(/within 300 ms/)
      expect(Date.now() - started).toBeLessThan(2_000)
    } finally {
      poster.close()
      server.closeAllConnections()
      server.close()
    }
  })
})
