import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import { DISCLOSURE_TEXT } from '../../signing/disclosure/text.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  sdkFailure,
  startSdkService,
} from '../../testing/sdk.js'

/** The official DocuSign Node SDK's four consumer-disclosure reads, account and recipient. */
interface DocuSignSdk extends DocuSignSdkBase {
  AccountsApi: new (
    client: unknown,
  ) => {
    getAccountInformation(accountId: string): Promise<SdkModel>
    getConsumerDisclosureDefault(accountId: string, options?: { langCode?: string }): Promise<SdkModel>
    getConsumerDisclosure(accountId: string, langCode: string): Promise<SdkModel>
  }
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    getEnvelope(accountId: string, envelopeId: string): Promise<SdkModel>
    getConsumerDisclosureDefault(
      accountId: string,
      envelopeId: string,
      recipientId: string,
      options?: { langCode?: string },
    ): Promise<SdkModel>
    getConsumerDisclosure(
      accountId: string,
      envelopeId: string,
      recipientId: string,
      langCode: string,
    ): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK: the electronic record disclosure', (databases) => {
  let sdk: SdkService
  let accounts: InstanceType<DocuSignSdk['AccountsApi']>
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>
  let accountId: string

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    await sdk.service.ctx.jobs.stop()
    accountId = sdk.principal.accountId
    accounts = new docusign.AccountsApi(sdk.client)
    envelopes = new docusign.EnvelopesApi(sdk.client)
  })
  afterAll(() => sdk?.close())

  it("answers the account's disclosure in English or Spanish, the text the signing page shows", async () => {
    const { accountName } = await accounts.getAccountInformation(accountId)
    const english = await accounts.getConsumerDisclosureDefault(accountId)
    expect(english).toMatchObject({
      accountEsignId: accountId,
      companyName: accountName,
      languageCode: 'en',
      custom: 'false',
      mustAgreeToEsign: 'true',
      allowCDWithdraw: 'true',
      useConsumerDisclosureWithinAccount: 'false',
      esignAgreement: `<p>${DISCLOSURE_TEXT.en.agree}</p>`,
    })
    expect(english.esignText).toContain(`<h2>${DISCLOSURE_TEXT.en.title}</h2>`)
    for (const section of DISCLOSURE_TEXT.en.sections('x')) {
      expect(english.esignText).toContain(`<h3>${section.heading}</h3>`)
    }

    for (const code of ['es', 'es_MX', 'ES-mx']) {
      const spanish = await accounts.getConsumerDisclosure(accountId, code)
      expect(spanish.languageCode, code).toBe('es')
      expect(spanish.esignText).toContain(`<h2>${DISCLOSURE_TEXT.es.title}</h2>`)
    }
    expect((await accounts.getConsumerDisclosureDefault(accountId, { langCode: 'es' })).languageCode).toBe(
      'es',
    )
    // A language DocuSign knows but this service has no text for: English, and it says so.
    expect((await accounts.getConsumerDisclosure(accountId, 'fr')).languageCode).toBe('en')
    expect(await sdkFailure(accounts.getConsumerDisclosure(accountId, 'klingon'))).toMatchObject({
      status: 400,
      body: { errorCode: 'INVALID_REQUEST_PARAMETER', message: expect.stringContaining('langCode') },
    })
  })

  it("reads `browser` from the caller's Accept-Language", async () => {
    const read = (acceptLanguage: string) =>
      sdk.service.app.inject({
        method: 'GET',
        url: `/restapi/v2.1/accounts/${accountId}/consumer_disclosure?langCode=browser`,
        headers: { ...sdk.principal.headers, 'accept-language': acceptLanguage },
      })
    expect((await read('es-ES,es;q=0.9,en;q=0.5')).json().languageCode).toBe('es')
    expect((await read('de-DE,en;q=0.8')).json().languageCode).toBe('en')
  })

  it("answers a recipient's in their page's language, speaking for the sender, and refuses an unknown recipient", async () => {
    const { envelopeId } = await envelopes.createEnvelope(accountId, {
      envelopeDefinition: {
        status: 'created',
        emailSubject: 'Disclosure',
        useDisclosure: 'true',
        documents: [
          {
            documentId: '1',
            name: 'Lease.pdf',
            fileExtension: 'pdf',
            documentBase64: await makePdfBase64(1),
          },
        ],
        recipients: {
          signers: [
            {
              recipientId: '1',
              name: 'Lucía',
              email: 'lucia@example.test',
              emailNotification: { emailSubject: 'Firme', emailBody: 'Hola', supportedLanguage: 'es' },
            },
            { recipientId: '2', name: 'Ed', email: 'ed@example.test' },
          ],
        },
      },
    })
    const sender = String((await envelopes.getEnvelope(accountId, envelopeId)).sender.userName)
    const lucia = await envelopes.getConsumerDisclosureDefault(accountId, envelopeId, '1')
    expect(lucia).toMatchObject({ languageCode: 'es', companyName: sender })
    expect(lucia.esignText).toContain(DISCLOSURE_TEXT.es.intro(sender))
    expect((await envelopes.getConsumerDisclosureDefault(accountId, envelopeId, '2')).languageCode).toBe('en')
    expect(
      (await envelopes.getConsumerDisclosureDefault(accountId, envelopeId, '2', { langCode: 'es' }))
        .languageCode,
    ).toBe('es')
    expect((await envelopes.getConsumerDisclosure(accountId, envelopeId, '1', 'en')).languageCode).toBe('en')
    expect(
      await sdkFailure(envelopes.getConsumerDisclosureDefault(accountId, envelopeId, '9')),
    ).toMatchObject({
      status: 400,
      body: { errorCode: 'UNKNOWN_ENVELOPE_RECIPIENT' },
    })
    expect(
      await sdkFailure(envelopes.getConsumerDisclosureDefault(accountId, 'not-an-envelope', '1')),
    ).toMatchObject({ status: 404 })
  })
})
