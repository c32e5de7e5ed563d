import { describeEachDatabase } from 'platform/testing'
import { afterEach, expect, it } from 'vitest'
import { OUTBOX_TOPICS } from '../../outbox/topics.js'
import {
  createConfiguration,
  type Harness,
  sendEnvelope,
  startService,
} from '../../testing/connect-receiver.js'
import { runFanOutRound } from './fan-out.js'

/**
 * The batched fan-out round, driven directly with the service's jobs stopped: two claimers running
 * side by side fan each event out once; one claimer whose small batches split an envelope's events
 * across rounds creates its deliveries in event order. (Two claimers may split one envelope's events
 * between them, and then nothing orders their commits: see BENCHMARKS.md, Connect delivery.)
 */
describeEachDatabase('Connect fan-out rounds', (databases) => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  }, 60_000)

  const depsOf = (harness: Harness, owner: string, batchSize: number) => ({
    db: harness.service.ctx.db,
    dialect: harness.service.ctx.database.dialect,
    now: harness.service.ctx.now,
    owner,
    wakeSender: () => {},
    nextId: harness.service.ctx.sequentialId,
    batchSize,
  })

  async function queueEvents() {
    const harness = await startService(await databases.freshUrl(), { JOB_POLL_MS: '600000' })
    cleanups.push(harness.service.close)
    await harness.service.ctx.jobs.stop()
    // Nothing listens: the rounds only write deliveries, the sender does not run.
    await createConfiguration(harness, 'http://127.0.0.1:9/connect', {
      events: ['envelope-sent', 'recipient-sent'],
    })
    const envelopeIds: string[] = []
    for (let index = 0; index < 6; index++) envelopeIds.push(await sendEnvelope(harness))
    const { db } = harness.service.ctx
    const queued = await db
      .selectFrom('outbox')
      .select('id')
      .where('topic', '=', OUTBOX_TOPICS.envelopeEvent)
      .execute()
    expect(queued.length).toBeGreaterThanOrEqual(envelopeIds.length * 2)
    const drain = async (owner: string) => {
      while (await runFanOutRound(depsOf(harness, owner, 3))) {}
    }
    const stored = async () => {
      const deliveries = await db
        .selectFrom('connect_deliveries')
        .select(['id', 'envelope_id', 'event'])
        .orderBy('id')
        .execute()
      const left = await db
        .selectFrom('outbox')
        .select('id')
        .where('topic', '=', OUTBOX_TOPICS.envelopeEvent)
        .execute()
      expect(left).toEqual([])
      expect(deliveries).toHaveLength(queued.length)
      return deliveries
    }
    return { envelopeIds, drain, stored }
  }

  it('two claimers side by side fan every event out exactly once', async () => {
    const { drain, stored } = await queueEvents()
    // Small batches, so the two claimers take turns over the queue.
    await Promise.all([drain('first'), drain('second')])
    await drain('first')
    const deliveries = await stored()
    expect(new Set(deliveries.map((row) => `${row.envelope_id} ${row.event}`)).size).toBe(deliveries.length)
  }, 120_000)

  it('an envelope split across rounds gets its deliveries in event order', async () => {
    const { envelopeIds, drain, stored } = await queueEvents()
    await drain('only')
    const deliveries = await stored()
    for (const envelopeId of envelopeIds) {
      const events = deliveries.filter((row) => row.envelope_id === envelopeId).map((row) => row.event)
      expect(events).toEqual(['envelope-sent', 'recipient-sent'])
    }
  }, 120_000)
})
