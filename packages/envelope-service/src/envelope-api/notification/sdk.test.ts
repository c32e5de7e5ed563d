import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import { DAY_MS } from '../../lifecycle/schedule.js'
import { runScheduleRound } from '../../lifecycle/schedule-job.js'
import { OUTBOX_TOPICS } from '../../outbox/topics.js'
import { findSigningLink, insertSigningLink } from '../../signing/records/repository.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../../testing/sdk.js'

/**
 * The official DocuSign Node SDK's `EnvelopesApi.getNotificationSettings` and
 * `updateNotificationSettings`, on an injected clock: the job runner is stopped and the test runs the
 * reminders-and-expiry round itself, so it sees when the next reminder comes after a change.
 */
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    getNotificationSettings(accountId: string, envelopeId: string): Promise<SdkModel>
    updateNotificationSettings(
      accountId: string,
      envelopeId: string,
      options: { envelopeNotificationRequest: unknown },
    ): Promise<SdkModel>
    getEnvelope(accountId: string, envelopeId: string): Promise<SdkModel>
    update(accountId: string, envelopeId: string, options: { envelope: unknown }): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

const START = Date.parse('2026-11-22T10:00:00Z')

describeEachDatabase(
  'DocuSign Node SDK: getNotificationSettings, updateNotificationSettings',
  (databases) => {
    let sdk: SdkService
    let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>
    let accountId: string
    let documentBase64: string

    beforeAll(async () => {
      sdk = await startSdkService(await databases.freshUrl(), { now: () => START })
      await sdk.service.ctx.jobs.stop()
      accountId = sdk.principal.accountId
      envelopes = new docusign.EnvelopesApi(sdk.client)
      documentBase64 = await makePdfBase64(1)
    })
    afterAll(() => sdk?.close())
    beforeEach(async () => {
      await sdk.service.ctx.db.deleteFrom('outbox').execute()
    })

    async function envelope(status: 'created' | 'sent', notification?: unknown): Promise<string> {
      const summary = await envelopes.createEnvelope(accountId, {
        envelopeDefinition: {
          status,
          emailSubject: 'Reminders',
          ...(notification ? { notification } : {}),
          documents: [{ documentId: '1', name: 'Lease.pdf', fileExtension: 'pdf', documentBase64 }],
          recipients: { signers: [{ recipientId: '1', name: 'Ana Ruiz', email: 'ana@example.test' }] },
        },
      })
      return summary.envelopeId
    }
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        // biome-ignore lint/suspicious/noExplicitAny: the SDK rejects with an axios error.
        (error: any) => ({ status: error.response?.status, body: error.response?.data }),
      )
    async function reminders(envelopeId: string): Promise<number> {
      const rows = await sdk.service.ctx.db
        .selectFrom('outbox')
        .select('payload')
        .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
        .execute()
      return rows
        .map((row) => JSON.parse(row.payload))
        .filter((payload) => payload.envelopeId === envelopeId && payload.kind === 'reminder').length
    }
    /** Runs the job on its own clock, `days` after the start (the API's stays, so its token lasts). */
    async function at(days: number) {
      await runScheduleRound({ db: sdk.service.ctx.db, now: () => START + days * DAY_MS })
    }

    it('answers the defaults in force for an envelope without its own settings', async () => {
      const envelopeId = await envelope('sent')
      expect(await envelopes.getNotificationSettings(accountId, envelopeId)).toEqual({
        useAccountDefaults: 'true',
        reminders: { reminderEnabled: 'false', reminderDelay: '0', reminderFrequency: '0' },
        expirations: { expireEnabled: 'true', expireAfter: '120', expireWarn: '0' },
      })
    })

    it('changes the reminders of a sent envelope: the next reminder follows the new settings', async () => {
      const envelopeId = await envelope('sent', {
        useAccountDefaults: 'false',
        reminders: { reminderEnabled: 'true', reminderDelay: '5', reminderFrequency: '5' },
      })
      await at(2)
      expect(await reminders(envelopeId)).toBe(0)
      const updated = await envelopes.updateNotificationSettings(accountId, envelopeId, {
        envelopeNotificationRequest: {
          reminders: { reminderEnabled: 'true', reminderDelay: '2', reminderFrequency: '1' },
        },
      })
      expect(updated.useAccountDefaults).toBe('false')
      expect(updated.reminders).toEqual({
        reminderEnabled: 'true',
        reminderDelay: '2',
        reminderFrequency: '1',
      })
      await at(2)
      expect(await reminders(envelopeId)).toBe(1)
      await at(3)
      expect(await reminders(envelopeId)).toBe(2)
      expect((await envelopes.getNotificationSettings(accountId, envelopeId)).reminders.reminderDelay).toBe(
        '2',
      )
    })

    it('turns reminders off and keeps the expirations it was not given', async () => {
      const envelopeId = await envelope('sent', {
        useAccountDefaults: 'false',
        reminders: { reminderEnabled: 'true', reminderDelay: '1', reminderFrequency: '1' },
        expirations: { expireEnabled: 'true', expireAfter: '30', expireWarn: '5' },
      })
      const updated = await envelopes.updateNotificationSettings(accountId, envelopeId, {
        envelopeNotificationRequest: { reminders: { reminderEnabled: 'false' } },
      })
      expect(updated.expirations).toEqual({ expireEnabled: 'true', expireAfter: '30', expireWarn: '5' })
      await at(3)
      expect(await reminders(envelopeId)).toBe(0)
    })

    it('moves the expiry of a sent envelope: it expires on the new day', async () => {
      const envelopeId = await envelope('sent', {
        useAccountDefaults: 'false',
        expirations: { expireEnabled: 'true', expireAfter: '30', expireWarn: '0' },
      })
      const link = { envelopeId, recipientId: '1', kind: 'invitation' as const, createdAt: START }
      const { db } = sdk.service.ctx
      await insertSigningLink(db, { ...link, tokenHash: 'unused', expiresAt: START + 60 * DAY_MS })
      await insertSigningLink(db, { ...link, tokenHash: 'opened', expiresAt: START + 60 * DAY_MS })
      await db
        .updateTable('signing_links')
        .set({ used_at: START })
        .where('token_hash', '=', 'opened')
        .execute()
      await envelopes.updateNotificationSettings(accountId, envelopeId, {
        envelopeNotificationRequest: { expirations: { expireEnabled: 'true', expireAfter: '3' } },
      })
      // The link not yet opened follows the new expiry (and its 30 days of grace); an opened one keeps its session.
      expect(Number((await findSigningLink(db, 'unused'))?.expiresAt)).toBe(START + 33 * DAY_MS)
      expect(Number((await findSigningLink(db, 'opened'))?.expiresAt)).toBe(START + 60 * DAY_MS)
      await at(2)
      expect((await envelopes.getEnvelope(accountId, envelopeId)).status).toBe('sent')
      await at(3)
      expect((await envelopes.getEnvelope(accountId, envelopeId)).status).toBe('voided')
    })

    it('goes back to the defaults with useAccountDefaults', async () => {
      const envelopeId = await envelope('created', {
        useAccountDefaults: 'false',
        expirations: { expireEnabled: 'true', expireAfter: '10' },
      })
      const updated = await envelopes.updateNotificationSettings(accountId, envelopeId, {
        envelopeNotificationRequest: { useAccountDefaults: 'true' },
      })
      expect(updated.useAccountDefaults).toBe('true')
      expect(updated.expirations.expireAfter).toBe('120')
    })

    it.each([
      [
        'expireWarn not before expireAfter',
        { expirations: { expireEnabled: 'true', expireAfter: '3', expireWarn: '3' } },
        'expireWarn',
      ],
      ['no expiry day', { expirations: { expireEnabled: 'true', expireAfter: '0' } }, 'expireAfter'],
      [
        'days that are not digits',
        { reminders: { reminderEnabled: 'true', reminderDelay: 'two' } },
        'reminderDelay',
      ],
      ['a flag that is not a boolean', { useAccountDefaults: 'maybe' }, 'useAccountDefaults'],
    ])('refuses %s with a 400 and changes nothing', async (_, request, named) => {
      const envelopeId = await envelope('sent')
      const refused = await failure(
        envelopes.updateNotificationSettings(accountId, envelopeId, { envelopeNotificationRequest: request }),
      )
      expect(refused?.status).toBe(400)
      expect(refused?.body.message).toContain(named)
      expect((await envelopes.getNotificationSettings(accountId, envelopeId)).useAccountDefaults).toBe('true')
    })

    it('refuses a voided envelope with ENVELOPE_INVALID_STATUS and an unknown one with 404', async () => {
      const envelopeId = await envelope('sent')
      await envelopes.update(accountId, envelopeId, { envelope: { status: 'voided', voidedReason: 'no' } })
      const envelopeNotificationRequest = { reminders: { reminderEnabled: 'true', reminderDelay: '1' } }
      expect(
        await failure(
          envelopes.updateNotificationSettings(accountId, envelopeId, { envelopeNotificationRequest }),
        ),
      ).toMatchObject({ status: 400, body: { errorCode: 'ENVELOPE_INVALID_STATUS' } })
      const unknown = '00000000-0000-0000-0000-000000000000'
      expect(await failure(envelopes.getNotificationSettings(accountId, unknown))).toMatchObject({
        status: 404,
      })
    })
  },
)
