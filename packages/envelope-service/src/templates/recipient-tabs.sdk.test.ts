import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
 * The official DocuSign Node SDK's `TemplatesApi.createTabs`, `updateTabs` and `deleteTabs` against
 * `.../templates/{templateId}/recipients/{recipientId}/tabs`: tab ids, the template's version, and an
 * envelope made from the template afterwards.
 */
interface DocuSignSdk extends DocuSignSdkBase {
  TemplatesApi: new (
    client: unknown,
  ) => {
    createTemplate(accountId: string, options: { envelopeTemplate: unknown }): Promise<SdkModel>
    get(accountId: string, templateId: string): Promise<SdkModel>
    listTabs(accountId: string, templateId: string, recipientId: string): Promise<SdkModel>
    createTabs(
      accountId: string,
      templateId: string,
      recipientId: string,
      options: { templateTabs: unknown },
    ): Promise<SdkModel>
    updateTabs(
      accountId: string,
      templateId: string,
      recipientId: string,
      options: { templateTabs: unknown },
    ): Promise<SdkModel>
    deleteTabs(
      accountId: string,
      templateId: string,
      recipientId: string,
      options: { templateTabs: unknown },
    ): Promise<SdkModel>
  }
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    listTabs(accountId: string, envelopeId: string, recipientId: string): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describeEachDatabase('DocuSign Node SDK: template recipient tabs', (databases) => {
  let sdk: SdkService
  let templates: InstanceType<DocuSignSdk['TemplatesApi']>
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>
  let accountId: string

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    accountId = sdk.principal.accountId
    templates = new docusign.TemplatesApi(sdk.client)
    envelopes = new docusign.EnvelopesApi(sdk.client)
  })
  afterAll(() => sdk?.close())

  const at = (x: number) => ({ documentId: '1', pageNumber: '1', xPosition: String(x), yPosition: '100' })

  async function template(): Promise<string> {
    const { templateId } = await templates.createTemplate(accountId, {
      envelopeTemplate: {
        name: 'Tabs',
        documents: [
          { documentId: '1', name: 'Terms', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
        ],
        recipients: {
          signers: [
            {
              recipientId: '7',
              roleName: 'Customer',
              routingOrder: '1',
              tabs: { signHereTabs: [at(100)], textTabs: [{ ...at(200), tabLabel: 'Case' }] },
            },
          ],
          carbonCopies: [{ recipientId: '9', roleName: 'Agent', routingOrder: '2' }],
        },
      },
    })
    return templateId
  }
  const tabsOf = (templateId: string) => templates.listTabs(accountId, templateId, '7')
  const versionOf = async (templateId: string) =>
    Number(
      (
        await sdk.service.ctx.db
          .selectFrom('templates')
          .select('version')
          .where('id', '=', templateId)
          .executeTakeFirstOrThrow()
      ).version,
    )

  it('gives every template tab a GUID on save, the same on every read', async () => {
    const templateId = await template()
    const tabs = await tabsOf(templateId)
    expect(tabs.signHereTabs[0].tabId).toMatch(GUID)
    expect(tabs.textTabs[0].tabId).toMatch(GUID)
    expect((await tabsOf(templateId)).textTabs[0].tabId).toBe(tabs.textTabs[0].tabId)
    const full = await templates.get(accountId, templateId)
    expect(full.recipients.signers[0].tabs.textTabs[0].tabId).toBe(tabs.textTabs[0].tabId)
  })

  describe('createTabs', () => {
    it('adds tabs to a role (201), bumps the version, and envelopes made from it carry them', async () => {
      const templateId = await template()
      const before = await versionOf(templateId)
      const added = await templates.createTabs(accountId, templateId, '7', {
        templateTabs: { dateSignedTabs: [{ ...at(300), tabLabel: 'Signed on' }] },
      })
      expect(added.dateSignedTabs[0]).toMatchObject({
        tabLabel: 'Signed on',
        tabId: expect.stringMatching(GUID),
      })
      expect(await versionOf(templateId)).toBe(before + 1)
      expect((await tabsOf(templateId)).dateSignedTabs[0].tabId).toBe(added.dateSignedTabs[0].tabId)
      const { envelopeId } = await envelopes.createEnvelope(accountId, {
        envelopeDefinition: {
          status: 'created',
          templateId,
          templateRoles: [{ roleName: 'Customer', name: 'Ana', email: 'ana@example.test' }],
        },
      })
      const envelopeTabs = await envelopes.listTabs(accountId, envelopeId, '7')
      expect(envelopeTabs.dateSignedTabs.map((tab: SdkModel) => tab.tabLabel)).toEqual(['Signed on'])
      expect(envelopeTabs.dateSignedTabs[0].tabId).toMatch(GUID)
      expect(envelopeTabs.dateSignedTabs[0].tabId).not.toBe(added.dateSignedTabs[0].tabId)
    })
  })

  describe('updateTabs', () => {
    it('changes the fields given of a tab named by tabId, and answers an unknown one with errorDetails', async () => {
      const templateId = await template()
      const [text] = (await tabsOf(templateId)).textTabs
      // Read whole first, so that a cached GET body would be what a stale cache answers.
      expect(
        (await templates.get(accountId, templateId)).recipients.signers[0].tabs.textTabs[0].value,
      ).toBeUndefined()
      const answer = await templates.updateTabs(accountId, templateId, '7', {
        templateTabs: {
          textTabs: [
            { tabId: text.tabId, yPosition: '300', required: 'false', tabLabel: 'Case id', value: 'C-9' },
            { tabId: '00000000-0000-4000-8000-000000000000', value: 'x' },
          ],
        },
      })
      expect(answer.textTabs[0].errorDetails).toBeUndefined()
      expect(answer.textTabs[1].errorDetails.errorCode).toBe('INVALID_TAB_OPERATION')
      const full = await templates.get(accountId, templateId)
      expect(full.recipients.signers[0].tabs.textTabs[0]).toMatchObject({ tabId: text.tabId, value: 'C-9' })
      expect((await tabsOf(templateId)).textTabs).toEqual([
        expect.objectContaining({
          tabId: text.tabId,
          xPosition: '200',
          yPosition: '300',
          required: 'false',
          tabLabel: 'Case id',
          value: 'C-9',
        }),
      ])
    })
  })

  describe('deleteTabs', () => {
    it("deletes a role's tab by tabId and answers it", async () => {
      const templateId = await template()
      const tabs = await tabsOf(templateId)
      const deleted = await templates.deleteTabs(accountId, templateId, '7', {
        templateTabs: { signHereTabs: [{ tabId: tabs.signHereTabs[0].tabId }] },
      })
      expect(deleted.signHereTabs[0].tabId).toBe(tabs.signHereTabs[0].tabId)
      const after = await tabsOf(templateId)
      expect(after.signHereTabs ?? []).toEqual([])
      expect(after.textTabs[0].tabId).toBe(tabs.textTabs[0].tabId)
    })
  })

  describe('refusals', () => {
    it('refuses unknown tabs, recipients, templates, carbon copies and bad bodies with 4xx, changing nothing', async () => {
      const templateId = await template()
      const version = await versionOf(templateId)
      const write = (target: string, recipientId: string, templateTabs: unknown) => () =>
        templates.deleteTabs(accountId, target, recipientId, { templateTabs })
      const cases: [() => Promise<unknown>, number, string][] = [
        [write(templateId, '7', { textTabs: [{ tabId: 'nope' }] }), 400, 'INVALID_TAB_OPERATION'],
        [write(templateId, '8', { textTabs: [{ tabId: 'nope' }] }), 400, 'UNKNOWN_ENVELOPE_RECIPIENT'],
        [write(templateId, '9', { textTabs: [{ tabId: 'nope' }] }), 400, 'INVALID_TAB_OPERATION'],
        [write(templateId, '7', {}), 400, 'INVALID_REQUEST_PARAMETER'],
        [write(templateId, '7', { stampTabs: [{ tabId: 'x' }] }), 400, 'INVALID_REQUEST_PARAMETER'],
        [write('00000000-0000-4000-8000-000000000000', '7', { textTabs: [{ tabId: 'x' }] }), 404, ''],
      ]
      for (const [run, status, errorCode] of cases) {
        const refused = await sdkFailure(run())
        expect(refused?.status).toBe(status)
        if (errorCode) expect(refused?.body.errorCode).toBe(errorCode)
      }
      const added = await sdkFailure(
        templates.createTabs(accountId, templateId, '7', {
          templateTabs: { textTabs: [{ ...at(1), documentId: '4' }] },
        }),
      )
      expect(added).toMatchObject({ status: 400, body: { message: expect.stringContaining('documentId 4') } })
      expect(await versionOf(templateId)).toBe(version)
    })
  })
})
