import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listAuditEntries } from '../../audit/repository.js'
import { gatherEnvelope } from '../../completion/gather.js'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import { PHONE_AUTH_WORKFLOW_ID } from '../../envelopes/recipient-authentication.js'
import type { SmsMessage } from '../../messages/message.js'
import { OUTBOX_TOPICS } from '../../outbox/topics.js'
import {
  seedPrincipal,
  startTestService,
  type TestPrincipal,
  type TestService,
} from '../../testing/harness.js'
import { newSigningToken } from '../records/links.js'
import { insertSigningLink } from '../records/repository.js'

/**
 * Recipient authentication through the signing page's API, on both databases, with an injected clock.
 * The jobs are stopped: the outbox rows (codes, lock notices) stay where the tests count them.
 */

const START = Date.parse('2026-11-23T10:00:00Z')
const SMS_PHONE = '+14155550123'

describeEachDatabase('recipient authentication', (databases) => {
  let service: TestService
  let second: TestService
  let principal: TestPrincipal
  let clock = START

  beforeAll(async () => {
    const url = await databases.freshUrl()
    service = await startTestService(url, {}, () => clock)
    await service.ctx.jobs.stop()
    // A second process on the same database, for attempts counted across processes.
    second = await startTestService(url, {}, () => clock)
    await second.ctx.jobs.stop()
    principal = await seedPrincipal(service.ctx)
  })
  afterAll(async () => {
    await second?.close()
    await service?.close()
  })

  async function createEnvelope(signer: Record<string, unknown>) {
    const response = await service.app.inject({
      method: 'POST',
      url: `/restapi/v2.1/accounts/${principal.accountId}/envelopes`,
      headers: principal.headers,
      payload: {
        status: 'sent',
        emailSubject: 'Lease renewal',
        documents: [
          { documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
        ],
        recipients: {
          signers: [
            {
              recipientId: '1',
              name: 'Ann Signer',
              email: 'ann@example.test',
              tabs: {
                signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '72', yPosition: '72' }],
              },
              ...signer,
            },
          ],
        },
      },
    })
    return response
  }

  /** An envelope with one signer and a signing link for it. */
  async function signerWith(signer: Record<string, unknown>) {
    const response = await createEnvelope(signer)
    expect(response.statusCode, response.body).toBe(201)
    const envelopeId = response.json().envelopeId as string
    const { token, tokenHash } = newSigningToken()
    await insertSigningLink(service.ctx.db, {
      tokenHash,
      envelopeId,
      recipientId: '1',
      kind: 'invitation',
      createdAt: clock,
      expiresAt: clock + 24 * 60 * 60_000,
    })
    return { envelopeId, token }
  }

  function call(
    on: TestService,
    token: string,
    path: string,
    options: { body?: unknown; auth?: string } = {},
  ) {
    return on.app.inject({
      method: options.body === undefined ? 'GET' : 'POST',
      url: `/signing/api/${path}`,
      headers: { 'x-signing-token': token, ...(options.auth ? { 'x-signing-auth': options.auth } : {}) },
      ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
    })
  }

  async function composedRows(envelopeId: string) {
    const rows = await service.ctx.db
      .selectFrom('outbox')
      .select('payload')
      .where('topic', '=', OUTBOX_TOPICS.composedMessage)
      .execute()
    return rows
      .map((row) => JSON.parse(row.payload) as { envelopeId: string; purpose: string; message: unknown })
      .filter((payload) => payload.envelopeId === envelopeId)
  }

  async function auditActions(envelopeId: string) {
    return (await listAuditEntries(service.ctx.db, envelopeId)).map((entry) => entry.action)
  }

  describe('access code', () => {
    it('shows nothing of the envelope until the code is entered, then opens with the auth token', async () => {
      const { envelopeId, token } = await signerWith({ accessCode: 'Blue-42' })
      const status = await call(service, token, 'auth')
      expect(status.statusCode).toBe(200)
      expect(status.json()).toEqual({
        required: ['access_code'],
        pending: ['access_code'],
        locked: false,
        attemptsLeft: { access_code: 3 },
      })
      expect(status.body).not.toContain('Lease')
      for (const path of ['session', 'documents/1', 'combined']) {
        const refused = await call(service, token, path)
        expect(refused.statusCode, path).toBe(403)
        expect(refused.json().errorCode).toBe('RECIPIENT_AUTHENTICATION_REQUIRED')
      }

      const passed = await call(service, token, 'auth/access-code', { body: { accessCode: 'Blue-42' } })
      expect(passed.json()).toMatchObject({ outcome: 'passed', pending: [] })
      const auth = passed.json().authToken as string
      const session = await call(service, token, 'session', { auth })
      expect(session.statusCode).toBe(200)
      expect(session.json().envelope.emailSubject).toBe('Lease renewal')
      expect((await call(service, token, 'documents/1', { auth })).statusCode).toBe(200)
      // A token of another recipient's session opens nothing here.
      const other = await signerWith({ accessCode: 'Blue-42' })
      expect((await call(service, other.token, 'session', { auth })).statusCode).toBe(403)
      expect(await auditActions(envelopeId)).toContain('Authenticated')
    })

    it('is case-sensitive and never counts a right code', async () => {
      const { envelopeId, token } = await signerWith({ accessCode: 'Blue-42' })
      const wrong = await call(service, token, 'auth/access-code', { body: { accessCode: 'blue-42' } })
      expect(wrong.json()).toEqual({ outcome: 'failed', attemptsLeft: 2, pending: ['access_code'] })
      await call(service, token, 'auth/access-code', { body: { accessCode: 'Blue-42' } })
      expect((await call(service, token, 'auth')).json().attemptsLeft).toEqual({ access_code: 2 })
      const actions = await auditActions(envelopeId)
      expect(actions.filter((action) => action === 'Authentication Failed')).toHaveLength(1)
      expect(actions.filter((action) => action === 'Authenticated')).toHaveLength(1)
    })

    it('locks after three wrong codes, tells the sender once and refuses even the right code', async () => {
      const { envelopeId, token } = await signerWith({ accessCode: 'Blue-42' })
      const answers = []
      for (const code of ['one', 'two', 'three']) {
        answers.push((await call(service, token, 'auth/access-code', { body: { accessCode: code } })).json())
      }
      expect(answers.map((answer) => [answer.outcome, answer.attemptsLeft])).toEqual([
        ['failed', 2],
        ['failed', 1],
        ['locked', 0],
      ])
      const right = await call(service, token, 'auth/access-code', { body: { accessCode: 'Blue-42' } })
      expect(right.statusCode).toBe(403)
      expect(right.json().errorCode).toBe('RECIPIENT_LOCKED')
      expect((await call(service, token, 'auth')).json().locked).toBe(true)
      expect((await call(service, token, 'session')).json().errorCode).toBe('RECIPIENT_LOCKED')

      const notices = await composedRows(envelopeId)
      const sender = await service.ctx.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', principal.userId)
        .executeTakeFirstOrThrow()
      expect(notices).toHaveLength(1)
      expect(notices[0]).toMatchObject({
        purpose: 'recipient locked notice',
        message: {
          channel: 'email',
          to: { address: sender.email },
          subject: 'Recipient locked out: Lease renewal',
        },
      })
      const actions = await auditActions(envelopeId)
      expect(actions.filter((action) => action === 'Authentication Failed')).toHaveLength(3)
      expect(actions.filter((action) => action === 'Recipient Locked')).toHaveLength(1)

      const gathered = await gatherEnvelope(service.ctx.db, principal.accountId, envelopeId)
      expect(
        gathered.recipients[0]!.authenticationEvents?.map((event) => [event.method, event.result]),
      ).toEqual([
        ['Access code', 'failed'],
        ['Access code', 'failed'],
        ['Access code', 'failed'],
        ['Access code', 'locked'],
      ])
    })

    it('counts every one of many concurrent wrong codes across two processes, and locks once', async () => {
      const { envelopeId, token } = await signerWith({ accessCode: 'Blue-42' })
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, n) =>
          call(n % 2 === 0 ? service : second, token, 'auth/access-code', { body: { accessCode: `x${n}` } }),
        ),
      )
      const outcomes = answers.map((answer) =>
        answer.statusCode === 200 ? answer.json().outcome : answer.json().errorCode,
      )
      expect(outcomes.filter((outcome) => outcome === 'failed')).toHaveLength(2)
      expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(1)
      expect(outcomes.filter((outcome) => outcome === 'RECIPIENT_LOCKED')).toHaveLength(9)
      const row = await service.ctx.db
        .selectFrom('recipient_auth')
        .selectAll()
        .where('envelope_id', '=', envelopeId)
        .executeTakeFirstOrThrow()
      expect(Number(row.failed_attempts)).toBe(3)
      expect(await composedRows(envelopeId)).toHaveLength(1)
      const actions = await auditActions(envelopeId)
      expect(actions.filter((action) => action === 'Authentication Failed')).toHaveLength(3)
      expect(actions.filter((action) => action === 'Recipient Locked')).toHaveLength(1)
    })
  })

  describe('SMS one-time code', () => {
    const phoneWorkflow = {
      identityVerification: {
        workflowId: PHONE_AUTH_WORKFLOW_ID,
        inputOptions: [
          {
            name: 'phone_number_list',
            valueType: 'PhoneNumberList',
            phoneNumberList: [{ countryCode: '1', number: '4155550123' }],
          },
        ],
      },
    }

    /** The code of the one SMS queued for the envelope since the last call (the rows are taken out). */
    async function textedCode(envelopeId: string) {
      const rows = await service.ctx.db
        .selectFrom('outbox')
        .select(['id', 'payload'])
        .where('topic', '=', OUTBOX_TOPICS.composedMessage)
        .execute()
      const texts = rows.filter((row) => {
        const payload = JSON.parse(row.payload) as { envelopeId: string; message: { channel: string } }
        return payload.envelopeId === envelopeId && payload.message.channel === 'sms'
      })
      expect(texts).toHaveLength(1)
      await service.ctx.db.deleteFrom('outbox').where('id', '=', texts[0]!.id).execute()
      const message = (JSON.parse(texts[0]!.payload) as { message: SmsMessage }).message
      expect(message.to).toBe(SMS_PHONE)
      return /\b(\d{6})\b/.exec(message.body)![1]!
    }

    it('texts a six-digit code stored only as a hash, and the code opens the envelope once', async () => {
      const { envelopeId, token } = await signerWith(phoneWorkflow)
      expect((await call(service, token, 'auth')).json()).toMatchObject({
        required: ['sms'],
        pending: ['sms'],
        phones: ['••• ••23'],
      })
      const sent = await call(service, token, 'auth/sms/send', { body: {} })
      expect(sent.json()).toEqual({ sentTo: '••• ••23', expiresInSeconds: 300 })
      const code = await textedCode(envelopeId)
      const stored = await service.ctx.db
        .selectFrom('recipient_auth')
        .selectAll()
        .where('envelope_id', '=', envelopeId)
        .executeTakeFirstOrThrow()
      expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(stored)).not.toContain(code)

      const passed = await call(service, token, 'auth/sms/verify', {
        body: { code: `${code.slice(0, 3)} ${code.slice(3)}` },
      })
      expect(passed.json()).toMatchObject({ outcome: 'passed', pending: [] })
      expect((await call(service, token, 'session', { auth: passed.json().authToken })).statusCode).toBe(200)
      const again = await call(service, token, 'auth/sms/verify', { body: { code } })
      expect(again.json().outcome).toBe('expired')
      expect(await auditActions(envelopeId)).toEqual(
        expect.arrayContaining(['Authentication Code Sent', 'Authenticated']),
      )
    })

    it('refuses the right code once it has expired, without counting it', async () => {
      const { token, envelopeId } = await signerWith(phoneWorkflow)
      await call(service, token, 'auth/sms/send', { body: {} })
      const code = await textedCode(envelopeId)
      clock += 5 * 60_000
      try {
        const late = await call(service, token, 'auth/sms/verify', { body: { code } })
        expect(late.json()).toEqual({ outcome: 'expired', pending: ['sms'] })
        expect((await call(service, token, 'auth')).json().attemptsLeft).toEqual({ sms: 3 })
      } finally {
        clock = START
      }
      // Just inside the lifetime, a new code works.
      await call(service, token, 'auth/sms/send', { body: {} })
      const fresh = await textedCode(envelopeId)
      clock += 5 * 60_000 - 1
      try {
        expect(
          (await call(service, token, 'auth/sms/verify', { body: { code: fresh } })).json().outcome,
        ).toBe('passed')
      } finally {
        clock = START
      }
    })

    it('locks after three wrong codes and sends no more codes', async () => {
      const { envelopeId, token } = await signerWith(phoneWorkflow)
      await call(service, token, 'auth/sms/send', { body: {} })
      const code = await textedCode(envelopeId)
      const wrong = code === '000000' ? '111111' : '000000'
      const outcomes = []
      for (let n = 0; n < 3; n++) {
        outcomes.push(
          (await call(service, token, 'auth/sms/verify', { body: { code: wrong } })).json().outcome,
        )
      }
      expect(outcomes).toEqual(['failed', 'failed', 'locked'])
      expect((await call(service, token, 'auth/sms/verify', { body: { code } })).json().errorCode).toBe(
        'RECIPIENT_LOCKED',
      )
      expect((await call(service, token, 'auth/sms/send', { body: {} })).statusCode).toBe(403)
      // The code's own row was taken out by textedCode: what is left is the notice, and no new code.
      const purposes = (await composedRows(envelopeId)).map((row) => row.purpose)
      expect(purposes).toEqual(['recipient locked notice'])
    })

    it('sends at most five codes to one recipient', async () => {
      const { token } = await signerWith(phoneWorkflow)
      const statuses = []
      for (let n = 0; n < 6; n++)
        statuses.push((await call(service, token, 'auth/sms/send', { body: {} })).statusCode)
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    })

    it('asks for the access code and then the SMS code when the recipient has both', async () => {
      const { envelopeId, token } = await signerWith({
        accessCode: '2468',
        idCheckConfigurationName: 'SMS Auth $',
        smsAuthentication: { senderProvidedNumbers: ['+1 415-555-0123'] },
      })
      const first = await call(service, token, 'auth/access-code', { body: { accessCode: '2468' } })
      expect(first.json()).toMatchObject({ outcome: 'passed', pending: ['sms'] })
      const auth = first.json().authToken as string
      expect((await call(service, token, 'session', { auth })).statusCode).toBe(403)
      await call(service, token, 'auth/sms/send', { body: {} })
      const second = await call(service, token, 'auth/sms/verify', {
        body: { code: await textedCode(envelopeId) },
        auth,
      })
      expect(second.json()).toMatchObject({ outcome: 'passed', pending: [], authToken: auth })
      expect((await call(service, token, 'session', { auth })).statusCode).toBe(200)
    })
  })

  describe('security', () => {
    const bothChecks = {
      accessCode: '2468',
      idCheckConfigurationName: 'SMS Auth $',
      smsAuthentication: { senderProvidedNumbers: ['+14155550123'] },
    }

    it('refuses an auth token nobody issued', async () => {
      const { token } = await signerWith({ accessCode: '2468' })
      const forged = await call(service, token, 'session', { auth: 'A'.repeat(43) })
      expect(forged.json().errorCode).toBe('RECIPIENT_AUTHENTICATION_REQUIRED')
    })

    it('refuses an auth token once its hour is over', async () => {
      const { token } = await signerWith({ accessCode: '2468' })
      const auth = (await call(service, token, 'auth/access-code', { body: { accessCode: '2468' } })).json()
        .authToken as string
      clock += 60 * 60_000
      try {
        expect((await call(service, token, 'session', { auth })).json().errorCode).toBe(
          'RECIPIENT_AUTHENTICATION_REQUIRED',
        )
      } finally {
        clock = START
      }
    })

    it('refuses a token that passed only the access code when an SMS code is owed too', async () => {
      const { token } = await signerWith(bothChecks)
      const auth = (await call(service, token, 'auth/access-code', { body: { accessCode: '2468' } })).json()
        .authToken as string
      for (const path of ['session', 'documents/1']) {
        expect((await call(service, token, path, { auth })).statusCode, path).toBe(403)
      }
    })

    it('does not take one recipient’s SMS code for another’s', async () => {
      const first = await signerWith(bothChecks)
      const second = await signerWith(bothChecks)
      await call(service, first.token, 'auth/sms/send', { body: {} })
      await call(service, second.token, 'auth/sms/send', { body: {} })
      const rows = await service.ctx.db
        .selectFrom('outbox')
        .select('payload')
        .where('topic', '=', OUTBOX_TOPICS.composedMessage)
        .execute()
      const codes = new Map(
        rows
          .map((row) => JSON.parse(row.payload) as { envelopeId: string; message: SmsMessage })
          .filter((payload) => payload.message.channel === 'sms')
          .map((payload) => [payload.envelopeId, /\b(\d{6})\b/.exec(payload.message.body)![1]!]),
      )
      const firstCode = codes.get(first.envelopeId)!
      if (firstCode === codes.get(second.envelopeId)) return
      const crossed = await call(service, second.token, 'auth/sms/verify', { body: { code: firstCode } })
      expect(crossed.json().outcome).toBe('failed')
    })

    it('refuses a token issued before the recipient was locked', async () => {
      const { token } = await signerWith(bothChecks)
      const auth = (await call(service, token, 'auth/access-code', { body: { accessCode: '2468' } })).json()
        .authToken as string
      await call(service, token, 'auth/sms/send', { body: {} })
      for (let n = 0; n < 3; n++) {
        await call(service, token, 'auth/sms/verify', { body: { code: '999999' }, auth })
      }
      expect((await call(service, token, 'session', { auth })).json().errorCode).toBe('RECIPIENT_LOCKED')
    })

    it('answers 400, not 500, to malformed codes', async () => {
      const { token } = await signerWith(bothChecks)
      for (const body of [{ code: 'abcdef' }, { code: '1' }, { code: [123456] }, {}]) {
        expect((await call(service, token, 'auth/sms/verify', { body })).statusCode).toBe(400)
      }
      expect((await call(service, token, 'auth/access-code', { body: { accessCode: '' } })).statusCode).toBe(
        400,
      )
      expect((await call(service, token, 'auth/sms/send', { body: { phoneIndex: 3 } })).statusCode).toBe(400)
    })
  })

  describe('SMS authentication on envelope creation', () => {
    it.each([
      [
        { identityVerification: { workflowId: 'not-a-workflow' } },
        'is not an identity verification workflow',
      ],
      [{ identityVerification: { workflowId: PHONE_AUTH_WORKFLOW_ID } }, 'phone_number_list'],
      [{ idCheckConfigurationName: 'ID Check $' }, 'only "SMS Auth $"'],
      [{ idCheckConfigurationName: 'SMS Auth $' }, 'senderProvidedNumbers is required'],
      [{ smsAuthentication: { senderProvidedNumbers: ['+14155550123'] } }, 'needs idCheckConfigurationName'],
      [
        {
          idCheckConfigurationName: 'SMS Auth $',
          smsAuthentication: { senderProvidedNumbers: ['4155550123'] },
        },
        'international format',
      ],
    ])('is a 400 for %j', async (signer, message) => {
      const response = await createEnvelope(signer)
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toContain(message)
    })

    it('lists the phone workflow in DocuSign’s shape', async () => {
      const response = await service.app.inject({
        url: `/restapi/v2.1/accounts/${principal.accountId}/identity_verification`,
        headers: principal.headers,
      })
      expect(response.statusCode).toBe(200)
      expect(response.json().identityVerification).toEqual([
        expect.objectContaining({
          workflowId: PHONE_AUTH_WORKFLOW_ID,
          defaultName: 'Phone Authentication',
          inputOptions: [{ optionName: 'phone_number_list', valueType: 'PhoneNumberList', isRequired: true }],
        }),
      ])
    })
  })
})
