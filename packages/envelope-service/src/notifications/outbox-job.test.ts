import fc from 'fast-check'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { claim, enqueue } from '../outbox/repository.js'
import { OUTBOX_TOPICS } from '../outbox/topics.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { deliverySettingsOf } from './config.js'
import { createDelivery } from './dispatch.js'
import { messagesJobRun, runMessagesRound, unconfiguredRetryMs } from './outbox-job.js'
import { mintRoundLinks } from './round-links.js'
import { deliveryThrough } from './testing/delivery.js'
import { startSmtpSink } from './testing/smtp-sink.js'
import { json, startTwilioReceiver } from './testing/twilio-receiver.js'

/**
 * The messages job over real transports: an smtp-server sink and a Twilio-shaped HTTP receiver. The
 * service's own job runner is stopped, so each test drives `runMessagesRound` on an injected clock and
 * asserts what the sinks received and what stayed in the outbox and the audit trail.
 */

const START = Date.parse('2026-11-22T10:00:00Z')
const GIVE_UP_HOURS = 2

let sink: Awaited<ReturnType<typeof startSmtpSink>>
let sms: Awaited<ReturnType<typeof startTwilioReceiver>>
let pdf: string

beforeAll(async () => {
  ;[sink, sms, pdf] = await Promise.all([
    startSmtpSink(),
    startTwilioReceiver(),
    makePdfBase64(1, 'Sign here'),
  ])
})
afterAll(async () => {
  await Promise.all([sink.close(), sms.close()])
})

const defaultAnswer = (response: Parameters<typeof sms.answer>[0]) =>
  json(201, { sid: `SM${sms.received.length}`, status: 'queued' })(response)

describeEachDatabase('the messages job', ({ freshUrl }) => {
  let clock = START
  let service: TestService
  let principal: TestPrincipal
  let delivery: ReturnType<typeof createDelivery>

  // One service per database (building one is the slow part); each test leaves the outbox empty.
  beforeAll(async () => {
    service = await startTestService(
      await freshUrl(),
      { MESSAGE_GIVE_UP_HOURS: String(GIVE_UP_HOURS) },
      () => clock,
    )
    // The tests drive the rounds themselves: nothing runs in the background.
    await service.ctx.jobs.stop()
    principal = await seedPrincipal(service.ctx)
  })
  afterAll(() => service.close())
  beforeEach(async () => {
    clock = START
    sink.received.length = 0
    sms.received.length = 0
    sms.answer = defaultAnswer
    await service.ctx.db.deleteFrom('outbox').execute()
    delivery = deliveryThrough(sink, sms)
  })
  afterEach(() => delivery.close())

  /** The job's dependencies in this test's service, on the injected clock. */
  const jobDeps = (dispatch = delivery.dispatch) => ({
    db: service.ctx.db,
    dialect: service.ctx.database.dialect,
    now: () => clock,
    publicUrl: service.ctx.publicUrl,
    dispatch,
    owner: 'test-owner',
  })

  const round = (dispatch = delivery.dispatch) =>
    runMessagesRound({
      ...jobDeps(dispatch),
      giveUpAfterMs: service.ctx.config.MESSAGE_GIVE_UP_HOURS * 60 * 60_000,
    })

  async function createSent(
    signer: Record<string, unknown>,
    extra: Record<string, unknown> = {},
    sender: TestPrincipal = principal,
  ) {
    const response = await service.app.inject({
      method: 'POST',
      url: `/restapi/v2.1/accounts/${sender.accountId}/envelopes`,
      headers: sender.headers,
      payload: {
        status: 'sent',
        emailSubject: 'Service Agreement',
        emailBlurb: 'Please sign the agreement.',
        documents: [{ documentId: '1', name: 'Agreement', fileExtension: 'pdf', documentBase64: pdf }],
        recipients: {
          signers: [
            {
              recipientId: '1',
              routingOrder: '1',
              tabs: {
                signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }],
              },
              ...signer,
            },
          ],
        },
        ...extra,
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId as string
  }

  const outboxRows = () =>
    service.ctx.db
      .selectFrom('outbox')
      .select(['payload', 'attempts', 'available_at', 'last_error'])
      .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
      .execute()
  const linksOf = async (envelopeId: string) =>
    (
      await service.ctx.db
        .selectFrom('signing_links')
        .select('envelope_id')
        .where('envelope_id', '=', envelopeId)
        .execute()
    ).length
  const auditActions = async (envelopeId: string) =>
    (
      await service.ctx.db
        .selectFrom('audit_events')
        .select(['entry', 'sequence'])
        .where('envelope_id', '=', envelopeId)
        .orderBy('sequence')
        .execute()
    ).map((row) => JSON.parse(row.entry) as { action: string; information?: string })

  it('sends the invitation by SMTP with subject, text and HTML parts and a personal link', async () => {
    const envelopeId = await createSent({ name: 'Ana Signer', email: 'ana@example.test' })
    expect(await outboxRows()).toHaveLength(1)
    await round()
    expect(sink.received).toHaveLength(1)
    const mail = sink.received[0]!
    expect(mail.to).toEqual(['ana@example.test'])
    expect(mail.user).toBe('mailer')
    expect(mail.subject).toBe('Service Agreement')
    const link = /https:\/\/localhost:8443\/signing\/#[A-Za-z0-9_-]{22,}/.exec(mail.text ?? '')?.[0]
    expect(link).toBeDefined()
    expect(mail.text).toContain('Please sign the agreement.')
    expect(mail.html).toContain(link)
    expect(sms.received).toHaveLength(0)
    expect(await outboxRows()).toHaveLength(0)
    expect(await linksOf(envelopeId)).toBe(1)
  })

  it('reaches an SMS-only recipient by SMS only, never at the placeholder address', async () => {
    await createSent({
      name: 'Beto',
      email: 'placeholder@crm.invalid',
      deliveryMethod: 'SMS',
      phoneNumber: { countryCode: '1', number: '4155550100' },
    })
    await round()
    expect(sink.received).toHaveLength(0)
    expect(sms.received).toHaveLength(1)
    const request = sms.received[0]!
    expect(request.path).toBe('/2010-04-01/Accounts/AC1/Messages.json')
    expect(request.authorization).toBe(`Basic ${Buffer.from('AC1:token').toString('base64')}`)
    expect(request.form.get('To')).toBe('+14155550100')
    expect(request.form.get('From')).toBe('+15005550006')
    expect(request.form.get('Body')).toMatch(/Service Agreement.*https:\/\/localhost:8443\/signing\/#/)
    expect(await outboxRows()).toHaveLength(0)
  })

  it('sends both an email and an SMS for an additionalNotifications SMS entry', async () => {
    await createSent({
      name: 'Carla',
      email: 'carla@example.test',
      additionalNotifications: [
        { secondaryDeliveryMethod: 'SMS', phoneNumber: { countryCode: '44', number: '7911123456' } },
      ],
    })
    await round()
    expect(sink.received.map((mail) => mail.to)).toEqual([['carla@example.test']])
    expect(sms.received.map((request) => request.form.get('To'))).toEqual(['+447911123456'])
  })

  it('retries a temporary SMTP failure later with backoff while other messages still go', async () => {
    const first = await createSent({ name: 'Ana', email: 'ana@example.test' })
    const second = await createSent({ name: 'Bea', email: 'bea@example.test' })
    sink.failNext(451, 'Try again later')
    await round()
    // One of the two got the 451; the other went out.
    expect(sink.received).toHaveLength(1)
    const delivered = sink.received[0]!.to[0]
    const failedEnvelope = delivered === 'ana@example.test' ? second : first
    const [row] = await outboxRows()
    expect(await outboxRows()).toHaveLength(1)
    expect(Number(row!.attempts)).toBe(1)
    expect(Number(row!.available_at)).toBeGreaterThanOrEqual(START + 2_500)
    expect(row!.last_error).toContain('451')
    const failedAudit = await auditActions(failedEnvelope)
    expect(failedAudit.filter((entry) => entry.action === 'Delivery Attempt Failed')).toHaveLength(1)
    expect(failedAudit.find((entry) => entry.action === 'Delivery Attempt Failed')?.information).toContain(
      '451',
    )

    // Not due before the backoff has passed.
    await round()
    expect(sink.received).toHaveLength(1)
    clock = Number(row!.available_at)
    await round()
    expect(sink.received.map((mail) => mail.to[0]).sort()).toEqual(['ana@example.test', 'bea@example.test'])
    expect(await outboxRows()).toHaveLength(0)
  })

  it('retries when the SMTP server is unreachable, counting attempts with a growing backoff', async () => {
    const stopped = await startSmtpSink()
    await stopped.close()
    const unreachable = createDelivery(
      deliverySettingsOf({ SMTP_URL: stopped.url, SMTP_FROM: 'no-reply@inkwell.test' }),
    )
    try {
      const envelopeId = await createSent({ name: 'Ana', email: 'ana@example.test' })
      await round(unreachable.dispatch)
      const [afterFirst] = await outboxRows()
      expect(Number(afterFirst!.attempts)).toBe(1)
      const firstDelay = Number(afterFirst!.available_at) - clock
      expect(firstDelay).toBeGreaterThanOrEqual(2_500)
      clock = Number(afterFirst!.available_at)
      await round(unreachable.dispatch)
      const [afterSecond] = await outboxRows()
      expect(Number(afterSecond!.attempts)).toBe(2)
      expect(Number(afterSecond!.available_at) - clock).toBeGreaterThanOrEqual(5_000)
      const actions = (await auditActions(envelopeId)).map((entry) => entry.action)
      expect(actions.filter((action) => action === 'Delivery Attempt Failed')).toHaveLength(2)
      // Back up: the message goes out on the next due round.
      clock = Number(afterSecond!.available_at)
      await round()
      expect(sink.received.map((mail) => mail.to)).toEqual([['ana@example.test']])
      expect(await outboxRows()).toHaveLength(0)
    } finally {
      unreachable.close()
    }
  })

  it('records a permanent 5xx refusal as Delivery Failed and drops the message', async () => {
    const envelopeId = await createSent({ name: 'Ana', email: 'ana@example.test' })
    sink.failNext(550, 'Mailbox unavailable')
    await round()
    expect(sink.received).toHaveLength(0)
    expect(await outboxRows()).toHaveLength(0)
    const audit = await auditActions(envelopeId)
    const failed = audit.filter((entry) => entry.action === 'Delivery Failed')
    expect(failed).toHaveLength(1)
    expect(failed[0]!.information).toContain('550')
    expect(audit.some((entry) => entry.action === 'Delivery Attempt Failed')).toBe(false)
  })

  it("retries only the SMS of a 'both' message whose email went out", async () => {
    await createSent({
      name: 'Carla',
      email: 'carla@example.test',
      additionalNotifications: [
        { secondaryDeliveryMethod: 'SMS', phoneNumber: { countryCode: '1', number: '4155550101' } },
      ],
    })
    sms.answer = json(503, { code: 20500, message: 'Service unavailable' })
    await round()
    expect(sink.received).toHaveLength(1)
    expect(sms.received).toHaveLength(1)
    const rows = await outboxRows()
    expect(rows).toHaveLength(1)
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({ channel: 'sms', kind: 'invitation' })
    expect(Number(rows[0]!.available_at)).toBeGreaterThan(clock)

    sms.answer = defaultAnswer
    clock = Number(rows[0]!.available_at)
    await round()
    expect(sms.received).toHaveLength(2)
    expect(sms.received[1]!.form.get('To')).toBe('+14155550101')
    expect(sink.received).toHaveLength(1)
    expect(await outboxRows()).toHaveLength(0)
  })

  it('gives up after MESSAGE_GIVE_UP_HOURS and records Delivery Failed', async () => {
    const envelopeId = await createSent({ name: 'Ana', email: 'ana@example.test' })
    const alwaysBusy = async () => ({ outcome: 'retry' as const, reason: 'SMTP 421: busy' })
    await round(alwaysBusy)
    expect(await outboxRows()).toHaveLength(1)
    // Still retried just before the limit.
    clock = START + GIVE_UP_HOURS * 60 * 60_000 - 1
    await round(alwaysBusy)
    expect(await outboxRows()).toHaveLength(1)
    clock = START + GIVE_UP_HOURS * 60 * 60_000 + 60 * 60_000
    await round(alwaysBusy)
    expect(await outboxRows()).toHaveLength(0)
    const actions = (await auditActions(envelopeId)).map((entry) => entry.action)
    expect(actions.filter((action) => action === 'Delivery Attempt Failed')).toHaveLength(2)
    expect(actions.filter((action) => action === 'Delivery Failed')).toHaveLength(1)
  })

  it('skips the invitation of an envelope voided before it went out', async () => {
    const envelopeId = await createSent({ name: 'Ana', email: 'ana@example.test' })
    const voided = await service.app.inject({
      method: 'PUT',
      url: `/restapi/v2.1/accounts/${principal.accountId}/envelopes/${envelopeId}`,
      headers: principal.headers,
      payload: { status: 'voided', voidedReason: 'Wrong contract' },
    })
    expect(voided.statusCode, voided.body).toBe(200)
    await round()
    expect(sink.received.filter((mail) => mail.subject === 'Service Agreement')).toHaveLength(0)
    expect(await linksOf(envelopeId)).toBe(0)
    expect(await outboxRows()).toHaveLength(0)
  })

  it("sends a round's messages for envelopes of several accounts, each from its own envelope, never another account's", async () => {
    const other = await seedPrincipal(service.ctx)
    const ours = await createSent({ name: 'Ana', email: 'ana@example.test' })
    const theirs = await createSent(
      { name: 'Bea', email: 'bea@example.test' },
      { emailSubject: 'Lease renewal' },
      other,
    )
    // A message naming our account with their envelope (as no code path writes, but a payload could say):
    // the round reads envelopes by account, so it finds nothing to send.
    await enqueue(
      service.ctx.db,
      [
        {
          topic: OUTBOX_TOPICS.recipientMessage,
          payload: {
            accountId: principal.accountId,
            envelopeId: theirs,
            recipientId: '1',
            kind: 'reminder',
            channel: 'email',
          },
        },
      ],
      clock,
    )
    await round()
    expect(sink.received.map((mail) => [mail.to[0], mail.subject]).sort()).toEqual([
      ['ana@example.test', 'Service Agreement'],
      ['bea@example.test', 'Lease renewal'],
    ])
    expect(await linksOf(ours)).toBe(1)
    expect(await linksOf(theirs)).toBe(1)
    expect(await outboxRows()).toHaveLength(0)
  })

  it("mints a round's links only for the messages this process still holds", async () => {
    const envelopeId = await createSent({ name: 'Ana', email: 'ana@example.test' })
    const [row] = await claim(service.ctx.db, service.ctx.database.dialect, {
      topics: [OUTBOX_TOPICS.recipientMessage],
      owner: 'another-process',
      now: clock,
      leaseMs: 60_000,
      limit: 1,
    })
    const wanted = [
      { rowId: row!.id, payload: row!.payload as never, createdAt: clock, expiresAt: clock + 60_000 },
    ]
    const mint = (owner: string) => mintRoundLinks(service.ctx.db, owner, service.ctx.publicUrl, wanted)
    expect((await mint('test-owner')).get(row!.id)).toBe('lost')
    expect(await linksOf(envelopeId)).toBe(0)
    const minted = (await mint('another-process')).get(row!.id)
    expect(minted).toMatchObject({ envelopeId, link: expect.stringMatching(/\/signing\/#/) })
    expect(await linksOf(envelopeId)).toBe(1)
    expect(JSON.parse((await outboxRows())[0]!.payload)).toEqual(minted)
  })

  it('leaves a message for a channel with no transport queued, without composing, linking or auditing it', async () => {
    const envelopeId = await createSent({ name: 'Ana', email: 'ana@example.test' })
    const before = (await auditActions(envelopeId)).length
    await runMessagesRound({ ...jobDeps(), canDeliver: (channel) => channel === 'sms' })
    const [row] = await outboxRows()
    expect(Number(row?.available_at)).toBe(clock + 60_000)
    expect(row?.last_error).toMatch(/No transport is configured for email/)
    expect(sink.received).toHaveLength(0)
    expect(await linksOf(envelopeId)).toBe(0)
    expect(await auditActions(envelopeId)).toHaveLength(before)
  })

  it('backs off a message waiting for a transport, and sends it at once from a process that has one', async () => {
    const envelopeId = await createSent({ name: 'Ana', email: 'ana@example.test' })
    const deps = jobDeps()
    const waiting = { ...deps, canDeliver: () => false }
    // A process without any transport: a minute, then two, then four.
    for (const [attempt, waitMs] of [
      [1, 60_000],
      [2, 120_000],
      [3, 240_000],
    ] as const) {
      await messagesJobRun(waiting)()
      const [row] = await outboxRows()
      expect([row?.attempts, Number(row?.available_at) - clock]).toEqual([attempt, waitMs])
      clock += waitMs
    }
    clock -= 100_000
    // Restarted with a transport, long before the back-off ends: its first round sends the invitation.
    const withTransport = messagesJobRun(deps)
    await withTransport()
    expect(sink.received.filter((mail) => mail.subject === 'Service Agreement')).toHaveLength(1)
    expect(await outboxRows()).toHaveLength(0)
    expect(await linksOf(envelopeId)).toBe(1)
  })
})

describe('unconfiguredRetryMs', () => {
  it('doubles from a minute to at most 30, never shrinking', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(unconfiguredRetryMs)).toEqual([
      60_000, 120_000, 240_000, 480_000, 960_000, 1_800_000, 1_800_000, 1_800_000,
    ])
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (attempts) => {
        expect(unconfiguredRetryMs(attempts + 1)).toBeGreaterThanOrEqual(unconfiguredRetryMs(attempts))
      }),
    )
  })
})
