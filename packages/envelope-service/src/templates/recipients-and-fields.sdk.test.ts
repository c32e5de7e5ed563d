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

/**
 * The official DocuSign Node SDK's writes of a template's recipients (`createRecipients`,
 * `updateRecipients`, `deleteRecipient`, `deleteRecipients`) and custom fields (`createCustomFields`,
 * `updateCustomFields`, `deleteCustomFields`). Each change must reach envelopes made from the template
 * at once (the template cache is invalidated as `PUT /templates` does).
 */
interface DocuSignSdk extends DocuSignSdkBase {
  TemplatesApi: new (
    client: unknown,
  ) => {
    createTemplate(accountId: string, options: { envelopeTemplate: unknown }): Promise<SdkModel>
    get(accountId: string, templateId: string): Promise<SdkModel>
    listRecipients(
      accountId: string,
      templateId: string,
      options?: { includeTabs?: string },
    ): Promise<SdkModel>
    listCustomFields(accountId: string, templateId: string): Promise<SdkModel>
    createRecipients(
      accountId: string,
      templateId: string,
      options: { templateRecipients: unknown; resendEnvelope?: string },
    ): Promise<SdkModel>
    updateRecipients(
      accountId: string,
      templateId: string,
      options: { templateRecipients: unknown },
    ): Promise<SdkModel>
    deleteRecipient(accountId: string, templateId: string, recipientId: string): Promise<SdkModel>
    deleteRecipients(
      accountId: string,
      templateId: string,
      options: { templateRecipients: unknown },
    ): Promise<SdkModel>
    createCustomFields(
      accountId: string,
      templateId: string,
      options: { templateCustomFields: unknown },
    ): Promise<SdkModel>
    updateCustomFields(
      accountId: string,
      templateId: string,
      options: { templateCustomFields: unknown },
    ): Promise<SdkModel>
    deleteCustomFields(
      accountId: string,
      templateId: string,
      options: { templateCustomFields: unknown },
    ): Promise<SdkModel>
  }
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    listRecipients(accountId: string, envelopeId: string): Promise<SdkModel>
    listCustomFields(accountId: string, envelopeId: string): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK: template recipients and custom fields (writes)', (databases) => {
  let sdk: SdkService
  let templates: InstanceType<DocuSignSdk['TemplatesApi']>
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>
  let accountId: string
  let documentBase64: string

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    await sdk.service.ctx.jobs.stop()
    accountId = sdk.principal.accountId
    templates = new docusign.TemplatesApi(sdk.client)
    envelopes = new docusign.EnvelopesApi(sdk.client)
    documentBase64 = await makePdfBase64(2)
  })
  afterAll(() => sdk?.close())

  const signHere = { documentId: '1', pageNumber: '2', xPosition: '100', yPosition: '100' }
  async function template(): Promise<string> {
    const { templateId } = await templates.createTemplate(accountId, {
      envelopeTemplate: {
        name: 'Writes',
        documents: [{ documentId: '1', name: 'Order', fileExtension: 'pdf', documentBase64 }],
        recipients: {
          signers: [
            { recipientId: '1', roleName: 'Customer', routingOrder: '1', tabs: { signHereTabs: [signHere] } },
          ],
          carbonCopies: [{ recipientId: '2', roleName: 'Agent', routingOrder: '2' }],
        },
        customFields: {
          textCustomFields: [{ name: 'CrmRecordId', value: '', show: 'false' }],
          listCustomFields: [{ name: 'FormLanguage', value: 'English', listItems: ['English', 'Spanish'] }],
        },
      },
    })
    return templateId
  }
  const roles = async (templateId: string) => {
    const recipients = await templates.listRecipients(accountId, templateId)
    return [...recipients.signers, ...recipients.carbonCopies, ...recipients.inPersonSigners].map(
      (role: SdkModel) => `${role.recipientId}:${role.roleName}:${role.routingOrder}`,
    )
  }
  /** An envelope from the template, filling `roleName` (refused when the template lacks it). */
  const sendFrom = (templateId: string, roleName: string) =>
    envelopes.createEnvelope(accountId, {
      envelopeDefinition: {
        status: 'created',
        templateId,
        templateRoles: [{ roleName, name: 'Wen Witness', email: 'wen@example.test' }],
      },
    })

  it('adds roles with tabs, and the next envelope from the template has them', async () => {
    const templateId = await template()
    const before = await templates.get(accountId, templateId)
    const added = await templates.createRecipients(accountId, templateId, {
      templateRecipients: {
        signers: [
          { recipientId: '3', roleName: 'Witness', routingOrder: '2', tabs: { signHereTabs: [signHere] } },
        ],
        inPersonSigners: [
          {
            recipientId: '4',
            roleName: 'Counter',
            routingOrder: '3',
            hostName: 'Hal',
            hostEmail: 'hal@example.test',
          },
        ],
      },
    })
    expect(added.signers.map((role: SdkModel) => role.roleName)).toEqual(['Witness'])
    expect(added.signers[0].tabs.signHereTabs).toHaveLength(1)
    expect(added.inPersonSigners[0].hostName).toBe('Hal')
    expect(added.recipientCount).toBe('2')
    expect(await roles(templateId)).toEqual(['1:Customer:1', '3:Witness:2', '2:Agent:2', '4:Counter:3'])
    expect((await templates.get(accountId, templateId)).lastModified >= before.lastModified).toBe(true)

    const { envelopeId } = await sendFrom(templateId, 'Witness')
    const recipients = await envelopes.listRecipients(accountId, envelopeId)
    expect(recipients.signers.find((signer: SdkModel) => signer.roleName === 'Witness').email).toBe(
      'wen@example.test',
    )
  })

  it.each([
    [
      'a recipientId the template has',
      { signers: [{ recipientId: '1', roleName: 'Twin' }] },
      'INVALID_RECIPIENT_ID',
    ],
    [
      'a tab on a missing page',
      {
        signers: [
          { recipientId: '5', roleName: 'X', tabs: { signHereTabs: [{ ...signHere, pageNumber: '9' }] } },
        ],
      },
      'INVALID_REQUEST_PARAMETER',
    ],
    [
      'an unsupported property',
      { signers: [{ recipientId: '5', roleName: 'X', faxNumber: '5550100' }] },
      'INVALID_REQUEST_PARAMETER',
    ],
    ['no recipient', {}, 'INVALID_REQUEST_PARAMETER'],
  ])('refuses adding %s with a 400 and changes nothing', async (_, templateRecipients, errorCode) => {
    const templateId = await template()
    const refused = await sdkFailure(
      templates.createRecipients(accountId, templateId, { templateRecipients }),
    )
    expect(refused).toMatchObject({ status: 400, body: { errorCode } })
    expect(await roles(templateId)).toEqual(['1:Customer:1', '2:Agent:2'])
  })

  it('refuses resend_envelope=true on a template, and an unknown template with 404', async () => {
    const templateId = await template()
    const templateRecipients = { signers: [{ recipientId: '5', roleName: 'X' }] }
    expect(
      await sdkFailure(
        templates.createRecipients(accountId, templateId, { templateRecipients, resendEnvelope: 'true' }),
      ),
    ).toMatchObject({ status: 400 })
    expect(
      await sdkFailure(
        templates.createRecipients(accountId, '00000000-0000-0000-0000-000000000000', { templateRecipients }),
      ),
    ).toMatchObject({ status: 404, body: { errorCode: 'RESOURCE_NOT_FOUND' } })
  })

  it('updates roles by recipientId and answers each in recipientUpdateResults', async () => {
    const templateId = await template()
    const summary = await templates.updateRecipients(accountId, templateId, {
      templateRecipients: {
        signers: [
          { recipientId: '1', roleName: 'Client', routingOrder: '3', name: 'Cleo' },
          { recipientId: '8', roleName: 'Nobody' },
          { recipientId: '2', email: 'agent@example.test' },
        ],
      },
    })
    expect(
      summary.recipientUpdateResults.map((result: SdkModel) => [
        result.recipientId,
        result.errorDetails?.errorCode,
      ]),
    ).toEqual([
      ['1', undefined],
      ['8', 'UNKNOWN_ENVELOPE_RECIPIENT'],
      ['2', 'RECIPIENT_UPDATE_FAILED'],
    ])
    expect(await roles(templateId)).toEqual(['1:Client:3', '2:Agent:2'])
    const client = (await templates.listRecipients(accountId, templateId, { includeTabs: 'true' })).signers[0]
    expect(client.name).toBe('Cleo')
    expect(client.tabs.signHereTabs).toHaveLength(1)
    await expect(sendFrom(templateId, 'Client')).resolves.toMatchObject({ status: 'created' })
  })

  it('refuses tabs in an update with a 400 naming them', async () => {
    const templateId = await template()
    const refused = await sdkFailure(
      templates.updateRecipients(accountId, templateId, {
        templateRecipients: { signers: [{ recipientId: '1', tabs: { signHereTabs: [signHere] } }] },
      }),
    )
    expect(refused?.status).toBe(400)
    expect(refused?.body.message).toContain('signers[0].tabs')
  })

  it('deletes one role, then several, all or none', async () => {
    const templateId = await template()
    const one = await templates.deleteRecipient(accountId, templateId, '2')
    expect(one.carbonCopies.map((role: SdkModel) => role.roleName)).toEqual(['Agent'])
    expect(await roles(templateId)).toEqual(['1:Customer:1'])
    const refused = await sdkFailure(
      templates.deleteRecipients(accountId, templateId, {
        templateRecipients: { signers: [{ recipientId: '1' }, { recipientId: '7' }] },
      }),
    )
    expect(refused).toMatchObject({ status: 400, body: { errorCode: 'UNKNOWN_ENVELOPE_RECIPIENT' } })
    expect(await roles(templateId)).toEqual(['1:Customer:1'])
    const several = await templates.deleteRecipients(accountId, templateId, {
      templateRecipients: { signers: [{ recipientId: '1' }] },
    })
    expect(several.signers.map((role: SdkModel) => role.recipientId)).toEqual(['1'])
    expect(await roles(templateId)).toEqual([])
    expect(await sdkFailure(sendFrom(templateId, 'Customer'))).toMatchObject({ status: 400 })
  })

  it('numbers the fields a template was created with and adds, updates and deletes them by fieldId', async () => {
    const templateId = await template()
    const listed = await templates.listCustomFields(accountId, templateId)
    expect(listed.textCustomFields.map((field: SdkModel) => [field.fieldId, field.name])).toEqual([
      ['1', 'CrmRecordId'],
    ])
    expect(listed.listCustomFields.map((field: SdkModel) => [field.fieldId, field.name])).toEqual([
      ['2', 'FormLanguage'],
    ])

    const added = await templates.createCustomFields(accountId, templateId, {
      templateCustomFields: { textCustomFields: [{ name: 'CaseNumber', value: 'C-1', show: 'true' }] },
    })
    expect(added.textCustomFields).toEqual([
      { fieldId: '3', name: 'CaseNumber', value: 'C-1', show: 'true', required: 'false' },
    ])
    const updated = await templates.updateCustomFields(accountId, templateId, {
      templateCustomFields: { listCustomFields: [{ fieldId: '2', name: 'FormLanguage', value: 'Spanish' }] },
    })
    expect(updated.listCustomFields[0]).toMatchObject({
      fieldId: '2',
      value: 'Spanish',
      listItems: ['English', 'Spanish'],
    })
    const deleted = await templates.deleteCustomFields(accountId, templateId, {
      templateCustomFields: { textCustomFields: [{ fieldId: '1', name: 'CrmRecordId' }] },
    })
    expect(deleted.textCustomFields.map((field: SdkModel) => field.fieldId)).toEqual(['1'])

    const after = await templates.listCustomFields(accountId, templateId)
    expect(after.textCustomFields.map((field: SdkModel) => [field.fieldId, field.name])).toEqual([
      ['3', 'CaseNumber'],
    ])
    expect(after.listCustomFields.map((field: SdkModel) => [field.fieldId, field.value])).toEqual([
      ['2', 'Spanish'],
    ])

    const { envelopeId } = await sendFrom(templateId, 'Customer')
    const onEnvelope = await envelopes.listCustomFields(accountId, envelopeId)
    expect(onEnvelope.textCustomFields.map((field: SdkModel) => [field.name, field.value])).toEqual([
      ['CaseNumber', 'C-1'],
    ])
    expect(onEnvelope.listCustomFields.map((field: SdkModel) => [field.name, field.value])).toEqual([
      ['FormLanguage', 'Spanish'],
    ])
  })

  it.each([
    [
      'a name the template has (any case)',
      'create',
      { textCustomFields: [{ name: 'crmrecordid' }] },
      'already has a custom field',
    ],
    [
      'a fieldId on create',
      'create',
      { textCustomFields: [{ fieldId: '9', name: 'New' }] },
      'fieldId is assigned',
    ],
    [
      'a list value not among its items',
      'create',
      { listCustomFields: [{ name: 'L', value: 'x', listItems: ['a'] }] },
      'one of its listItems',
    ],
    [
      'an unknown fieldId',
      'update',
      { textCustomFields: [{ fieldId: '9', name: 'X' }] },
      'not a text custom field of this template',
    ],
    [
      'a list field named as text',
      'delete',
      { textCustomFields: [{ fieldId: '2', name: 'FormLanguage' }] },
      'not a text custom field',
    ],
    ['no field', 'delete', {}, 'at least one field'],
  ])('refuses %s with a 400 and changes nothing', async (_, operation, templateCustomFields, message) => {
    const templateId = await template()
    const call = {
      create: templates.createCustomFields,
      update: templates.updateCustomFields,
      delete: templates.deleteCustomFields,
    }[operation as 'create' | 'update' | 'delete'].bind(templates)
    const refused = await sdkFailure(call(accountId, templateId, { templateCustomFields }))
    expect(refused?.status).toBe(400)
    expect(refused?.body.errorCode).toBe('INVALID_REQUEST_PARAMETER')
    expect(refused?.body.message).toContain(message)
    const after = await templates.listCustomFields(accountId, templateId)
    expect(
      [...after.textCustomFields, ...after.listCustomFields].map((field: SdkModel) => field.name),
    ).toEqual(['CrmRecordId', 'FormLanguage'])
  })
})
