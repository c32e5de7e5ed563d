import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { DELETED_VOID_REASON } from '../envelopes/folder.js'
import type { TestPrincipal } from '../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../testing/sdk.js'

/** The official DocuSign Node SDK (CommonJS, untyped): the calls these tests make. */
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    getEnvelope(accountId: string, envelopeId: string): Promise<SdkModel>
  }
  FoldersApi: new (
    client: unknown,
  ) => {
    list(accountId: string, options?: Record<string, string>): Promise<SdkModel>
    listItems(accountId: string, folderId: string, options?: Record<string, string>): Promise<SdkModel>
    moveEnvelopes(
      accountId: string,
      folderId: string,
      options: { foldersRequest: unknown },
    ): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK FoldersApi', (databases) => {
  let sdk: SdkService
  let sender: TestPrincipal
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>
  let folders: InstanceType<DocuSignSdk['FoldersApi']>

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    sender = sdk.principal
    envelopes = new docusign.EnvelopesApi(sdk.client)
    folders = new docusign.FoldersApi(sdk.client)
  })
  afterAll(() => sdk?.close())

  async function sentEnvelope(): Promise<string> {
    const summary = await envelopes.createEnvelope(sender.accountId, {
      envelopeDefinition: {
        status: 'sent',
        emailSubject: 'SDK folders',
        documents: [
          {
            documentId: '1',
            name: 'Folders.pdf',
            fileExtension: 'pdf',
            documentBase64: await makePdfBase64(1),
          },
        ],
        recipients: { signers: [{ recipientId: '1', name: 'Ana Ruiz', email: 'ana@example.test' }] },
      },
    })
    return summary.envelopeId
  }

  const itemIds = (response: SdkModel): string[] =>
    (response.folders?.[0]?.folderItems ?? []).map((item: SdkModel) => item.envelopeId)

  it('lists the system folders with list', async () => {
    const response = await folders.list(sender.accountId)
    expect(response.folders.map((folder: SdkModel) => folder.type)).toEqual([
      'draft',
      'inbox',
      'recyclebin',
      'sentitems',
    ])
    expect(response.folders[3]).toMatchObject({
      name: 'Sent Items',
      folderId: 'sentitems',
      owner: { userId: sender.userId },
    })
  })

  it('deletes with moveEnvelopes to recyclebin and restores with moveEnvelopes back, read with listItems', async () => {
    const envelopeId = await sentEnvelope()
    expect(itemIds(await folders.listItems(sender.accountId, 'sentitems'))).toContain(envelopeId)

    await folders.moveEnvelopes(sender.accountId, 'recyclebin', {
      foldersRequest: { envelopeIds: [envelopeId], fromFolderId: 'sentitems' },
    })
    const bin = await folders.listItems(sender.accountId, 'recyclebin')
    expect(itemIds(bin)).toEqual([envelopeId])
    expect(bin.folders[0].folderItems[0]).toMatchObject({
      status: 'voided',
      subject: 'SDK folders',
      folderId: 'recyclebin',
    })
    expect(await envelopes.getEnvelope(sender.accountId, envelopeId)).toMatchObject({
      status: 'voided',
      voidedReason: DELETED_VOID_REASON,
    })
    expect(itemIds(await folders.listItems(sender.accountId, 'sentitems'))).not.toContain(envelopeId)

    await folders.moveEnvelopes(sender.accountId, 'sentitems', {
      foldersRequest: { envelopeIds: [envelopeId], fromFolderId: 'recyclebin' },
    })
    expect(itemIds(await folders.listItems(sender.accountId, 'recyclebin'))).toEqual([])
    expect(itemIds(await folders.listItems(sender.accountId, 'sentitems', { status: 'voided' }))).toEqual([
      envelopeId,
    ])
  })

  it('surfaces 404 for an unknown folder in the SDK error', async () => {
    const failure = await folders.listItems(sender.accountId, 'nowhere').then(
      () => undefined,
      (error: { response?: { status: number; data: SdkModel } }) => error.response,
    )
    expect(failure?.status).toBe(404)
    expect(failure?.data.errorCode).toBe('FOLDER_NOT_FOUND')
  })
})
