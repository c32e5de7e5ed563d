import { describeEachDatabase } from 'platform/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { createEnvelope } from '../envelope-api/create.js'
import { burstWindowStart, hourWindowStart } from '../ratelimit/windows.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { copyRequest } from './copies.js'
import { copyIdempotencyKey, runBulkSendRound } from './job.js'
import { bulkList, bulkTemplateBody, memberEmail } from './testing/fixtures.js'

/**
 * The bulk send job, run round by round (the service's own job runner stopped): envelopes through the
 * create path, exactly once per copy across a crash, paced by the account's rate limits, and a copy
 * the create refuses counted failed without failing the others.
 */

describeEachDatabase('bulk send job', (databases) => {
  let service: TestService | undefined
  afterEach(async () => {
    await service?.close()
    service = undefined
  })

  async function start(options: { burstLimit?: number; now?: () => number } = {}) {
    service = await startTestService(await databases.freshUrl(), {}, options.now)
    await service.ctx.jobs.stop()
    const sender = await seedPrincipal(service.ctx, {
      ...(options.burstLimit ? { burstLimit: options.burstLimit } : {}),
    })
    return { service, sender }
  }

  async function call(
    running: TestService,
    who: TestPrincipal,
    method: 'POST' | 'GET' | 'DELETE',
    path: string,
    body?: object,
  ) {
    const response = await running.app.inject({
      method,
      url: `/restapi/v2.1/accounts/${who.accountId}${path}`,
      headers: who.headers,
      ...(body ? { payload: body } : {}),
    })
    expect(response.statusCode, response.body).toBeLessThan(300)
    return response.json()
  }

  async function queueBatch(running: TestService, who: TestPrincipal, list: object) {
    const { templateId } = await call(running, who, 'POST', '/templates', await bulkTemplateBody())
    const { listId } = await call(running, who, 'POST', '/bulk_send_lists', list)
    const { batchId } = await call(running, who, 'POST', `/bulk_send_lists/${listId}/send`, {
      envelopeOrTemplateId: templateId,
    })
    return { templateId, batchId: batchId as string }
  }

  const copiesOf = (running: TestService, batchId: string) =>
    running.ctx.db
      .selectFrom('bulk_send_copies')
      .select(['copy_index', 'status', 'envelope_id', 'error'])
      .where('batch_id', '=', batchId)
      .orderBy('copy_index')
      .execute()

  const envelopeCount = async (running: TestService, accountId: string) =>
    Number(
      (
        await running.ctx.db
          .selectFrom('envelopes')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).count,
    )

  async function drain(running: TestService): Promise<number> {
    let rounds = 0
    while (await runBulkSendRound(running.ctx)) rounds++
    return rounds
  }

  describe('exactly once', () => {
    it('keeps the envelope a crashed round created before recording it, and creates no second one', async () => {
      const { service: running, sender } = await start()
      const { templateId, batchId } = await queueBatch(running, sender, bulkList(120, 'crash'))
      // What a process that died mid-round leaves: envelopes created under their copies' keys, the
      // copies still queued.
      const template = (
        await running.ctx.templateCache.find(running.ctx.db, sender.accountId, [templateId])
      ).get(templateId)
      const list = bulkList(120, 'crash')
      const orphans = new Map<number, string>()
      for (const copyIndex of [0, 7, 119]) {
        const built = copyRequest(template!, list.bulkCopies[copyIndex]!, copyIndex)
        if (!('request' in built)) throw new Error('copy did not build')
        const created = await createEnvelope(
          running.ctx,
          {
            accountId: sender.accountId,
            userId: sender.userId,
            viewer: { userId: sender.userId, seesAll: true },
          },
          built.request,
          copyIdempotencyKey(batchId, copyIndex),
          running.ctx.now(),
        )
        orphans.set(copyIndex, created.envelopeId)
      }
      expect((await copiesOf(running, batchId)).every((copy) => copy.status === 'queued')).toBe(true)

      await drain(running)

      const copies = await copiesOf(running, batchId)
      expect(copies.map((copy) => copy.status)).toEqual(Array(120).fill('sent'))
      for (const [copyIndex, envelopeId] of orphans) expect(copies[copyIndex]?.envelope_id).toBe(envelopeId)
      expect(new Set(copies.map((copy) => copy.envelope_id)).size).toBe(120)
      expect(await envelopeCount(running, sender.accountId)).toBe(120)
      // A round after the batch is done finds nothing to do.
      expect(await runBulkSendRound(running.ctx)).toBe(false)
    })

    it('creates one envelope per copy when the same copies are worked on twice at once', async () => {
      const { service: running, sender } = await start()
      const { batchId } = await queueBatch(running, sender, bulkList(60, 'twice'))
      // Two rounds racing over the same queued copies, as two processes would without the job's lease.
      await Promise.all([runBulkSendRound(running.ctx), runBulkSendRound(running.ctx)])
      await drain(running)
      const copies = await copiesOf(running, batchId)
      expect(copies.map((copy) => copy.status)).toEqual(Array(60).fill('sent'))
      expect(new Set(copies.map((copy) => copy.envelope_id)).size).toBe(60)
      expect(await envelopeCount(running, sender.accountId)).toBe(60)
    })
  })

  describe('rate limits', () => {
    it("sends no more copies in a 30-second window than the account's burst limit, then resumes", async () => {
      // The clock starts at the beginning of a burst window, so the test's own calls share that window.
      let now = Math.ceil(Date.now() / 30_000) * 30_000 + 60_000
      const { service: running, sender } = await start({ burstLimit: 10, now: () => now })
      const { batchId } = await queueBatch(running, sender, bulkList(40, 'paced'))
      now += 30_000
      await drain(running)
      const sentAt = async () =>
        (await copiesOf(running, batchId)).filter((copy) => copy.status === 'sent').length
      expect(await sentAt()).toBe(10)
      // Copies that wait spend no more than one step of calls over the limit (the REST API counts those
      // too): the hour holds the test's 3 calls, the 10 copies and at most 10 refused, plus this one.
      const hour = await running.ctx.callCounter.count(
        sender.accountId,
        hourWindowStart(now),
        burstWindowStart(now),
      )
      expect(hour.hour).toBeLessThanOrEqual(3 + 10 + 10 + 1)
      // Still within the window: the batch waits.
      now += 10_000
      expect(await runBulkSendRound(running.ctx)).toBe(false)
      expect(await sentAt()).toBe(10)
      now += 20_000
      await drain(running)
      expect(await sentAt()).toBe(20)
    })
  })

  describe('copies that cannot be sent', () => {
    it('counts the copies of a template deleted after the send as failed, with the reason', async () => {
      const { service: running, sender } = await start()
      const { templateId, batchId } = await queueBatch(running, sender, bulkList(3, 'refused'))
      // The template is deleted after the send: no copy can be made from it any more.
      await call(running, sender, 'DELETE', `/templates/${templateId}`)
      await drain(running)
      const copies = await copiesOf(running, batchId)
      expect(copies.map((copy) => copy.status)).toEqual(['failed', 'failed', 'failed'])
      expect(copies[0]?.error).toBe(`Template or draft envelope ${templateId} no longer exists`)
      const status = await call(running, sender, 'GET', `/bulk_send_batch/${batchId}`)
      expect(status).toMatchObject({ sent: '0', failed: '3', queued: '0' })
      expect(status.bulkErrors[2].recipientEmails).toEqual([memberEmail('refused', 2)])
    })
  })
})
