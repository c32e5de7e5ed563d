import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ensureDemoTemplates } from '../templates/demo-templates.js'
import type { TestPrincipal, TestService } from '../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../testing/sdk.js'

/** The official DocuSign Node SDK (CommonJS, untyped): the part these tests call. */
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    getEnvelope(accountId: string, envelopeId: string, options?: Record<string, string>): Promise<SdkModel>
    listRecipients(accountId: string, envelopeId: string, options?: Record<string, string>): Promise<SdkModel>
    listDocuments(accountId: string, envelopeId: string): Promise<SdkModel>
    getDocument(accountId: string, envelopeId: string, documentId: string): Promise<string>
    listCustomFields(accountId: string, envelopeId: string): Promise<SdkModel>
    listStatusChanges(accountId: string, options: Record<string, string>): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK against envelopes', (databases) => {
  let sdk: SdkService
  let service: TestService
  let sender: TestPrincipal
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    ;({ service, principal: sender } = sdk)
    envelopes = new docusign.EnvelopesApi(sdk.client)
  })
  afterAll(() => sdk?.close())

  it('creates a composite envelope from the CRM call and reads it back without nulls', async () => {
    const demos = await ensureDemoTemplates(service.ctx.db, sender, service.ctx.now())
    const summary = await envelopes.createEnvelope(sender.accountId, {
      envelopeDefinition: {
        status: 'sent',
        emailSubject: 'Inkwell: documents for case 00042',
        emailBlurb: 'Hello,\n\nPlease sign.\n\nThank you',
        compositeTemplates: demos.map((demo, index) => ({
          compositeTemplateId: String(index + 1),
          serverTemplates: [{ sequence: '1', templateId: demo.templateId }],
          inlineTemplates: [
            {
              sequence: '2',
              recipients: {
                signers: [
                  {
                    recipientId: '1',
                    roleName: 'Signing Recipient #1',
                    routingOrder: '1',
                    name: 'Ana Ruiz',
                    email: 'placeholder@example.test',
                    deliveryMethod: 'SMS',
                    phoneNumber: { countryCode: '57', number: '3001234567' },
                  },
                  {
                    recipientId: '2',
                    roleName: 'Service Coordinator',
                    routingOrder: '2',
                    name: 'Cole',
                    email: 'cole@example.test',
                  },
                ],
              },
              customFields: {
                textCustomFields: [
                  { name: 'CrmRecordId', value: '500Dn00000ABC', show: 'false', required: 'false' },
                  { name: 'CaseNumber', value: '00042', show: 'false', required: 'false' },
                ],
              },
            },
          ],
        })),
      },
    })
    expect(summary.status).toBe('sent')
    expect(summary.uri).toBe(`/envelopes/${summary.envelopeId}`)

    const envelope = await envelopes.getEnvelope(sender.accountId, summary.envelopeId, {
      include: 'recipients,documents,custom_fields',
    })
    expect(JSON.stringify(envelope)).not.toContain('null')
    expect(envelope.status).toBe('sent')
    expect(envelope.envelopeDocuments).toHaveLength(3)

    const recipients = await envelopes.listRecipients(sender.accountId, summary.envelopeId)
    expect(recipients.recipientCount).toBe('2')
    expect(recipients.signers[0]).toMatchObject({
      deliveryMethod: 'SMS',
      phoneNumber: { number: '3001234567' },
    })

    const documents = await envelopes.listDocuments(sender.accountId, summary.envelopeId)
    expect(documents.envelopeDocuments.map((document: SdkModel) => document.documentId)).toEqual([
      '1',
      '2',
      '3',
    ])
    expect(documents.envelopeDocuments[0].pages.length).toBeGreaterThan(1)
    const pdf = await envelopes.getDocument(sender.accountId, summary.envelopeId, '1')
    expect(String(pdf).startsWith('%PDF-')).toBe(true)

    const fields = await envelopes.listCustomFields(sender.accountId, summary.envelopeId)
    expect(fields.textCustomFields.map((field: SdkModel) => [field.name, field.value])).toEqual([
      ['CrmRecordId', '500Dn00000ABC'],
      ['CaseNumber', '00042'],
    ])

    const changes = await envelopes.listStatusChanges(sender.accountId, { fromDate: '2020-01-01' })
    expect(changes.envelopes.map((item: SdkModel) => item.envelopeId)).toContain(summary.envelopeId)
  })

  it('surfaces a 400 with errorCode and a field-naming message', async () => {
    const failure = await envelopes
      .createEnvelope(sender.accountId, {
        envelopeDefinition: {
          status: 'sent',
          compositeTemplates: [
            { serverTemplates: [{ sequence: '1', templateId: '00000000-0000-4000-8000-000000000000' }] },
          ],
        },
      })
      .then(
        () => undefined,
        (error: { response?: { status: number; data: SdkModel } }) => error.response,
      )
    expect(failure?.status).toBe(400)
    expect(failure?.data).toEqual({
      errorCode: 'INVALID_REQUEST_PARAMETER',
      message:
        'compositeTemplates[0].serverTemplates[0].templateId "00000000-0000-4000-8000-000000000000" is not a template of this account',
    })
  })
})
