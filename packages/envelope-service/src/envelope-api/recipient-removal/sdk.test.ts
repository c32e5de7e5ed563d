import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  sdkFailure,
  startSdkService,
} from '../../testing/sdk.js'

/** The official DocuSign Node SDK's `EnvelopesApi.deleteRecipient` and `deleteRecipients`. */
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    deleteRecipient(accountId: string, envelopeId: string, recipientId: string): Promise<SdkModel>
    deleteRecipients(
      accountId: string,
      envelopeId: string,
      options: { recipients: unknown },
    ): Promise<SdkModel>
    listRecipients(accountId: string, envelopeId: string): Promise<SdkModel>
    update(accountId: string, envelopeId: string, options: { envelope: unknown }): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK: deleteRecipient, deleteRecipients', (databases) => {
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

  /** Signer 1 (order 1), signer 2 (order 2), carbon copy 3 (order 3). */
  async function envelope(status: 'created' | 'sent'): Promise<string> {
    const tabs = { signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }] }
    const summary = await envelopes.createEnvelope(accountId, {
      envelopeDefinition: {
        status,
        emailSubject: 'Delete recipients',
        documents: [{ documentId: '1', name: 'Contract.pdf', fileExtension: 'pdf', documentBase64 }],
        recipients: {
          signers: [
            { recipientId: '1', routingOrder: '1', name: 'Ana Ruiz', email: 'ana@example.test', tabs },
            { recipientId: '2', routingOrder: '2', name: 'Ben Soto', email: 'ben@example.test', tabs },
          ],
          carbonCopies: [
            { recipientId: '3', routingOrder: '3', name: 'Carla Copy', email: 'carla@example.test' },
          ],
        },
      },
    })
    return summary.envelopeId
  }
  const idsOf = (recipients: SdkModel) =>
    [...recipients.signers, ...recipients.carbonCopies]
      .map((recipient: SdkModel) => recipient.recipientId)
      .sort()

  it('deletes one recipient of a draft and answers it', async () => {
    const envelopeId = await envelope('created')
    const deleted = await envelopes.deleteRecipient(accountId, envelopeId, '1')
    expect(deleted.signers.map((signer: SdkModel) => signer.email)).toEqual(['ana@example.test'])
    expect(deleted.recipientCount).toBe('1')
    expect(idsOf(await envelopes.listRecipients(accountId, envelopeId))).toEqual(['2', '3'])
  })

  it('deletes several recipients of a draft named in the body; the draft still sends', async () => {
    const envelopeId = await envelope('created')
    const deleted = await envelopes.deleteRecipients(accountId, envelopeId, {
      recipients: { signers: [{ recipientId: '2' }], carbonCopies: [{ recipientId: '3' }] },
    })
    expect(deleted.recipientCount).toBe('2')
    expect(idsOf(await envelopes.listRecipients(accountId, envelopeId))).toEqual(['1'])
    const sent = await envelopes.update(accountId, envelopeId, { envelope: { status: 'sent' } })
    expect(sent.errorDetails).toBeUndefined()
  })

  it('deletes recipients of a sent envelope the routing has not reached, and writes the audit trail', async () => {
    const envelopeId = await envelope('sent')
    await envelopes.deleteRecipients(accountId, envelopeId, {
      recipients: { signers: [{ recipientId: '2' }] },
    })
    expect(idsOf(await envelopes.listRecipients(accountId, envelopeId))).toEqual(['1', '3'])
    const audit = await sdk.service.ctx.db
      .selectFrom('audit_events')
      .select('entry')
      .where('envelope_id', '=', envelopeId)
      .execute()
    const deletions = audit.filter((row) => JSON.parse(row.entry).action === 'Recipient Deleted')
    expect(deletions).toHaveLength(1)
  })

  it('is 400 RECIPIENT_ALREADY_FINISHED for an invited recipient of a sent envelope, deleting none', async () => {
    const envelopeId = await envelope('sent')
    const refused = await sdkFailure(
      envelopes.deleteRecipients(accountId, envelopeId, {
        recipients: { signers: [{ recipientId: '2' }, { recipientId: '1' }] },
      }),
    )
    expect(refused).toMatchObject({ status: 400, body: { errorCode: 'RECIPIENT_ALREADY_FINISHED' } })
    expect(idsOf(await envelopes.listRecipients(accountId, envelopeId))).toEqual(['1', '2', '3'])
  })

  it('is 400 UNKNOWN_ENVELOPE_RECIPIENT for a recipient the envelope does not have', async () => {
    const envelopeId = await envelope('created')
    const refused = await sdkFailure(envelopes.deleteRecipient(accountId, envelopeId, '9'))
    expect(refused).toMatchObject({ status: 400, body: { errorCode: 'UNKNOWN_ENVELOPE_RECIPIENT' } })
  })

  it('is 404 for an envelope of another account', async () => {
    const refused = await sdkFailure(
      envelopes.deleteRecipient(accountId, '00000000-0000-4000-8000-000000000000', '1'),
    )
    expect(refused?.status).toBe(404)
  })
})
