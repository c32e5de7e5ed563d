import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signaturePng } from '../completion/test-fixtures.js'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import type { TestPrincipal, TestService } from '../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../testing/sdk.js'

/**
 * Requests as DocuSign accepts them (issue 12): enumerated values in any case and property names in
 * PascalCase are read as their canonical spelling, on every write route, and responses carry the
 * canonical values; rule 1 of the contract merges recipients of every type.
 */

interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    getEnvelope(accountId: string, envelopeId: string): Promise<SdkModel>
    listRecipients(accountId: string, envelopeId: string, options: { includeTabs: string }): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

const base = (accountId: string) => `/restapi/v2.1/accounts/${accountId}`

describeEachDatabase('requests as DocuSign accepts them', (databases) => {
  let sdk: SdkService
  let service: TestService
  let sender: TestPrincipal
  let onePage: string
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>

  const send = (method: 'POST' | 'PUT', path: string, body: unknown) =>
    service.app.inject({
      method,
      url: `${base(sender.accountId)}${path}`,
      headers: { ...sender.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
  const get = async (path: string) => {
    const response = await service.app.inject({
      url: `${base(sender.accountId)}${path}`,
      headers: sender.headers,
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    ;({ service, principal: sender } = sdk)
    onePage = await makePdfBase64(1)
    envelopes = new docusign.EnvelopesApi(sdk.client)
  })
  afterAll(() => sdk?.close())

  describe('enumerated values without regard to case', () => {
    it('creates a sent envelope through the SDK from "Sent", with tab enums in any case, and returns canonical values', async () => {
      const summary = await envelopes.createEnvelope(sender.accountId, {
        envelopeDefinition: {
          status: 'Sent',
          emailSubject: 'Mixed case',
          documents: [{ documentId: '1', name: 'One.pdf', fileExtension: 'PDF', documentBase64: onePage }],
          recipients: {
            signers: [
              {
                recipientId: '1',
                name: 'Ana Ruiz',
                email: 'ana@example.test',
                deliveryMethod: 'EMAIL',
                tabs: {
                  signHereTabs: [
                    {
                      documentId: '1',
                      pageNumber: '1',
                      xPosition: '10',
                      yPosition: '20',
                      anchorUnits: 'Pixels',
                      optional: 'False',
                    },
                  ],
                  checkboxTabs: [
                    { documentId: '1', pageNumber: '1', xPosition: '30', yPosition: '20', selected: 'TRUE' },
                  ],
                },
              },
            ],
          },
        },
      })
      expect(summary.status).toBe('sent')
      expect((await envelopes.getEnvelope(sender.accountId, summary.envelopeId)).status).toBe('sent')
      const recipients = await envelopes.listRecipients(sender.accountId, summary.envelopeId, {
        includeTabs: 'true',
      })
      const [signer] = recipients.signers
      expect(signer.deliveryMethod).toBe('email')
      expect(signer.tabs.signHereTabs[0]).toMatchObject({ anchorUnits: 'pixels', optional: 'false' })
      expect(signer.tabs.checkboxTabs[0]).toMatchObject({ selected: 'true' })
    })

    it('still refuses a status that matches no value in any case, naming the values', async () => {
      const response = await send('POST', '/envelopes', { status: 'Posted' })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe('status must be one of: sent, created')
    })
  })

  describe('property names in PascalCase', () => {
    const pascalEnvelope = () => ({
      Status: 'Created',
      EmailSubject: 'Pascal',
      CompositeTemplates: [
        {
          InlineTemplates: [
            {
              Sequence: '1',
              Documents: [{ DocumentId: '1', Name: 'One.pdf', DocumentBase64: onePage }],
              Recipients: {
                Signers: [
                  {
                    RecipientId: '1',
                    Name: 'Ana Ruiz',
                    Email: 'ana@example.test',
                    RoutingOrder: '1',
                    Tabs: {
                      TextTabs: [
                        {
                          DocumentId: '1',
                          PageNumber: '1',
                          XPosition: '10',
                          YPosition: '20',
                          TabLabel: 'case',
                          Value: 'C-1',
                          Required: 'TRUE',
                        },
                      ],
                    },
                  },
                ],
                CarbonCopies: [
                  { RecipientId: '2', Name: 'Luis', Email: 'luis@example.test', RoutingOrder: '2' },
                ],
              },
            },
          ],
        },
      ],
    })

    it('creates a composite-template envelope written in PascalCase as its camelCase twin', async () => {
      const response = await send('POST', '/envelopes', pascalEnvelope())
      expect(response.statusCode, response.body).toBe(201)
      const { envelopeId, status } = response.json()
      expect(status).toBe('created')
      const envelope = await get(`/envelopes/${envelopeId}`)
      expect(envelope.emailSubject).toBe('Pascal')
      const recipients = await get(`/envelopes/${envelopeId}/recipients?include_tabs=true`)
      expect(recipients.signers).toHaveLength(1)
      expect(recipients.carbonCopies).toHaveLength(1)
      expect(recipients.signers[0].tabs.textTabs).toEqual([
        expect.objectContaining({ tabLabel: 'case', value: 'C-1', required: 'true', xPosition: '10' }),
      ])
      expect(recipients.signers[0].tabs.textTabs[0]).not.toHaveProperty('TabLabel')
    })

    it('sends the draft with a PascalCase update', async () => {
      const created = await send('POST', '/envelopes', pascalEnvelope())
      const { envelopeId } = created.json()
      const update = await send('PUT', `/envelopes/${envelopeId}`, { Status: 'SENT' })
      expect(update.statusCode, update.body).toBe(200)
      expect((await get(`/envelopes/${envelopeId}`)).status).toBe('sent')
    })

    it('creates and updates a template written in PascalCase', async () => {
      const created = await send('POST', '/templates', {
        Name: 'Pascal template',
        Shared: 'True',
        EmailSubject: 'Please sign',
        Documents: [{ DocumentId: '1', Name: 'One.pdf', DocumentBase64: onePage }],
        Recipients: { Signers: [{ RecipientId: '1', RoleName: 'Client', RoutingOrder: '1' }] },
      })
      expect(created.statusCode, created.body).toBe(201)
      const { templateId } = created.json()
      const updated = await send('PUT', `/templates/${templateId}`, { Description: 'Now described' })
      expect(updated.statusCode, updated.body).toBe(200)
      const template = await get(`/templates/${templateId}`)
      expect(template).toMatchObject({
        name: 'Pascal template',
        shared: 'true',
        emailSubject: 'Please sign',
        description: 'Now described',
      })
      expect(template.recipients.signers.map((signer: { roleName: string }) => signer.roleName)).toEqual([
        'Client',
      ])
    })
  })

  describe('rule 1 for every recipient type', () => {
    it('makes carbon copies and certified deliveries of the same role in two composite templates one recipient each', async () => {
      const roles = {
        signers: [{ recipientId: '1', roleName: 'Client', routingOrder: '1' }],
        carbonCopies: [{ recipientId: '2', roleName: 'Observer', routingOrder: '2' }],
        certifiedDeliveries: [{ recipientId: '3', roleName: 'Auditor', routingOrder: '3' }],
      }
      const templateIds: string[] = []
      for (const name of ['First part', 'Second part']) {
        const created = await send('POST', '/templates', {
          name,
          documents: [{ documentId: '1', name: `${name}.pdf`, documentBase64: onePage }],
          recipients: roles,
        })
        expect(created.statusCode, created.body).toBe(201)
        templateIds.push(created.json().templateId)
      }
      const summary = await envelopes.createEnvelope(sender.accountId, {
        envelopeDefinition: {
          status: 'created',
          compositeTemplates: templateIds.map((templateId, index) => ({
            compositeTemplateId: String(index + 1),
            serverTemplates: [{ sequence: '1', templateId }],
            inlineTemplates: [
              {
                sequence: '2',
                recipients: {
                  signers: [
                    { roleName: 'Client', routingOrder: '1', name: 'Ana Ruiz', email: 'ana@example.test' },
                  ],
                  carbonCopies: [
                    { roleName: 'Observer', routingOrder: '2', name: 'Luis Gil', email: 'luis@example.test' },
                  ],
                  certifiedDeliveries: [
                    { roleName: 'Auditor', routingOrder: '3', name: 'Eva Sol', email: 'eva@example.test' },
                  ],
                },
              },
            ],
          })),
        },
      })
      const recipients = await envelopes.listRecipients(sender.accountId, summary.envelopeId, {
        includeTabs: 'false',
      })
      const summaryOf = (list: SdkModel[]) =>
        list.map((recipient) => [recipient.roleName, recipient.routingOrder, recipient.email])
      expect(summaryOf(recipients.signers)).toEqual([['Client', '1', 'ana@example.test']])
      expect(summaryOf(recipients.carbonCopies)).toEqual([['Observer', '2', 'luis@example.test']])
      expect(summaryOf(recipients.certifiedDeliveries)).toEqual([['Auditor', '3', 'eva@example.test']])
      expect(recipients.recipientCount).toBe('3')
    })
  })

  describe('nested tab properties', () => {
    const at = (y: number) => ({ documentId: '1', pageNumber: '1', xPosition: '100', yPosition: String(y) })
    const localePolicy = { cultureName: 'en-US', currencyCode: 'usd', useLongCurrencyFormat: 'true' }
    const orderTabs = {
      signHereTabs: [at(50)],
      numericalTabs: [
        {
          ...at(100),
          tabLabel: 'Quantity',
          validationType: 'Number',
          minNumericalValue: '1',
          maxNumericalValue: '10',
          localePolicy,
        },
        { ...at(150), tabLabel: 'Price', validationType: 'Currency', localePolicy },
      ],
      formulaTabs: [
        {
          ...at(200),
          tabLabel: 'Total',
          formula: '[Quantity] * [Price] - [Discount]',
          roundDecimalPlaces: '2',
        },
      ],
      textTabs: [{ ...at(250), tabLabel: 'Discount', value: '2.5', locked: 'true' }],
      dateTabs: [
        { ...at(300), tabLabel: 'Delivery', required: 'false', localePolicy: { dateFormat: 'yyyy-MM-dd' } },
      ],
    }

    async function orderEnvelope(): Promise<string> {
      const response = await send('POST', '/envelopes', {
        status: 'sent',
        emailSubject: 'Order form',
        documents: [{ documentId: '1', name: 'Order.pdf', documentBase64: onePage }],
        recipients: {
          signers: [
            {
              recipientId: '1',
              name: 'Ana Ruiz',
              email: 'ana@example.test',
              clientUserId: 'crm-ana',
              tabs: orderTabs,
            },
          ],
        },
      })
      expect(response.statusCode, response.body).toBe(201)
      return response.json().envelopeId
    }

    async function signingToken(envelopeId: string): Promise<string> {
      const view = await send('POST', `/envelopes/${envelopeId}/views/recipient`, {
        returnUrl: 'https://crm.example.test/return',
        authenticationMethod: 'none',
        userName: 'Ana Ruiz',
        email: 'ana@example.test',
        clientUserId: 'crm-ana',
      })
      expect(view.statusCode, view.body).toBe(201)
      const url: string = view.json().url
      const token = url.slice(url.indexOf('#') + 1)
      const session = await service.app.inject({
        url: '/signing/api/session',
        headers: { 'x-signing-token': token },
      })
      expect(session.statusCode, session.body).toBe(200)
      return token
    }

    const finish = (token: string, values: Record<string, string>) =>
      service.app.inject({
        method: 'POST',
        url: '/signing/api/finish',
        headers: { 'x-signing-token': token },
        payload: { signature: signaturePng(), values: { 'signHereTabs-0': 'signed', ...values } },
      })

    it('returns localePolicy, numerical and formula tabs as sent, on the envelope and on a template', async () => {
      const envelopeId = await orderEnvelope()
      const tabs = await get(`/envelopes/${envelopeId}/recipients/1/tabs`)
      expect(tabs.numericalTabs).toEqual(orderTabs.numericalTabs.map((tab) => expect.objectContaining(tab)))
      expect(tabs.formulaTabs).toEqual([expect.objectContaining(orderTabs.formulaTabs[0])])
      expect(tabs.dateTabs).toEqual([expect.objectContaining(orderTabs.dateTabs[0])])

      const template = await send('POST', '/templates', {
        name: 'Order template',
        documents: [{ documentId: '1', name: 'Order.pdf', documentBase64: onePage }],
        recipients: { signers: [{ recipientId: '1', roleName: 'Buyer', tabs: orderTabs }] },
      })
      expect(template.statusCode, template.body).toBe(201)
      const stored = await get(`/templates/${template.json().templateId}`)
      const storedTabs = stored.recipients.signers[0].tabs
      expect(storedTabs.numericalTabs).toEqual(
        orderTabs.numericalTabs.map((tab) => expect.objectContaining(tab)),
      )
      expect(storedTabs.formulaTabs).toEqual([expect.objectContaining(orderTabs.formulaTabs[0])])
      expect(storedTabs.dateTabs[0].localePolicy).toEqual({ dateFormat: 'yyyy-MM-dd' })
    })

    it('refuses a formula the service cannot compute when the envelope is created', async () => {
      const response = await send('POST', '/envelopes', {
        status: 'sent',
        documents: [{ documentId: '1', name: 'Order.pdf', documentBase64: onePage }],
        recipients: {
          signers: [
            {
              recipientId: '1',
              name: 'Ana Ruiz',
              email: 'ana@example.test',
              tabs: { formulaTabs: [{ ...at(100), tabLabel: 'Total', formula: 'Round([Price], 2)' }] },
            },
          ],
        },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toMatch(
        /^recipients\.signers\[0\]\.tabs\.formulaTabs\[0\]\.formula is not a formula/,
      )
    })

    it('enforces numerical validation at signing and stores the computed formula as the tab value', async () => {
      const envelopeId = await orderEnvelope()
      const token = await signingToken(envelopeId)
      const tooMany = await finish(token, { 'numericalTabs-0': '11', 'numericalTabs-1': '19.99' })
      expect(tooMany.statusCode).toBe(400)
      expect(tooMany.json().message ?? tooMany.body).toContain('values.numericalTabs-0 must be at most 10')
      const tooPrecise = await finish(token, { 'numericalTabs-0': '3', 'numericalTabs-1': '19.999' })
      expect(tooPrecise.statusCode).toBe(400)
      const forged = await finish(token, {
        'numericalTabs-0': '3',
        'numericalTabs-1': '19.99',
        'formulaTabs-0': '1',
      })
      expect(forged.statusCode).toBe(400)

      const finished = await finish(token, { 'numericalTabs-0': '3', 'numericalTabs-1': '19.99' })
      expect(finished.statusCode, finished.body).toBe(200)
      const tabs = await get(`/envelopes/${envelopeId}/recipients/1/tabs`)
      expect(
        tabs.numericalTabs.map((tab: SdkModel) => [tab.value, tab.numericalValue, tab.localePolicy]),
      ).toEqual([
        ['3.00', '3', localePolicy],
        ['$19.99 USD', '19.99', localePolicy],
      ])
      // 3 * 19.99 - 2.5, shown in the locale of the currency numericalTab it reads (locale-format.ts)
      expect(tabs.formulaTabs[0].value).toBe('$57.47 USD')
      const formData = await get(`/envelopes/${envelopeId}/form_data`)
      expect(formData.formData).toEqual(expect.arrayContaining([{ name: 'Total', value: '$57.47 USD' }]))
    })
  })
})
