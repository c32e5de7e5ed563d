import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signaturePng } from '../../completion/test-fixtures.js'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import type { TestPrincipal, TestService } from '../../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  sdkFailure,
  startSdkService,
} from '../../testing/sdk.js'
import { specErrors } from '../../testing/spec-responses.js'

/**
 * The official DocuSign Node SDK's `EnvelopesApi.createTabs`, `updateTabs` and `deleteTabs` against
 * `.../envelopes/{envelopeId}/recipients/{recipientId}/tabs`, and the tab ids every read returns.
 */
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    createTabs(
      accountId: string,
      envelopeId: string,
      recipientId: string,
      options: { tabs: unknown },
    ): Promise<SdkModel>
    updateTabs(
      accountId: string,
      envelopeId: string,
      recipientId: string,
      options: { tabs: unknown },
    ): Promise<SdkModel>
    deleteTabs(
      accountId: string,
      envelopeId: string,
      recipientId: string,
      options: { tabs: unknown },
    ): Promise<SdkModel>
    listTabs(accountId: string, envelopeId: string, recipientId: string): Promise<SdkModel>
    listRecipients(
      accountId: string,
      envelopeId: string,
      options?: { includeTabs?: string },
    ): Promise<SdkModel>
    getEnvelope(accountId: string, envelopeId: string, options?: { include?: string }): Promise<SdkModel>
    listAuditEvents(accountId: string, envelopeId: string): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

/** DocuSign's `EnvelopeRecipientTabs`, the answer of every tab operation (the extract keeps it under the GET). */
const TABS_SCHEMA = 'GET /envelopes/{envelopeId}/recipients/{recipientId}/tabs 200'
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describeEachDatabase('DocuSign Node SDK: envelope recipient tabs', (databases) => {
  let sdk: SdkService
  let service: TestService
  let sender: TestPrincipal
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    ;({ service, principal: sender } = sdk)
    await service.ctx.jobs.stop()
    envelopes = new docusign.EnvelopesApi(sdk.client)
  })
  afterAll(() => sdk?.close())

  const at = (x: number) => ({ documentId: '1', pageNumber: '1', xPosition: String(x), yPosition: '100' })

  /** A draft or sent envelope: signer 1 with a signature and a text tab, a carbon copy, and `more` signers after. */
  async function envelope(status: 'created' | 'sent', more: object[] = []): Promise<string> {
    const summary = await envelopes.createEnvelope(sender.accountId, {
      envelopeDefinition: {
        status,
        emailSubject: 'Tabs',
        documents: [
          {
            documentId: '1',
            name: 'Contract.pdf',
            fileExtension: 'pdf',
            documentBase64: await makePdfBase64(2),
          },
        ],
        recipients: {
          signers: [
            {
              recipientId: '1',
              name: 'Ana Ruiz',
              email: 'ana@example.test',
              clientUserId: 'crm-ana',
              tabs: { signHereTabs: [at(100)], textTabs: [{ ...at(200), tabLabel: 'Case', value: 'C-1' }] },
            },
            ...more,
          ],
          carbonCopies: [{ recipientId: '2', name: 'Cy Copy', email: 'cy@example.test' }],
        },
      },
    })
    return summary.envelopeId
  }

  const tabsOf = (envelopeId: string) => envelopes.listTabs(sender.accountId, envelopeId, '1')

  describe('tab ids', () => {
    it('gives every tab a GUID at creation and returns the same ids on every read', async () => {
      const envelopeId = await envelope('created')
      const tabs = await tabsOf(envelopeId)
      const [sign] = tabs.signHereTabs
      const [text] = tabs.textTabs
      expect(sign.tabId).toMatch(GUID)
      expect(text.tabId).toMatch(GUID)
      expect(text.tabId).not.toBe(sign.tabId)
      expect((await tabsOf(envelopeId)).textTabs[0].tabId).toBe(text.tabId)
      const recipients = await envelopes.listRecipients(sender.accountId, envelopeId, { includeTabs: 'true' })
      expect(recipients.signers[0].tabs.textTabs[0].tabId).toBe(text.tabId)
      const full = await envelopes.getEnvelope(sender.accountId, envelopeId, { include: 'recipients,tabs' })
      expect(full.recipients.signers[0].tabs.signHereTabs[0].tabId).toBe(sign.tabId)
    })

    it('derives stable ids for tabs stored without ids and keeps them once a tab write stores them', async () => {
      const envelopeId = await envelope('created')
      await service.ctx.db
        .updateTable('envelope_recipients')
        .set({ tabs: JSON.stringify({ textTabs: [{ ...at(200), tabLabel: 'Old', value: 'v' }] }) })
        .where('envelope_id', '=', envelopeId)
        .execute()
      const derived = (await tabsOf(envelopeId)).textTabs[0].tabId
      expect(derived).toMatch(GUID)
      expect((await tabsOf(envelopeId)).textTabs[0].tabId).toBe(derived)
      await envelopes.createTabs(sender.accountId, envelopeId, '1', { tabs: { signHereTabs: [at(50)] } })
      const stored = await service.ctx.db
        .selectFrom('envelope_recipients')
        .select('tabs')
        .where('envelope_id', '=', envelopeId)
        .where('recipient_id', '=', '1')
        .executeTakeFirstOrThrow()
      expect(JSON.parse(stored.tabs).textTabs[0].tabId).toBe(derived)
    })
  })

  describe('createTabs', () => {
    it('adds tabs to a draft recipient, answers them with new ids (201) and lists them after its own', async () => {
      const envelopeId = await envelope('created')
      const added = await envelopes.createTabs(sender.accountId, envelopeId, '1', {
        tabs: {
          textTabs: [{ ...at(300), tabLabel: 'Notes', required: 'false' }],
          checkboxTabs: [{ ...at(400), tabLabel: 'Agree', selected: 'false' }],
        },
      })
      expect(added.textTabs).toHaveLength(1)
      expect(specErrors(TABS_SCHEMA, structuredClone(added))).toEqual([])
      expect(added.textTabs[0]).toMatchObject({ tabLabel: 'Notes', tabId: expect.stringMatching(GUID) })
      expect(added.checkboxTabs[0].tabId).toMatch(GUID)
      const tabs = await tabsOf(envelopeId)
      expect(tabs.textTabs.map((tab: SdkModel) => tab.tabLabel)).toEqual(['Case', 'Notes'])
      expect(tabs.textTabs[1].tabId).toBe(added.textTabs[0].tabId)
      expect(tabs.checkboxTabs[0].tabId).toBe(added.checkboxTabs[0].tabId)
    })

    it('gives an added tab a new id when it asks for one another tab has', async () => {
      const envelopeId = await envelope('created')
      const [existing] = (await tabsOf(envelopeId)).textTabs
      const added = await envelopes.createTabs(sender.accountId, envelopeId, '1', {
        tabs: { textTabs: [{ ...at(300), tabLabel: 'Copy', tabId: existing.tabId }] },
      })
      expect(added.textTabs[0].tabId).toMatch(GUID)
      expect(added.textTabs[0].tabId).not.toBe(existing.tabId)
      expect((await tabsOf(envelopeId)).textTabs[0].tabId).toBe(existing.tabId)
    })
  })

  describe('updateTabs', () => {
    it('changes position, value, required and label of a tab named by tabId on a sent envelope', async () => {
      const envelopeId = await envelope('sent')
      const [text] = (await tabsOf(envelopeId)).textTabs
      const answer = await envelopes.updateTabs(sender.accountId, envelopeId, '1', {
        tabs: {
          textTabs: [
            { tabId: text.tabId, xPosition: '250', value: 'C-2', required: 'true', tabLabel: 'Case number' },
          ],
        },
      })
      expect(answer.textTabs[0]).toMatchObject({ tabId: text.tabId, value: 'C-2', xPosition: '250' })
      expect(answer.textTabs[0].errorDetails).toBeUndefined()
      const [changed] = (await tabsOf(envelopeId)).textTabs
      expect(changed).toMatchObject({
        tabId: text.tabId,
        xPosition: '250',
        yPosition: '100',
        value: 'C-2',
        required: 'true',
        tabLabel: 'Case number',
      })
      const audit = await envelopes.listAuditEvents(sender.accountId, envelopeId)
      const messages = JSON.stringify(audit.auditEvents)
      expect(messages).toContain('Recipient 1: 1 tab changed.')
    })

    it('answers an unknown tabId with its errorDetails and applies the others', async () => {
      const envelopeId = await envelope('created')
      const [text] = (await tabsOf(envelopeId)).textTabs
      const unknown = '00000000-0000-4000-8000-000000000000'
      const answer = await envelopes.updateTabs(sender.accountId, envelopeId, '1', {
        tabs: {
          textTabs: [
            { tabId: unknown, value: 'x' },
            { tabId: text.tabId, value: 'kept' },
          ],
        },
      })
      expect(answer.textTabs[0].errorDetails).toMatchObject({ errorCode: 'INVALID_TAB_OPERATION' })
      expect(specErrors(TABS_SCHEMA, structuredClone(answer))).toEqual([])
      expect(answer.textTabs[0].errorDetails.message).toContain(unknown)
      expect(answer.textTabs[1]).toMatchObject({ tabId: text.tabId, value: 'kept' })
      expect((await tabsOf(envelopeId)).textTabs.map((tab: SdkModel) => tab.value)).toEqual(['kept'])
    })

    it('refuses with 400 INVALID_TAB_OPERATION when no named tab exists, changing nothing', async () => {
      const envelopeId = await envelope('created')
      const refused = await sdkFailure(
        envelopes.updateTabs(sender.accountId, envelopeId, '1', {
          tabs: { textTabs: [{ tabId: '00000000-0000-4000-8000-000000000000', value: 'x' }] },
        }),
      )
      expect(refused).toMatchObject({ status: 400, body: { errorCode: 'INVALID_TAB_OPERATION' } })
      const missingId = await sdkFailure(
        envelopes.updateTabs(sender.accountId, envelopeId, '1', { tabs: { textTabs: [{ value: 'x' }] } }),
      )
      expect(missingId).toMatchObject({ status: 400, body: { errorCode: 'INVALID_TAB_OPERATION' } })
      expect((await tabsOf(envelopeId)).textTabs[0].value).toBe('C-1')
    })
  })

  describe('deleteTabs', () => {
    it('deletes a tab by tabId and answers it as it was', async () => {
      const envelopeId = await envelope('sent')
      const tabs = await tabsOf(envelopeId)
      const deleted = await envelopes.deleteTabs(sender.accountId, envelopeId, '1', {
        tabs: { textTabs: [{ tabId: tabs.textTabs[0].tabId }] },
      })
      expect(deleted.textTabs[0]).toMatchObject({ tabId: tabs.textTabs[0].tabId, tabLabel: 'Case' })
      const after = await tabsOf(envelopeId)
      expect(after.textTabs ?? []).toEqual([])
      expect(after.signHereTabs[0].tabId).toBe(tabs.signHereTabs[0].tabId)
    })

    it('refuses an unknown tabId with 400 and deletes nothing', async () => {
      const envelopeId = await envelope('created')
      const refused = await sdkFailure(
        envelopes.deleteTabs(sender.accountId, envelopeId, '1', {
          tabs: { signHereTabs: [{ tabId: '00000000-0000-4000-8000-000000000000' }] },
        }),
      )
      expect(refused).toMatchObject({ status: 400, body: { errorCode: 'INVALID_TAB_OPERATION' } })
      expect((await tabsOf(envelopeId)).signHereTabs).toHaveLength(1)
    })
  })

  describe('refusals', () => {
    async function signRecipient(envelopeId: string) {
      const view = await service.app.inject({
        method: 'POST',
        url: `/restapi/v2.1/accounts/${sender.accountId}/envelopes/${envelopeId}/views/recipient`,
        headers: sender.headers,
        payload: {
          returnUrl: 'https://crm.example.test/return',
          authenticationMethod: 'none',
          userName: 'Ana Ruiz',
          email: 'ana@example.test',
          clientUserId: 'crm-ana',
        },
      })
      expect(view.statusCode, view.body).toBe(201)
      const url: string = view.json().url
      const headers = { 'x-signing-token': url.slice(url.indexOf('#') + 1) }
      expect((await service.app.inject({ url: '/signing/api/session', headers })).statusCode).toBe(200)
      const finished = await service.app.inject({
        method: 'POST',
        url: '/signing/api/finish',
        headers,
        payload: { signature: signaturePng(), values: { 'signHereTabs-0': 'signed', 'textTabs-0': 'C-1' } },
      })
      expect(finished.statusCode, finished.body).toBe(200)
    }

    it('refuses every tab write for a recipient who has signed (400 INVALID_TAB_OPERATION)', async () => {
      const next = {
        recipientId: '3',
        routingOrder: '2',
        name: 'Bo',
        email: 'bo@example.test',
        tabs: { signHereTabs: [at(10)] },
      }
      const envelopeId = await envelope('sent', [next])
      const [text] = (await tabsOf(envelopeId)).textTabs
      await signRecipient(envelopeId)
      const writes = [
        () => envelopes.createTabs(sender.accountId, envelopeId, '1', { tabs: { textTabs: [at(300)] } }),
        () =>
          envelopes.updateTabs(sender.accountId, envelopeId, '1', {
            tabs: { textTabs: [{ tabId: text.tabId, value: 'late' }] },
          }),
        () =>
          envelopes.deleteTabs(sender.accountId, envelopeId, '1', {
            tabs: { textTabs: [{ tabId: text.tabId }] },
          }),
      ]
      for (const write of writes) {
        expect(await sdkFailure(write())).toMatchObject({
          status: 400,
          body: {
            errorCode: 'INVALID_TAB_OPERATION',
            message: expect.stringContaining('Recipient not in state that allows correction'),
          },
        })
      }
      expect((await tabsOf(envelopeId)).textTabs.map((tab: SdkModel) => tab.tabId)).toEqual([text.tabId])
      const added = await envelopes.createTabs(sender.accountId, envelopeId, '3', {
        tabs: { textTabs: [at(300)] },
      })
      expect(added.textTabs[0].tabId).toMatch(GUID)
    })

    it('refuses tab writes on a completed envelope (400 ENVELOPE_INVALID_STATUS)', async () => {
      const envelopeId = await envelope('sent')
      await signRecipient(envelopeId)
      const refused = await sdkFailure(
        envelopes.createTabs(sender.accountId, envelopeId, '1', { tabs: { textTabs: [at(300)] } }),
      )
      expect(refused).toMatchObject({ status: 400, body: { errorCode: 'ENVELOPE_INVALID_STATUS' } })
    })

    it("refuses tab writes without the lock's token while the envelope is locked", async () => {
      const envelopeId = await envelope('created')
      const lock = await service.app.inject({
        method: 'POST',
        url: `/restapi/v2.1/accounts/${sender.accountId}/envelopes/${envelopeId}/lock`,
        headers: sender.headers,
        payload: { lockDurationInSeconds: '300', lockedByApp: 'CRM', lockType: 'edit' },
      })
      expect(lock.statusCode, lock.body).toBe(201)
      const refused = await sdkFailure(
        envelopes.createTabs(sender.accountId, envelopeId, '1', { tabs: { textTabs: [at(300)] } }),
      )
      expect(refused).toMatchObject({ status: 400, body: { errorCode: 'EDIT_LOCK_NOT_LOCK_OWNER' } })
      const withToken = await service.app.inject({
        method: 'POST',
        url: `/restapi/v2.1/accounts/${sender.accountId}/envelopes/${envelopeId}/recipients/1/tabs`,
        headers: {
          ...sender.headers,
          'x-docusign-edit': JSON.stringify({ LockToken: lock.json().lockToken }),
        },
        payload: { textTabs: [at(300)] },
      })
      expect(withToken.statusCode, withToken.body).toBe(201)
    })

    it('refuses an unknown recipient, a carbon copy, bad bodies and tabs off the documents with 400', async () => {
      const envelopeId = await envelope('created')
      const create = (recipientId: string, tabs: unknown) => () =>
        envelopes.createTabs(sender.accountId, envelopeId, recipientId, { tabs })
      const cases: [() => Promise<unknown>, string, string][] = [
        [create('9', { textTabs: [at(1)] }), 'UNKNOWN_ENVELOPE_RECIPIENT', '(9)'],
        [create('2', { textTabs: [at(1)] }), 'INVALID_TAB_OPERATION', 'carbonCopy'],
        [create('1', {}), 'INVALID_REQUEST_PARAMETER', 'No tabs given'],
        [create('1', { stampTabs: [at(1)] }), 'INVALID_REQUEST_PARAMETER', 'stampTabs'],
        [
          create('1', { textTabs: [{ ...at(1), pageNumber: '3' }] }),
          'INVALID_REQUEST_PARAMETER',
          'pageNumber 3',
        ],
        [create('1', { textTabs: [{ tabLabel: 'nowhere' }] }), 'INVALID_REQUEST_PARAMETER', 'documentId'],
        [
          create('1', { textTabs: [{ ...at(1), xPosition: 'left' }] }),
          'INVALID_REQUEST_PARAMETER',
          'xPosition',
        ],
      ]
      for (const [write, errorCode, named] of cases) {
        expect(await sdkFailure(write())).toMatchObject({
          status: 400,
          body: { errorCode, message: expect.stringContaining(named) },
        })
      }
      expect((await tabsOf(envelopeId)).textTabs).toHaveLength(1)
    })
  })
})
