import { describeEachDatabase } from 'platform/testing'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { listAuditEntries } from '../../audit/repository.js'
import { signaturePng } from '../../completion/test-fixtures.js'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import { deliverySettingsOf } from '../../notifications/config.js'
import { createDelivery } from '../../notifications/dispatch.js'
import { runMessagesRound } from '../../notifications/outbox-job.js'
import { startSmtpSink } from '../../notifications/testing/smtp-sink.js'
import { OUTBOX_TOPICS } from '../../outbox/topics.js'
import { newSigningToken } from '../../signing/records/links.js'
import { insertSigningLink } from '../../signing/records/repository.js'
import {
  seedPrincipal,
  startTestService,
  type TestPrincipal,
  type TestService,
} from '../../testing/harness.js'
import { injectAs } from '../../testing/inject.js'

/**
 * `PUT .../envelopes/{envelopeId}/recipients` over `app.inject` on both databases. The job runner is
 * stopped: each test drives the messages job itself against a real SMTP listener, so what a correction
 * enqueued is counted in the outbox and what was sent is read from the sink.
 */

const START = Date.parse('2026-11-23T10:00:00Z')

let sink: Awaited<ReturnType<typeof startSmtpSink>>
let pdf: string

beforeAll(async () => {
  ;[sink, pdf] = await Promise.all([startSmtpSink(), makePdfBase64(1, 'Sign here')])
})
afterAll(() => sink.close())

const signHere = { signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '72', yPosition: '72' }] }

describeEachDatabase('correcting recipients', ({ freshUrl }) => {
  const clock = START
  let service: TestService
  let principal: TestPrincipal
  let delivery: ReturnType<typeof createDelivery>

  beforeAll(async () => {
    service = await startTestService(await freshUrl(), {}, () => clock)
    await service.ctx.jobs.stop()
    principal = await seedPrincipal(service.ctx)
  })
  afterAll(() => service?.close())
  beforeEach(async () => {
    sink.received.length = 0
    await service.ctx.db.deleteFrom('outbox').execute()
    delivery = createDelivery(deliverySettingsOf({ SMTP_URL: sink.url, SMTP_FROM: 'no-reply@inkwell.test' }))
  })
  afterEach(() => delivery.close())

  const deliverMessages = () =>
    runMessagesRound({
      db: service.ctx.db,
      dialect: service.ctx.database.dialect,
      now: () => clock,
      publicUrl: service.ctx.publicUrl,
      dispatch: delivery.dispatch,
      owner: 'test-owner',
    })

  const inject = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
    injectAs(service, principal, method, path, payload)

  const correct = (envelopeId: string, body: object, query = '') =>
    inject('PUT', `/envelopes/${envelopeId}/recipients${query}`, body)

  async function createEnvelope(recipients: object, status: 'sent' | 'created' = 'sent') {
    const response = await inject('POST', '/envelopes', {
      status,
      emailSubject: 'Lease renewal',
      documents: [{ documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: pdf }],
      recipients,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId as string
  }

  const oneSigner = (signer: Record<string, unknown> = {}) =>
    createEnvelope({
      signers: [
        { recipientId: '1', name: 'Ann Signer', email: 'ann@old.example.test', tabs: signHere, ...signer },
      ],
    })

  async function invitationRows(envelopeId: string) {
    const rows = await service.ctx.db
      .selectFrom('outbox')
      .select('payload')
      .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
      .execute()
    return rows
      .map((row) => JSON.parse(row.payload) as { envelopeId: string; recipientId: string; kind: string })
      .filter((payload) => payload.envelopeId === envelopeId)
  }

  /** A signing link for the recipient, as an invitation would carry it. */
  async function linkFor(envelopeId: string, recipientId = '1') {
    const { token, tokenHash } = newSigningToken()
    await insertSigningLink(service.ctx.db, {
      tokenHash,
      envelopeId,
      recipientId,
      kind: 'invitation',
      createdAt: clock,
      expiresAt: clock + 24 * 60 * 60_000,
    })
    return token
  }

  const signing = (token: string, path: string, options: { body?: object; auth?: string } = {}) =>
    service.app.inject({
      method: options.body === undefined ? 'GET' : 'POST',
      url: `/signing/api/${path}`,
      headers: { 'x-signing-token': token, ...(options.auth ? { 'x-signing-auth': options.auth } : {}) },
      ...(options.body === undefined ? {} : { payload: options.body }),
    })

  function tokenInMail(text: string | undefined): string {
    const token = /\/signing\/#([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1]
    if (!token) throw new Error(`no signing link in the mail: ${text}`)
    return token
  }
  const auditActions = async (envelopeId: string) =>
    (await listAuditEntries(service.ctx.db, envelopeId)).map((entry) => entry.action)

  describe('a new email', () => {
    it('sends the invitation to the new address; the old address’s link stops working', async () => {
      const envelopeId = await oneSigner()
      await deliverMessages()
      expect(sink.received.map((mail) => mail.to)).toEqual([['ann@old.example.test']])
      const oldToken = tokenInMail(sink.received[0]?.text)
      expect((await signing(oldToken, 'auth')).statusCode).toBe(200)

      const response = await correct(envelopeId, {
        signers: [{ recipientId: '1', email: 'ann@new.example.test', name: 'Ann New' }],
      })
      expect(response.statusCode, response.body).toBe(200)
      const [result, ...others] = response.json().recipientUpdateResults
      expect(others).toEqual([])
      expect(result).toEqual({ recipientId: '1', recipientIdGuid: expect.any(String) })
      expect(await invitationRows(envelopeId)).toEqual([
        expect.objectContaining({ recipientId: '1', kind: 'invitation' }),
      ])

      await deliverMessages()
      expect(sink.received.map((mail) => mail.to)).toEqual([
        ['ann@old.example.test'],
        ['ann@new.example.test'],
      ])
      const newToken = tokenInMail(sink.received[1]?.text)
      expect((await signing(oldToken, 'auth')).statusCode).toBe(401)
      expect((await signing(newToken, 'session')).statusCode).toBe(200)

      const recipients = await inject('GET', `/envelopes/${envelopeId}/recipients`)
      expect(recipients.json().signers[0]).toMatchObject({ name: 'Ann New', email: 'ann@new.example.test' })
      expect(await auditActions(envelopeId)).toEqual(expect.arrayContaining(['Corrected', 'Resent']))
    })

    it('of a recipient whose turn has not come is stored and sends nothing yet', async () => {
      const envelopeId = await createEnvelope({
        signers: [
          { recipientId: '1', routingOrder: '1', name: 'Ann', email: 'ann@example.test', tabs: signHere },
          { recipientId: '2', routingOrder: '2', name: 'Bo', email: 'bo@old.example.test', tabs: signHere },
        ],
      })
      await service.ctx.db.deleteFrom('outbox').execute()
      const response = await correct(envelopeId, {
        signers: [{ recipientId: '2', email: 'bo@new.example.test' }],
      })
      expect(response.json().recipientUpdateResults).toEqual([
        { recipientId: '2', recipientIdGuid: expect.any(String) },
      ])
      expect(await invitationRows(envelopeId)).toEqual([])
      const recipients = await inject('GET', `/envelopes/${envelopeId}/recipients`)
      expect(recipients.json().signers[1].email).toBe('bo@new.example.test')
    })
  })

  describe('resend_envelope', () => {
    it('is off by default: a new name alone sends nothing and keeps the links', async () => {
      const envelopeId = await oneSigner()
      const token = await linkFor(envelopeId)
      await service.ctx.db.deleteFrom('outbox').execute()
      const response = await correct(envelopeId, { signers: [{ recipientId: '1', name: 'Ann B. Signer' }] })
      expect(response.statusCode, response.body).toBe(200)
      expect(await invitationRows(envelopeId)).toEqual([])
      expect((await signing(token, 'auth')).statusCode).toBe(200)
    })

    it('=true invites the corrected current recipient again', async () => {
      const envelopeId = await oneSigner()
      await service.ctx.db.deleteFrom('outbox').execute()
      const response = await correct(
        envelopeId,
        { signers: [{ recipientId: '1', name: 'Ann B. Signer' }] },
        '?resend_envelope=true',
      )
      expect(response.statusCode, response.body).toBe(200)
      expect(await invitationRows(envelopeId)).toEqual([
        expect.objectContaining({ recipientId: '1', kind: 'invitation' }),
      ])
      await deliverMessages()
      expect(sink.received.map((mail) => mail.to)).toEqual([['ann@old.example.test']])
    })

    it('sends an embedded recipient nothing, even with a new email', async () => {
      const envelopeId = await oneSigner({ clientUserId: 'crm-42' })
      await service.ctx.db.deleteFrom('outbox').execute()
      const response = await correct(
        envelopeId,
        { signers: [{ recipientId: '1', email: 'ann@new.example.test' }] },
        '?resend_envelope=true',
      )
      expect(response.statusCode, response.body).toBe(200)
      expect(await invitationRows(envelopeId)).toEqual([])
      await deliverMessages()
      expect(sink.received).toEqual([])
    })
  })

  describe('a locked recipient', () => {
    it('is unlocked by a new access code, which then opens the session; the old code does not', async () => {
      const envelopeId = await oneSigner({ accessCode: 'Blue-42' })
      await service.ctx.db.deleteFrom('outbox').execute()
      const token = await linkFor(envelopeId)
      for (const code of ['one', 'two', 'three']) {
        await signing(token, 'auth/access-code', { body: { accessCode: code } })
      }
      expect((await signing(token, 'auth')).json().locked).toBe(true)

      const response = await correct(envelopeId, { signers: [{ recipientId: '1', accessCode: 'Green-7' }] })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json().recipientUpdateResults[0].errorDetails).toBeUndefined()

      const status = (await signing(token, 'auth')).json()
      expect(status).toMatchObject({ locked: false, attemptsLeft: { access_code: 3 } })
      const old = await signing(token, 'auth/access-code', { body: { accessCode: 'Blue-42' } })
      expect(old.json()).toMatchObject({ outcome: 'failed', attemptsLeft: 2 })
      const passed = await signing(token, 'auth/access-code', { body: { accessCode: 'Green-7' } })
      expect(passed.json()).toMatchObject({ outcome: 'passed', pending: [] })
      const session = await signing(token, 'session', { auth: passed.json().authToken })
      expect(session.statusCode, session.body).toBe(200)

      const actions = await auditActions(envelopeId)
      expect(actions.filter((action) => action === 'Recipient Unlocked')).toHaveLength(1)
      expect(actions.indexOf('Recipient Unlocked')).toBeGreaterThan(actions.indexOf('Recipient Locked'))
      // A new code alone is no new address: nothing is sent unless resend_envelope asks.
      expect(await invitationRows(envelopeId)).toEqual([])
    })

    it('is unlocked by a correction that changes nothing but asks to resend', async () => {
      const envelopeId = await oneSigner({ accessCode: 'Blue-42' })
      const token = await linkFor(envelopeId)
      for (const code of ['one', 'two', 'three']) {
        await signing(token, 'auth/access-code', { body: { accessCode: code } })
      }
      const response = await correct(envelopeId, { signers: [{ recipientId: '1' }] }, '?resend_envelope=true')
      expect(response.statusCode, response.body).toBe(200)
      const passed = await signing(token, 'auth/access-code', { body: { accessCode: 'Blue-42' } })
      expect(passed.json()).toMatchObject({ outcome: 'passed' })
    })

    it('stays locked when its correction is refused', async () => {
      const envelopeId = await oneSigner({ accessCode: 'Blue-42' })
      const token = await linkFor(envelopeId)
      for (const code of ['one', 'two', 'three']) {
        await signing(token, 'auth/access-code', { body: { accessCode: code } })
      }
      const response = await correct(envelopeId, { signers: [{ recipientId: '1', routingOrder: '4' }] })
      expect(response.json().recipientUpdateResults[0].errorDetails.errorCode).toBe('RECIPIENT_UPDATE_FAILED')
      expect((await signing(token, 'auth')).json().locked).toBe(true)
    })
  })

  describe('per-recipient answers', () => {
    it('answers an unknown recipient with errorDetails and still corrects the others', async () => {
      const envelopeId = await oneSigner()
      const response = await correct(envelopeId, {
        signers: [
          { recipientId: '9', name: 'Nobody' },
          { recipientId: '1', name: 'Ann Corrected' },
        ],
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json().recipientUpdateResults).toEqual([
        {
          recipientId: '9',
          errorDetails: { errorCode: 'UNKNOWN_ENVELOPE_RECIPIENT', message: expect.stringContaining('(9)') },
        },
        { recipientId: '1', recipientIdGuid: expect.any(String) },
      ])
      const recipients = await inject('GET', `/envelopes/${envelopeId}/recipients`)
      expect(recipients.json().signers.map((signer: { name: string }) => signer.name)).toEqual([
        'Ann Corrected',
      ])
    })

    it('refuses a recipient who signed already, and leaves it and the envelope untouched', async () => {
      const envelopeId = await createEnvelope({
        signers: [
          { recipientId: '1', routingOrder: '1', name: 'Ann', email: 'ann@example.test', tabs: signHere },
          { recipientId: '2', routingOrder: '2', name: 'Bo', email: 'bo@example.test', tabs: signHere },
        ],
      })
      const token = await linkFor(envelopeId)
      expect((await signing(token, 'session')).statusCode).toBe(200)
      const finished = await signing(token, 'finish', {
        body: { signature: signaturePng(), values: { 'signHereTabs-0': 'signed' } },
      })
      expect(finished.statusCode, finished.body).toBe(200)
      const before = await inject('GET', `/envelopes/${envelopeId}`)
      const auditBefore = await auditActions(envelopeId)

      const response = await correct(envelopeId, {
        signers: [{ recipientId: '1', email: 'ann@new.example.test' }],
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json().recipientUpdateResults).toEqual([
        {
          recipientId: '1',
          recipientIdGuid: expect.any(String),
          errorDetails: {
            errorCode: 'RECIPIENT_UPDATE_FAILED',
            message: 'The recipient could not be updated. Recipient not in state that allows correction.',
          },
        },
      ])
      const recipients = await inject('GET', `/envelopes/${envelopeId}/recipients`)
      expect(recipients.json().signers[0].email).toBe('ann@example.test')
      expect((await inject('GET', `/envelopes/${envelopeId}`)).json().lastModifiedDateTime).toBe(
        before.json().lastModifiedDateTime,
      )
      expect(await auditActions(envelopeId)).toEqual(auditBefore)
    })

    it('refuses a change of type, routing order or excluded documents', async () => {
      const envelopeId = await oneSigner()
      const response = await correct(envelopeId, { carbonCopies: [{ recipientId: '1', name: 'Copy' }] })
      expect(response.json().recipientUpdateResults[0].errorDetails.errorCode).toBe('RECIPIENT_UPDATE_FAILED')
      const excluded = await correct(envelopeId, {
        signers: [{ recipientId: '1', excludedDocuments: ['1'] }],
      })
      expect(excluded.json().recipientUpdateResults[0].errorDetails.message).toContain('excluded documents')
      const sameOrder = await correct(envelopeId, { signers: [{ recipientId: '1', routingOrder: '1' }] })
      expect(sameOrder.json().recipientUpdateResults[0].errorDetails).toBeUndefined()
    })

    it('sets, returns and removes a note', async () => {
      const envelopeId = await oneSigner()
      const note = await correct(envelopeId, { signers: [{ recipientId: '1', note: 'Please hurry' }] })
      expect(note.json().recipientUpdateResults[0].errorDetails).toBeUndefined()
      const noted = await inject('GET', `/envelopes/${envelopeId}/recipients`)
      expect(noted.json().signers[0].note).toBe('Please hurry')
      await correct(envelopeId, { signers: [{ recipientId: '1', note: '' }] })
      const removed = await inject('GET', `/envelopes/${envelopeId}/recipients`)
      expect(removed.json().signers[0]).not.toHaveProperty('note')
    })
  })

  describe('envelope states', () => {
    it('corrects a draft without sending anything', async () => {
      const envelopeId = await createEnvelope(
        { signers: [{ recipientId: '1', name: 'Ann', email: 'ann@example.test', tabs: signHere }] },
        'created',
      )
      const response = await correct(
        envelopeId,
        { signers: [{ recipientId: '1', email: 'ann@draft.example.test' }] },
        '?resend_envelope=true',
      )
      expect(response.statusCode, response.body).toBe(200)
      expect(await invitationRows(envelopeId)).toEqual([])
      const recipients = await inject('GET', `/envelopes/${envelopeId}/recipients`)
      expect(recipients.json().signers[0]).toMatchObject({
        email: 'ann@draft.example.test',
        status: 'created',
      })
    })

    it('refuses a voided envelope with ENVELOPE_INVALID_STATUS', async () => {
      const envelopeId = await oneSigner()
      const voided = await inject('PUT', `/envelopes/${envelopeId}`, {
        status: 'voided',
        voidedReason: 'Wrong',
      })
      expect(voided.statusCode, voided.body).toBe(200)
      const response = await correct(envelopeId, { signers: [{ recipientId: '1', name: 'Late' }] })
      expect(response.statusCode).toBe(400)
      expect(response.json().errorCode).toBe('ENVELOPE_INVALID_STATUS')
    })

    it('refuses a completed envelope with ENVELOPE_INVALID_STATUS', async () => {
      const envelopeId = await oneSigner()
      const token = await linkFor(envelopeId)
      await signing(token, 'session')
      await signing(token, 'finish', {
        body: { signature: signaturePng(), values: { 'signHereTabs-0': 'signed' } },
      })
      expect((await inject('GET', `/envelopes/${envelopeId}`)).json().status).toBe('completed')
      const response = await correct(envelopeId, { signers: [{ recipientId: '1', name: 'Ann Two' }] })
      expect(response.statusCode).toBe(400)
      expect(response.json().errorCode).toBe('ENVELOPE_INVALID_STATUS')
    })

    it('refuses a declined envelope with ENVELOPE_INVALID_STATUS', async () => {
      const envelopeId = await oneSigner()
      const token = await linkFor(envelopeId)
      await signing(token, 'session')
      const declined = await signing(token, 'decline', { body: { reason: 'Not mine' } })
      expect(declined.statusCode, declined.body).toBe(200)
      const response = await correct(envelopeId, { signers: [{ recipientId: '1', name: 'Late' }] })
      expect(response.statusCode).toBe(400)
      expect(response.json().errorCode).toBe('ENVELOPE_INVALID_STATUS')
    })

    it('answers 403 to a member without the send_envelopes permission', async () => {
      const envelopeId = await oneSigner()
      const viewer = await seedPrincipal(service.ctx, {
        accountId: principal.accountId,
        permissions: ['manage_templates'],
      })
      const response = await injectAs(service, viewer, 'PUT', `/envelopes/${envelopeId}/recipients`, {
        signers: [{ recipientId: '1', name: 'Mallory' }],
      })
      expect(response.statusCode).toBe(403)
    })

    it('is in the OpenAPI document', async () => {
      const docs = (await service.app.inject('/restapi/docs/json')).json()
      const path = docs.paths['/restapi/v2.1/accounts/{accountId}/envelopes/{envelopeId}/recipients']
      expect(Object.keys(path)).toEqual(expect.arrayContaining(['get', 'put']))
    })

    it('answers 404 for an envelope of another account', async () => {
      const envelopeId = await oneSigner()
      const stranger = await seedPrincipal(service.ctx)
      const response = await injectAs(service, stranger, 'PUT', `/envelopes/${envelopeId}/recipients`, {
        signers: [{ recipientId: '1', name: 'Mallory' }],
      })
      expect(response.statusCode).toBe(404)
    })
  })

  describe('bad requests', () => {
    it.each([
      ['no recipients', {}, 'Nothing to correct'],
      ['a bad email', { signers: [{ recipientId: '1', email: 'not-an-address' }] }, 'signers[0].email'],
      ['SMS without a phone', { signers: [{ recipientId: '1', deliveryMethod: 'SMS' }] }, 'phoneNumber'],
      [
        'a recipient named twice',
        { signers: [{ recipientId: '1' }], carbonCopies: [{ recipientId: '01' }] },
        'more than once',
      ],
    ])('400 for %s', async (_, body, message) => {
      const envelopeId = await oneSigner()
      const response = await correct(envelopeId, body)
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toContain(message)
    })
  })
})
