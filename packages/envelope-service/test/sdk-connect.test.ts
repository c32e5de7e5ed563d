import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createConfiguration,
  type Harness,
  movableClock,
  retryClock,
  sendEnvelope,
  startReceiver,
  startService,
  waitFor,
} from '../src/testing/connect-receiver.js'
import { seedPrincipal } from '../src/testing/harness.js'

/**
 * The official SDK's ConnectApi (unmodified) against the service listening on 127.0.0.1: the attempt
 * log, the failures, deleting one, and both retry-queue calls, which bring the failed events to the
 * receiver once it works. Three envelopes whose `envelope-sent` failed until the retry window closed.
 */

// biome-ignore lint/suspicious/noExplicitAny: the SDK is untyped CommonJS.
type Sdk = any
const docusign: Sdk = createRequire(import.meta.url)('docusign-esign')

/** What a client can read from the SDK's (axios) rejection. */
async function failureOf(call: Promise<unknown>) {
  return call.then(
    () => undefined,
    (error: Sdk) => ({ status: error?.response?.status, body: error?.response?.data }),
  )
}

describeEachDatabase("the SDK's ConnectApi", (databases) => {
  let harness: Harness
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let connect: Sdk
  let accountId: string
  let healthy = false
  const clock = movableClock()
  const envelopeIds: string[] = []

  beforeAll(async () => {
    receiver = await startReceiver((_, response) => {
      response.statusCode = healthy ? 200 : 500
      response.end(healthy ? 'ok' : 'broken')
    })
    harness = await startService(await databases.freshUrl(), { CONNECT_RETRY_HOURS: '1' }, clock.now)
    receiver.state.secret = (
      await createConfiguration(harness, receiver.url, { events: ['envelope-sent'] })
    ).secret
    for (let index = 0; index < 3; index++) envelopeIds.push(await sendEnvelope(harness))
    const { db } = harness.service.ctx
    const moveClock = retryClock(db, 20 * 60_000, clock)
    await waitFor(async () => {
      if ((await db.selectFrom('connect_failures').select('id').execute()).length === 3) return true
      await moveClock()
      return false
    }, 45_000)
    // The clock moved hours ahead: a token valid now.
    harness.principal = await seedPrincipal(harness.service.ctx, { accountId: harness.principal.accountId })
    accountId = harness.principal.accountId

    await harness.service.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = harness.service.app.server.address() as AddressInfo
    const client = new docusign.ApiClient()
    client.setBasePath(`http://127.0.0.1:${port}/restapi`)
    client.addDefaultHeader('Authorization', `Bearer ${harness.principal.accessToken}`)
    connect = new docusign.ConnectApi(client)
  }, 90_000)
  afterAll(async () => {
    await receiver?.close()
    await harness?.service.close()
  })

  describe('listEventLogs and getEventLog', () => {
    it('lists every attempt and reads one with the body sent', async () => {
      const attempts = await harness.service.ctx.db.selectFrom('connect_logs').select('id').execute()
      const logs = await connect.listEventLogs(accountId)
      expect(logs.type).toBe('logs')
      expect(logs.totalRecords).toBe(String(attempts.length))
      expect(logs.logs).toHaveLength(attempts.length)
      expect(new Set(logs.logs.map((log: Sdk) => log.envelopeId))).toEqual(new Set(envelopeIds))
      expect(logs.logs.every((log: Sdk) => log.status === 'sent' && log.configUrl === receiver.url)).toBe(
        true,
      )
      // Newest first: the last attempt of its delivery, after at least one earlier one.
      expect(Number(logs.logs[0].retryCount)).toBeGreaterThan(0)

      const one = await connect.getEventLog(accountId, logs.logs[0].logId, { additionalInfo: 'true' })
      expect(one.logId).toBe(logs.logs[0].logId)
      expect(one.error).toBe('HTTP 500: broken')
      const body = JSON.parse(one.connectDebugLog[0].payload)
      expect(body).toMatchObject({ event: 'envelope-sent', data: { envelopeId: one.envelopeId } })
      expect(await failureOf(connect.getEventLog(accountId, 'no-such-log'))).toMatchObject({
        status: 404,
        body: { errorCode: expect.any(String) },
      })
    })
  })

  describe('listEventFailureLogs and deleteEventFailureLog', () => {
    it('lists the three failures and deletes the third', async () => {
      const failures = await connect.listEventFailureLogs(accountId)
      expect(failures.type).toBe('failures')
      expect(failures.failures.map((failure: Sdk) => failure.envelopeId).sort()).toEqual(
        [...envelopeIds].sort(),
      )
      const third = failures.failures.find((failure: Sdk) => failure.envelopeId === envelopeIds[2])
      // The SDK's ConnectDeleteFailureResult model declares no properties, so it keeps nothing of the
      // body: that the call resolves and the failure is gone is all a client of the SDK sees.
      await connect.deleteEventFailureLog(accountId, third.failureId)
      const left = await connect.listEventFailureLogs(accountId)
      expect(left.totalRecords).toBe('2')
      expect(await failureOf(connect.deleteEventFailureLog(accountId, third.failureId))).toMatchObject({
        status: 404,
      })
    })
  })

  describe('retryEventForEnvelope and retryEventForEnvelopes', () => {
    it('re-publish the failed events, which reach the receiver once each', async () => {
      healthy = true
      const single = await connect.retryEventForEnvelope(accountId, envelopeIds[0])
      expect(single.retryQueue).toEqual([
        expect.objectContaining({ envelopeId: envelopeIds[0], status: 'Success' }),
      ])
      const bulk = await connect.retryEventForEnvelopes(accountId, {
        connectFailureFilter: { envelopeIds: [envelopeIds[1]], synchronous: 'false' },
      })
      expect(bulk.retryQueue).toEqual([
        expect.objectContaining({ envelopeId: envelopeIds[1], status: 'Success' }),
      ])

      await waitFor(() => receiver.received.length === 2, 15_000)
      expect(receiver.received.map((entry) => entry.envelopeId).sort()).toEqual(
        [envelopeIds[0], envelopeIds[1]].sort(),
      )
      expect(
        receiver.received.every((entry) => entry.signatureValid && entry.event === 'envelope-sent'),
      ).toBe(true)
      expect((await connect.listEventFailureLogs(accountId)).totalRecords).toBe('0')
      // The deleted failure stays gone: nothing more arrives for the third envelope.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      expect(receiver.received).toHaveLength(2)
    }, 30_000)
  })
})
