import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../testing/sdk.js'

/** The official DocuSign Node SDK's reads of a template's documents, recipients, tabs and custom fields. */
interface DocuSignSdk extends DocuSignSdkBase {
  TemplatesApi: new (
    client: unknown,
  ) => {
    createTemplate(accountId: string, options: { envelopeTemplate: unknown }): Promise<SdkModel>
    listDocuments(accountId: string, templateId: string): Promise<SdkModel>
    listRecipients(
      accountId: string,
      templateId: string,
      options?: { includeTabs?: string },
    ): Promise<SdkModel>
    listTabs(accountId: string, templateId: string, recipientId: string): Promise<SdkModel>
    listCustomFields(accountId: string, templateId: string): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK: template sub-resources (reads)', (databases) => {
  let sdk: SdkService
  let templates: InstanceType<DocuSignSdk['TemplatesApi']>
  let accountId: string
  let templateId: string

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    accountId = sdk.principal.accountId
    templates = new docusign.TemplatesApi(sdk.client)
    const signHere = { documentId: '2', pageNumber: '2', xPosition: '100', yPosition: '100' }
    ;({ templateId } = await templates.createTemplate(accountId, {
      envelopeTemplate: {
        name: 'Sub-resources',
        documents: [
          { documentId: '1', name: 'Terms', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
          { documentId: '2', name: 'Order', fileExtension: 'pdf', documentBase64: await makePdfBase64(2) },
        ],
        recipients: {
          signers: [
            { recipientId: '7', roleName: 'Customer', routingOrder: '1', tabs: { signHereTabs: [signHere] } },
          ],
          carbonCopies: [{ recipientId: '9', roleName: 'Agent', routingOrder: '2' }],
        },
        customFields: {
          textCustomFields: [{ name: 'CrmRecordId', value: '', show: 'false' }],
          listCustomFields: [{ name: 'FormLanguage', value: 'English', listItems: ['English', 'Spanish'] }],
        },
      },
    }))
  })
  afterAll(() => sdk?.close())

  it('listDocuments answers templateDocumentsResult', async () => {
    const documents = await templates.listDocuments(accountId, templateId)
    expect(documents.templateId).toBe(templateId)
    expect(
      documents.templateDocuments.map((document: SdkModel) => [
        document.documentId,
        document.name,
        document.pages.length,
      ]),
    ).toEqual([
      ['1', 'Terms', 1],
      ['2', 'Order', 2],
    ])
  })

  it('listRecipients answers the roles, with their tabs only on include_tabs=true', async () => {
    const plain = await templates.listRecipients(accountId, templateId)
    expect(plain.signers.map((signer: SdkModel) => [signer.recipientId, signer.roleName])).toEqual([
      ['7', 'Customer'],
    ])
    expect(plain.carbonCopies.map((copy: SdkModel) => copy.roleName)).toEqual(['Agent'])
    expect(plain.signers[0].tabs).toBeUndefined()
    const withTabs = await templates.listRecipients(accountId, templateId, { includeTabs: 'true' })
    expect(withTabs.signers[0].tabs.signHereTabs).toHaveLength(1)
  })

  it("listTabs answers a recipient's tabs, and 400 for a recipient the template lacks", async () => {
    const tabs = await templates.listTabs(accountId, templateId, '7')
    expect(tabs.signHereTabs[0]).toMatchObject({ documentId: '2', pageNumber: '2' })
    const status = await templates.listTabs(accountId, templateId, '8').then(
      () => 200,
      // biome-ignore lint/suspicious/noExplicitAny: the SDK rejects with an axios error.
      (error: any) => error.response?.status,
    )
    expect(status).toBe(400)
  })

  it('listCustomFields answers the text and list fields', async () => {
    const fields = await templates.listCustomFields(accountId, templateId)
    expect(fields.textCustomFields.map((field: SdkModel) => field.name)).toEqual(['CrmRecordId'])
    expect(fields.listCustomFields[0]).toMatchObject({
      name: 'FormLanguage',
      listItems: ['English', 'Spanish'],
    })
  })

  it('is 404 for a template of another account', async () => {
    const status = await templates.listDocuments(accountId, '00000000-0000-4000-8000-000000000000').then(
      () => 200,
      // biome-ignore lint/suspicious/noExplicitAny: the SDK rejects with an axios error.
      (error: any) => error.response?.status,
    )
    expect(status).toBe(404)
  })
})
