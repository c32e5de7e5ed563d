import { describeEachDatabase } from 'platform/testing'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signaturePng } from '../completion/test-fixtures.js'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { OUTBOX_TOPICS } from '../outbox/topics.js'
import { connectConfigurationBody } from '../testing/connect-configuration.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { injectAs } from '../testing/inject.js'
import type { createDelivery, Dispatch } from './dispatch.js'
import { runMessagesRound } from './outbox-job.js'
import { deliveryThrough } from './testing/delivery.js'
import { startSmtpSink } from './testing/smtp-sink.js'
import { startTwilioReceiver } from './testing/twilio-receiver.js'

/**
 * Who gets which message, through the REST API, the signing API and the messages job over a real SMTP
 * listener and a Twilio-shaped receiver: embedded recipients get nothing, a retried message carries the
 * link minted for it, the sender hears of a decline, recipients already sent the envelope hear of a void.
 * The service's own jobs are stopped: each test drives the messages rounds on an injected clock.
 */

const START = Date.parse('2026-11-22T10:00:00Z')
const SUBJECT = 'Lease renewal'
const signHere = { documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }
const LINK = /https:\/\/localhost:8443\/signing\/#([A-Za-z0-9_-]{22,})/

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

describeEachDatabase('who is notified', ({ freshUrl }) => {
  let clock = START
  let service: TestService
  let sender: TestPrincipal
  let delivery: ReturnType<typeof createDelivery>

  beforeAll(async () => {
    service = await startTestService(await freshUrl(), {}, () => clock)
    await service.ctx.jobs.stop()
    sender = await seedPrincipal(service.ctx)
    // A listener, so the send's Connect events are stored and the tests can see them announced.
    const configured = await injectAs(
      service,
      sender,
      'POST',
      '/connect',
      connectConfigurationBody('https://hooks.example.com/docusign'),
    )
    expect(configured.statusCode, configured.body).toBe(201)
  })
  afterAll(() => service.close())
  beforeEach(async () => {
    clock = START
    sink.received.length = 0
    sms.received.length = 0
    await service.ctx.db.deleteFrom('outbox').execute()
    delivery = deliveryThrough(sink, sms)
  })
  afterEach(() => delivery.close())

  const round = (dispatch: Dispatch = delivery.dispatch) =>
    runMessagesRound({
      db: service.ctx.db,
      dialect: service.ctx.database.dialect,
      now: () => clock,
      publicUrl: service.ctx.publicUrl,
      dispatch,
      owner: 'test-owner',
    })

  async function createSent(signers: Record<string, unknown>[]): Promise<string> {
    const response = await injectAs(service, sender, 'POST', '/envelopes', {
      status: 'sent',
      emailSubject: SUBJECT,
      documents: [{ documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: pdf }],
      recipients: {
        signers: signers.map((signer, index) => ({
          recipientId: String(index + 1),
          routingOrder: '1',
          tabs: { signHereTabs: [signHere] },
          ...signer,
        })),
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId as string
  }

  const rowsOf = async (topic: string, envelopeId: string) =>
    (await service.ctx.db.selectFrom('outbox').select('payload').where('topic', '=', topic).execute())
      .map((row) => JSON.parse(row.payload) as Record<string, unknown>)
      .filter((payload) => payload.envelopeId === envelopeId)
  const linkRows = async (envelopeId: string) =>
    (
      await service.ctx.db
        .selectFrom('signing_links')
        .select('recipient_id')
        .where('envelope_id', '=', envelopeId)
        .where('kind', '=', 'invitation')
        .execute()
    ).length
  const auditOf = async (envelopeId: string) =>
    (
      await service.ctx.db
        .selectFrom('audit_events')
        .select('entry')
        .where('envelope_id', '=', envelopeId)
        .orderBy('sequence')
        .execute()
    ).map((row) => JSON.parse(row.entry) as { action: string; recipientId?: string; message: string })
  const tokenIn = (text: string | undefined) => LINK.exec(text ?? '')?.[1]
  const session = (token: string) =>
    service.app.inject({ url: '/signing/api/session', headers: { 'x-signing-token': token } })
  const finish = (token: string) =>
    service.app.inject({
      method: 'POST',
      url: '/signing/api/finish',
      headers: { 'x-signing-token': token },
      payload: { signature: signaturePng(), values: { 'signHereTabs-0': 'signed' } },
    })
  const decline = (token: string, reason: string) =>
    service.app.inject({
      method: 'POST',
      url: '/signing/api/decline',
      headers: { 'x-signing-token': token },
      payload: { reason },
    })

  describe('embedded recipients', () => {
    const embedded = { name: 'Ana Ruiz', email: 'ana@example.test', clientUserId: 'crm-ana' }
    const remote = { name: 'Bo Remote', email: 'bo@example.test', routingOrder: '2' }

    async function signEmbedded(envelopeId: string) {
      const view = await injectAs(service, sender, 'POST', `/envelopes/${envelopeId}/views/recipient`, {
        returnUrl: 'https://crm.example.test/return',
        authenticationMethod: 'none',
        userName: embedded.name,
        email: embedded.email,
        clientUserId: embedded.clientUserId,
      })
      expect(view.statusCode, view.body).toBe(201)
      const token = (view.json().url as string).split('#')[1]!
      expect((await session(token)).statusCode).toBe(200)
      const finished = await finish(token)
      expect(finished.statusCode, finished.body).toBe(200)
    }

    it('sends an embedded signer nothing, still announces and audits the send, then invites the next remote signer', async () => {
      const envelopeId = await createSent([embedded, remote])
      expect(await rowsOf(OUTBOX_TOPICS.recipientMessage, envelopeId)).toEqual([])
      const sentEvents = (await rowsOf(OUTBOX_TOPICS.envelopeEvent, envelopeId)).filter(
        (event) => event.event === 'recipient-sent',
      )
      expect(sentEvents.map((event) => event.recipientId)).toEqual(['1'])
      const sentAudit = (await auditOf(envelopeId)).filter((entry) => entry.action === 'Sent Invitations')
      expect(sentAudit).toEqual([
        expect.objectContaining({
          recipientId: '1',
          message: expect.stringContaining('embedded recipient 1'),
        }),
      ])
      await round()
      expect(sink.received).toEqual([])
      expect(await linkRows(envelopeId)).toBe(0)

      await signEmbedded(envelopeId)
      await round()
      expect(sink.received.map((mail) => [mail.to, mail.subject])).toEqual([[['bo@example.test'], SUBJECT]])
      const token = tokenIn(sink.received[0]!.text)
      expect(token).toBeDefined()

      // The remote signer finishes through the link in his mail: the completed documents go to him alone.
      expect((await session(token!)).statusCode).toBe(200)
      expect((await finish(token!)).statusCode).toBe(200)
      const [completion] = await rowsOf(OUTBOX_TOPICS.envelopeComplete, envelopeId)
      expect(completion?.messages).toEqual([
        expect.objectContaining({ kind: 'completed', recipientId: '2', channel: 'email' }),
      ])
    })

    it('sends no void notice to an embedded signer the envelope reached', async () => {
      const envelopeId = await createSent([embedded, { ...remote, routingOrder: '1' }])
      await round()
      expect(sink.received.map((mail) => mail.to)).toEqual([['bo@example.test']])
      const voided = await injectAs(service, sender, 'PUT', `/envelopes/${envelopeId}`, {
        status: 'voided',
        voidedReason: 'Wrong unit',
      })
      expect(voided.statusCode, voided.body).toBe(200)
      await round()
      expect(sink.received.map((mail) => [mail.to, mail.subject])).toEqual([
        [['bo@example.test'], SUBJECT],
        [['bo@example.test'], `Voided: ${SUBJECT}`],
      ])
    })
  })

  describe('one signing link per message', () => {
    it('reuses the link minted on the first attempt when SMTP refused it, and that link works', async () => {
      const envelopeId = await createSent([{ name: 'Cy', email: 'cy@example.test' }])
      sink.failNext(451, 'Try again later')
      await round()
      expect(sink.received).toEqual([])
      const [pending] = await rowsOf(OUTBOX_TOPICS.recipientMessage, envelopeId)
      expect(pending?.link).toMatch(LINK)
      expect(await linkRows(envelopeId)).toBe(1)

      clock += 60 * 60_000
      await round()
      expect(sink.received).toHaveLength(1)
      expect(sink.received[0]!.text).toContain(pending!.link)
      expect(await linkRows(envelopeId)).toBe(1)
      expect(await rowsOf(OUTBOX_TOPICS.recipientMessage, envelopeId)).toEqual([])
      const opened = await session(tokenIn(sink.received[0]!.text)!)
      expect(opened.statusCode, opened.body).toBe(200)
    })

    it('sends the same link again when a delivered mail was reported as failed (at least once)', async () => {
      const envelopeId = await createSent([{ name: 'Di', email: 'di@example.test' }])
      let lostReply = true
      const flaky: Dispatch = async (message) => {
        const result = await delivery.dispatch(message)
        if (!lostReply) return result
        lostReply = false
        return { outcome: 'retry', reason: 'connection reset after DATA' }
      }
      await round(flaky)
      clock += 60 * 60_000
      await round(flaky)
      expect(sink.received).toHaveLength(2)
      const [first, second] = sink.received.map((mail) => tokenIn(mail.text))
      expect(first).toBeDefined()
      expect(second).toBe(first)
      expect(await linkRows(envelopeId)).toBe(1)
      expect((await session(first!)).statusCode).toBe(200)
    })

    it('texts the link the email carried when only the SMS of a message is retried', async () => {
      const envelopeId = await createSent([
        {
          name: 'Eva',
          email: 'eva@example.test',
          additionalNotifications: [
            { secondaryDeliveryMethod: 'SMS', phoneNumber: { countryCode: '1', number: '4155550123' } },
          ],
        },
      ])
      const smsDown: Dispatch = async (message) =>
        message.channel === 'sms' ? { outcome: 'retry', reason: 'provider busy' } : delivery.dispatch(message)
      await round(smsDown)
      expect(sink.received).toHaveLength(1)
      clock += 60 * 60_000
      await round()
      expect(sms.received).toHaveLength(1)
      const texted = tokenIn(sms.received[0]!.form.get('Body') ?? '')
      expect(texted).toBe(tokenIn(sink.received[0]!.text))
      expect(await linkRows(envelopeId)).toBe(1)
    })
  })

  describe('decline and void notices', () => {
    it("emails the sender who declined and why, besides the other recipients' notices", async () => {
      const envelopeId = await createSent([
        { name: 'Fay Decliner', email: 'fay@example.test' },
        { name: 'Gus', email: 'gus@example.test' },
      ])
      await round()
      const invitation = sink.received.find((mail) => mail.to[0] === 'fay@example.test')!
      const token = tokenIn(invitation.text)!
      expect((await session(token)).statusCode).toBe(200)
      const declined = await decline(token, 'The rent is wrong')
      expect(declined.statusCode, declined.body).toBe(200)
      sink.received.length = 0
      await round()
      const bySubject = sink.received.map((mail) => [mail.to[0], mail.subject]).sort()
      expect(bySubject).toEqual([
        [`${sender.userId}@example.test`, `Declined: ${SUBJECT}`],
        ['gus@example.test', `Declined: ${SUBJECT}`],
      ])
      const notice = sink.received.find((mail) => mail.to[0] === `${sender.userId}@example.test`)!
      expect(notice.text).toContain('Fay Decliner declined to sign this document. Reason: The rent is wrong')
      expect(notice.text).toContain('Hello Test User,')
      expect(notice.from).toBe('no-reply@inkwell.test')
      expect(await rowsOf(OUTBOX_TOPICS.recipientMessage, envelopeId)).toEqual([])
    })

    it('tells every recipient the envelope reached that it was voided, by SMS for an SMS recipient', async () => {
      const envelopeId = await createSent([
        { name: 'Hal', email: 'hal@example.test' },
        {
          name: 'Ida',
          email: 'placeholder@crm.invalid',
          deliveryMethod: 'SMS',
          phoneNumber: { countryCode: '1', number: '4155550177' },
        },
        { name: 'Jo Later', email: 'jo@example.test', routingOrder: '2' },
      ])
      await round()
      sink.received.length = 0
      sms.received.length = 0
      const voided = await injectAs(service, sender, 'PUT', `/envelopes/${envelopeId}`, {
        status: 'voided',
        voidedReason: 'Unit sold',
      })
      expect(voided.statusCode, voided.body).toBe(200)
      await round()
      expect(sink.received.map((mail) => [mail.to, mail.subject])).toEqual([
        [['hal@example.test'], `Voided: ${SUBJECT}`],
      ])
      expect(sink.received[0]!.text).toContain('Test User voided this document. Reason: Unit sold')
      expect(sms.received.map((request) => [request.form.get('To'), request.form.get('Body')])).toEqual([
        ['+14155550177', `Inkwell: Test User voided "${SUBJECT}". Reason: Unit sold`],
      ])
    })
  })
})
