import { describeEachDatabase } from 'platform/testing'
import { afterEach, expect, it } from 'vitest'
import {
  createConfiguration,
  sendEnvelope,
  startReceiver,
  startService,
  waitFor,
} from '../../testing/connect-receiver.js'
import { startTestService } from '../../testing/harness.js'

/**
 * LISTEN/NOTIFY between service instances on one PostgreSQL schema: an event committed by one wakes the
 * Connect jobs of the other at once. Both poll only once a minute here, so a delivery within seconds
 * can only come from the notification.
 */
describeEachDatabase('Connect wake-ups across service instances', (databases) => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  }, 60_000)

  it.runIf(databases.dialect === 'postgres')(
    "an event committed by one instance is delivered by the other's sender before its next poll",
    async () => {
      const url = await databases.freshUrl()
      const receiver = await startReceiver()
      cleanups.push(receiver.close)
      const slowPolls = { JOB_POLL_MS: '60000' }
      const delivering = await startService(url, slowPolls)
      cleanups.push(delivering.service.close)
      const committing = await startTestService(url, {
        ...slowPolls,
        DEV_MAILBOX: 'true',
        CONNECT_ALLOW_PRIVATE_URLS: 'true',
      })
      cleanups.push(committing.close)
      // The committing instance runs no jobs: only the delivering one can fan out and send.
      await committing.ctx.jobs.stop()
      receiver.state.secret = (
        await createConfiguration(delivering, receiver.url, { events: ['envelope-sent'] })
      ).secret

      const started = Date.now()
      const envelopeId = await sendEnvelope({ service: committing, principal: delivering.principal })
      await waitFor(() => receiver.received.length >= 1, 10_000)
      expect(Date.now() - started).toBeLessThan(10_000)
      expect(receiver.received).toEqual([
        expect.objectContaining({ event: 'envelope-sent', envelopeId, signatureValid: true }),
      ])
    },
    60_000,
  )
})
