import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signaturePng } from '../completion/test-fixtures.js'
import { pdftotext } from '../completion/test-poppler.js'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { seedPrincipal, type TestPrincipal, type TestService } from '../testing/harness.js'
import { injectAs } from '../testing/inject.js'
import { startSealedTestService } from '../testing/sealed-service.js'

/**
 * DocuSign properties the service once refused and now acts on (issue 21): a recipient's `note`
 * (stored, returned, given in an inline template too) and `envelopeIdStamping` (the envelope id at the
 * top of each page of the sealed documents, DocuSign's default; `false` prints nothing).
 */
describeEachDatabase('recipient notes and envelope id stamping', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let onePage: string

  beforeAll(async () => {
    service = await startSealedTestService(await databases.freshUrl())
    sender = await seedPrincipal(service.ctx)
    onePage = await makePdfBase64(1, 'Lease')
  })
  afterAll(() => service?.close())

  const inject = (method: 'GET' | 'POST', path: string, payload?: object) =>
    injectAs(service, sender, method, path, payload)

  const signer = {
    recipientId: '1',
    name: 'Nora',
    email: 'nora@example.test',
    clientUserId: 'crm-nora',
    tabs: { signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '72', yPosition: '300' }] },
  }
  const documents = () => [{ documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: onePage }]

  async function create(body: Record<string, unknown>): Promise<string> {
    const response = await inject('POST', '/envelopes', { emailSubject: 'Lease', ...body })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId
  }

  describe('note', () => {
    it('is stored and returned on the recipient, line breaks kept', async () => {
      const note = 'Bring your ID.\nRoom 3.'
      const envelopeId = await create({
        documents: documents(),
        recipients: {
          signers: [{ ...signer, note }],
          carbonCopies: [{ recipientId: '2', name: 'Cleo', email: 'cleo@example.test', note: 'FYI' }],
        },
      })
      const recipients = (await inject('GET', `/envelopes/${envelopeId}/recipients`)).json()
      expect(recipients.signers[0].note).toBe(note)
      expect(recipients.carbonCopies[0].note).toBe('FYI')
      const envelope = (await inject('GET', `/envelopes/${envelopeId}?include=recipients`)).json()
      expect(envelope.recipients.signers[0].note).toBe(note)
    })

    it('is left out of a recipient without one', async () => {
      const envelopeId = await create({ documents: documents(), recipients: { signers: [signer] } })
      const recipients = (await inject('GET', `/envelopes/${envelopeId}/recipients`)).json()
      expect(recipients.signers[0]).not.toHaveProperty('note')
    })

    it("comes from an inline template's recipient", async () => {
      const envelopeId = await create({
        compositeTemplates: [
          {
            inlineTemplates: [
              { sequence: '1', recipients: { signers: [{ ...signer, note: 'From the composite' }] } },
            ],
            document: documents()[0],
          },
        ],
      })
      const recipients = (await inject('GET', `/envelopes/${envelopeId}/recipients`)).json()
      expect(recipients.signers[0].note).toBe('From the composite')
    })

    it('is refused over 1000 characters, and on a stored template’s role', async () => {
      const long = await inject('POST', '/envelopes', {
        documents: documents(),
        recipients: { signers: [{ ...signer, note: 'x'.repeat(1001) }] },
      })
      expect(long.statusCode).toBe(400)
      expect(long.json()).toMatchObject({ errorCode: 'INVALID_REQUEST_PARAMETER' })
      expect(long.json().message).toContain('note')
      const template = await inject('POST', '/templates', {
        name: 'Noted',
        documents: documents(),
        recipients: { signers: [{ recipientId: '1', roleName: 'Tenant', note: 'Hello' }] },
      })
      expect(template.statusCode).toBe(400)
      expect(template.json().message).toContain('recipients.signers[0].note is not supported')
    })
  })

  describe('envelopeIdStamping', () => {
    async function signAndSeal(envelopeId: string): Promise<string> {
      const view = await inject('POST', `/envelopes/${envelopeId}/views/recipient`, {
        returnUrl: 'https://crm.example.test/return',
        authenticationMethod: 'none',
        userName: signer.name,
        email: signer.email,
        clientUserId: signer.clientUserId,
      })
      expect(view.statusCode, view.body).toBe(201)
      const url: string = view.json().url
      const headers = { 'x-signing-token': url.slice(url.indexOf('#') + 1) }
      expect((await service.app.inject({ url: '/signing/api/session', headers })).statusCode).toBe(200)
      const finished = await service.app.inject({
        method: 'POST',
        url: '/signing/api/finish',
        headers,
        payload: { signature: signaturePng(), values: { 'signHereTabs-0': 'signed' } },
      })
      expect(finished.statusCode, finished.body).toBe(200)
      const deadline = Date.now() + 30_000
      for (;;) {
        const sealed = await service.ctx.db
          .selectFrom('envelope_signed_documents')
          .select('part')
          .where('envelope_id', '=', envelopeId)
          .executeTakeFirst()
        if (sealed) break
        if (Date.now() > deadline) throw new Error('the completion job did not seal the envelope')
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const combined = await inject('GET', `/envelopes/${envelopeId}/documents/combined`)
      expect(combined.statusCode).toBe(200)
      return pdftotext(new Uint8Array(combined.rawPayload), { first: 1, last: 1 })
    }

    it('defaults to true: returned as "true" and the id printed at the top of the sealed page', async () => {
      const envelopeId = await create({
        status: 'sent',
        documents: documents(),
        recipients: { signers: [signer] },
      })
      expect((await inject('GET', `/envelopes/${envelopeId}`)).json().envelopeIdStamping).toBe('true')
      const page = await signAndSeal(envelopeId)
      expect(page.trimStart().startsWith(`Envelope Id: ${envelopeId}`), page).toBe(true)
    })

    it('"false" is returned and prints no id', async () => {
      const envelopeId = await create({
        status: 'sent',
        envelopeIdStamping: 'false',
        documents: documents(),
        recipients: { signers: [signer] },
      })
      expect((await inject('GET', `/envelopes/${envelopeId}`)).json().envelopeIdStamping).toBe('false')
      const page = await signAndSeal(envelopeId)
      expect(page).toContain('Lease')
      expect(page).not.toContain(envelopeId)
    })

    it('refuses a value other than "true" or "false"', async () => {
      const response = await inject('POST', '/envelopes', {
        envelopeIdStamping: 'sometimes',
        documents: documents(),
        recipients: { signers: [signer] },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toContain('envelopeIdStamping')
    })
  })
})
