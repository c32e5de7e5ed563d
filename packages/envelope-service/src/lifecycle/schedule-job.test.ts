import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import type { OutboundMessage } from '../messages/message.js'
import { runMessagesRound } from '../notifications/outbox-job.js'
import { OUTBOX_TOPICS } from '../outbox/topics.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { DAY_MS } from './schedule.js'
import { runScheduleRound } from './schedule-job.js'

/**
 * Reminders and expiry on an injected clock: the service's job runner is stopped and the test steps the
 * clock through the days, running the schedule round at each step and counting what it enqueued.
 */

const START = Date.parse('2026-11-22T10:00:00Z')
const STEP_MS = DAY_MS / 4

describeEachDatabase('the reminders-and-expiry job', ({ freshUrl }) => {
  let clock = START
  let service: TestService
  let principal: TestPrincipal
  let pdf: string

  beforeAll(async () => {
    pdf = await makePdfBase64(1, 'Sign here')
    service = await startTestService(await freshUrl(), {}, () => clock)
    await service.ctx.jobs.stop()
    principal = await seedPrincipal(service.ctx)
  })
  afterAll(() => service.close())
  beforeEach(async () => {
    clock = START
    // Each test's messages are its own envelope's.
    await service.ctx.db.deleteFrom('outbox').execute()
  })

  async function createSent(notification: Record<string, unknown>) {
    const response = await service.app.inject({
      method: 'POST',
      url: `/restapi/v2.1/accounts/${principal.accountId}/envelopes`,
      headers: principal.headers,
      payload: {
        status: 'sent',
        emailSubject: 'Lease',
        notification,
        documents: [{ documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: pdf }],
        recipients: {
          signers: [
            {
              recipientId: '1',
              routingOrder: '1',
              name: 'Ana',
              email: 'ana@example.test',
              tabs: {
                signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }],
              },
            },
          ],
        },
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId as string
  }

  async function messagesOf(envelopeId: string, kind: string) {
    const rows = await service.ctx.db
      .selectFrom('outbox')
      .select('payload')
      .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
      .execute()
    return rows
      .map((row) => JSON.parse(row.payload) as { envelopeId: string; kind: string })
      .filter((payload) => payload.envelopeId === envelopeId && payload.kind === kind).length
  }

  /** Steps the clock to `untilDays` after START, a round at each step; the count of `kind` after each. */
  async function stepThrough(envelopeId: string, kind: string, untilDays: number) {
    const counts: { day: number; count: number }[] = []
    for (let at = START + STEP_MS; at <= START + untilDays * DAY_MS; at += STEP_MS) {
      clock = at
      await runScheduleRound(service.ctx)
      counts.push({ day: (at - START) / DAY_MS, count: await messagesOf(envelopeId, kind) })
    }
    return counts
  }

  it('reminds after reminderDelay days and then every reminderFrequency days, never in between', async () => {
    const envelopeId = await createSent({
      useAccountDefaults: 'false',
      reminders: { reminderEnabled: 'true', reminderDelay: '1', reminderFrequency: '2' },
    })
    const counts = await stepThrough(envelopeId, 'reminder', 4)
    const expected = counts.map(({ day }) => ({ day, count: day < 1 ? 0 : day < 3 ? 1 : 2 }))
    expect(counts).toEqual(expected)
    const audit = await service.ctx.db
      .selectFrom('audit_events')
      .select('entry')
      .where('envelope_id', '=', envelopeId)
      .execute()
    expect(audit.filter((row) => /remind/i.test(JSON.parse(row.entry).action))).toHaveLength(2)
  })

  it('warns expireWarn days before expiry, voids at expireAfter, and the signing link then shows expired', async () => {
    const envelopeId = await createSent({
      useAccountDefaults: 'false',
      expirations: { expireEnabled: 'true', expireAfter: '3', expireWarn: '1' },
    })
    // The invitation goes out (capturing the message) so the recipient holds a signing link.
    const sent: OutboundMessage[] = []
    await runMessagesRound({
      db: service.ctx.db,
      dialect: service.ctx.database.dialect,
      now: () => clock,
      publicUrl: service.ctx.publicUrl,
      dispatch: async (message) => {
        sent.push(message)
        return { outcome: 'delivered', transport: 'mailbox' }
      },
      owner: 'test-owner',
    })
    const invitation = sent.find((message) => message.channel === 'email')
    const token = /\/signing\/#([A-Za-z0-9_-]+)/.exec(
      invitation?.channel === 'email' ? invitation.text : '',
    )?.[1]
    expect(token).toBeDefined()
    const session = () =>
      service.app.inject({ url: '/signing/api/session', headers: { 'x-signing-token': token as string } })
    expect((await session()).json().state).toBe('ready')

    // Access tokens expire on the same clock: a fresh one for each read.
    const envelope = async () => {
      const reader = await seedPrincipal(service.ctx, { accountId: principal.accountId })
      return service.app.inject({
        url: `/restapi/v2.1/accounts/${principal.accountId}/envelopes/${envelopeId}`,
        headers: reader.headers,
      })
    }
    const counts = await stepThrough(envelopeId, 'expiryWarning', 2.75)
    expect(counts).toEqual(counts.map(({ day }) => ({ day, count: day < 2 ? 0 : 1 })))
    expect((await envelope()).json().status).not.toBe('voided')

    clock = START + 3 * DAY_MS
    expect(await runScheduleRound(service.ctx)).toMatchObject({ expired: 1 })
    expect((await envelope()).json().status).toBe('voided')
    const stored = await service.ctx.db
      .selectFrom('envelopes')
      .select(['status', 'voided_reason'])
      .where('id', '=', envelopeId)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ status: 'voided', voided_reason: 'Envelope has expired.' })
    const opened = await session()
    expect(opened.statusCode, opened.body).toBe(200)
    expect(opened.json().state).toBe('expired')
    // Expired once: later rounds neither void again nor warn again.
    clock = START + 5 * DAY_MS
    expect(await runScheduleRound(service.ctx)).toMatchObject({ expired: 0, warned: 0 })
    expect(await messagesOf(envelopeId, 'expiryWarning')).toBe(1)
  })
})
