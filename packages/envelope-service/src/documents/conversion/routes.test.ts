import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locateTabs } from '../../signing/placements.js'
import {
  seedPrincipal,
  startTestService,
  type TestPrincipal,
  type TestService,
} from '../../testing/harness.js'
import { docusignMultipart } from '../multipart/test-bodies.js'
import { createAnchorPlacementCache } from '../pdf-text/placement-cache.js'
import { makePdf } from '../test-pdfs.js'
import {
  ANCHOR,
  convertSample,
  SECOND_ANCHOR,
  sampleHtml,
  samplePng,
  sampleRtf,
  sampleText,
  sofficeAvailable,
} from './test-files.js'

/**
 * Documents in other formats through the API: JSON with base64 and DocuSign's multipart requests, for
 * envelopes and templates. The converted PDF is what every later step sees (pages, anchors, downloads);
 * the original is stored beside it.
 */

const hasSoffice = await sofficeAvailable()
if (!hasSoffice)
  console.warn('Skipping the conversion API tests: soffice is not installed (.ci/run installs it)')

const base = (accountId: string) => `/restapi/v2.1/accounts/${accountId}`
const signer = { recipientId: '1', name: 'Ana Ruiz', email: 'ana@example.test' }
const anchoredTabs = {
  signHereTabs: [{ anchorString: ANCHOR, anchorXOffset: '0', anchorYOffset: '0' }],
  dateSignedTabs: [{ anchorString: SECOND_ANCHOR }],
}
const BOUNDARY = 'docusign-multipart-7f3a'

// biome-ignore lint/suspicious/noExplicitAny: the SDK is untyped CommonJS.
const docusign = createRequire(import.meta.url)('docusign-esign') as any

describe.skipIf(!hasSoffice)('converted documents', () => {
  let docx: Uint8Array
  beforeAll(async () => {
    docx = await convertSample(
      { extension: 'html', content: sampleHtml('Offer letter') },
      'docx',
      'MS Word 2007 XML',
    )
  }, 120_000)

  describeEachDatabase('converted documents API', (databases) => {
    let service: TestService
    let sender: TestPrincipal

    beforeAll(async () => {
      service = await startTestService(await databases.freshUrl())
      sender = await seedPrincipal(service.ctx)
      await service.app.listen({ port: 0, host: '127.0.0.1' })
    }, 60_000)
    afterAll(() => service?.close())

    const inject = (
      method: 'GET' | 'POST',
      path: string,
      body?: { payload: string | Buffer; type?: string },
    ) =>
      service.app.inject({
        method,
        url: `${base(sender.accountId)}${path}`,
        headers: { ...sender.headers, ...(body?.type ? { 'content-type': body.type } : {}) },
        ...(body ? { payload: body.payload } : {}),
      })
    const postJson = (path: string, body: unknown) =>
      inject('POST', path, { payload: JSON.stringify(body), type: 'application/json' })
    const postMultipart = (path: string, body: Buffer) =>
      inject('POST', path, { payload: body, type: `multipart/form-data; boundary=${BOUNDARY}` })

    async function storedDocuments(envelopeId: string) {
      return service.ctx.db
        .selectFrom('envelope_documents')
        .select([
          'document_id',
          'file_extension',
          'pages',
          'blob_id',
          'original_blob_id',
          'original_extension',
        ])
        .where('envelope_id', '=', envelopeId)
        .orderBy('position')
        .execute()
    }
    async function blob(id: string) {
      const row = await service.ctx.db
        .selectFrom('document_blobs')
        .select('content')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      return Buffer.from(row.content)
    }
    async function download(envelopeId: string, documentId: string) {
      const response = await inject('GET', `/envelopes/${envelopeId}/documents/${documentId}`)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['content-type']).toBe('application/pdf')
      return new Uint8Array(response.rawPayload)
    }

    it('creates an envelope from a base64 DOCX: the PDF is stored, paged and anchored, the DOCX kept beside it', async () => {
      const response = await postJson('/envelopes', {
        emailSubject: 'Offer',
        status: 'created',
        documents: [
          {
            documentId: '1',
            name: 'Offer.docx',
            fileExtension: 'docx',
            documentBase64: Buffer.from(docx).toString('base64'),
          },
        ],
        recipients: { signers: [{ ...signer, tabs: anchoredTabs }] },
      })
      expect(response.statusCode, response.body).toBe(201)
      const { envelopeId } = response.json()

      const [stored, ...others] = await storedDocuments(envelopeId)
      expect(others).toHaveLength(0)
      expect(stored).toMatchObject({
        document_id: '1',
        file_extension: 'pdf',
        pages: 1,
        original_extension: 'docx',
      })
      expect(await blob(stored?.original_blob_id as string)).toEqual(Buffer.from(docx))

      const pdf = await download(envelopeId, '1')
      expect(Buffer.from(pdf).equals(await blob(stored?.blob_id as string))).toBe(true)
      const locate = await locateTabs(
        { recipientId: '1', tabs: anchoredTabs },
        [{ documentId: '1', blobId: 'b', bytes: async () => pdf }],
        createAnchorPlacementCache(),
      )
      const [signHere] = locate(anchoredTabs.signHereTabs[0] as Record<string, unknown>, undefined)
      expect(signHere).toMatchObject({ documentId: '1', pageNumber: 1 })
      expect(locate(anchoredTabs.dateSignedTabs[0] as Record<string, unknown>, undefined)[0]).toMatchObject({
        documentId: '1',
        pageNumber: 1,
      })
    }, 120_000)

    it('creates an envelope from a multipart request with HTML, PNG and PDF parts, in document order', async () => {
      const pdf = await makePdf(2, 'Terms')
      const body = docusignMultipart(
        BOUNDARY,
        {
          emailSubject: 'Multipart',
          status: 'created',
          documents: [
            { documentId: '1', name: 'Cover' },
            { documentId: '2', name: 'Stamp' },
            { documentId: '3', name: 'Terms.pdf' },
          ],
          recipients: { signers: [{ ...signer, tabs: { signHereTabs: [{ anchorString: SECOND_ANCHOR }] } }] },
        },
        [
          {
            documentId: '1',
            filename: 'cover.html',
            contentType: 'text/html',
            bytes: new TextEncoder().encode(sampleHtml('Cover')),
          },
          { documentId: '2', filename: 'stamp.png', contentType: 'image/png', bytes: samplePng() },
          { documentId: '3', filename: 'terms.pdf', contentType: 'application/pdf', bytes: pdf },
        ],
      )
      const response = await postMultipart('/envelopes', body)
      expect(response.statusCode, response.body).toBe(201)
      const { envelopeId } = response.json()
      const stored = await storedDocuments(envelopeId)
      expect(
        stored.map((row) => [row.document_id, row.file_extension, row.pages, row.original_extension]),
      ).toEqual([
        ['1', 'pdf', 1, 'html'],
        ['2', 'pdf', 1, 'png'],
        ['3', 'pdf', 2, null],
      ])
      expect(stored[2]?.original_blob_id).toBeNull()
      expect(Buffer.from(await download(envelopeId, '3')).equals(Buffer.from(pdf))).toBe(true)

      const listed = await inject('GET', `/envelopes/${envelopeId}/documents`)
      expect(
        listed.json().envelopeDocuments.map((document: { pages: unknown[] }) => document.pages.length),
      ).toEqual([1, 1, 2])
    }, 120_000)

    it('creates an envelope with an RTF document through the official SDK', async () => {
      const client = new docusign.ApiClient()
      client.setBasePath(`http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}/restapi`)
      client.addDefaultHeader('Authorization', `Bearer ${sender.accessToken}`)
      const envelopes = new docusign.EnvelopesApi(client)
      const summary = await envelopes.createEnvelope(sender.accountId, {
        envelopeDefinition: {
          emailSubject: 'From the SDK',
          status: 'created',
          documents: [
            {
              documentId: '1',
              name: 'Agreement',
              fileExtension: 'rtf',
              documentBase64: Buffer.from(sampleRtf('Agreement')).toString('base64'),
            },
          ],
          recipients: { signers: [{ ...signer, tabs: anchoredTabs }] },
        },
      })
      expect(summary.status).toBe('created')
      const listed = await envelopes.listDocuments(sender.accountId, summary.envelopeId)
      expect(listed.envelopeDocuments).toMatchObject([{ documentId: '1', name: 'Agreement' }])
      const [stored] = await storedDocuments(summary.envelopeId)
      expect(stored).toMatchObject({ file_extension: 'pdf', original_extension: 'rtf' })
      const pdf = await download(summary.envelopeId, '1')
      const locate = await locateTabs(
        { recipientId: '1', tabs: anchoredTabs },
        [{ documentId: '1', blobId: 'b', bytes: async () => pdf }],
        createAnchorPlacementCache(),
      )
      expect(locate(anchoredTabs.signHereTabs[0] as Record<string, unknown>, undefined)[0]).toMatchObject({
        documentId: '1',
        pageNumber: 1,
      })
    }, 120_000)

    it('answers 400 FORMAT_CONVERSION_ERROR for a file LibreOffice cannot read, and stores nothing', async () => {
      const before = await service.ctx.db
        .selectFrom('envelopes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
      const body = docusignMultipart(
        BOUNDARY,
        {
          emailSubject: 'Broken',
          status: 'created',
          documents: [{ documentId: '1', name: 'Broken' }],
          recipients: { signers: [signer] },
        },
        [{ documentId: '1', filename: 'broken.docx', bytes: docx.slice(0, 300) }],
      )
      const response = await postMultipart('/envelopes', body)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json()).toEqual({
        errorCode: 'FORMAT_CONVERSION_ERROR',
        message: 'documents[0] could not be converted from docx to PDF: its zip package cannot be read',
      })
      const after = await service.ctx.db
        .selectFrom('envelopes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
      expect(Number(after.n)).toBe(Number(before.n))
    }, 120_000)

    it('answers 400 for a malformed multipart body, never 500', async () => {
      const response = await postMultipart(
        '/envelopes',
        Buffer.from(`--${BOUNDARY}\r\nContent-Type: application/json\r\n\r\n{}`),
      )
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().message).toMatch(
        /multipart request body is malformed: the closing boundary is missing/,
      )
      const badJson = await postMultipart(
        '/envelopes',
        docusignMultipart(BOUNDARY, {}, []).toString().replace('{}', '{not json') as unknown as Buffer,
      )
      expect(badJson.statusCode, badJson.body).toBe(400)
    })

    it('creates a template from a multipart TXT document; envelopes from it carry the PDF and the original', async () => {
      const text = new TextEncoder().encode(sampleText('Lease'))
      const body = docusignMultipart(
        BOUNDARY,
        {
          name: 'Lease',
          emailSubject: 'Lease',
          documents: [{ documentId: '1', name: 'Lease' }],
          recipients: {
            signers: [{ recipientId: '1', roleName: 'Tenant', routingOrder: '1', tabs: anchoredTabs }],
          },
        },
        [{ documentId: '1', filename: 'lease.txt', contentType: 'text/plain', bytes: text }],
      )
      const created = await postMultipart('/templates', body)
      expect(created.statusCode, created.body).toBe(201)
      const { templateId } = created.json()
      const template = await inject('GET', `/templates/${templateId}`)
      expect(template.json().documents).toMatchObject([{ documentId: '1', name: 'Lease', pages: '1' }])

      const envelope = await postJson('/envelopes', {
        templateId,
        status: 'created',
        templateRoles: [{ roleName: 'Tenant', name: signer.name, email: signer.email }],
      })
      expect(envelope.statusCode, envelope.body).toBe(201)
      const [stored] = await storedDocuments(envelope.json().envelopeId)
      expect(stored).toMatchObject({ file_extension: 'pdf', pages: 1, original_extension: 'txt' })
      expect(await blob(stored?.original_blob_id as string)).toEqual(Buffer.from(text))
    }, 120_000)
  })
})
