import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { deleteUnreferencedBlobs } from '../../documents/blobs/repository.js'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  sdkFailure,
  startSdkService,
} from '../../testing/sdk.js'

/** The official DocuSign Node SDK's envelope attachment calls. */
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    putAttachments(
      accountId: string,
      envelopeId: string,
      options: { envelopeAttachmentsRequest: unknown },
    ): Promise<SdkModel>
    putAttachment(
      accountId: string,
      envelopeId: string,
      attachmentId: string,
      options: { attachment: unknown },
    ): Promise<SdkModel>
    getAttachments(accountId: string, envelopeId: string): Promise<SdkModel>
    getAttachment(accountId: string, envelopeId: string, attachmentId: string): Promise<unknown>
    deleteAttachments(
      accountId: string,
      envelopeId: string,
      options: { envelopeAttachmentsRequest: unknown },
    ): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()
const base64 = (text: string) => Buffer.from(text).toString('base64')

describeEachDatabase('DocuSign Node SDK: envelope attachments', (databases) => {
  let sdk: SdkService
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>
  let accountId: string
  let envelopeId: string

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    await sdk.service.ctx.jobs.stop()
    accountId = sdk.principal.accountId
    envelopes = new docusign.EnvelopesApi(sdk.client)
    const summary = await envelopes.createEnvelope(accountId, {
      envelopeDefinition: {
        status: 'sent',
        emailSubject: 'With attachments',
        documents: [
          {
            documentId: '1',
            name: 'Contract.pdf',
            fileExtension: 'pdf',
            documentBase64: await makePdfBase64(1),
          },
        ],
        recipients: { signers: [{ recipientId: '1', name: 'Ana Ruiz', email: 'ana@example.test' }] },
      },
    })
    envelopeId = summary.envelopeId
  })
  afterAll(() => sdk?.close())

  it('adds attachments, lists them, downloads one, replaces one and deletes one', async () => {
    const added = await envelopes.putAttachments(accountId, envelopeId, {
      envelopeAttachmentsRequest: {
        attachments: [
          {
            attachmentId: 'notes',
            name: 'notes.txt',
            attachmentType: 'txt',
            label: 'Call notes',
            data: base64('first notes'),
          },
          {
            attachmentId: 'quote',
            name: 'quote.txt',
            attachmentType: 'txt',
            accessControl: 'sender',
            data: base64('quote'),
          },
        ],
      },
    })
    expect(added.attachments.map((attachment: SdkModel) => attachment.attachmentId)).toEqual([
      'notes',
      'quote',
    ])
    expect(added.attachments[0]).toEqual({
      attachmentId: 'notes',
      accessControl: 'sender',
      attachmentType: 'txt',
      label: 'Call notes',
      name: 'notes.txt',
    })
    expect(String(await envelopes.getAttachment(accountId, envelopeId, 'notes'))).toBe('first notes')

    await envelopes.putAttachment(accountId, envelopeId, 'notes', {
      attachment: { name: 'notes-v2.txt', attachmentType: 'txt', data: base64('second notes') },
    })
    expect(String(await envelopes.getAttachment(accountId, envelopeId, 'notes'))).toBe('second notes')

    const deleted = await envelopes.deleteAttachments(accountId, envelopeId, {
      envelopeAttachmentsRequest: { attachments: [{ attachmentId: 'quote' }] },
    })
    expect(deleted.attachments.map((attachment: SdkModel) => attachment.attachmentId)).toEqual(['quote'])
    const listed = await envelopes.getAttachments(accountId, envelopeId)
    expect(
      listed.attachments.map((attachment: SdkModel) => [attachment.attachmentId, attachment.name]),
    ).toEqual([['notes', 'notes-v2.txt']])
  })

  it('is 400 for an attachment recipients would see, a remote upload, no data, or an unknown id to delete', async () => {
    const bodies = [
      { attachmentId: 'a', accessControl: 'senderAndAllRecipients', data: base64('x') },
      { attachmentId: 'b', remoteUrl: 'https://uploads.example.test/1', data: base64('x') },
      { attachmentId: 'c' },
      { data: base64('x') },
    ]
    for (const attachment of bodies) {
      const refused = await sdkFailure(
        envelopes.putAttachments(accountId, envelopeId, {
          envelopeAttachmentsRequest: { attachments: [attachment] },
        }),
      )
      expect(refused?.status, JSON.stringify(attachment)).toBe(400)
    }
    const unknown = await sdkFailure(
      envelopes.deleteAttachments(accountId, envelopeId, {
        envelopeAttachmentsRequest: { attachments: [{ attachmentId: 'notes' }, { attachmentId: 'missing' }] },
      }),
    )
    expect(unknown?.status).toBe(400)
    expect((await envelopes.getAttachments(accountId, envelopeId)).attachments).toHaveLength(1)
  })

  it('is 404 for an attachment the envelope does not have', async () => {
    expect((await sdkFailure(envelopes.getAttachment(accountId, envelopeId, 'missing')))?.status).toBe(404)
  })

  it('keeps the attachment bytes through the blob sweep', async () => {
    await deleteUnreferencedBlobs(sdk.service.ctx.db, Date.now() + 60_000)
    expect(String(await envelopes.getAttachment(accountId, envelopeId, 'notes'))).toBe('second notes')
  })
})
