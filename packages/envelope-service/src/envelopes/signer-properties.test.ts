import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signaturePng } from '../completion/test-fixtures.js'
import { pdftotext } from '../completion/test-poppler.js'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { newSigningToken } from '../signing/records/links.js'
import { insertSigningLink } from '../signing/records/repository.js'
import { seedPrincipal, type TestPrincipal, type TestService } from '../testing/harness.js'
import { embeddedSigningHeaders, injectAs } from '../testing/inject.js'
import { startSealedTestService } from '../testing/sealed-service.js'

/**
 * DocuSign properties the service once refused and now acts on (issue 21): a recipient's `note`
 * (stored, returned, given in an inline template too), `envelopeIdStamping` (the envelope id at the
 * top of each page of the sealed documents, DocuSign's default; `false` prints nothing) and document
 * visibility (`enforceSignerVisibility` with `excludedDocuments`: a recipient never receives or sees a
 * document it is excluded from).
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

  const inject = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
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

    it('is refused over 1000 characters', async () => {
      const long = await inject('POST', '/envelopes', {
        documents: documents(),
        recipients: { signers: [{ ...signer, note: 'x'.repeat(1001) }] },
      })
      expect(long.statusCode).toBe(400)
      expect(long.json()).toMatchObject({ errorCode: 'INVALID_REQUEST_PARAMETER' })
      expect(long.json().message).toContain('note')
    })
  })

  /** The signing API headers of the embedded signer's recipient view. */
  async function signerHeaders(envelopeId: string): Promise<Record<string, string>> {
    return embeddedSigningHeaders(service, sender, envelopeId, signer)
  }

  /** Opens the session (once), signs, finishes and waits until the completion job sealed the envelope. */
  async function signAndWaitForSeal(envelopeId: string, headers: Record<string, string>, opened = false) {
    if (!opened) {
      expect((await service.app.inject({ url: '/signing/api/session', headers })).statusCode).toBe(200)
    }
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
      if (sealed) return
      if (Date.now() > deadline) {
        const audit = await service.ctx.db
          .selectFrom('audit_events')
          .selectAll()
          .where('envelope_id', '=', envelopeId)
          .execute()
        // The audit trail says why: a failed completion records its reason there.
        const trail = audit.map((row) => {
          const entry = JSON.parse(row.entry) as { action: string; information?: string }
          return `${entry.action}${entry.information ? `: ${entry.information}` : ''}`
        })
        throw new Error(`the completion job did not seal the envelope (${trail.join(' | ')})`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  /** Signs as the embedded signer, waits for the seal, and returns the sender's combined PDF's first page. */
  async function signAndSeal(envelopeId: string): Promise<string> {
    await signAndWaitForSeal(envelopeId, await signerHeaders(envelopeId))
    const combined = await inject('GET', `/envelopes/${envelopeId}/documents/combined`)
    expect(combined.statusCode).toBe(200)
    return pdftotext(new Uint8Array(combined.rawPayload), { first: 1, last: 1 })
  }

  describe('envelopeIdStamping', () => {
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

    it('comes from a template that says "false": sealed without the id, unless the envelope says otherwise', async () => {
      const created = await inject('POST', '/templates', {
        name: 'Unstamped lease',
        envelopeIdStamping: 'false',
        documents: documents(),
        recipients: { signers: [{ recipientId: '1', roleName: 'Tenant', tabs: signer.tabs }] },
      })
      expect(created.statusCode, created.body).toBe(201)
      const { templateId } = created.json()
      const stamping = async () => (await inject('GET', `/templates/${templateId}`)).json().envelopeIdStamping
      expect(await stamping()).toBe('false')
      // A change that does not name it keeps it.
      const renamed = await inject('PUT', `/templates/${templateId}`, { name: 'Unstamped lease, renamed' })
      expect(renamed.statusCode, renamed.body).toBe(200)
      expect(await stamping()).toBe('false')

      const tenant = {
        roleName: 'Tenant',
        name: signer.name,
        email: signer.email,
        clientUserId: signer.clientUserId,
      }
      const envelopeId = await create({ status: 'sent', templateId, templateRoles: [tenant] })
      expect((await inject('GET', `/envelopes/${envelopeId}`)).json().envelopeIdStamping).toBe('false')
      const page = await signAndSeal(envelopeId)
      expect(page).toContain('Lease')
      expect(page).not.toContain(envelopeId)

      // The envelope's own value wins over its template's, as for its other settings.
      const own = await create({ templateId, templateRoles: [tenant], envelopeIdStamping: 'true' })
      expect((await inject('GET', `/envelopes/${own}`)).json().envelopeIdStamping).toBe('true')
      // Turned on again, the template reads "true" and its envelopes are stamped.
      await inject('PUT', `/templates/${templateId}`, { envelopeIdStamping: 'true' })
      expect(await stamping()).toBe('true')
      const again = await create({ templateId, templateRoles: [tenant] })
      expect((await inject('GET', `/envelopes/${again}`)).json().envelopeIdStamping).toBe('true')
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
  describe('document visibility', () => {
    const twoDocuments = async () => [
      {
        documentId: '1',
        name: 'Alpha',
        fileExtension: 'pdf',
        documentBase64: await makePdfBase64(1, 'Alpha'),
      },
      { documentId: '2', name: 'Beta', fileExtension: 'pdf', documentBase64: await makePdfBase64(1, 'Beta') },
    ]
    const copy = { recipientId: '2', name: 'Cleo', email: 'cleo@example.test', routingOrder: '2' }

    it('withholds excluded documents from the page, the document route and the sealed combined PDF', async () => {
      const envelopeId = await create({
        status: 'sent',
        enforceSignerVisibility: 'true',
        documents: await twoDocuments(),
        recipients: {
          signers: [{ ...signer, excludedDocuments: ['2'] }],
          carbonCopies: [{ ...copy, excludedDocuments: [1] }],
        },
      })
      const envelope = (await inject('GET', `/envelopes/${envelopeId}?include=recipients`)).json()
      expect(envelope.enforceSignerVisibility).toBe('true')
      expect(envelope.recipients.signers[0].excludedDocuments).toEqual(['2'])
      expect(envelope.recipients.carbonCopies[0].excludedDocuments).toEqual(['1'])

      const headers = await signerHeaders(envelopeId)
      const session = await service.app.inject({ url: '/signing/api/session', headers })
      expect(session.json().documents.map((document: { name: string }) => document.name)).toEqual(['Alpha'])
      const hidden = await service.app.inject({ url: '/signing/api/documents/2', headers })
      expect(hidden.statusCode).toBe(404)
      expect((await service.app.inject({ url: '/signing/api/documents/1', headers })).statusCode).toBe(200)

      await signAndWaitForSeal(envelopeId, headers, true)
      const mine = await service.app.inject({ url: '/signing/api/combined', headers })
      expect(mine.statusCode).toBe(200)
      const text = await pdftotext(new Uint8Array(mine.rawPayload))
      expect(text).toContain('Alpha, page 1 of 1')
      expect(text).not.toContain('Beta')
      expect(text).toContain('Certificate of Completion')

      // The carbon copy, excluded from the first, receives the second only.
      const copyLink = newSigningToken()
      await insertSigningLink(service.ctx.db, {
        tokenHash: copyLink.tokenHash,
        envelopeId,
        recipientId: '2',
        kind: 'invitation',
        createdAt: Date.now(),
        expiresAt: Date.now() + 86_400_000,
      })
      const copyHeaders = { 'x-signing-token': copyLink.token }
      const copySession = await service.app.inject({ url: '/signing/api/session', headers: copyHeaders })
      expect(copySession.json().documents.map((document: { name: string }) => document.name)).toEqual([
        'Beta',
      ])
      const theirs = await service.app.inject({ url: '/signing/api/combined', headers: copyHeaders })
      const copyText = await pdftotext(new Uint8Array(theirs.rawPayload))
      expect(copyText).toContain('Beta, page 1 of 1')
      expect(copyText).not.toContain('Alpha')

      // The sender's combined PDF has both.
      const sender = await inject('GET', `/envelopes/${envelopeId}/documents/combined`)
      const senderText = await pdftotext(new Uint8Array(sender.rawPayload))
      expect(senderText).toContain('Alpha, page 1 of 1')
      expect(senderText).toContain('Beta, page 1 of 1')
    })

    it('refuses to exclude a recipient from a document it has a tab on (CANNOT_EXCLUDE_DOCUMENT)', async () => {
      const response = await inject('POST', '/envelopes', {
        enforceSignerVisibility: 'true',
        documents: await twoDocuments(),
        recipients: { signers: [{ ...signer, excludedDocuments: ['1'] }] },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        errorCode: 'CANNOT_EXCLUDE_DOCUMENT',
        message:
          'This document cannot be excluded for this recipient. Recipient: Nora cannot be excluded from Document:Alpha',
      })
    })

    it('refuses exclusions the envelope does not enforce, and unknown documents', async () => {
      const unenforced = await inject('POST', '/envelopes', {
        documents: await twoDocuments(),
        recipients: { signers: [{ ...signer, excludedDocuments: ['2'] }] },
      })
      expect(unenforced.statusCode).toBe(400)
      expect(unenforced.json().message).toContain('enforceSignerVisibility')
      const unknown = await inject('POST', '/envelopes', {
        enforceSignerVisibility: 'true',
        documents: await twoDocuments(),
        recipients: { signers: [{ ...signer, excludedDocuments: ['7'] }] },
      })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json().message).toContain('excludedDocuments names document 7')
    })

    it('reads documentVisibility entries with visible "false" as excluded documents', async () => {
      const envelopeId = await create({
        enforceSignerVisibility: 'true',
        documents: await twoDocuments(),
        recipients: {
          signers: [
            {
              ...signer,
              documentVisibility: [
                { documentId: '2', recipientId: '1', visible: 'false', rights: 'read_only' },
                { documentId: '1', recipientId: '1', visible: 'true' },
              ],
            },
          ],
        },
      })
      const recipients = (await inject('GET', `/envelopes/${envelopeId}/recipients`)).json()
      expect(recipients.signers[0].excludedDocuments).toEqual(['2'])
    })

    it('refuses documentVisibility for another recipient or with editable rights', async () => {
      const send = (entry: Record<string, string>) =>
        inject('POST', '/envelopes', {
          enforceSignerVisibility: 'true',
          documents: documents(),
          recipients: {
            signers: [signer],
            carbonCopies: [
              { ...copy, documentVisibility: [{ documentId: '1', visible: 'false', ...entry }] },
            ],
          },
        })
      const other = await send({ recipientId: '1' })
      expect(other.statusCode).toBe(400)
      expect(other.json().message).toBe(
        "recipients.carbonCopies[0].documentVisibility[0].recipientId must be this recipient's (2)",
      )
      const editable = await send({ rights: 'editable' })
      expect(editable.statusCode).toBe(400)
      expect(editable.json().message).toContain('rights "editable" is not supported')
    })

    it('returns enforceSignerVisibility "false" by default and no excludedDocuments', async () => {
      const envelopeId = await create({ documents: documents(), recipients: { signers: [signer] } })
      const envelope = (await inject('GET', `/envelopes/${envelopeId}?include=recipients`)).json()
      expect(envelope.enforceSignerVisibility).toBe('false')
      expect(envelope.recipients.signers[0]).not.toHaveProperty('excludedDocuments')
    })
  })
})
