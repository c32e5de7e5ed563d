import { unzipSync } from 'fflate'
import { AppError, NotFoundError } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditCommands } from '../../admin/audit-command.js'
import { runCli } from '../../admin/run.js'
import { signaturePng } from '../../completion/test-fixtures.js'
import { pdfsig, pdftotext } from '../../completion/test-poppler.js'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import { OUTBOX_TOPICS } from '../../outbox/topics.js'
import { RECIPIENT_VIEW_TTL_MS } from '../../signing/records/links.js'
import { seedPrincipal, type TestPrincipal, type TestService } from '../../testing/harness.js'
import { injectAs } from '../../testing/inject.js'
import { startSealedTestService } from '../../testing/sealed-service.js'

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

const embedded = { name: 'Ana Ruiz', email: 'ana@example.test', clientUserId: 'crm-ana' }
const second = { name: 'Cole Coordinator', email: 'cole@example.test', clientUserId: 'crm-cole' }
/** Embedded signers are sent no messages (lifecycle/notified.ts): the tests of messages use remote ones. */
const remote = [
  { name: embedded.name, email: embedded.email },
  { name: second.name, email: second.email },
]
const viewRequest = (who: typeof embedded, extra: Record<string, string> = {}) => ({
  returnUrl: 'https://crm.example.test/return?case=42',
  authenticationMethod: 'none',
  userName: who.name,
  email: who.email,
  clientUserId: who.clientUserId,
  ...extra,
})

describeEachDatabase('envelope lifecycle API', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let databaseUrl: string
  let document: string
  let clock = Date.parse('2026-11-20T10:00:00.000Z')

  beforeAll(async () => {
    databaseUrl = await databases.freshUrl()
    service = await startSealedTestService(databaseUrl, {}, () => clock)
    sender = await seedPrincipal(service.ctx)
    document = await makePdfBase64(1, 'Lifecycle document')
  })
  afterAll(() => service?.close())

  const inject = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object, who = sender) =>
    injectAs(service, who, method, path, payload)

  /**
   * Two signers (embedded unless others are given) in routing order 1 and 2, each with a signature and a
   * labelled text tab.
   */
  async function createEnvelope(
    status: 'created' | 'sent',
    [first, next]: { name: string; email: string }[] = [embedded, second],
  ): Promise<string> {
    const tabs = (label: string, y: number) => ({
      signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '100', yPosition: String(y) }],
      textTabs: [
        { documentId: '1', pageNumber: '1', xPosition: '100', yPosition: String(y + 100), tabLabel: label },
      ],
    })
    const response = await inject('POST', '/envelopes', {
      status,
      emailSubject: 'Please sign the lifecycle document',
      documents: [{ documentId: '1', name: 'Lifecycle.pdf', fileExtension: 'pdf', documentBase64: document }],
      recipients: {
        signers: [
          { recipientId: '1', routingOrder: '1', ...first, tabs: tabs('CaseNote', 100) },
          { recipientId: '2', routingOrder: '2', ...next, tabs: tabs('CoordinatorNote', 300) },
        ],
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId
  }

  async function countMessages(envelopeId: string): Promise<number> {
    const rows = await service.ctx.db
      .selectFrom('outbox')
      .select('payload')
      .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
      .execute()
    return rows.filter((row) => JSON.parse(row.payload).envelopeId === envelopeId).length
  }

  const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1)
  const session = (token: string) =>
    service.app.inject({ url: '/signing/api/session', headers: { 'x-signing-token': token } })
  const finish = (token: string, note: string) =>
    service.app.inject({
      method: 'POST',
      url: '/signing/api/finish',
      headers: { 'x-signing-token': token },
      payload: { signature: signaturePng(), values: { 'signHereTabs-0': 'signed', 'textTabs-0': note } },
    })

  async function signAs(envelopeId: string, who: typeof embedded, note: string) {
    const view = await inject('POST', `/envelopes/${envelopeId}/views/recipient`, viewRequest(who))
    expect(view.statusCode, view.body).toBe(201)
    const token = tokenOf(view.json().url)
    expect((await session(token)).statusCode).toBe(200)
    const finished = await finish(token, note)
    expect(finished.statusCode, finished.body).toBe(200)
  }

  async function completedEnvelope(): Promise<string> {
    const envelopeId = await createEnvelope('sent')
    await signAs(envelopeId, embedded, 'first note')
    await signAs(envelopeId, second, 'second note')
    return envelopeId
  }

  describe('PUT /envelopes/{envelopeId}', () => {
    it('sends a draft: the first routing group is invited, the second waits', async () => {
      const envelopeId = await createEnvelope('created', remote)
      expect(await countMessages(envelopeId)).toBe(0)
      const response = await inject('PUT', `/envelopes/${envelopeId}`, { status: 'sent' })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toEqual({ envelopeId })
      const recipients = (await inject('GET', `/envelopes/${envelopeId}/recipients`)).json()
      expect(recipients.signers).toMatchObject([
        { recipientId: '1', status: 'sent', sentDateTime: expect.stringMatching(ISO_MS) },
        { recipientId: '2', status: 'created' },
      ])
      expect(recipients.signers[1].sentDateTime).toBeUndefined()
      expect(await countMessages(envelopeId)).toBe(1)
      expect((await inject('GET', `/envelopes/${envelopeId}`)).json().status).toBe('sent')
    })

    it('refuses to send an envelope twice', async () => {
      const envelopeId = await createEnvelope('sent', remote)
      const response = await inject('PUT', `/envelopes/${envelopeId}`, { status: 'sent' })
      expect(response.statusCode).toBe(400)
      expect(response.json().errorCode).toBe('ENVELOPE_INVALID_STATUS')
      expect(await countMessages(envelopeId)).toBe(1)
    })

    it('voids with a reason and refuses without one', async () => {
      const envelopeId = await createEnvelope('sent', remote)
      const without = await inject('PUT', `/envelopes/${envelopeId}`, { status: 'voided' })
      expect(without.statusCode).toBe(400)
      expect(without.json().errorCode).toBe('INVALID_REQUEST_PARAMETER')
      expect((await inject('GET', `/envelopes/${envelopeId}`)).json().status).toBe('sent')

      const voided = await inject('PUT', `/envelopes/${envelopeId}`, {
        status: 'voided',
        voidedReason: 'Wrong case',
      })
      expect(voided.statusCode, voided.body).toBe(200)
      expect(voided.json()).toEqual({ envelopeId })
      expect((await inject('GET', `/envelopes/${envelopeId}`)).json().status).toBe('voided')
      // The invited signer is told; the one not yet reached is not.
      const notices = await service.ctx.db
        .selectFrom('outbox')
        .select('payload')
        .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
        .execute()
      const voidNotices = notices
        .map((row) => JSON.parse(row.payload))
        .filter((payload) => payload.envelopeId === envelopeId && payload.kind === 'voided')
      expect(voidNotices.map((payload) => [payload.recipientId, payload.reason])).toEqual([
        ['1', 'Wrong case'],
      ])

      const again = await inject('PUT', `/envelopes/${envelopeId}`, {
        status: 'voided',
        voidedReason: 'Again',
      })
      expect(again.statusCode).toBe(400)
      expect(again.json().errorCode).toBe('ENVELOPE_CANNOT_VOID_INVALID_STATE')
    })

    it('refuses to void a completed envelope', async () => {
      const envelopeId = await completedEnvelope()
      const response = await inject('PUT', `/envelopes/${envelopeId}`, {
        status: 'voided',
        voidedReason: 'Late',
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().errorCode).toBe('ENVELOPE_CANNOT_VOID_INVALID_STATE')
      expect((await inject('GET', `/envelopes/${envelopeId}`)).json().status).toBe('completed')
    })

    it('resends to the current recipients only (resend_envelope=true)', async () => {
      const envelopeId = await createEnvelope('sent', remote)
      const response = await inject('PUT', `/envelopes/${envelopeId}?resend_envelope=true`, {})
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toEqual({ envelopeId })
      const rows = await service.ctx.db
        .selectFrom('outbox')
        .select('payload')
        .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
        .execute()
      const invitations = rows
        .map((row) => JSON.parse(row.payload))
        .filter((payload) => payload.envelopeId === envelopeId)
        .map((payload) => [payload.recipientId, payload.kind])
      expect(invitations).toEqual([
        ['1', 'invitation'],
        ['1', 'invitation'],
      ])
    })

    it('refuses to resend a draft and an update it does not support', async () => {
      const envelopeId = await createEnvelope('created')
      const resend = await inject('PUT', `/envelopes/${envelopeId}?resend_envelope=true`, {})
      expect(resend.statusCode).toBe(400)
      expect(resend.json().errorCode).toBe('ENVELOPE_INVALID_STATUS')
      const other = await inject('PUT', `/envelopes/${envelopeId}`, { status: 'completed' })
      expect(other.statusCode).toBe(400)
      expect(other.json().errorCode).toBe('INVALID_REQUEST_PARAMETER')
      expect(await countMessages(envelopeId)).toBe(0)
    })

    it("is 404 for another account's envelope", async () => {
      const envelopeId = await createEnvelope('sent')
      const stranger = await seedPrincipal(service.ctx)
      const response = await inject(
        'PUT',
        `/envelopes/${envelopeId}`,
        { status: 'voided', voidedReason: 'Not mine' },
        stranger,
      )
      expect(response.statusCode).toBe(404)
      expect((await inject('GET', `/envelopes/${envelopeId}`)).json().status).toBe('sent')
    })
  })

  describe('POST /envelopes/{envelopeId}/views/recipient', () => {
    it('returns a signing URL that opens once', async () => {
      const envelopeId = await createEnvelope('sent')
      const response = await inject('POST', `/envelopes/${envelopeId}/views/recipient`, viewRequest(embedded))
      expect(response.statusCode, response.body).toBe(201)
      const { url } = response.json()
      expect(url).toMatch(/^https:\/\/localhost:8443\/signing\/#[A-Za-z0-9_-]{43}$/)
      const first = await session(tokenOf(url))
      expect(first.statusCode, first.body).toBe(200)
      expect(first.json().recipient.recipientId).toBe('1')
      expect((await session(tokenOf(url))).statusCode).toBe(401)
    })

    it('expires five minutes after it was created', async () => {
      const envelopeId = await createEnvelope('sent')
      const response = await inject('POST', `/envelopes/${envelopeId}/views/recipient`, viewRequest(embedded))
      const token = tokenOf(response.json().url)
      clock += RECIPIENT_VIEW_TTL_MS
      try {
        expect((await session(token)).statusCode).toBe(401)
      } finally {
        clock += 1000
      }
    })

    it('returns to returnUrl with event=signing_complete after signing', async () => {
      const envelopeId = await createEnvelope('sent')
      const response = await inject('POST', `/envelopes/${envelopeId}/views/recipient`, viewRequest(embedded))
      const token = tokenOf(response.json().url)
      await session(token)
      const finished = await finish(token, 'done')
      expect(finished.json().redirectUrl).toBe(
        'https://crm.example.test/return?case=42&event=signing_complete',
      )
    })

    it('is 400 UNKNOWN_ENVELOPE_RECIPIENT when clientUserId, userName or email do not match', async () => {
      const envelopeId = await createEnvelope('sent')
      const mismatches: Record<string, string>[] = [
        { clientUserId: 'crm-other' },
        { userName: 'Somebody Else' },
        { email: 'other@example.test' },
        { recipientId: '2' },
      ]
      for (const wrong of mismatches) {
        const response = await inject(
          'POST',
          `/envelopes/${envelopeId}/views/recipient`,
          viewRequest(embedded, wrong),
        )
        expect(response.statusCode, JSON.stringify(wrong)).toBe(400)
        expect(response.json().errorCode).toBe('UNKNOWN_ENVELOPE_RECIPIENT')
      }
      const links = await service.ctx.db
        .selectFrom('signing_links')
        .select('token_hash')
        .where('envelope_id', '=', envelopeId)
        .where('kind', '=', 'recipient_view')
        .execute()
      expect(links).toHaveLength(0)
    })

    describe('an in-person signer hosted by the calling user, without clientUserId', () => {
      async function inPersonEnvelope(hostEmail: string): Promise<string> {
        const response = await inject('POST', '/envelopes', {
          status: 'sent',
          emailSubject: 'Sign in person',
          documents: [{ documentId: '1', name: 'Desk.pdf', fileExtension: 'pdf', documentBase64: document }],
          recipients: {
            inPersonSigners: [
              {
                recipientId: '1',
                routingOrder: '1',
                hostName: 'Test User',
                hostEmail,
                signerName: 'Walk-in Customer',
                tabs: {
                  signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }],
                },
              },
            ],
          },
        })
        expect(response.statusCode, response.body).toBe(201)
        return response.json().envelopeId
      }
      const hostRequest = (email: string) => ({
        returnUrl: 'https://crm.example.test/return',
        authenticationMethod: 'none',
        userName: 'Test User',
        email,
      })

      it('returns a signing URL for the host', async () => {
        const hostEmail = `${sender.userId}@example.test`
        const envelopeId = await inPersonEnvelope(hostEmail)
        const response = await inject(
          'POST',
          `/envelopes/${envelopeId}/views/recipient`,
          hostRequest(hostEmail),
        )
        expect(response.statusCode, response.body).toBe(201)
        const opened = await session(tokenOf(response.json().url))
        expect(opened.statusCode, opened.body).toBe(200)
        expect(opened.json().recipient.recipientId).toBe('1')
      })

      it('is 400 UNKNOWN_ENVELOPE_RECIPIENT when another user hosts the signer', async () => {
        const envelopeId = await inPersonEnvelope('other.host@example.test')
        const response = await inject(
          'POST',
          `/envelopes/${envelopeId}/views/recipient`,
          hostRequest('other.host@example.test'),
        )
        expect(response.statusCode, response.body).toBe(400)
        expect(response.json().errorCode).toBe('UNKNOWN_ENVELOPE_RECIPIENT')
      })

      it('returns a signing URL for a remote signer who is the calling user (the sender signing their own envelope)', async () => {
        const callerEmail = `${sender.userId}@example.test`
        const envelopeId = await createEnvelope('sent', [{ name: 'Test User', email: callerEmail }, second])
        const response = await inject(
          'POST',
          `/envelopes/${envelopeId}/views/recipient`,
          hostRequest(callerEmail),
        )
        expect(response.statusCode, response.body).toBe(201)
        const opened = await session(tokenOf(response.json().url))
        expect(opened.json().recipient.recipientId).toBe('1')
      })

      it('is 400 UNKNOWN_ENVELOPE_RECIPIENT for a remote signer who is not the calling user, without clientUserId', async () => {
        const envelopeId = await createEnvelope('sent', remote)
        const response = await inject('POST', `/envelopes/${envelopeId}/views/recipient`, {
          ...hostRequest(embedded.email),
          userName: embedded.name,
        })
        expect(response.statusCode, response.body).toBe(400)
        expect(response.json().errorCode).toBe('UNKNOWN_ENVELOPE_RECIPIENT')
      })
    })

    it("is 400 before the recipient's turn and for a draft", async () => {
      const envelopeId = await createEnvelope('sent')
      const early = await inject('POST', `/envelopes/${envelopeId}/views/recipient`, viewRequest(second))
      expect(early.statusCode).toBe(400)
      expect(early.json().errorCode).toBe('RECIPIENT_NOT_IN_SEQUENCE')
      const draftId = await createEnvelope('created')
      const draft = await inject('POST', `/envelopes/${draftId}/views/recipient`, viewRequest(embedded))
      expect(draft.statusCode).toBe(400)
      expect(draft.json().errorCode).toBe('ENVELOPE_INVALID_STATUS')
    })

    it('is 400 for a returnUrl that is not an http(s) URL', async () => {
      const envelopeId = await createEnvelope('sent')
      for (const returnUrl of ['javascript:alert(1)', 'not a url']) {
        const response = await inject('POST', `/envelopes/${envelopeId}/views/recipient`, {
          ...viewRequest(embedded),
          returnUrl,
        })
        expect(response.statusCode).toBe(400)
        expect(response.json().message).toContain('returnUrl')
      }
    })
  })

  describe('progress and entered values', () => {
    it('lists recipients with delivered and signed times and the values entered', async () => {
      const envelopeId = await createEnvelope('sent')
      await signAs(envelopeId, embedded, 'first note')
      const recipients = (await inject('GET', `/envelopes/${envelopeId}/recipients?include_tabs=true`)).json()
      const [first, next] = recipients.signers
      expect(first).toMatchObject({
        status: 'completed',
        sentDateTime: expect.stringMatching(ISO_MS),
        deliveredDateTime: expect.stringMatching(ISO_MS),
        signedDateTime: expect.stringMatching(ISO_MS),
      })
      expect(first.tabs.textTabs[0]).toMatchObject({ tabLabel: 'CaseNote', value: 'first note' })
      expect(next).toMatchObject({ status: 'sent', sentDateTime: expect.stringMatching(ISO_MS) })
      expect(next.signedDateTime).toBeUndefined()

      const tabs = await inject('GET', `/envelopes/${envelopeId}/recipients/1/tabs`)
      expect(tabs.statusCode).toBe(200)
      expect(tabs.json().textTabs[0].value).toBe('first note')
      const unknown = await inject('GET', `/envelopes/${envelopeId}/recipients/9/tabs`)
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json().errorCode).toBe('UNKNOWN_ENVELOPE_RECIPIENT')

      const formData = (await inject('GET', `/envelopes/${envelopeId}/form_data`)).json()
      expect(formData).toMatchObject({
        envelopeId,
        status: 'sent',
        sentDateTime: expect.stringMatching(ISO_MS),
      })
      expect(formData.formData).toEqual([
        { name: 'CaseNote', value: 'first note' },
        { name: 'CoordinatorNote', value: '' },
      ])
      expect(formData.recipientFormData[0]).toMatchObject({
        recipientId: '1',
        name: embedded.name,
        SignedTime: expect.stringMatching(ISO_MS),
        formData: [{ name: 'CaseNote', value: 'first note' }],
      })
    })

    it('records the decline reason on the recipient', async () => {
      const envelopeId = await createEnvelope('sent')
      const view = await inject('POST', `/envelopes/${envelopeId}/views/recipient`, viewRequest(embedded))
      const token = tokenOf(view.json().url)
      await session(token)
      const declined = await service.app.inject({
        method: 'POST',
        url: '/signing/api/decline',
        headers: { 'x-signing-token': token },
        payload: { reason: 'Wrong address' },
      })
      expect(declined.statusCode, declined.body).toBe(200)
      const recipients = (await inject('GET', `/envelopes/${envelopeId}/recipients`)).json()
      expect(recipients.signers[0]).toMatchObject({
        status: 'declined',
        declinedReason: 'Wrong address',
        declinedDateTime: expect.stringMatching(ISO_MS),
      })
    })
  })

  describe('GET /envelopes/{envelopeId}/audit_events and verify-audit', () => {
    /**
     * The command on the service's own connection: a second pool migrating against a PostgreSQL catalog
     * that other suites are changing at the same time can fail in its introspection (not in this code).
     */
    const verifyAudit = (envelopeId: string) =>
      auditCommands['verify-audit']!.run(
        { envelope: envelopeId },
        {
          config: service.ctx.config,
          publicUrl: service.ctx.publicUrl,
          db: async () => service.ctx.db,
          now: service.ctx.now,
        },
      )

    it("returns the chain in DocuSign's shape and verify-audit finds a tampered entry", async () => {
      const envelopeId = await createEnvelope('created')
      await inject('PUT', `/envelopes/${envelopeId}`, { status: 'sent' })
      await inject('PUT', `/envelopes/${envelopeId}`, { status: 'voided', voidedReason: 'Audit test' })
      const response = await inject('GET', `/envelopes/${envelopeId}/audit_events`)
      expect(response.statusCode).toBe(200)
      const events = response.json().auditEvents as { eventFields: { name: string; value: string }[] }[]
      const field = (index: number, name: string) =>
        events[index]?.eventFields.find((candidate) => candidate.name === name)?.value
      // Delivery attempts of the queued invitation (no transport here) may sit between the two.
      const fromApi = events.flatMap((_, index) => (field(index, 'Source') === 'API' ? [index] : []))
      expect(fromApi.map((index) => field(index, 'Action'))).toEqual(['Sent Invitations', 'Voided'])
      const [sentAt = -1, voidedAt = -1] = fromApi
      expect(field(sentAt, 'UserName')).toBe('Test User')
      expect(field(sentAt, 'UserId')).toBe(sender.userId)
      expect(field(voidedAt, 'EnvelopeStatus')).toBe('voided')
      expect(field(voidedAt, 'Message')).toBe('Envelope voided: Audit test')
      // The sender's own entries name no recipient; the pair is there, empty, as DocuSign's absent values.
      expect(field(voidedAt, 'RecipientId')).toBe('')
      for (let index = 1; index < events.length; index++) {
        expect(field(index, 'PreviousEntryHash')).toBe(field(index - 1, 'EntryHash'))
      }

      expect((await verifyAudit(envelopeId)).result).toMatch(/is intact \(\d+ entries\)/)

      const row = await service.ctx.db
        .selectFrom('audit_events')
        .select(['sequence', 'entry'])
        .where('envelope_id', '=', envelopeId)
        .orderBy('sequence')
        .executeTakeFirstOrThrow()
      const tampered = { ...JSON.parse(row.entry), message: 'Nothing happened here.' }
      await service.ctx.db
        .updateTable('audit_events')
        .set({ entry: JSON.stringify(tampered) })
        .where('envelope_id', '=', envelopeId)
        .where('sequence', '=', row.sequence)
        .execute()
      const broken = verifyAudit(envelopeId)
      // An AppError: runCli reports its message and exits with status 1.
      await expect(broken).rejects.toBeInstanceOf(AppError)
      await expect(broken).rejects.toThrow(`broken at entry ${row.sequence} (position 1)`)
    })

    it('verify-audit finds entries cut from the end of a trail, even with the head moved back', async () => {
      const envelopeId = await createEnvelope('sent')
      await inject('PUT', `/envelopes/${envelopeId}`, { status: 'voided', voidedReason: 'Cut test' })
      expect((await verifyAudit(envelopeId)).result).toMatch(/is intact/)
      const chain = await service.ctx.db
        .selectFrom('audit_events')
        .select(['sequence', 'hash', 'entry'])
        .where('envelope_id', '=', envelopeId)
        .orderBy('sequence', 'desc')
        .execute()
      const voided = chain.findIndex((row) => JSON.parse(row.entry).action === 'Voided')
      const kept = chain[voided + 1]!
      await service.ctx.db
        .deleteFrom('audit_events')
        .where('envelope_id', '=', envelopeId)
        .where('sequence', '>', kept.sequence)
        .execute()
      // The chain that is left still links up: only the head on the envelope gives the cut away.
      const cut = verifyAudit(envelopeId)
      await expect(cut).rejects.toBeInstanceOf(AppError)
      await expect(cut).rejects.toThrow(
        `it ends at entry ${kept.sequence} (${kept.hash.slice(0, 16)}…) but the envelope recorded its last entry as entry ${chain[0]!.sequence}`,
      )
      // Moving the head back to the cut end too: a voided envelope's trail must still end with "Voided".
      await service.ctx.db
        .updateTable('envelopes')
        .set({ audit_head_sequence: kept.sequence, audit_head_hash: kept.hash })
        .where('id', '=', envelopeId)
        .execute()
      await expect(verifyAudit(envelopeId)).rejects.toThrow(
        'the envelope is voided but its trail does not end with the "Voided" entry',
      )
    })

    it('prints the audit chain head on the certificate, where the seal covers it', async () => {
      const envelopeId = await createEnvelope('sent')
      const head = await service.ctx.db
        .selectFrom('envelopes')
        .select(['audit_head_sequence', 'audit_head_hash'])
        .where('id', '=', envelopeId)
        .executeTakeFirstOrThrow()
      const last = await service.ctx.db
        .selectFrom('audit_events')
        .select(['sequence', 'hash'])
        .where('envelope_id', '=', envelopeId)
        .orderBy('sequence', 'desc')
        .executeTakeFirstOrThrow()
      expect(head).toEqual({ audit_head_sequence: last.sequence, audit_head_hash: last.hash })
      const certificate = await inject('GET', `/envelopes/${envelopeId}/documents/certificate`)
      const text = (await pdftotext(new Uint8Array(certificate.rawPayload))).replace(/\s+/g, ' ')
      expect(text).toContain(`last entry hash ${last.hash}`)
    })

    it('verify-audit refuses an unknown envelope and needs --envelope', async () => {
      await expect(verifyAudit('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(NotFoundError)
      const lines: string[] = []
      const output = { out: (text: string) => lines.push(text), err: (text: string) => lines.push(text) }
      expect(await runCli(['verify-audit'], { DATABASE_URL: databaseUrl }, output)).toBe(2)
      expect(lines.join('\n')).toContain('--envelope is required')
    })
  })

  describe('documents', () => {
    it('serves a sealed certificate before completion and refuses the archive', async () => {
      const envelopeId = await createEnvelope('sent')
      const certificate = await inject('GET', `/envelopes/${envelopeId}/documents/certificate`)
      expect(certificate.statusCode, certificate.body).toBe(200)
      expect(certificate.headers['content-type']).toBe('application/pdf')
      const bytes = new Uint8Array(certificate.rawPayload)
      expect(await pdftotext(bytes)).toContain(envelopeId)
      expect(await pdfsig(bytes)).toContain('Signature is Valid')

      const archive = await inject('GET', `/envelopes/${envelopeId}/documents/archive`)
      expect(archive.statusCode).toBe(400)
      expect(archive.json().errorCode).toBe('ENVELOPE_INVALID_STATUS')
      const combined = await inject('GET', `/envelopes/${envelopeId}/documents/combined`)
      expect(combined.statusCode).toBe(200)
      expect(await pdfsig(new Uint8Array(combined.rawPayload))).not.toContain('Signature is Valid')
    })

    it('serves the sealed combined PDF, documents and archive once completed', async () => {
      const envelopeId = await completedEnvelope()
      const deadline = Date.now() + 30_000
      while (
        !(await service.ctx.db
          .selectFrom('envelope_signed_documents')
          .select('part')
          .where('envelope_id', '=', envelopeId)
          .executeTakeFirst())
      ) {
        if (Date.now() > deadline) throw new Error('the completion job did not seal the envelope')
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const combined = await inject('GET', `/envelopes/${envelopeId}/documents/combined`)
      expect(combined.statusCode).toBe(200)
      const combinedBytes = new Uint8Array(combined.rawPayload)
      expect(await pdfsig(combinedBytes)).toContain('Signature is Valid')
      expect(await pdftotext(combinedBytes)).toContain('second note')

      const first = await inject('GET', `/envelopes/${envelopeId}/documents/1`)
      expect(first.headers['content-disposition']).toContain('documentid="1"')
      expect(await pdfsig(new Uint8Array(first.rawPayload))).toContain('Signature is Valid')

      const archive = await inject('GET', `/envelopes/${envelopeId}/documents/archive`)
      expect(archive.statusCode, archive.body).toBe(200)
      expect(archive.headers['content-type']).toBe('application/zip')
      const entries = unzipSync(new Uint8Array(archive.rawPayload))
      expect(Object.keys(entries).sort()).toEqual(['Certificate of Completion.pdf', 'Lifecycle.pdf'])
      expect(await pdftotext(entries['Certificate of Completion.pdf'] as Uint8Array)).toContain(envelopeId)
    }, 60_000)
  })
})
