import type { AddressInfo } from 'node:net'
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

/** The official DocuSign Node SDK's envelope and template locks, and the lock token on writes. */
interface LockApi {
  createLock(accountId: string, id: string, options: { lockRequest: unknown }): Promise<SdkModel>
  getLock(accountId: string, id: string): Promise<SdkModel>
  updateLock(accountId: string, id: string, options: { lockRequest: unknown }): Promise<SdkModel>
  deleteLock(accountId: string, id: string, options?: { lockRequest?: unknown }): Promise<SdkModel>
}
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => LockApi & {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    getEnvelope(accountId: string, envelopeId: string): Promise<SdkModel>
    createCustomFields(
      accountId: string,
      envelopeId: string,
      options: { customFields: unknown },
    ): Promise<SdkModel>
  }
  TemplatesApi: new (
    client: unknown,
  ) => LockApi & {
    createTemplate(accountId: string, options: { envelopeTemplate: unknown }): Promise<SdkModel>
    update(accountId: string, templateId: string, options: { envelopeTemplate: unknown }): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK: envelope and template locks', (databases) => {
  let sdk: SdkService
  let accountId: string
  let clock = Date.parse('2026-11-26T09:00:00.000Z')
  let baseUrl: string
  let documentBase64: string

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl(), { now: () => clock })
    await sdk.service.ctx.jobs.stop()
    accountId = sdk.principal.accountId
    const { port } = sdk.service.app.server.address() as AddressInfo
    baseUrl = `http://127.0.0.1:${port}/restapi`
    documentBase64 = await makePdfBase64(1)
  })
  afterAll(() => sdk?.close())

  /** A client of the same account for `accessToken`, sending `lockToken` in X-DocuSign-Edit when given. */
  function clientFor(accessToken: string, lockToken?: string): SdkApiClient {
    const client = new docusign.ApiClient()
    client.setBasePath(baseUrl)
    client.addDefaultHeader('Authorization', `Bearer ${accessToken}`)
    if (lockToken) client.addDefaultHeader('X-DocuSign-Edit', JSON.stringify({ LockToken: lockToken }))
    return client
  }
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      // biome-ignore lint/suspicious/noExplicitAny: the SDK rejects with an axios error.
      (error: any) => ({ status: error.response?.status, errorCode: error.response?.data?.errorCode }),
    )

  describe('an envelope', () => {
    let envelopeId: string
    let lockToken: string
    const envelopes = () => new docusign.EnvelopesApi(sdk.client)

    beforeAll(async () => {
      const summary = await envelopes().createEnvelope(accountId, {
        envelopeDefinition: {
          status: 'created',
          emailSubject: 'Locked draft',
          documents: [{ documentId: '1', name: 'Contract.pdf', fileExtension: 'pdf', documentBase64 }],
          recipients: { signers: [{ recipientId: '1', name: 'Ana Ruiz', email: 'ana@example.test' }] },
        },
      })
      envelopeId = summary.envelopeId
    })

    it('locks it and answers the lock with its token to the holder', async () => {
      const lock = await envelopes().createLock(accountId, envelopeId, {
        lockRequest: { lockDurationInSeconds: '600', lockedByApp: 'CRM console', lockType: 'edit' },
      })
      lockToken = lock.lockToken
      expect(lockToken).toMatch(/^[A-Za-z0-9_-]{32}$/)
      expect(lock).toMatchObject({
        lockedByApp: 'CRM console',
        lockDurationInSeconds: '600',
        lockType: 'edit',
        lockedUntilDateTime: new Date(clock + 600_000).toISOString(),
        lockedByUser: { userId: sdk.principal.userId },
      })
      expect((await envelopes().getLock(accountId, envelopeId)).lockToken).toBe(lockToken)
    })

    it('refuses a write without the token with EDIT_LOCK_NOT_LOCK_OWNER, and still serves reads', async () => {
      const write = envelopes().createCustomFields(accountId, envelopeId, {
        customFields: { textCustomFields: [{ name: 'Unlocked' }] },
      })
      expect(await refusal(write)).toEqual({ status: 400, errorCode: 'EDIT_LOCK_NOT_LOCK_OWNER' })
      expect((await envelopes().getEnvelope(accountId, envelopeId)).status).toBe('created')
    })

    it('refuses another user of the account, even with the token, and a second lock', async () => {
      const other = await seedPrincipal(sdk.service.ctx, { accountId })
      const theirs = new docusign.EnvelopesApi(clientFor(other.accessToken, lockToken))
      const write = theirs.createCustomFields(accountId, envelopeId, {
        customFields: { textCustomFields: [{ name: 'X' }] },
      })
      expect(await refusal(write)).toEqual({ status: 400, errorCode: 'EDIT_LOCK_NOT_LOCK_OWNER' })
      expect(await refusal(theirs.getLock(accountId, envelopeId))).toEqual({
        status: 400,
        errorCode: 'EDIT_LOCK_NOT_LOCK_OWNER',
      })
      expect(await refusal(theirs.createLock(accountId, envelopeId, { lockRequest: {} }))).toEqual({
        status: 400,
        errorCode: 'EDIT_LOCK_ENVELOPE_LOCKED',
      })
    })

    it('takes the write that carries the token, renews the lock and deletes it', async () => {
      const holder = new docusign.EnvelopesApi(clientFor(sdk.principal.accessToken, lockToken))
      const added = await holder.createCustomFields(accountId, envelopeId, {
        customFields: { textCustomFields: [{ name: 'WhileLocked', value: 'yes' }] },
      })
      expect(added.textCustomFields[0].name).toBe('WhileLocked')
      const renewed = await holder.updateLock(accountId, envelopeId, {
        lockRequest: { lockDurationInSeconds: '1200' },
      })
      expect(renewed.lockedUntilDateTime).toBe(new Date(clock + 1_200_000).toISOString())
      await holder.deleteLock(accountId, envelopeId)
      expect(await refusal(envelopes().getLock(accountId, envelopeId))).toEqual({
        status: 404,
        errorCode: 'EDIT_LOCK_ENVELOPE_NOT_LOCKED',
      })
      await envelopes().createCustomFields(accountId, envelopeId, {
        customFields: { textCustomFields: [{ name: 'After' }] },
      })
    })

    it('ends the lock when its time is up', async () => {
      await envelopes().createLock(accountId, envelopeId, { lockRequest: { lockDurationInSeconds: '60' } })
      clock += 61_000
      await envelopes().createCustomFields(accountId, envelopeId, {
        customFields: { textCustomFields: [{ name: 'Late' }] },
      })
      expect(
        (await envelopes().createLock(accountId, envelopeId, { lockRequest: {} })).lockDurationInSeconds,
      ).toBe('300')
    })

    it('is 400 for a duration out of range and for options it does not support', async () => {
      const other = await seedPrincipal(sdk.service.ctx, { accountId })
      const theirs = new docusign.EnvelopesApi(clientFor(other.accessToken))
      for (const lockRequest of [
        { lockDurationInSeconds: '0' },
        { lockDurationInSeconds: '99999' },
        { useScratchPad: 'true' },
      ]) {
        const refused = await refusal(theirs.createLock(accountId, envelopeId, { lockRequest }))
        expect(refused?.status, JSON.stringify(lockRequest)).toBe(400)
      }
    })
  })

  describe('a template', () => {
    it('refuses an update without the token, takes it with the token, and unlocks', async () => {
      const templates = new docusign.TemplatesApi(sdk.client)
      const { templateId } = await templates.createTemplate(accountId, {
        envelopeTemplate: {
          name: 'Lockable',
          documents: [{ documentId: '1', name: 'Doc', fileExtension: 'pdf', documentBase64 }],
          recipients: { signers: [{ recipientId: '1', roleName: 'Signer', routingOrder: '1' }] },
        },
      })
      const lock = await templates.createLock(accountId, templateId, {
        lockRequest: { lockedByApp: 'Builder' },
      })
      const refused = await refusal(
        templates.update(accountId, templateId, { envelopeTemplate: { name: 'Renamed' } }),
      )
      expect(refused).toEqual({ status: 400, errorCode: 'EDIT_LOCK_NOT_LOCK_OWNER' })
      const holder = new docusign.TemplatesApi(clientFor(sdk.principal.accessToken, lock.lockToken))
      await holder.update(accountId, templateId, { envelopeTemplate: { name: 'Renamed' } })
      await holder.deleteLock(accountId, templateId, { lockRequest: {} })
      await templates.update(accountId, templateId, { envelopeTemplate: { name: 'Renamed again' } })
    })
  })
})
