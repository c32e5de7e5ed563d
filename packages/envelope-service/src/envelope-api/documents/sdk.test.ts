import { PDFDocument } from 'pdf-lib'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { convertSample, sampleHtml, sofficeAvailable } from '../../documents/conversion/test-files.js'
import { makePdf, makePdfBase64 } from '../../documents/test-pdfs.js'
import { signEnvelope, waitFor } from '../../testing/connect-receiver.js'
import { seedPrincipal, type TestPrincipal } from '../../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../../testing/sdk.js'

/** The official DocuSign Node SDK's envelope document writes: updateDocuments, updateDocument, deleteDocuments. */
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    update(accountId: string, envelopeId: string, options: { envelope: unknown }): Promise<SdkModel>
    updateDocuments(
      accountId: string,
      envelopeId: string,
      options: { envelopeDefinition: unknown },
    ): Promise<SdkModel>
    updateDocument(
      bytes: Buffer,
      accountId: string,
      envelopeId: string,
      documentId: string,
    ): Promise<SdkModel>
    deleteDocuments(
      accountId: string,
      envelopeId: string,
      options: { envelopeDefinition: unknown },
    ): Promise<SdkModel>
    listDocuments(accountId: string, envelopeId: string): Promise<SdkModel>
    listTabs(accountId: string, envelopeId: string, recipientId: string): Promise<SdkModel>
    listAuditEvents(accountId: string, envelopeId: string): Promise<SdkModel>
    createLock(accountId: string, envelopeId: string, options: { lockRequest: unknown }): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()
const office = await sofficeAvailable()
const signer = (tabs: unknown) => ({
  signers: [{ recipientId: '1', routingOrder: '1', name: 'Ana Ruiz', email: 'ana@example.test', tabs }],
})
const placed = (documentId: string, pageNumber: string) => ({
  documentId,
  pageNumber,
  xPosition: '100',
  yPosition: '100',
})

describeEachDatabase('DocuSign Node SDK: envelope document writes', (databases) => {
  let sdk: SdkService
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>
  let accountId: string

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl(), { env: { DEV_MAILBOX: 'true' } })
    accountId = sdk.principal.accountId
    envelopes = new docusign.EnvelopesApi(sdk.client)
  })
  afterAll(() => sdk?.close())

  /** A draft (or sent envelope) with Terms (1 page) and Order (2 pages), a sign-here tab on each. */
  async function envelope(status: 'created' | 'sent' = 'created', subject = 'Documents') {
    const summary = await envelopes.createEnvelope(accountId, {
      envelopeDefinition: {
        status,
        emailSubject: subject,
        documents: [
          { documentId: '1', name: 'Terms', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
          { documentId: '2', name: 'Order', fileExtension: 'pdf', documentBase64: await makePdfBase64(2) },
        ],
        recipients: signer({ signHereTabs: [placed('1', '1'), placed('2', '2')] }),
      },
    })
    return summary.envelopeId as string
  }
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: { response?: { status: number; data: SdkModel } }) => ({
        status: error.response?.status,
        errorCode: error.response?.data.errorCode,
        message: error.response?.data.message as string,
      }),
    )
  const documentIds = async (envelopeId: string) =>
    (await envelopes.listDocuments(accountId, envelopeId)).envelopeDocuments.map((document: SdkModel) => [
      document.documentId,
      document.name,
      document.order,
      document.pages.length,
    ])
  const inject = (method: 'PUT' | 'DELETE', url: string, payload: string | Buffer | object, headers = {}) =>
    sdk.service.app.inject({
      method,
      url: `/restapi/v2.1/accounts/${accountId}${url}`,
      headers: { ...sdk.principal.headers, ...headers },
      payload,
    })

  describe('updateDocuments (PUT /envelopes/{envelopeId}/documents)', () => {
    it('adds a new document after the others and replaces one in place, and writes the history', async () => {
      const envelopeId = await envelope()
      const result = await envelopes.updateDocuments(accountId, envelopeId, {
        envelopeDefinition: {
          documents: [
            { documentId: '3', name: 'Annex', fileExtension: 'pdf', documentBase64: await makePdfBase64(3) },
            {
              documentId: '1',
              name: 'Terms v2',
              fileExtension: 'pdf',
              documentBase64: await makePdfBase64(1),
            },
          ],
        },
      })
      expect(result.envelopeId).toBe(envelopeId)
      expect(
        result.envelopeDocuments.map((document: SdkModel) => [document.documentId, document.order]),
      ).toEqual([
        ['1', '1'],
        ['3', '3'],
      ])
      expect(await documentIds(envelopeId)).toEqual([
        ['1', 'Terms v2', '1', 1],
        ['2', 'Order', '2', 2],
        ['3', 'Annex', '3', 3],
      ])
      const audit = await envelopes.listAuditEvents(accountId, envelopeId)
      const actions = audit.auditEvents.map(
        (event: SdkModel) => event.eventFields.find((field: SdkModel) => field.name === 'Action')?.value,
      )
      expect(actions).toEqual(['Document Replaced', 'Document Added'])
    })

    it('refuses a replacement that would leave a tab beyond its pages, changing nothing', async () => {
      const envelopeId = await envelope()
      const failure = await refusal(
        envelopes.updateDocuments(accountId, envelopeId, {
          envelopeDefinition: {
            documents: [{ documentId: '2', name: 'Order', documentBase64: await makePdfBase64(1) }],
          },
        }),
      )
      expect(failure).toMatchObject({ status: 400, errorCode: 'INVALID_REQUEST_PARAMETER' })
      expect(failure?.message).toContain('pageNumber 2 is outside document 2')
      expect((await documentIds(envelopeId))[1]).toEqual(['2', 'Order', '2', 2])
    })

    it('refuses bad base64, an unsupported format and fields other than documents with a 400', async () => {
      const envelopeId = await envelope()
      const put = (body: unknown) =>
        refusal(envelopes.updateDocuments(accountId, envelopeId, { envelopeDefinition: body }))
      const badBase64 = await put({ documents: [{ documentId: '3', name: 'Bad', documentBase64: '%%%' }] })
      expect(badBase64).toMatchObject({ status: 400 })
      expect(badBase64?.message).toContain('documents[0].documentBase64 is not valid base64')
      const exe = await put({
        documents: [{ documentId: '3', name: 'Tool', fileExtension: 'exe', documentBase64: 'TVqQAAMA' }],
      })
      expect(exe).toMatchObject({ status: 400 })
      expect(exe?.message).toContain('"exe" is not a supported document format')
      const notPdf = await put({
        documents: [
          { documentId: '3', name: 'Fake.pdf', documentBase64: Buffer.from('hello').toString('base64') },
        ],
      })
      expect(notPdf?.status).toBe(400)
      const extra = await put({
        documents: [{ documentId: '3', name: 'Annex', documentBase64: await makePdfBase64(1) }],
        recipients: signer({}),
      })
      expect(extra).toMatchObject({ status: 400 })
      expect(extra?.message).toContain('recipients cannot be changed by this call')
      expect(await documentIds(envelopeId)).toHaveLength(2)
    })
  })

  describe('updateDocument (PUT /envelopes/{envelopeId}/documents/{documentId})', () => {
    it('takes the bytes as the SDK sends them (application/pdf), adding and then replacing', async () => {
      const envelopeId = await envelope()
      const added = await envelopes.updateDocument(Buffer.from(await makePdf(4)), accountId, envelopeId, '4')
      expect([added.documentId, added.name, added.order, added.pages.length]).toEqual([
        '4',
        'Document 4',
        '3',
        4,
      ])
      const replaced = await envelopes.updateDocument(
        Buffer.from(await makePdf(1)),
        accountId,
        envelopeId,
        '1',
      )
      expect([replaced.documentId, replaced.name, replaced.order, replaced.pages.length]).toEqual([
        '1',
        'Terms',
        '1',
        1,
      ])
      expect(await documentIds(envelopeId)).toEqual([
        ['1', 'Terms', '1', 1],
        ['2', 'Order', '2', 2],
        ['4', 'Document 4', '3', 4],
      ])
    })

    it('reads the format and name from Content-Disposition for an octet-stream body', async () => {
      const envelopeId = await envelope()
      const response = await inject(
        'PUT',
        `/envelopes/${envelopeId}/documents/5`,
        Buffer.from(await makePdf(2)),
        {
          'content-type': 'application/octet-stream',
          'content-disposition': 'file; filename="Schedule.pdf"; fileExtension=pdf',
        },
      )
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({ documentId: '5', name: 'Schedule.pdf', order: '3' })
    })

    it('refuses bytes that are not a document, an unknown media type and an empty body with a 400', async () => {
      const envelopeId = await envelope()
      const garbage = await refusal(
        envelopes.updateDocument(Buffer.from('not a pdf'), accountId, envelopeId, '3'),
      )
      expect(garbage).toMatchObject({ status: 400 })
      expect(garbage?.message).toContain('is not a valid PDF')
      const zip = await inject('PUT', `/envelopes/${envelopeId}/documents/3`, Buffer.from('PK\x03\x04'), {
        'content-type': 'application/zip',
      })
      expect(zip.statusCode).toBe(400)
      expect(zip.json().message).toContain('Content-Type "application/zip" is not a document type')
      const empty = await inject('PUT', `/envelopes/${envelopeId}/documents/3`, Buffer.alloc(0), {
        'content-type': 'application/pdf',
      })
      expect(empty.statusCode).toBe(400)
      const badId = await inject(
        'PUT',
        `/envelopes/${envelopeId}/documents/abc`,
        Buffer.from(await makePdf(1)),
        {
          'content-type': 'application/pdf',
        },
      )
      expect(badId.statusCode).toBe(400)
      expect(await documentIds(envelopeId)).toHaveLength(2)
    })
  })

  describe('deleteDocuments (DELETE /envelopes/{envelopeId}/documents)', () => {
    it('deletes the documents and the tabs placed on them, renumbering the rest', async () => {
      const envelopeId = await envelope()
      const result = await envelopes.deleteDocuments(accountId, envelopeId, {
        envelopeDefinition: { documents: [{ documentId: '1' }] },
      })
      expect(result.envelopeDocuments.map((document: SdkModel) => document.documentId)).toEqual(['1'])
      expect(await documentIds(envelopeId)).toEqual([['2', 'Order', '1', 2]])
      const tabs = await envelopes.listTabs(accountId, envelopeId, '1')
      expect(tabs.signHereTabs.map((tab: SdkModel) => [tab.documentId, tab.pageNumber])).toEqual([['2', '2']])
      const audit = await envelopes.listAuditEvents(accountId, envelopeId)
      expect(audit.auditEvents).toHaveLength(1)
    })

    it('refuses an unknown document (DOCUMENT_DOES_NOT_EXIST) and the last document, deleting nothing', async () => {
      const envelopeId = await envelope()
      const unknown = await refusal(
        envelopes.deleteDocuments(accountId, envelopeId, {
          envelopeDefinition: { documents: [{ documentId: '1' }, { documentId: '9' }] },
        }),
      )
      expect(unknown).toMatchObject({ status: 400, errorCode: 'DOCUMENT_DOES_NOT_EXIST' })
      const all = await refusal(
        envelopes.deleteDocuments(accountId, envelopeId, {
          envelopeDefinition: { documents: [{ documentId: '1' }, { documentId: '2' }] },
        }),
      )
      expect(all).toMatchObject({ status: 400 })
      expect(all?.message).toContain('at least one document')
      expect(await documentIds(envelopeId)).toHaveLength(2)
    })
  })

  it('documents the six document writes in the OpenAPI document', async () => {
    const document = (await sdk.service.app.inject('/restapi/docs/json')).json()
    const base = '/restapi/v2.1/accounts/{accountId}'
    const methods = (path: string) => Object.keys(document.paths[`${base}${path}`] ?? {}).sort()
    expect(methods('/envelopes/{envelopeId}/documents')).toEqual(['delete', 'get', 'put'])
    expect(methods('/envelopes/{envelopeId}/documents/{documentId}')).toEqual(['get', 'put'])
    expect(methods('/templates/{templateId}/documents')).toEqual(['delete', 'get', 'put'])
    expect(methods('/templates/{templateId}/documents/{documentId}')).toEqual(['get', 'put'])
  })

  describe('refusals shared by the three writes', () => {
    it('refuses every write on a sent envelope with ENVELOPE_INVALID_STATUS', async () => {
      const envelopeId = await envelope('sent', 'Sent already')
      const pdf = await makePdfBase64(1)
      const failures = [
        await refusal(
          envelopes.updateDocuments(accountId, envelopeId, {
            envelopeDefinition: { documents: [{ documentId: '3', name: 'Late', documentBase64: pdf }] },
          }),
        ),
        await refusal(envelopes.updateDocument(Buffer.from(pdf, 'base64'), accountId, envelopeId, '3')),
        await refusal(
          envelopes.deleteDocuments(accountId, envelopeId, {
            envelopeDefinition: { documents: [{ documentId: '2' }] },
          }),
        ),
      ]
      for (const failure of failures) {
        expect(failure).toMatchObject({ status: 400, errorCode: 'ENVELOPE_INVALID_STATUS' })
      }
      expect(await documentIds(envelopeId)).toHaveLength(2)
    })

    it('answers 404 for an envelope of no account it can see', async () => {
      const failure = await refusal(
        envelopes.deleteDocuments(accountId, '00000000-0000-0000-0000-000000000000', {
          envelopeDefinition: { documents: [{ documentId: '1' }] },
        }),
      )
      expect(failure?.status).toBe(404)
    })

    it("refuses a member without send_envelopes (403) and another account's caller (404)", async () => {
      const envelopeId = await envelope()
      const member = await seedPrincipal(sdk.service.ctx, { accountId, permissions: [] })
      const outsider = await seedPrincipal(sdk.service.ctx)
      const remove = (who: TestPrincipal) =>
        sdk.service.app.inject({
          method: 'DELETE',
          url: `/restapi/v2.1/accounts/${who.accountId}/envelopes/${envelopeId}/documents`,
          headers: who.headers,
          payload: { documents: [{ documentId: '2' }] },
        })
      expect((await remove(member)).statusCode).toBe(403)
      expect((await remove(outsider)).statusCode).toBe(404)
      expect(await documentIds(envelopeId)).toHaveLength(2)
    })

    it('enforces an edit lock held by another client', async () => {
      const envelopeId = await envelope()
      await envelopes.createLock(accountId, envelopeId, { lockRequest: { lockDurationInSeconds: '60' } })
      const failure = await refusal(
        envelopes.deleteDocuments(accountId, envelopeId, {
          envelopeDefinition: { documents: [{ documentId: '2' }] },
        }),
      )
      expect(failure).toMatchObject({ status: 400, errorCode: 'EDIT_LOCK_NOT_LOCK_OWNER' })
    })
  })

  it.skipIf(!office)(
    'a DOCX added to a draft is converted, its anchor placed, and the envelope sent, signed and combined',
    { timeout: 120_000 },
    async () => {
      const subject = 'DOCX added to a draft'
      const summary = await envelopes.createEnvelope(accountId, {
        envelopeDefinition: {
          status: 'created',
          emailSubject: subject,
          documents: [
            { documentId: '1', name: 'Cover', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
          ],
          // The anchor is in the DOCX only: it is found once the DOCX is there (signing/placements.ts).
          recipients: signer({ signHereTabs: [{ anchorString: '/sn1/', anchorUnits: 'pixels' }] }),
        },
      })
      const envelopeId = summary.envelopeId as string
      const docx = await convertSample(
        { extension: 'html', content: sampleHtml('Offer') },
        'docx',
        'MS Word 2007 XML',
      )
      await envelopes.updateDocuments(accountId, envelopeId, {
        envelopeDefinition: {
          documents: [
            {
              documentId: '2',
              name: 'Offer.docx',
              fileExtension: 'docx',
              documentBase64: Buffer.from(docx).toString('base64'),
            },
          ],
        },
      })
      const listed = await envelopes.listDocuments(accountId, envelopeId)
      const pages = listed.envelopeDocuments.map((document: SdkModel) => document.pages.length as number)
      expect(pages).toHaveLength(2)

      await envelopes.update(accountId, envelopeId, { envelope: { status: 'sent' } })
      await signEnvelope({ service: sdk.service }, subject)
      await waitFor(async () => {
        const response = await sdk.service.app.inject({
          url: `/restapi/v2.1/accounts/${accountId}/envelopes/${envelopeId}`,
          headers: sdk.principal.headers,
        })
        return response.json().status === 'completed'
      })
      const combined = await sdk.service.app.inject({
        url: `/restapi/v2.1/accounts/${accountId}/envelopes/${envelopeId}/documents/combined`,
        headers: sdk.principal.headers,
      })
      expect(combined.statusCode).toBe(200)
      const pdf = await PDFDocument.load(combined.rawPayload)
      expect(pdf.getPageCount()).toBe(pages[0] + pages[1])
    },
  )
})
