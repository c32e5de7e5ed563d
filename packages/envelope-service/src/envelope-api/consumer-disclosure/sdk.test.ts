import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import { DISCLOSURE_TEXT } from '../../signing/disclosure/text.js'
import { seedPrincipal } from '../../testing/harness.js'
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
    updateConsumerDisclosure(
      accountId: string,
      langCode: string,
      options: { consumerDisclosure: unknown },
    ): Promise<SdkModel>
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

  /** Lucía reads Spanish (her own language), Ed English (no language of his own). */
  const SPANISH_AND_ENGLISH_SIGNERS = [
    {
      recipientId: '1',
      name: 'Lucía',
      email: 'lucia@example.test',
      emailNotification: { emailSubject: 'Firme', emailBody: 'Hola', supportedLanguage: 'es' },
    },
    { recipientId: '2', name: 'Ed', email: 'ed@example.test' },
  ]

  /** A draft that asks its signers for the disclosure, with one document. */
  async function draftAskingDisclosure(signers: object[]): Promise<string> {
    const { envelopeId } = await envelopes.createEnvelope(accountId, {
      envelopeDefinition: {
        status: 'created',
        emailSubject: 'Lease',
        useDisclosure: 'true',
        documents: [
          {
            documentId: '1',
            name: 'Lease.pdf',
            fileExtension: 'pdf',
            documentBase64: await makePdfBase64(1),
          },
        ],
        recipients: { signers },
      },
    })
    return String(envelopeId)
  }

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
    const envelopeId = await draftAskingDisclosure(SPANISH_AND_ENGLISH_SIGNERS)
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

  describe('updateConsumerDisclosure: the account adds its contact details', () => {
    const contact = {
      companyName: 'Acme Rentals',
      companyPhone: '+1 555 0100',
      changeEmail: 'records@acme.test',
      copyRequestEmail: 'copies@acme.test',
      copyCostPerPage: '0.25',
      copyFeeCollectionMethod: 'check or bank transfer',
      withdrawByEmail: 'true',
      withdrawEmail: 'withdraw@acme.test',
      withdrawByMail: 'true',
      withdrawAddressLine1: '1 Main St',
      withdrawCity: 'Springfield',
      withdrawState: 'IL',
      withdrawPostalCode: '62701',
      withdrawConsequences: 'Your lease application then continues on paper.',
    }

    it('adds them to the text of that language, which every read answers, and leaves the other language', async () => {
      const updated = await accounts.updateConsumerDisclosure(accountId, 'en_GB', {
        consumerDisclosure: contact,
      })
      expect(updated).toMatchObject({
        ...contact,
        languageCode: 'en',
        withdrawByPhone: 'false',
        custom: 'false',
      })
      expect(updated.esignText).toContain(DISCLOSURE_TEXT.en.intro('Acme Rentals'))
      expect(updated.esignText).toContain('for a paper copy of any document by writing to copies@acme.test.')
      expect(updated.esignText).toContain('Each page costs 0.25 (payment: check or bank transfer).')
      expect(updated.esignText).toContain(
        'with Decline to sign, or by email to withdraw@acme.test or by mail to 1 Main St, Springfield IL 62701.',
      )
      expect(updated.esignText).toContain('Your lease application then continues on paper.')
      expect(updated.esignText).toContain('write to records@acme.test or call +1 555 0100.')
      expect(await accounts.getConsumerDisclosure(accountId, 'en')).toEqual(updated)

      // The Spanish version, never set, borrows what reads the same in Spanish: no English sentences.
      const spanish = await accounts.getConsumerDisclosure(accountId, 'es')
      expect(spanish).toMatchObject({
        languageCode: 'es',
        companyName: 'Acme Rentals',
        changeEmail: 'records@acme.test',
        copyCostPerPage: '0.25',
        withdrawEmail: 'withdraw@acme.test',
        withdrawCity: 'Springfield',
      })
      expect(spanish.copyFeeCollectionMethod).toBeUndefined()
      expect(spanish.withdrawConsequences).toBeUndefined()
      expect(spanish.esignText).toContain('o por correo electrónico a withdraw@acme.test')
      expect(spanish.esignText).not.toContain('lease')

      // A recipient's disclosure speaks for the company the account named, with its details.
      const envelopeId = await draftAskingDisclosure([
        { recipientId: '1', name: 'Ed', email: 'ed@example.test' },
      ])
      expect(await envelopes.getConsumerDisclosureDefault(accountId, envelopeId, '1')).toEqual(updated)
    })

    it('takes a read sent back unchanged, keeps what an update leaves out and removes an emptied text', async () => {
      const before = await accounts.getConsumerDisclosure(accountId, 'en')
      expect(
        await accounts.updateConsumerDisclosure(accountId, 'en', { consumerDisclosure: before }),
      ).toEqual(before)
      const changed = await accounts.updateConsumerDisclosure(accountId, 'en', {
        consumerDisclosure: { companyPhone: '', withdrawByMail: 'false' },
      })
      expect(changed.companyPhone).toBeUndefined()
      expect(changed.withdrawByMail).toBe('false')
      expect(changed.changeEmail).toBe('records@acme.test')
      expect(changed.esignText).toContain('or by email to withdraw@acme.test.')
      expect(changed.esignText).not.toContain('by mail')

      // Spanish is set on its own, and its text says the same in Spanish.
      const spanish = await accounts.updateConsumerDisclosure(accountId, 'es_MX', {
        consumerDisclosure: {
          companyName: 'Acme Alquileres',
          withdrawByEmail: 'true',
          withdrawEmail: 'baja@acme.test',
        },
      })
      expect(spanish.languageCode).toBe('es')
      expect(spanish.esignText).toContain('con Rechazar firma, o por correo electrónico a baja@acme.test.')
      expect(spanish.esignText).toContain(DISCLOSURE_TEXT.es.intro('Acme Alquileres'))
      // It started from what Spanish signers read (the English version's addresses); now it is its own.
      expect(spanish.changeEmail).toBe('records@acme.test')
      await accounts.updateConsumerDisclosure(accountId, 'en', {
        consumerDisclosure: { changeEmail: 'new@acme.test' },
      })
      expect((await accounts.getConsumerDisclosure(accountId, 'es')).changeEmail).toBe('records@acme.test')
      await accounts.updateConsumerDisclosure(accountId, 'en', {
        consumerDisclosure: { changeEmail: 'records@acme.test' },
      })
    })

    it('refuses, naming every problem at once, what it cannot keep or show', async () => {
      const failure = await sdkFailure(
        accounts.updateConsumerDisclosure(accountId, 'en', {
          consumerDisclosure: {
            custom: 'true',
            esignText: '<p onclick="steal()">Our own words</p><script>steal()</script>',
            withdrawByPhone: 'true',
            changeEmail: 'not an address',
            copyCostPerPage: 'a quarter',
          },
        }),
      )
      expect(failure?.status).toBe(400)
      const message = String(failure?.body.message)
      for (const named of [
        'esignText: <p> may not carry the attribute onclick',
        'esignText may not contain <script>',
        'withdrawByPhone needs withdrawPhone',
        'changeEmail',
        'copyCostPerPage',
      ]) {
        expect(message).toContain(named)
      }
      const unchanged = await accounts.getConsumerDisclosure(accountId, 'en')
      expect(unchanged).toMatchObject({ changeEmail: 'records@acme.test', custom: 'false' })

      for (const langCode of ['fr', 'browser']) {
        const refused = await sdkFailure(
          accounts.updateConsumerDisclosure(accountId, langCode, {
            consumerDisclosure: { companyName: 'X' },
          }),
        )
        expect(refused, langCode).toMatchObject({ status: 400 })
        expect(String(refused?.body.message)).toContain('English (en, en_GB) and Spanish (es, es_MX)')
      }
    })

    it('is for administrators', async () => {
      const member = await seedPrincipal(sdk.service.ctx, { accountId, permissions: ['send_envelopes'] })
      const refused = await sdk.service.app.inject({
        method: 'PUT',
        url: `/restapi/v2.1/accounts/${accountId}/consumer_disclosure/en`,
        headers: { ...member.headers, 'content-type': 'application/json' },
        payload: { companyName: 'Not mine' },
      })
      expect(refused.statusCode).toBe(403)
      expect((await accounts.getConsumerDisclosure(accountId, 'en')).companyName).toBe('Acme Rentals')
    })
  })

  it('takes the account\'s own text for one language, shown to that language\'s signers, until custom is "false"', async () => {
    const envelopeId = await draftAskingDisclosure(SPANISH_AND_ENGLISH_SIGNERS)
    const own =
      '<h2>Our consent</h2><p>Acme keeps its records <b>electronically</b>. <a href="https://acme.test/ersd">More</a></p>'
    const stored =
      '<h2>Our consent</h2><p>Acme keeps its records <b>electronically</b>. <a href="https://acme.test/ersd" target="_blank" rel="noopener noreferrer">More</a></p>'
    const serviceAgreement = (await accounts.getConsumerDisclosure(accountId, 'en')).esignAgreement
    const updated = await accounts.updateConsumerDisclosure(accountId, 'en', {
      consumerDisclosure: { custom: 'true', esignText: own },
    })
    expect(updated).toMatchObject({ custom: 'true', esignText: stored, esignAgreement: serviceAgreement })
    expect(await accounts.getConsumerDisclosure(accountId, 'en')).toMatchObject({
      custom: 'true',
      esignText: stored,
      languageCode: 'en',
    })
    // Each version is its own: the Spanish one is still this service's text, for Spanish signers too.
    expect(await accounts.getConsumerDisclosure(accountId, 'es')).toMatchObject({ custom: 'false' })
    expect(await envelopes.getConsumerDisclosureDefault(accountId, envelopeId, '2')).toMatchObject({
      custom: 'true',
      esignText: stored,
    })
    const lucia = await envelopes.getConsumerDisclosureDefault(accountId, envelopeId, '1')
    expect(lucia).toMatchObject({ custom: 'false', languageCode: 'es' })
    expect(lucia.esignText).toContain(DISCLOSURE_TEXT.es.title)

    const back = await accounts.updateConsumerDisclosure(accountId, 'en', {
      consumerDisclosure: { custom: 'false' },
    })
    expect(back.custom).toBe('false')
    expect(back.esignText).toContain(`<h2>${DISCLOSURE_TEXT.en.title}</h2>`)
  })
})
