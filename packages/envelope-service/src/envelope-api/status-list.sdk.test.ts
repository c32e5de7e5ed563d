import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  sdkFailure,
  startSdkService,
} from '../testing/sdk.js'

/** The official DocuSign Node SDK's `EnvelopesApi.listStatus` (`PUT /envelopes/status`). */
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    listStatus(accountId: string, options: Record<string, unknown>): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK: listStatus', (databases) => {
  let sdk: SdkService
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>
  let accountId: string
  const created: { envelopeId: string; status: string }[] = []

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    await sdk.service.ctx.jobs.stop()
    accountId = sdk.principal.accountId
    envelopes = new docusign.EnvelopesApi(sdk.client)
    const documentBase64 = await makePdfBase64(1)
    for (const status of ['created', 'sent', 'sent']) {
      const summary = await envelopes.createEnvelope(accountId, {
        envelopeDefinition: {
          status,
          emailSubject: `Status ${status}`,
          documents: [{ documentId: '1', name: 'Contract.pdf', fileExtension: 'pdf', documentBase64 }],
          recipients: { signers: [{ recipientId: '1', name: 'Ana Ruiz', email: 'ana@example.test' }] },
        },
      })
      created.push({ envelopeId: summary.envelopeId, status })
    }
  })
  afterAll(() => sdk?.close())

  it('lists the envelopes named in the body with envelope_ids=request_body', async () => {
    const [draft, , sent] = created
    const result = await envelopes.listStatus(accountId, {
      envelopeIds: 'request_body',
      envelopeIdsRequest: { envelopeIds: [draft?.envelopeId, sent?.envelopeId] },
    })
    expect(result.resultSetSize).toBe('2')
    expect(
      result.envelopes.map((envelope: SdkModel) => [envelope.envelopeId, envelope.status]).sort(),
    ).toEqual(
      [
        [draft?.envelopeId, 'created'],
        [sent?.envelopeId, 'sent'],
      ].sort(),
    )
  })

  it('lists by from_date and status from the query, as GET /envelopes does', async () => {
    const result = await envelopes.listStatus(accountId, {
      fromDate: '2000-01-01',
      status: 'sent',
      envelopeIdsRequest: {},
    })
    expect(result.envelopes.map((envelope: SdkModel) => envelope.envelopeId).sort()).toEqual(
      created
        .filter((envelope) => envelope.status === 'sent')
        .map((envelope) => envelope.envelopeId)
        .sort(),
    )
  })

  it('is 400 without from_date or envelope ids', async () => {
    const refused = await sdkFailure(envelopes.listStatus(accountId, { envelopeIdsRequest: {} }))
    expect(refused?.status).toBe(400)
    expect(refused?.body.errorCode).toBe('INVALID_REQUEST_PARAMETER')
  })

  it('is 400 naming transaction_ids, which this service does not keep', async () => {
    const refused = await sdkFailure(
      envelopes.listStatus(accountId, {
        transactionIds: 'request_body',
        envelopeIdsRequest: { transactionIds: ['t1'] },
      }),
    )
    expect(refused?.status).toBe(400)
    expect(refused?.body.message).toContain('transaction_ids')
  })

  it('is 400 for envelope_ids=request_body without envelopeIds in the body', async () => {
    const refused = await sdkFailure(
      envelopes.listStatus(accountId, { envelopeIds: 'request_body', envelopeIdsRequest: {} }),
    )
    expect(refused?.status).toBe(400)
    expect(refused?.body.message).toContain('envelopeIds')
  })
})
