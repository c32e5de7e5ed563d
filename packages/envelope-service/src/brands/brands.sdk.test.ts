import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { seedPrincipal } from '../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkApiClient,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../testing/sdk.js'

/** The official DocuSign Node SDK's brand calls, and the envelope and template calls that name a brand. */
interface DocuSignSdk extends DocuSignSdkBase {
  AccountsApi: new (
    client: unknown,
  ) => {
    listBrands(accountId: string): Promise<SdkModel>
    createBrand(accountId: string, opts: { brand: object }): Promise<SdkModel>
    getBrand(accountId: string, brandId: string): Promise<SdkModel>
    updateBrand(accountId: string, brandId: string, opts: { brand: object }): Promise<SdkModel>
    deleteBrand(accountId: string, brandId: string): Promise<SdkModel>
    deleteBrands(accountId: string, opts: { brandsRequest: object }): Promise<SdkModel>
    updateBrandLogoByType(
      logoFileBytes: Buffer,
      accountId: string,
      brandId: string,
      logoType: string,
    ): Promise<SdkModel>
  }
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, opts: { envelopeDefinition: object }): Promise<SdkModel>
    getEnvelope(accountId: string, envelopeId: string): Promise<SdkModel>
  }
  TemplatesApi: new (
    client: unknown,
  ) => {
    createTemplate(accountId: string, opts: { envelopeTemplate: object }): Promise<SdkModel>
    get(accountId: string, templateId: string): Promise<SdkModel>
    update(accountId: string, templateId: string, opts: { envelopeTemplate: object }): Promise<SdkModel>
    listTemplates(accountId: string, opts: { count: string }): Promise<{ envelopeTemplates?: SdkModel[] }>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    // biome-ignore lint/suspicious/noExplicitAny: the SDK rejects with an axios error.
    (error: any) => ({ status: error.response?.status, body: error.response?.data }),
  )

const signHere = { documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }

describeEachDatabase('DocuSign Node SDK: brands', (databases) => {
  let sdk: SdkService
  let accountId: string
  let accounts: InstanceType<DocuSignSdk['AccountsApi']>
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>
  let templates: InstanceType<DocuSignSdk['TemplatesApi']>
  let senderClient: SdkApiClient
  let pdf: string

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    accountId = sdk.principal.accountId
    accounts = new docusign.AccountsApi(sdk.client)
    envelopes = new docusign.EnvelopesApi(sdk.client)
    templates = new docusign.TemplatesApi(sdk.client)
    const sender = await seedPrincipal(sdk.service.ctx, { accountId, permissions: ['send_envelopes'] })
    const { port } = sdk.service.app.server.address() as { port: number }
    senderClient = new docusign.ApiClient()
    senderClient.setBasePath(`http://127.0.0.1:${port}/restapi`)
    senderClient.addDefaultHeader('Authorization', `Bearer ${sender.accessToken}`)
    pdf = await makePdfBase64(1, 'Sign')
  })
  afterAll(() => sdk?.close())

  const acme = {
    brandName: 'Acme',
    brandCompany: 'Acme Corporation',
    defaultBrandLanguage: 'es',
    brandLanguages: ['en', 'es'],
    colors: [
      { name: 'headerBackground', value: '#112233' },
      { name: 'headerText', value: '#FFFFFF' },
    ],
    isSendingDefault: true,
    links: [{ linkType: 'aboutDocusign', showLink: 'false' }],
  }
  const createBrand = async (brand: object = acme) =>
    (await accounts.createBrand(accountId, { brand })).brands[0] as SdkModel

  describe('POST /brands', () => {
    it("creates a brand and answers DocuSign's brandsResponse with it", async () => {
      const answer = await accounts.createBrand(accountId, { brand: acme })
      expect(answer.brands).toEqual([{ brandId: expect.any(String), ...acme }])
      expect(await accounts.getBrand(accountId, answer.brands[0].brandId)).toEqual(answer.brands[0])
    })

    it.each([
      ['an unknown language', { brandName: 'X', defaultBrandLanguage: 'xx' }, 'defaultBrandLanguage'],
      [
        'a colour that is not #RRGGBB',
        { brandName: 'X', colors: [{ name: 'headerText', value: 'red' }] },
        'value',
      ],
      ['an unknown colour name', { brandName: 'X', colors: [{ name: 'border', value: '#000000' }] }, 'name'],
      [
        'a colour named twice',
        {
          brandName: 'X',
          colors: [
            { name: 'headerText', value: '#000000' },
            { name: 'headerText', value: '#111111' },
          ],
        },
        'headerText',
      ],
      [
        'a default language outside brandLanguages',
        { brandName: 'X', defaultBrandLanguage: 'fr', brandLanguages: ['en'] },
        'brandLanguages',
      ],
      ['no brandName', { brandCompany: 'X' }, 'brandName'],
    ])('refuses %s with a 400 naming it', async (_, brand, named) => {
      const refused = await failure(accounts.createBrand(accountId, { brand }))
      expect(refused).toMatchObject({
        status: 400,
        body: { errorCode: 'INVALID_REQUEST_PARAMETER', message: expect.stringContaining(named) },
      })
    })

    it('is 403 for a member who may not administer the account', async () => {
      const refused = await failure(
        new docusign.AccountsApi(senderClient).createBrand(accountId, { brand: acme }),
      )
      expect(refused).toMatchObject({ status: 403 })
    })
  })

  describe('GET, PUT and DELETE', () => {
    it('lists the brands with the sending default, which one brand holds at a time', async () => {
      const first = await createBrand()
      const second = await createBrand({ brandName: 'Beta', isSendingDefault: true })
      const listed = await new docusign.AccountsApi(senderClient).listBrands(accountId)
      expect(listed.senderBrandIdDefault).toBe(second.brandId)
      expect(listed.brands.find((brand: SdkModel) => brand.brandId === first.brandId).isSendingDefault).toBe(
        false,
      )
    })

    it('changes the properties given and keeps the others', async () => {
      const brand = await createBrand()
      const updated = await accounts.updateBrand(accountId, brand.brandId, {
        brand: { brandCompany: 'Acme Iberia', defaultBrandLanguage: 'en' },
      })
      expect(updated).toEqual({ ...brand, brandCompany: 'Acme Iberia', defaultBrandLanguage: 'en' })
      expect(await accounts.getBrand(accountId, brand.brandId)).toEqual(updated)
    })

    it('deletes one brand, and several at once (all or none)', async () => {
      const [one, two, three] = [await createBrand(), await createBrand(), await createBrand()]
      await accounts.deleteBrand(accountId, one.brandId)
      expect(await failure(accounts.getBrand(accountId, one.brandId))).toMatchObject({ status: 404 })
      expect(
        await failure(
          accounts.deleteBrands(accountId, {
            brandsRequest: { brands: [{ brandId: two.brandId }, { brandId: 'nope' }] },
          }),
        ),
      ).toMatchObject({ status: 400 })
      expect(await accounts.getBrand(accountId, two.brandId)).toMatchObject({ brandId: two.brandId })
      const left = await accounts.deleteBrands(accountId, {
        brandsRequest: { brands: [{ brandId: two.brandId }, { brandId: three.brandId }] },
      })
      const ids = left.brands.map((brand: SdkModel) => brand.brandId)
      expect(ids).not.toContain(two.brandId)
      expect(ids).not.toContain(three.brandId)
    })

    it('answers 404 for a brand the account lacks, and refuses logo uploads with a 400', async () => {
      expect(await failure(accounts.getBrand(accountId, 'nope'))).toMatchObject({
        status: 404,
        body: { errorCode: 'RESOURCE_NOT_FOUND' },
      })
      const brand = await createBrand()
      const refused = await failure(
        accounts.updateBrandLogoByType(Buffer.from('png'), accountId, brand.brandId, 'primary'),
      )
      expect(refused).toMatchObject({ status: 400, body: { message: expect.stringContaining('logos') } })
    })
  })

  describe('brandId on envelopes and templates', () => {
    const definition = (extra: object) => ({
      envelopeDefinition: {
        status: 'sent',
        emailSubject: 'Branded',
        documents: [{ documentId: '1', name: 'Doc', fileExtension: 'pdf', documentBase64: pdf }],
        recipients: {
          signers: [
            { recipientId: '1', name: 'Ana', email: 'ana@example.test', tabs: { signHereTabs: [signHere] } },
          ],
        },
        ...extra,
      },
    })
    const template = (extra: object) =>
      templates.createTemplate(accountId, {
        envelopeTemplate: {
          name: `Branded template ${Math.random()}`,
          emailSubject: 'From a template',
          documents: [{ documentId: '1', name: 'Doc', fileExtension: 'pdf', documentBase64: pdf }],
          recipients: {
            signers: [{ recipientId: '1', roleName: 'Signer', tabs: { signHereTabs: [signHere] } }],
          },
          ...extra,
        },
      })
    const fromTemplate = (templateId: string, extra: object = {}) =>
      envelopes.createEnvelope(accountId, {
        envelopeDefinition: {
          status: 'sent',
          templateId,
          templateRoles: [{ roleName: 'Signer', name: 'Ana', email: 'ana@example.test' }],
          ...extra,
        },
      })

    it('stores and returns the brand of an envelope', async () => {
      const brand = await createBrand()
      const { envelopeId } = await envelopes.createEnvelope(accountId, definition({ brandId: brand.brandId }))
      expect((await envelopes.getEnvelope(accountId, envelopeId)).brandId).toBe(brand.brandId)
    })

    it('refuses a brandId the account lacks with a 400 naming it; stores and returns brandLock', async () => {
      expect(
        await failure(envelopes.createEnvelope(accountId, definition({ brandId: 'nope' }))),
      ).toMatchObject({
        status: 400,
        body: { errorCode: 'INVALID_REQUEST_PARAMETER', message: expect.stringContaining('brandId') },
      })
      const brand = await createBrand()
      const locked = await envelopes.createEnvelope(
        accountId,
        definition({ brandId: brand.brandId, brandLock: 'true' }),
      )
      const stored = await envelopes.getEnvelope(accountId, locked.envelopeId)
      expect([stored.brandId, stored.brandLock, stored.messageLock]).toEqual([brand.brandId, 'true', 'false'])
    })

    it("keeps a brand-locked template's brand on its envelopes and refuses another", async () => {
      const [templateBrand, otherBrand] = [await createBrand(), await createBrand()]
      const { templateId } = await template({ brandId: templateBrand.brandId, brandLock: 'true' })
      expect((await templates.get(accountId, templateId)).brandLock).toBe('true')
      // The SDK's list reads it too (its `EnvelopeTemplate` model, as for one template).
      const listed = await templates.listTemplates(accountId, { count: '100' })
      expect(listed.envelopeTemplates?.find((item) => item.templateId === templateId)?.brandLock).toBe('true')
      const inherited = await fromTemplate(templateId)
      const stored = await envelopes.getEnvelope(accountId, inherited.envelopeId)
      expect([stored.brandId, stored.brandLock]).toEqual([templateBrand.brandId, 'true'])
      // Naming the template's own brand is no change.
      await fromTemplate(templateId, { brandId: templateBrand.brandId })
      expect(await failure(fromTemplate(templateId, { brandId: otherBrand.brandId }))).toMatchObject({
        status: 400,
        body: { errorCode: 'INVALID_REQUEST_PARAMETER', message: expect.stringContaining('brandLock') },
      })
      expect(await failure(fromTemplate(templateId, { brandLock: 'false' }))).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('brandLock cannot be "false"') },
      })
      // Unlocked again, the template's brand is a default the envelope may replace.
      await templates.update(accountId, templateId, { envelopeTemplate: { brandLock: 'false' } })
      const replaced = await fromTemplate(templateId, { brandId: otherBrand.brandId })
      expect((await envelopes.getEnvelope(accountId, replaced.envelopeId)).brandId).toBe(otherBrand.brandId)
    })

    it("gives an envelope made from a template the template's brand, unless it names its own", async () => {
      const [templateBrand, ownBrand] = [await createBrand(), await createBrand()]
      const { templateId } = await template({ brandId: templateBrand.brandId })
      expect((await templates.get(accountId, templateId)).brandId).toBe(templateBrand.brandId)
      const inherited = await fromTemplate(templateId)
      expect((await envelopes.getEnvelope(accountId, inherited.envelopeId)).brandId).toBe(
        templateBrand.brandId,
      )
      const own = await fromTemplate(templateId, { brandId: ownBrand.brandId })
      expect((await envelopes.getEnvelope(accountId, own.envelopeId)).brandId).toBe(ownBrand.brandId)
    })

    it("changes a template's brand on update, and refuses one the account lacks", async () => {
      const brand = await createBrand()
      const { templateId } = await template({})
      expect((await templates.get(accountId, templateId)).brandId).toBeUndefined()
      await templates.update(accountId, templateId, { envelopeTemplate: { brandId: brand.brandId } })
      expect((await templates.get(accountId, templateId)).brandId).toBe(brand.brandId)
      expect(
        await failure(templates.update(accountId, templateId, { envelopeTemplate: { brandId: 'nope' } })),
      ).toMatchObject({ status: 400 })
      expect(await failure(template({ brandId: 'nope' }))).toMatchObject({ status: 400 })
    })
  })
})
