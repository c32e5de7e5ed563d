import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import { OUTBOX_TOPICS } from '../../outbox/topics.js'
import type { TestPrincipal, TestService } from '../../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../../testing/sdk.js'

/** The official DocuSign Node SDK's `EnvelopesApi.updateRecipients` against the correction endpoint. */
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    updateRecipients(
      accountId: string,
      envelopeId: string,
      options: { recipients: unknown; resendEnvelope?: string },
    ): Promise<SdkModel>
    listRecipients(accountId: string, envelopeId: string): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK: updateRecipients', (databases) => {
  let sdk: SdkService
  let service: TestService
  let sender: TestPrincipal
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    ;({ service, principal: sender } = sdk)
    await service.ctx.jobs.stop()
    envelopes = new docusign.EnvelopesApi(sdk.client)
  })
  afterAll(() => sdk?.close())

  async function sentEnvelope(): Promise<string> {
    const summary = await envelopes.createEnvelope(sender.accountId, {
      envelopeDefinition: {
        status: 'sent',
        emailSubject: 'Correct me',
        documents: [
          {
            documentId: '1',
            name: 'Contract.pdf',
            fileExtension: 'pdf',
            documentBase64: await makePdfBase64(1),
          },
        ],
        recipients: {
          signers: [{ recipientId: '1', name: 'Ana Ruiz', email: 'ana@typo.example.test' }],
        },
      },
    })
    return summary.envelopeId
  }

  it('corrects an email and answers a RecipientsUpdateSummary the SDK reads', async () => {
    const envelopeId = await sentEnvelope()
    await service.ctx.db.deleteFrom('outbox').execute()
    const summary = await envelopes.updateRecipients(sender.accountId, envelopeId, {
      recipients: {
        signers: [
          { recipientId: '1', email: 'ana@example.test' },
          { recipientId: '7', email: 'nobody@example.test' },
        ],
      },
    })
    expect(summary.recipientUpdateResults).toHaveLength(2)
    const [corrected, unknown] = summary.recipientUpdateResults
    expect(corrected.recipientId).toBe('1')
    expect(corrected.recipientIdGuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(corrected.errorDetails).toBeUndefined()
    expect(unknown.errorDetails.errorCode).toBe('UNKNOWN_ENVELOPE_RECIPIENT')

    const recipients = await envelopes.listRecipients(sender.accountId, envelopeId)
    expect(recipients.signers[0].email).toBe('ana@example.test')
    const invitations = await service.ctx.db
      .selectFrom('outbox')
      .select('payload')
      .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
      .execute()
    expect(invitations.map((row) => JSON.parse(row.payload).envelopeId)).toEqual([envelopeId])
  })

  it('resends with resendEnvelope and no change', async () => {
    const envelopeId = await sentEnvelope()
    await service.ctx.db.deleteFrom('outbox').execute()
    const summary = await envelopes.updateRecipients(sender.accountId, envelopeId, {
      recipients: { signers: [{ recipientId: '1' }] },
      resendEnvelope: 'true',
    })
    expect(summary.recipientUpdateResults[0].errorDetails).toBeUndefined()
    const rows = await service.ctx.db
      .selectFrom('outbox')
      .select('payload')
      .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
      .execute()
    expect(rows.map((row) => JSON.parse(row.payload))).toEqual([
      expect.objectContaining({ envelopeId, recipientId: '1', kind: 'invitation' }),
    ])
  })
})
