import type { AddressInfo } from 'node:net'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoNulls } from '../../testing/assertions.js'
import {
  createConfiguration,
  type Harness,
  movableClock,
  retryClock,
  sendEnvelope,
  startReceiver,
  startService,
  waitFor,
} from '../../testing/connect-receiver.js'
import { seedPrincipal } from '../../testing/harness.js'
import { type DocuSignSdkBase, loadDocuSignSdk } from '../../testing/sdk.js'

interface ConnectSdk extends DocuSignSdkBase {
  ConnectApi: new (
    client: unknown,
  ) => { deleteEventLog(accountId: string, logId: string | undefined): Promise<unknown> }
}

/**
 * The ConnectEvents endpoints over one story: a receiver that fails until the retry window closes
 * leaves a failure; the failure is listed, re-queued through the retry queue once the receiver works,
 * and delivered; every attempt is in the log.
 */
describeEachDatabase('Connect logs, failures and retry queue', (databases) => {
  let harness: Harness
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  const clock = movableClock()
  let healthy = false
  let envelopeId: string
  let base: string

  beforeAll(async () => {
    receiver = await startReceiver((_, response) => {
      response.statusCode = healthy ? 200 : 500
      response.end(healthy ? 'ok' : 'broken')
    })
    harness = await startService(await databases.freshUrl(), { CONNECT_RETRY_HOURS: '1' }, clock.now)
    base = `/restapi/v2.1/accounts/${harness.principal.accountId}/connect`
    receiver.state.secret = (
      await createConfiguration(harness, receiver.url, { events: ['envelope-sent'] })
    ).secret
    envelopeId = await sendEnvelope(harness)
    const moveClock = retryClock(harness.service.ctx.db, 20 * 60_000, clock)
    await waitFor(async () => {
      const failures = await harness.service.ctx.db.selectFrom('connect_failures').select('id').execute()
      if (failures.length > 0) return true
      await moveClock()
      return false
    }, 30_000)
    // The clock moved hours ahead: a fresh administrator of the same account, with a token valid now.
    harness.principal = await seedPrincipal(harness.service.ctx, { accountId: harness.principal.accountId })
  }, 60_000)
  afterAll(async () => {
    await harness.service.close()
    await receiver.close()
  })

  const call = (method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    harness.service.app.inject({
      method,
      url: `${base}${path}`,
      headers: harness.principal.headers,
      ...(payload ? { payload } : {}),
    })

  describe('GET /connect/failures', () => {
    it('lists the given-up delivery in DocuSign shape', async () => {
      const response = await call('GET', '/failures')
      expect(response.statusCode, response.body).toBe(200)
      const body = response.json()
      expectNoNulls(body)
      expect(body).toMatchObject({ type: 'failures', totalRecords: '1' })
      expect(body.failures[0]).toMatchObject({
        envelopeId,
        status: 'sent',
        event: 'envelope-sent',
        configUrl: receiver.url,
        error: 'HTTP 500',
        retryUri: `/connect/envelopes/${envelopeId}/retry_queue`,
      })
      expect(Number(body.failures[0].retryCount)).toBeGreaterThan(0)
    })
  })

  describe('GET /connect/logs', () => {
    it('lists every attempt, newest first, and one attempt with the body sent', async () => {
      const attempts = await harness.service.ctx.db.selectFrom('connect_logs').select('id').execute()
      const response = await call('GET', '/logs')
      expect(response.statusCode, response.body).toBe(200)
      const body = response.json()
      expect(body.totalRecords).toBe(String(attempts.length))
      expect(body.logs.every((log: { error?: string }) => log.error === 'HTTP 500: broken')).toBe(true)
      // DocuSign's status is the envelope's; the event delivered is in `event` and the debug log.
      expect(body.logs[0]).toMatchObject({ status: 'sent', event: 'envelope-sent' })
      const one = await call('GET', `/logs/${body.logs[0].logId}`)
      expect(one.statusCode, one.body).toBe(200)
      const payload = JSON.parse(one.json().connectDebugLog[0].payload)
      expect(payload).toMatchObject({ event: 'envelope-sent', data: { envelopeId } })
      expect((await call('GET', '/logs/nope')).statusCode).toBe(404)
    })
  })

  describe('PUT /connect/envelopes/{envelopeId}/retry_queue', () => {
    it('queues the failed delivery again, which then arrives', async () => {
      healthy = true
      const response = await call('PUT', `/envelopes/${envelopeId}/retry_queue`)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json().retryQueue).toEqual([expect.objectContaining({ envelopeId, status: 'Success' })])
      await waitFor(() => receiver.received.length === 1, 15_000)
      expect(receiver.received[0]).toMatchObject({ event: 'envelope-sent', envelopeId, signatureValid: true })
      expect(await harness.service.ctx.db.selectFrom('connect_failures').select('id').execute()).toHaveLength(
        0,
      )
    }, 30_000)

    it('answers 404 for an envelope of another account, and reports it in the bulk form', async () => {
      const unknown = '00000000-0000-7000-8000-000000000000'
      expect((await call('PUT', `/envelopes/${unknown}/retry_queue`)).statusCode).toBe(404)
      const bulk = await call('PUT', '/envelopes/retry_queue', { envelopeIds: [envelopeId, unknown] })
      expect(bulk.statusCode, bulk.body).toBe(200)
      expect(bulk.json().retryQueue.map((entry: { status: string }) => entry.status)).toEqual([
        'Success',
        'Failed',
      ])
      expect((await call('PUT', '/envelopes/retry_queue', { envelopeIds: [] })).statusCode).toBe(400)
    })
  })

  describe('DELETE', () => {
    it("deletes one entry of the log through the SDK's ConnectApi.deleteEventLog (404 when unknown)", async () => {
      await harness.service.app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = harness.service.app.server.address() as AddressInfo
      const docusign = loadDocuSignSdk<ConnectSdk>()
      const client = new docusign.ApiClient()
      client.setBasePath(`http://127.0.0.1:${port}/restapi`)
      client.addDefaultHeader('Authorization', `Bearer ${harness.principal.accessToken}`)
      const connect = new docusign.ConnectApi(client)
      const [first, ...others] = await harness.service.ctx.db
        .selectFrom('connect_logs')
        .select('id')
        .execute()
      await connect.deleteEventLog(harness.principal.accountId, first?.id)
      const left = await harness.service.ctx.db.selectFrom('connect_logs').select('id').execute()
      expect(left.map((row) => row.id).sort()).toEqual(others.map((row) => row.id).sort())
      const again = await connect.deleteEventLog(harness.principal.accountId, first?.id).then(
        () => undefined,
        // biome-ignore lint/suspicious/noExplicitAny: the SDK rejects with an axios error.
        (error: any) => error.response?.status,
      )
      expect(again).toBe(404)
    })

    it('deletes a failure by id (404 when unknown) and the whole log', async () => {
      expect((await call('DELETE', '/failures/unknown')).statusCode).toBe(404)
      const deleted = await call('DELETE', '/logs')
      expect(deleted.statusCode, deleted.body).toBe(200)
      const logs = await harness.service.ctx.db.selectFrom('connect_logs').select('id').execute()
      expect(logs).toHaveLength(0)
    })
  })
})
