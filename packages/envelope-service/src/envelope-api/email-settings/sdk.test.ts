import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../../testing/sdk.js'

/** The official DocuSign Node SDK's envelope email-settings calls, and `emailSettings` on create and read. */
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    getEnvelope(accountId: string, envelopeId: string): Promise<SdkModel>
    getEmailSettings(accountId: string, envelopeId: string): Promise<SdkModel>
    createEmailSettings(
      accountId: string,
      envelopeId: string,
      options: { emailSettings: unknown },
    ): Promise<SdkModel>
    updateEmailSettings(
      accountId: string,
      envelopeId: string,
      options: { emailSettings: unknown },
    ): Promise<SdkModel>
    deleteEmailSettings(accountId: string, envelopeId: string): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK: envelope email settings', (databases) => {
  let sdk: SdkService
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>
  let accountId: string
  let documentBase64: string

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    await sdk.service.ctx.jobs.stop()
    accountId = sdk.principal.accountId
    envelopes = new docusign.EnvelopesApi(sdk.client)
    documentBase64 = await makePdfBase64(1)
  })
  afterAll(() => sdk?.close())

  it('creates an envelope with emailSettings, reads them back and changes them', async () => {
    const summary = await envelopes.createEnvelope(accountId, {
      envelopeDefinition: {
        status: 'created',
        emailSubject: 'Email settings',
        documents: [{ documentId: '1', name: 'Contract.pdf', fileExtension: 'pdf', documentBase64 }],
        recipients: {
          signers: [
            {
              recipientId: '1',
              firstName: 'Ana',
              lastName: 'Ruiz',
              email: 'ana@example.test',
              emailNotification: { emailSubject: 'Firme', supportedLanguage: 'es' },
            },
          ],
        },
        emailSettings: {
          replyEmailAddressOverride: 'legal@example.test',
          bccEmailAddresses: [{ email: 'archive@example.test' }],
        },
      },
    })
    const envelopeId = summary.envelopeId as string
    const read = await envelopes.getEnvelope(accountId, envelopeId)
    expect(read.emailSettings).toEqual({
      replyEmailAddressOverride: 'legal@example.test',
      bccEmailAddresses: [{ bccEmailAddressId: '1', email: 'archive@example.test' }],
    })

    await envelopes.createEmailSettings(accountId, envelopeId, {
      emailSettings: { bccEmailAddresses: [{ email: 'audit@example.test' }] },
    })
    await envelopes.updateEmailSettings(accountId, envelopeId, {
      emailSettings: { replyEmailNameOverride: 'Legal' },
    })
    expect(await envelopes.getEmailSettings(accountId, envelopeId)).toEqual({
      replyEmailAddressOverride: 'legal@example.test',
      replyEmailNameOverride: 'Legal',
      bccEmailAddresses: [
        { bccEmailAddressId: '1', email: 'archive@example.test' },
        { bccEmailAddressId: '2', email: 'audit@example.test' },
      ],
    })
    await envelopes.deleteEmailSettings(accountId, envelopeId)
    const after = await envelopes.getEmailSettings(accountId, envelopeId)
    expect(after.bccEmailAddresses ?? []).toEqual([])
    expect(after.replyEmailAddressOverride).toBeUndefined()
  })
})
