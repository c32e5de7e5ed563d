import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { findRecipients } from '../envelopes/repository.js'
import type { TestPrincipal, TestService } from '../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkApiClient,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../testing/sdk.js'

/** The official DocuSign Node SDK (CommonJS, untyped): the calls these tests make. */
interface DocuSignSdk extends DocuSignSdkBase {
  AccountsApi: new (
    client: unknown,
  ) => { getAccountIdentityVerification(accountId: string): Promise<SdkModel> }
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    listRecipients(accountId: string, envelopeId: string): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('identity verification through the DocuSign Node SDK', (databases) => {
  let sdk: SdkService
  let service: TestService
  let sender: TestPrincipal
  let client: SdkApiClient

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    ;({ service, principal: sender, client } = sdk)
  })
  afterAll(() => sdk?.close())

  it('lists the phone workflow, and an envelope naming it (or SMS Auth $) keeps the numbers unreturned', async () => {
    const listed = await new docusign.AccountsApi(client).getAccountIdentityVerification(sender.accountId)
    const workflow = listed.identityVerification.find(
      (candidate: SdkModel) => candidate.defaultName === 'Phone Authentication',
    )
    expect(JSON.parse(JSON.stringify(workflow.inputOptions))).toEqual([
      { optionName: 'phone_number_list', valueType: 'PhoneNumberList', isRequired: true },
    ])

    const envelopes = new docusign.EnvelopesApi(client)
    const summary = await envelopes.createEnvelope(sender.accountId, {
      envelopeDefinition: {
        status: 'sent',
        emailSubject: 'Phone-checked agreement',
        documents: [
          {
            documentId: '1',
            name: 'Agreement',
            fileExtension: 'pdf',
            documentBase64: await makePdfBase64(1),
          },
        ],
        recipients: {
          signers: [
            {
              recipientId: '1',
              name: 'Ana Ruiz',
              email: 'ana@example.test',
              identityVerification: {
                workflowId: workflow.workflowId,
                inputOptions: [
                  {
                    name: 'phone_number_list',
                    valueType: 'PhoneNumberList',
                    phoneNumberList: [{ countryCode: '57', number: '3001234567' }],
                  },
                ],
              },
            },
            {
              recipientId: '2',
              routingOrder: '2',
              name: 'Bo Lee',
              email: 'bo@example.test',
              idCheckConfigurationName: 'SMS Auth $',
              requireIdLookup: 'true',
              smsAuthentication: { senderProvidedNumbers: ['+1 (415) 555-0123'] },
            },
          ],
        },
      },
    })
    const stored = (await findRecipients(service.ctx.db, [summary.envelopeId])).get(summary.envelopeId)!
    expect(stored.map((recipient) => recipient.smsAuthPhones)).toEqual([['+573001234567'], ['+14155550123']])
    const listedRecipients = await envelopes.listRecipients(sender.accountId, summary.envelopeId)
    expect(JSON.stringify(listedRecipients)).not.toMatch(
      /3001234567|5550123|identityVerification|smsAuthentication/,
    )
  })
})
