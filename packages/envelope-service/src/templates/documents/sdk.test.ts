import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdf, makePdfBase64 } from '../../documents/test-pdfs.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../../testing/sdk.js'

/** The official DocuSign Node SDK's template document writes: updateDocuments, updateDocument, deleteDocuments. */
interface DocuSignSdk extends DocuSignSdkBase {
  TemplatesApi: new (
    client: unknown,
  ) => {
    createTemplate(accountId: string, options: { envelopeTemplate: unknown }): Promise<SdkModel>
    get(accountId: string, templateId: string): Promise<SdkModel>
    updateDocuments(
      accountId: string,
      templateId: string,
      options: { envelopeDefinition: unknown },
    ): Promise<SdkModel>
    updateDocument(
      accountId: string,
      templateId: string,
      documentId: string,
      options: { envelopeDefinition: unknown; isEnvelopeDefinition?: string },
    ): Promise<SdkModel>
    deleteDocuments(
      accountId: string,
      templateId: string,
      options: { envelopeDefinition: unknown },
    ): Promise<SdkModel>
    listDocuments(accountId: string, templateId: string): Promise<SdkModel>
    listTabs(accountId: string, templateId: string, recipientId: string): Promise<SdkModel>
    createLock(accountId: string, templateId: string, options: { lockRequest: unknown }): Promise<SdkModel>
  }
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    listDocuments(accountId: string, envelopeId: string): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()
const placed = (documentId: string, pageNumber: string) => ({
  documentId,
  pageNumber,
  xPosition: '100',
  yPosition: '100',
})

describeEachDatabase('DocuSign Node SDK: template document writes', (databases) => {
  let sdk: SdkService
  let templates: InstanceType<DocuSignSdk['TemplatesApi']>
  let accountId: string

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    accountId = sdk.principal.accountId
    templates = new docusign.TemplatesApi(sdk.client)
  })
  afterAll(() => sdk?.close())

  /** A template with Terms (1 page) and Order (2 pages) and a role with a sign-here tab on each. */
  async function template() {
    const created = await templates.createTemplate(accountId, {
      envelopeTemplate: {
        name: `Documents ${Math.random()}`,
        documents: [
          { documentId: '1', name: 'Terms', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
          { documentId: '2', name: 'Order', fileExtension: 'pdf', documentBase64: await makePdfBase64(2) },
        ],
        recipients: {
          signers: [
            {
              recipientId: '1',
              roleName: 'Customer',
              routingOrder: '1',
              tabs: { signHereTabs: [placed('1', '1'), placed('2', '2')] },
            },
          ],
        },
      },
    })
    return created.templateId as string
  }
  const documents = async (templateId: string) =>
    (await templates.listDocuments(accountId, templateId)).templateDocuments.map((document: SdkModel) => [
      document.documentId,
      document.name,
      document.order,
      document.pages.length,
    ])
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: { response?: { status: number; data: SdkModel } }) => ({
        status: error.response?.status,
        errorCode: error.response?.data.errorCode,
        message: error.response?.data.message as string,
      }),
    )

  describe('updateDocuments (PUT /templates/{templateId}/documents)', () => {
    it('adds and replaces documents, bumps the template and serves the change to new envelopes', async () => {
      const templateId = await template()
      const version = async () =>
        Number(
          (
            await sdk.service.ctx.db
              .selectFrom('templates')
              .select('version')
              .where('id', '=', templateId)
              .executeTakeFirstOrThrow()
          ).version,
        )
      // Read once through the cache, so the write must replace what it holds.
      await templates.get(accountId, templateId)
      const before = await version()
      const result = await templates.updateDocuments(accountId, templateId, {
        envelopeDefinition: {
          documents: [
            {
              documentId: '2',
              name: 'Order v2',
              fileExtension: 'pdf',
              documentBase64: await makePdfBase64(3),
            },
            { documentId: '3', name: 'Annex', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
          ],
        },
      })
      expect(result.templateId).toBe(templateId)
      expect(
        result.templateDocuments.map((document: SdkModel) => [document.documentId, document.pages.length]),
      ).toEqual([
        ['2', 3],
        ['3', 1],
      ])
      expect(await documents(templateId)).toEqual([
        ['1', 'Terms', '1', 1],
        ['2', 'Order v2', '2', 3],
        ['3', 'Annex', '3', 1],
      ])
      expect(await version()).toBe(before + 1)
      expect((await templates.get(accountId, templateId)).pageCount).toBe('5')

      // The template cache serves the new documents to an envelope made from it at once.
      const envelopes = new docusign.EnvelopesApi(sdk.client)
      const envelope = await envelopes.createEnvelope(accountId, {
        envelopeDefinition: {
          status: 'created',
          templateId,
          templateRoles: [{ roleName: 'Customer', name: 'Ana Ruiz', email: 'ana@example.test' }],
        },
      })
      const listed = await envelopes.listDocuments(accountId, envelope.envelopeId)
      expect(listed.envelopeDocuments.map((document: SdkModel) => document.name)).toEqual([
        'Terms',
        'Order v2',
        'Annex',
      ])
    })

    it('refuses bad base64 and an unsupported format with a 400, changing nothing', async () => {
      const templateId = await template()
      const bad = await refusal(
        templates.updateDocuments(accountId, templateId, {
          envelopeDefinition: { documents: [{ documentId: '3', name: 'Bad', documentBase64: 'a b' }] },
        }),
      )
      expect(bad).toMatchObject({ status: 400 })
      const exe = await refusal(
        templates.updateDocuments(accountId, templateId, {
          envelopeDefinition: {
            documents: [{ documentId: '3', name: 'Tool', fileExtension: 'exe', documentBase64: 'TVqQAAMA' }],
          },
        }),
      )
      expect(exe).toMatchObject({ status: 400 })
      expect(await documents(templateId)).toHaveLength(2)
    })
  })

  describe('updateDocument (PUT /templates/{templateId}/documents/{documentId})', () => {
    it('takes the SDK body (one document) and adds or replaces the document of the path', async () => {
      const templateId = await template()
      const added = await templates.updateDocument(accountId, templateId, '4', {
        envelopeDefinition: {
          documents: [{ name: 'Schedule', fileExtension: 'pdf', documentBase64: await makePdfBase64(2) }],
        },
        isEnvelopeDefinition: 'true',
      })
      expect([added.documentId, added.name, added.order, added.pages.length]).toEqual([
        '4',
        'Schedule',
        '3',
        2,
      ])
      const replaced = await templates.updateDocument(accountId, templateId, '1', {
        envelopeDefinition: {
          documents: [{ documentId: '1', name: 'Terms v2', documentBase64: await makePdfBase64(1) }],
        },
      })
      expect([replaced.documentId, replaced.name, replaced.order]).toEqual(['1', 'Terms v2', '1'])
      const mismatch = await refusal(
        templates.updateDocument(accountId, templateId, '1', {
          envelopeDefinition: {
            documents: [{ documentId: '2', name: 'X', documentBase64: await makePdfBase64(1) }],
          },
        }),
      )
      expect(mismatch).toMatchObject({ status: 400 })
      expect(mismatch?.message).toContain('is not the document of the path')
      const nameless = await refusal(
        templates.updateDocument(accountId, templateId, '1', {
          envelopeDefinition: { documents: [{ documentBase64: await makePdfBase64(1) }] },
        }),
      )
      expect(nameless).toMatchObject({ status: 400 })
      expect(nameless?.message).toContain('documents[0]')
      const empty = await refusal(
        templates.updateDocument(accountId, templateId, '1', { envelopeDefinition: { documents: [null] } }),
      )
      expect(empty).toMatchObject({ status: 400 })
    })

    it('also takes the document as the raw body', async () => {
      const templateId = await template()
      const response = await sdk.service.app.inject({
        method: 'PUT',
        url: `/restapi/v2.1/accounts/${accountId}/templates/${templateId}/documents/2`,
        headers: { ...sdk.principal.headers, 'content-type': 'application/pdf' },
        payload: Buffer.from(await makePdf(2)),
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({ documentId: '2', name: 'Order', order: '2' })
    })
  })

  describe('deleteDocuments (DELETE /templates/{templateId}/documents)', () => {
    it("deletes the documents and the role's tabs on them", async () => {
      const templateId = await template()
      const result = await templates.deleteDocuments(accountId, templateId, {
        envelopeDefinition: { documents: [{ documentId: '2' }] },
      })
      expect(result.templateDocuments.map((document: SdkModel) => document.documentId)).toEqual(['2'])
      expect(await documents(templateId)).toEqual([['1', 'Terms', '1', 1]])
      const tabs = await templates.listTabs(accountId, templateId, '1')
      expect(tabs.signHereTabs.map((tab: SdkModel) => tab.documentId)).toEqual(['1'])
    })

    it('refuses an unknown document with DOCUMENT_DOES_NOT_EXIST and an unknown template with 404', async () => {
      const templateId = await template()
      const unknown = await refusal(
        templates.deleteDocuments(accountId, templateId, {
          envelopeDefinition: { documents: [{ documentId: '7' }] },
        }),
      )
      expect(unknown).toMatchObject({ status: 400, errorCode: 'DOCUMENT_DOES_NOT_EXIST' })
      const missing = await refusal(
        templates.deleteDocuments(accountId, '00000000-0000-0000-0000-000000000000', {
          envelopeDefinition: { documents: [{ documentId: '1' }] },
        }),
      )
      expect(missing?.status).toBe(404)
      expect(await documents(templateId)).toHaveLength(2)
    })

    it('enforces an edit lock held by another client', async () => {
      const templateId = await template()
      await templates.createLock(accountId, templateId, { lockRequest: { lockDurationInSeconds: '60' } })
      const failure = await refusal(
        templates.deleteDocuments(accountId, templateId, {
          envelopeDefinition: { documents: [{ documentId: '2' }] },
        }),
      )
      expect(failure).toMatchObject({ status: 400, errorCode: 'EDIT_LOCK_NOT_LOCK_OWNER' })
      expect(await documents(templateId)).toHaveLength(2)
    })
  })
})
