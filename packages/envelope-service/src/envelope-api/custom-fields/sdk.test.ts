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

/** The official DocuSign Node SDK's envelope custom field calls. */
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    createCustomFields(
      accountId: string,
      envelopeId: string,
      options: { customFields: unknown },
    ): Promise<SdkModel>
    updateCustomFields(
      accountId: string,
      envelopeId: string,
      options: { customFields: unknown },
    ): Promise<SdkModel>
    deleteCustomFields(
      accountId: string,
      envelopeId: string,
      options: { customFields: unknown },
    ): Promise<SdkModel>
    listCustomFields(accountId: string, envelopeId: string): Promise<SdkModel>
    update(accountId: string, envelopeId: string, options: { envelope: unknown }): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK: envelope custom fields', (databases) => {
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

  async function envelope(status: 'created' | 'sent'): Promise<string> {
    const summary = await envelopes.createEnvelope(accountId, {
      envelopeDefinition: {
        status,
        emailSubject: 'Custom fields',
        documents: [{ documentId: '1', name: 'Contract.pdf', fileExtension: 'pdf', documentBase64 }],
        recipients: { signers: [{ recipientId: '1', name: 'Ana Ruiz', email: 'ana@example.test' }] },
        customFields: { textCustomFields: [{ name: 'CrmRecordId', value: '500A', show: 'false' }] },
      },
    })
    return summary.envelopeId
  }

  it('adds, updates and deletes fields of a sent envelope, each named by the fieldId it was given', async () => {
    const envelopeId = await envelope('sent')
    const added = await envelopes.createCustomFields(accountId, envelopeId, {
      customFields: {
        textCustomFields: [{ name: 'CaseNumber', value: '00012345', show: 'true' }],
        listCustomFields: [{ name: 'FormLanguage', value: 'English', listItems: ['English', 'Spanish'] }],
      },
    })
    expect(added.textCustomFields).toEqual([
      { fieldId: '2', name: 'CaseNumber', value: '00012345', show: 'true', required: 'false' },
    ])
    expect(added.listCustomFields[0]).toMatchObject({ fieldId: '3', name: 'FormLanguage', value: 'English' })

    await envelopes.updateCustomFields(accountId, envelopeId, {
      customFields: { listCustomFields: [{ fieldId: '3', name: 'FormLanguage', value: 'Spanish' }] },
    })
    await envelopes.deleteCustomFields(accountId, envelopeId, {
      customFields: { textCustomFields: [{ fieldId: '1', name: 'CrmRecordId' }] },
    })
    const listed = await envelopes.listCustomFields(accountId, envelopeId)
    expect(listed.textCustomFields.map((field: SdkModel) => field.name)).toEqual(['CaseNumber'])
    expect(listed.listCustomFields).toEqual([
      {
        fieldId: '3',
        name: 'FormLanguage',
        value: 'Spanish',
        listItems: ['English', 'Spanish'],
        show: 'false',
        required: 'false',
      },
    ])
  })

  it('is 400 for a name the envelope already has, adding nothing', async () => {
    const envelopeId = await envelope('created')
    const refused = await sdkFailure(
      envelopes.createCustomFields(accountId, envelopeId, {
        customFields: { textCustomFields: [{ name: 'Fresh' }, { name: 'crmrecordid' }] },
      }),
    )
    expect(refused).toMatchObject({ status: 400, body: { errorCode: 'INVALID_REQUEST_PARAMETER' } })
    const listed = await envelopes.listCustomFields(accountId, envelopeId)
    expect(listed.textCustomFields.map((field: SdkModel) => field.name)).toEqual(['CrmRecordId'])
  })

  it('is 400 for an unknown fieldId, a list value not among its items, or no field at all', async () => {
    const envelopeId = await envelope('created')
    const bodies = [
      { textCustomFields: [{ fieldId: '9', name: 'Nope' }] },
      { listCustomFields: [{ fieldId: '1', name: 'CrmRecordId' }] },
      {},
    ]
    for (const customFields of bodies) {
      const refused = await sdkFailure(envelopes.updateCustomFields(accountId, envelopeId, { customFields }))
      expect(refused?.status, JSON.stringify(customFields)).toBe(400)
    }
    const added = await sdkFailure(
      envelopes.createCustomFields(accountId, envelopeId, {
        customFields: { listCustomFields: [{ name: 'Tier', value: 'Gold', listItems: ['Silver'] }] },
      }),
    )
    expect(added?.body.message).toContain('listItems')
  })

  it('is 400 ENVELOPE_INVALID_STATUS on a voided envelope', async () => {
    const envelopeId = await envelope('sent')
    await envelopes.update(accountId, envelopeId, { envelope: { status: 'voided', voidedReason: 'Wrong' } })
    const refused = await sdkFailure(
      envelopes.createCustomFields(accountId, envelopeId, {
        customFields: { textCustomFields: [{ name: 'Late' }] },
      }),
    )
    expect(refused).toMatchObject({ status: 400, body: { errorCode: 'ENVELOPE_INVALID_STATUS' } })
  })
})
