import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { claim, enqueue } from '../outbox/repository.js'
import { OUTBOX_TOPICS } from '../outbox/topics.js'
import { startTestService, type TestService } from '../testing/harness.js'
import { deliverComposedRow } from './composed-messages.js'

describeEachDatabase('composed messages without an envelope (account emails)', (databases) => {
  let service: TestService

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    // Only this test claims: the service's own messages job must not take the row first.
    await service.ctx.jobs.stop()
  })
  afterAll(() => service.close())

  it('retries a failed account email later, then gives up, with no audit trail to write to', async () => {
    const db = service.ctx.db
    const now = Date.now()
    const message = { channel: 'email', to: { address: 'grace@example.test' }, subject: 'Invited' }
    await enqueue(
      db,
      [{ topic: OUTBOX_TOPICS.composedMessage, payload: { purpose: 'invitation', message } }],
      now,
    )
    const deps = (giveUpAfterMs: number) => ({
      db,
      now: () => now,
      dispatch: async () => ({ outcome: 'retry' as const, reason: 'SMTP busy' }),
      owner: 'test',
      giveUpAfterMs,
      retryDelayMs: () => 1000,
    })
    const claimOne = async (at: number) =>
      (
        await claim(db, service.ctx.database.dialect, {
          topics: [OUTBOX_TOPICS.composedMessage],
          owner: 'test',
          now: at,
          leaseMs: 60_000,
          limit: 1,
        })
      )[0]
    const first = await claimOne(now)
    expect(first).toBeDefined()
    await deliverComposedRow(deps(60_000), first as NonNullable<typeof first>)
    const pending = await db.selectFrom('outbox').select(['available_at', 'last_error']).execute()
    expect(pending).toEqual([{ available_at: now + 1000, last_error: 'SMTP busy' }])

    const second = await claimOne(now + 1000)
    await deliverComposedRow(deps(0), second as NonNullable<typeof second>)
    expect(await db.selectFrom('outbox').select('id').execute()).toEqual([])
  })
})
