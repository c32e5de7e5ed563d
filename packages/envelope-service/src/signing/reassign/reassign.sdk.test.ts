import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { listAuditEntries } from '../../audit/repository.js'
import { pdftotext } from '../../completion/test-poppler.js'
import { COMBINED_PART, findSignedPart } from '../../documents/sealed/repository.js'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import { startSmtpSink } from '../../notifications/testing/smtp-sink.js'
import { startReceiver, waitFor } from '../../testing/connect-receiver.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../../testing/sdk.js'

/**
 * `allowReassign` and the signer's "Assign to someone else", end to end: envelopes and templates made
 * through the official SDK, the reassign through the signing page's API, the invitations over a real
 * SMTP listener and the Connect event to a real receiver; the new signer signs and the envelope
 * completes and is sealed.
 */

interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    getEnvelope(accountId: string, envelopeId: string): Promise<SdkModel>
    listRecipients(
      accountId: string,
      envelopeId: string,
      options?: { includeTabs?: string },
    ): Promise<SdkModel>
    getDocument(accountId: string, envelopeId: string, documentId: string): Promise<unknown>
  }
  TemplatesApi: new (
    client: unknown,
  ) => {
    createTemplate(accountId: string, options: { envelopeTemplate: unknown }): Promise<SdkModel>
    get(accountId: string, templateId: string): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const signHere = { documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }

let sink: Awaited<ReturnType<typeof startSmtpSink>>
let receiver: Awaited<ReturnType<typeof startReceiver>>
let documentBase64: string

beforeAll(async () => {
  ;[sink, receiver, documentBase64] = await Promise.all([
    startSmtpSink(),
    startReceiver(),
    makePdfBase64(1, 'Sign'),
  ])
})
afterAll(async () => {
  await Promise.all([sink.close(), receiver.close()])
})

describeEachDatabase('allowReassign and the signer’s reassign', (databases) => {
  let sdk: SdkService
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>
  let templates: InstanceType<DocuSignSdk['TemplatesApi']>
  let accountId: string

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl(), {
      env: { SMTP_URL: sink.url, SMTP_FROM: 'no-reply@inkwell.test', CONNECT_ALLOW_PRIVATE_URLS: 'true' },
    })
    accountId = sdk.principal.accountId
    envelopes = new docusign.EnvelopesApi(sdk.client)
    templates = new docusign.TemplatesApi(sdk.client)
  })
  afterAll(() => sdk?.close())
  beforeEach(() => {
    sink.received.length = 0
    receiver.received.length = 0
  })

  const signers = [
    {
      recipientId: '1',
      routingOrder: '1',
      roleName: 'Tenant',
      name: 'Ana Ruiz',
      email: 'ana@example.test',
      note: 'Sign on page 1.',
      tabs: { signHereTabs: [signHere] },
    },
    {
      recipientId: '2',
      routingOrder: '2',
      name: 'Ben Soto',
      email: 'ben@example.test',
      tabs: { signHereTabs: [{ ...signHere, yPosition: '300' }] },
    },
  ]

  async function create(subject: string, extra: Record<string, unknown>): Promise<string> {
    const summary = await envelopes.createEnvelope(accountId, {
      envelopeDefinition: {
        status: 'sent',
        emailSubject: subject,
        documents: [{ documentId: '1', name: 'Lease.pdf', fileExtension: 'pdf', documentBase64 }],
        recipients: { signers },
        ...extra,
      },
    })
    return summary.envelopeId
  }

  /** The signing token of the invitation `to` received for `subject`, over SMTP. */
  async function invitationToken(subject: string, to: string): Promise<string> {
    let token: string | undefined
    await waitFor(() => {
      const mail = sink.received.find(
        (message) => message.to.includes(to) && message.subject.includes(subject),
      )
      token = mail ? /signing\/#([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1] : undefined
      return token !== undefined
    }, 30_000)
    return token!
  }

  const signing = (token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
    sdk.service.app.inject({
      method,
      url: `/signing/api/${path}`,
      headers: { 'x-signing-token': token },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    })

  async function sign(token: string) {
    const session = await signing(token, 'GET', 'session')
    expect(session.statusCode, session.body).toBe(200)
    const values = Object.fromEntries(
      (session.json().tabs as Array<{ tabId: string; type: string }>)
        .filter((tab) => tab.type === 'signHere')
        .map((tab) => [tab.tabId, 'signed']),
    )
    const finish = await signing(token, 'POST', 'finish', { signature: PNG, values })
    expect(finish.statusCode, finish.body).toBe(200)
    return finish.json().state as string
  }

  it('stores allowReassign, returns it as DocuSign’s string, and defaults to false', async () => {
    const allowed = await create('Allowed', { allowReassign: 'true' })
    const lenient = await sdk.service.app.inject({
      method: 'POST',
      url: `/restapi/v2.1/accounts/${accountId}/envelopes`,
      headers: { authorization: `Bearer ${sdk.principal.accessToken}` },
      payload: {
        status: 'created',
        emailSubject: 'Lenient',
        allowReassign: true,
        documents: [{ documentId: '1', name: 'Lease.pdf', fileExtension: 'pdf', documentBase64 }],
        recipients: { signers },
      },
    })
    expect(lenient.statusCode, lenient.body).toBe(201)
    const plain = await create('Plain', {})
    // A signer's allowReassign is not DocuSign's (its definitions have it on the envelope only): ignored.
    const onSigner = await envelopes.createEnvelope(accountId, {
      envelopeDefinition: {
        status: 'created',
        emailSubject: 'On a signer',
        documents: [{ documentId: '1', name: 'Lease.pdf', fileExtension: 'pdf', documentBase64 }],
        recipients: { signers: [{ ...signers[0], allowReassign: 'true' }] },
      },
    })
    expect((await envelopes.getEnvelope(accountId, onSigner.envelopeId)).allowReassign).toBe('false')
    expect((await envelopes.getEnvelope(accountId, allowed)).allowReassign).toBe('true')
    expect((await envelopes.getEnvelope(accountId, lenient.json().envelopeId)).allowReassign).toBe('true')
    expect((await envelopes.getEnvelope(accountId, plain)).allowReassign).toBe('false')
  })

  it('refuses a value other than true or false with a 400 naming allowReassign', async () => {
    const refused = await sdk.service.app.inject({
      method: 'POST',
      url: `/restapi/v2.1/accounts/${accountId}/envelopes`,
      headers: { authorization: `Bearer ${sdk.principal.accessToken}` },
      payload: { status: 'created', emailSubject: 'Bad', allowReassign: 'maybe' },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ errorCode: 'INVALID_REQUEST_PARAMETER' })
    expect(refused.json().message).toContain('allowReassign')
  })

  it('carries a template’s allowReassign into its envelopes unless the envelope sets its own', async () => {
    const template = await templates.createTemplate(accountId, {
      envelopeTemplate: {
        name: 'Reassignable lease',
        emailSubject: 'Lease from template',
        allowReassign: 'true',
        documents: [{ documentId: '1', name: 'Lease.pdf', fileExtension: 'pdf', documentBase64 }],
        recipients: {
          signers: [{ recipientId: '1', roleName: 'Tenant', tabs: { signHereTabs: [signHere] } }],
        },
      },
    })
    expect((await templates.get(accountId, template.templateId)).allowReassign).toBe('true')
    // An update that leaves it out keeps it.
    const renamed = await sdk.service.app.inject({
      method: 'PUT',
      url: `/restapi/v2.1/accounts/${accountId}/templates/${template.templateId}`,
      headers: { authorization: `Bearer ${sdk.principal.accessToken}` },
      payload: { name: 'Reassignable lease, renamed' },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect((await templates.get(accountId, template.templateId)).allowReassign).toBe('true')
    const fromTemplate = (roles: Record<string, unknown>) =>
      envelopes.createEnvelope(accountId, {
        envelopeDefinition: {
          status: 'created',
          templateId: template.templateId,
          templateRoles: [{ roleName: 'Tenant', name: 'Ana Ruiz', email: 'ana@example.test' }],
          ...roles,
        },
      })
    const taken = await fromTemplate({})
    const overridden = await fromTemplate({ allowReassign: 'false' })
    expect((await envelopes.getEnvelope(accountId, taken.envelopeId)).allowReassign).toBe('true')
    expect((await envelopes.getEnvelope(accountId, overridden.envelopeId)).allowReassign).toBe('false')
  })

  it('reassigns: the new signer takes the part, is invited over SMTP, signs, and the envelope completes sealed', async () => {
    const subject = 'Reassign end to end'
    const envelopeId = await create(subject, {
      allowReassign: 'true',
      eventNotification: { url: receiver.url, events: ['recipient-reassign', 'recipient-sent'] },
    })
    const before = await envelopes.listRecipients(accountId, envelopeId, { includeTabs: 'true' })
    const tabId = before.signers[0].tabs.signHereTabs[0].tabId
    const anaToken = await invitationToken(subject, 'ana@example.test')

    const session = await signing(anaToken, 'GET', 'session')
    expect(session.json()).toMatchObject({ state: 'ready', canReassign: true })

    for (const [payload, message] of [
      [{ name: 'Nora', email: 'not-an-email', reason: 'x' }, 'email'],
      [{ name: 'Ana', email: 'ANA@example.test', reason: 'x' }, 'someone else'],
      [{ name: 'Nora', email: 'nora@example.test' }, 'reason'],
    ] as const) {
      const refused = await signing(anaToken, 'POST', 'reassign', payload)
      expect(refused.statusCode, refused.body).toBe(400)
      expect(refused.json().errorCode).toEqual(expect.any(String))
      expect(refused.json().message).toContain(message)
    }

    const reassigned = await signing(anaToken, 'POST', 'reassign', {
      name: 'Nora Nueva',
      email: 'nora@example.test',
      reason: 'I am on leave; Nora signs for the household.',
    })
    expect(reassigned.statusCode, reassigned.body).toBe(200)
    expect(reassigned.json()).toEqual({ state: 'reassigned' })

    // The original signer's link ends with the reassign.
    expect((await signing(anaToken, 'GET', 'session')).statusCode).toBe(401)

    const after = await envelopes.listRecipients(accountId, envelopeId, { includeTabs: 'true' })
    const ana = after.signers.find((signer: SdkModel) => signer.recipientId === '1')
    const nora = after.signers.find((signer: SdkModel) => signer.recipientId === '3')
    expect(ana).toMatchObject({ status: 'completed', routingOrder: '1', name: 'Ana Ruiz' })
    expect(ana.signedDateTime).toBeUndefined()
    expect(ana.tabs?.signHereTabs ?? []).toEqual([])
    expect(nora).toMatchObject({
      recipientId: '3',
      status: 'sent',
      routingOrder: '1',
      roleName: 'Tenant',
      name: 'Nora Nueva',
      email: 'nora@example.test',
      note: 'Sign on page 1.',
    })
    expect(nora.tabs.signHereTabs.map((tab: SdkModel) => tab.tabId)).toEqual([tabId])
    expect(after.currentRoutingOrder).toBe('1')

    const audit = await listAuditEntries(sdk.service.ctx.db, envelopeId)
    const entry = audit.find((candidate) => candidate.action === 'Reassigned')
    expect(entry).toMatchObject({ recipientId: '1', source: 'Web', userName: 'Ana Ruiz' })
    expect(entry?.message).toContain('I am on leave')

    const heard = (event: string, recipientId: string) =>
      receiver.received.some(
        (received) =>
          received.envelopeId === envelopeId &&
          received.event === event &&
          (received.body.data as { recipientId?: string }).recipientId === recipientId,
      )
    await waitFor(() => heard('recipient-reassign', '1') && heard('recipient-sent', '3'), 30_000)

    const noraToken = await invitationToken(subject, 'nora@example.test')
    const noraMail = sink.received.find((message) => message.to.includes('nora@example.test'))
    expect(noraMail?.text).toContain('Ana Ruiz asked you to review and sign this document')
    expect(noraMail?.text).toContain('Their message: I am on leave; Nora signs for the household.')
    // The sender hears who handed their part to whom (DocuSign's "changed signer" notice).
    await waitFor(() => sink.received.some((message) => message.subject === `Reassigned: ${subject}`), 30_000)
    const notice = sink.received.find((message) => message.subject === `Reassigned: ${subject}`)
    expect(notice?.to).toContain(`${sdk.principal.userId}@example.test`)
    expect(notice?.text).toContain(
      'Ana Ruiz asked Nora Nueva to sign this document in their place. Their message: I am on leave; Nora signs for the household.',
    )
    expect(await sign(noraToken)).toBe('finished')
    expect(await sign(await invitationToken(subject, 'ben@example.test'))).toBe('completed')
    await expect
      .poll(async () => (await envelopes.getEnvelope(accountId, envelopeId)).status, { timeout: 30_000 })
      .toBe('completed')
    await expect
      .poll(() => findSignedPart(sdk.service.ctx.db, envelopeId, COMBINED_PART), { timeout: 60_000 })
      .toEqual(expect.any(String))
    const certificate = await sdk.service.app.inject({
      url: `/restapi/v2.1/accounts/${accountId}/envelopes/${envelopeId}/documents/certificate`,
      headers: { authorization: `Bearer ${sdk.principal.accessToken}` },
    })
    expect(certificate.statusCode).toBe(200)
    const text = await pdftotext(certificate.rawPayload)
    expect(text).toContain('Nora Nueva')
    expect(text).toMatch(/Ana Ruiz[\s\S]*Reassigned/)
  })

  it.each([
    ['an envelope that does not allow it', {}, 'RECIPIENT_CANNOT_REASSIGN'],
    ['an explicit allowReassign false', { allowReassign: 'false' }, 'RECIPIENT_CANNOT_REASSIGN'],
  ])('refuses the reassign on %s, and the page does not offer it', async (_, extra, errorCode) => {
    const subject = `Refused ${errorCode} ${JSON.stringify(extra)}`
    const envelopeId = await create(subject, extra)
    const token = await invitationToken(subject, 'ana@example.test')
    expect((await signing(token, 'GET', 'session')).json().canReassign).toBe(false)
    const refused = await signing(token, 'POST', 'reassign', {
      name: 'Nora',
      email: 'nora@example.test',
      reason: 'x',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ errorCode })
    expect((await envelopes.listRecipients(accountId, envelopeId)).signers).toHaveLength(2)
  })

  it('refuses a signer who already signed', async () => {
    const subject = 'Already signed'
    await create(subject, { allowReassign: 'true' })
    const token = await invitationToken(subject, 'ana@example.test')
    expect(await sign(token)).toBe('finished')
    const refused = await signing(token, 'POST', 'reassign', {
      name: 'Nora',
      email: 'nora@example.test',
      reason: 'x',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ errorCode: 'RECIPIENT_ALREADY_FINISHED' })
  })
})
