import { describeEachDatabase } from 'platform/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../../../documents/test-pdfs.js'
import {
  createConfiguration,
  type Harness,
  movableClock,
  retryClock,
  sendEnvelope,
  startReceiver,
  startService,
  waitFor,
} from '../../../testing/connect-receiver.js'
import { seedPrincipal } from '../../../testing/harness.js'

/**
 * Connect metrics: the account's JSON endpoint (counts from the stored rows, so every process's work)
 * and the Prometheus endpoint (this process's counters and the stored queue), checked against the
 * rows the deliveries left behind.
 */

/** An envelope whose own eventNotification posts `envelope-sent` to `url`. */
async function sendWithEventNotification({ service, principal }: Harness, url: string): Promise<string> {
  const response = await service.app.inject({
    method: 'POST',
    url: `/restapi/v2.1/accounts/${principal.accountId}/envelopes`,
    headers: principal.headers,
    payload: {
      status: 'sent',
      emailSubject: 'With its own webhook',
      documents: [
        {
          documentId: '1',
          name: 'Doc',
          fileExtension: 'pdf',
          documentBase64: await makePdfBase64(1, 'Sign'),
        },
      ],
      recipients: {
        signers: [{ recipientId: '1', routingOrder: '1', name: 'Bo', email: 'bo@example.test' }],
      },
      eventNotification: { url, events: ['envelope-sent'], includeHMAC: 'false', loggingEnabled: 'true' },
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().envelopeId as string
}

/** The value of one sample of the Prometheus text, or undefined when the line is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = `${name}{${Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',')}} `
  const line = text.split('\n').find((candidate) => candidate.startsWith(wanted))
  return line === undefined ? undefined : Number(line.slice(wanted.length))
}

describeEachDatabase('Connect metrics', (databases) => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  }, 60_000)

  describe('GET /connect/metrics and GET /metrics', () => {
    it('count deliveries, failed attempts, retries and failures per configuration, as the log and failures hold them', async () => {
      const clock = movableClock()
      const healthy = await startReceiver()
      cleanups.push(healthy.close)
      const broken = await startReceiver((_, response) => {
        response.statusCode = 500
        response.end('broken')
      })
      cleanups.push(broken.close)
      const harness = await startService(await databases.freshUrl(), { CONNECT_RETRY_HOURS: '1' }, clock.now)
      cleanups.push(harness.service.close)
      const ok = await createConfiguration(harness, healthy.url, { events: ['envelope-sent'] })
      const failing = await createConfiguration(harness, broken.url, { events: ['envelope-sent'] })
      await sendEnvelope(harness)
      await sendWithEventNotification(harness, healthy.url)

      const { db } = harness.service.ctx
      const moveClock = retryClock(db, 20 * 60_000, clock)
      await waitFor(
        async () => {
          const failures = await db.selectFrom('connect_failures').select('id').execute()
          if (failures.length === 2 && healthy.received.length === 3) return true
          await moveClock()
          return false
        },
        45_000,
        async () =>
          JSON.stringify({
            failures: (await db.selectFrom('connect_failures').select('id').execute()).length,
            healthyReceived: healthy.received.map((entry) => entry.event),
            deliveries: await db
              .selectFrom('connect_deliveries')
              .select(['configuration_id', 'attempts', 'next_attempt_at', 'lease_owner'])
              .execute(),
            outbox: await db.selectFrom('outbox').select(['topic', 'available_at', 'lease_owner']).execute(),
            clock: clock.now(),
          }),
      )
      await waitFor(
        async () => (await db.selectFrom('connect_deliveries').select('id').execute()).length === 0,
      )

      const failedLogs = await db
        .selectFrom('connect_logs')
        .select('id')
        .where('configuration_id', '=', failing.connectId)
        .execute()
      // Each of the two deliveries was tried at least twice before the window closed.
      expect(failedLogs.length).toBeGreaterThanOrEqual(4)

      // The clock moved past the token's hour: a fresh administrator of the same account.
      harness.principal = await seedPrincipal(harness.service.ctx, { accountId: harness.principal.accountId })
      const response = await harness.service.app.inject({
        url: `/restapi/v2.1/accounts/${harness.principal.accountId}/connect/metrics`,
        headers: harness.principal.headers,
      })
      expect(response.statusCode, response.body).toBe(200)
      const metrics = response.json()
      const emptyQueue = { pending: 0, awaitingRetry: 0, inFlight: 0 }
      expect(metrics.configurations).toEqual([
        {
          connectId: ok.connectId,
          name: 'CRM hook',
          urlToPublishTo: healthy.url,
          enabled: true,
          delivered: 2,
          failedAttempts: 0,
          retries: 0,
          failures: 0,
          queue: emptyQueue,
        },
        {
          connectId: failing.connectId,
          name: 'CRM hook',
          urlToPublishTo: broken.url,
          enabled: true,
          delivered: 0,
          failedAttempts: failedLogs.length,
          // Every attempt after each delivery's first.
          retries: failedLogs.length - 2,
          failures: 2,
          queue: emptyQueue,
        },
        {
          connectId: 'envelope',
          name: 'Envelope eventNotification webhooks',
          delivered: 1,
          failedAttempts: 0,
          retries: 0,
          failures: 0,
          queue: emptyQueue,
        },
      ])
      expect(metrics.totals).toEqual({
        delivered: 3,
        failedAttempts: failedLogs.length,
        retries: failedLogs.length - 2,
        failures: 2,
        queue: emptyQueue,
      })

      const scrape = await harness.service.app.inject({ url: '/metrics' })
      expect(scrape.statusCode, scrape.body).toBe(200)
      expect(scrape.headers['content-type']).toContain('text/plain')
      const account = harness.principal.accountId
      const of = (connectId: string) => ({ account_id: account, connect_id: connectId })
      expect(sample(scrape.body, 'connect_deliveries_total', of(ok.connectId))).toBe(2)
      expect(sample(scrape.body, 'connect_deliveries_total', of('envelope'))).toBe(1)
      expect(sample(scrape.body, 'connect_failed_attempts_total', of(failing.connectId))).toBe(
        failedLogs.length,
      )
      expect(sample(scrape.body, 'connect_retries_total', of(failing.connectId))).toBe(failedLogs.length - 2)
      expect(sample(scrape.body, 'connect_given_up_total', of(failing.connectId))).toBe(2)
      expect(sample(scrape.body, 'connect_failures_stored', of(failing.connectId))).toBe(2)
      // Nothing queued: no queue samples at all.
      expect(scrape.body).not.toMatch(/^connect_queue_depth\{/m)
    }, 90_000)

    it('show a delivery in flight and the next event of its envelope pending behind it', async () => {
      const hanging = await startReceiver(() => {})
      cleanups.push(hanging.close)
      const harness = await startService(await databases.freshUrl(), { CONNECT_DELIVERY_TIMEOUT_MS: '60000' })
      // Closed after the receiver (cleanups run in reverse): the attempt in flight ends with it.
      cleanups.splice(cleanups.length - 1, 0, harness.service.close)
      const { connectId } = await createConfiguration(harness, hanging.url, {
        events: ['envelope-sent', 'recipient-sent'],
      })
      await sendEnvelope(harness)
      await waitFor(() => hanging.state.requests === 1, 20_000)
      await waitFor(
        async () =>
          (await harness.service.ctx.db.selectFrom('connect_deliveries').select('id').execute()).length === 2,
      )

      const response = await harness.service.app.inject({
        url: `/restapi/v2.1/accounts/${harness.principal.accountId}/connect/metrics`,
        headers: harness.principal.headers,
      })
      expect(response.statusCode, response.body).toBe(200)
      const entry = response
        .json()
        .configurations.find((target: { connectId: string }) => target.connectId === connectId)
      expect(entry.queue).toEqual({
        pending: 1,
        awaitingRetry: 0,
        inFlight: 1,
        oldestQueuedDateTime: expect.any(String),
      })
      expect(entry.delivered).toBe(0)

      const scrape = await harness.service.app.inject({ url: '/metrics' })
      const labels = { account_id: harness.principal.accountId, connect_id: connectId }
      expect(sample(scrape.body, 'connect_queue_depth', { ...labels, state: 'pending' })).toBe(1)
      expect(sample(scrape.body, 'connect_queue_depth', { ...labels, state: 'in_flight' })).toBe(1)
      expect(sample(scrape.body, 'connect_queue_awaiting_retry', labels)).toBe(0)
      expect(sample(scrape.body, 'connect_queue_oldest_age_seconds', labels)).toBeGreaterThanOrEqual(0)
    }, 60_000)
  })

  describe('access', () => {
    it('refuses the JSON metrics to a member without the administer permission', async () => {
      const harness = await startService(await databases.freshUrl())
      cleanups.push(harness.service.close)
      const sender = await seedPrincipal(harness.service.ctx, {
        accountId: harness.principal.accountId,
        permissions: ['send_envelopes'],
      })
      const response = await harness.service.app.inject({
        url: `/restapi/v2.1/accounts/${harness.principal.accountId}/connect/metrics`,
        headers: sender.headers,
      })
      expect(response.statusCode).toBe(403)
      const anonymous = await harness.service.app.inject({
        url: `/restapi/v2.1/accounts/${harness.principal.accountId}/connect/metrics`,
      })
      expect(anonymous.statusCode).toBe(401)
    })

    it('serves /metrics to loopback clients only, unless METRICS_TOKEN is set', async () => {
      const open = await startService(await databases.freshUrl())
      cleanups.push(open.service.close)
      expect(
        (await open.service.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode,
      ).toBe(200)
      expect((await open.service.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200)
      expect((await open.service.app.inject({ url: '/metrics', remoteAddress: '10.0.0.7' })).statusCode).toBe(
        403,
      )

      const token = 'scrape-token-0123456789'
      const guarded = await startService(await databases.freshUrl(), { METRICS_TOKEN: token })
      cleanups.push(guarded.service.close)
      const call = (headers: Record<string, string>) =>
        guarded.service.app.inject({ url: '/metrics', remoteAddress: '10.0.0.7', headers })
      expect((await call({})).statusCode).toBe(403)
      expect((await call({ authorization: 'Bearer wrong' })).statusCode).toBe(403)
      expect((await call({ authorization: `Bearer ${token}` })).statusCode).toBe(200)
      // With a token, loopback needs it too: the setting protects a host shared with others.
      expect(
        (await guarded.service.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode,
      ).toBe(403)
    })
  })
})
