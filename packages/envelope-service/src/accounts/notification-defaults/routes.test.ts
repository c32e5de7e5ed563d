import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import {
  seedPrincipal,
  startTestService,
  type TestPrincipal,
  type TestService,
} from '../../testing/harness.js'

describeEachDatabase(
  'account reminder and expiration defaults (PUT/GET /settings accountNotification)',
  (databases) => {
    let service: TestService
    let admin: TestPrincipal
    let sender: TestPrincipal
    let document: string

    beforeAll(async () => {
      service = await startTestService(await databases.freshUrl())
      admin = await seedPrincipal(service.ctx)
      sender = await seedPrincipal(service.ctx, {
        accountId: admin.accountId,
        permissions: ['send_envelopes'],
      })
      document = await makePdfBase64(1)
    })
    afterAll(() => service?.close())

    const call = (who: TestPrincipal, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      service.app.inject({
        method,
        url: `/restapi/v2.1/accounts/${who.accountId}${path}`,
        headers: who.headers,
        ...(payload ? { payload } : {}),
      })

    const createEnvelope = async (extra: object = {}) => {
      const response = await call(sender, 'POST', '/envelopes', {
        status: 'created',
        emailSubject: 'Defaults',
        documents: [{ documentId: '1', name: 'A.pdf', fileExtension: 'pdf', documentBase64: document }],
        recipients: { signers: [{ recipientId: '1', name: 'Ann', email: 'ann@example.test' }] },
        ...extra,
      })
      expect(response.statusCode, response.body).toBe(201)
      const envelopeId = response.json().envelopeId as string
      return (await call(sender, 'GET', `/envelopes/${envelopeId}`)).json().notification
    }

    describe('GET /settings', () => {
      it("answers DocuSign's API defaults before any are set", async () => {
        const settings = (await call(sender, 'GET', '/settings')).json()
        expect(settings.accountNotification).toEqual({
          reminders: { reminderEnabled: 'false', reminderDelay: '0', reminderFrequency: '0' },
          expirations: { expireEnabled: 'true', expireAfter: '120', expireWarn: '0' },
          userOverrideEnabled: 'true',
        })
      })
    })

    describe('PUT /settings', () => {
      it('is 403 for a user who does not administer the account', async () => {
        const response = await call(sender, 'PUT', '/settings', {
          accountNotification: { reminders: { reminderEnabled: 'true' } },
        })
        expect(response.statusCode).toBe(403)
        expect(response.json().errorCode).toBeDefined()
      })

      it('is 400 for a fixed setting changed, and for days out of range, and changes nothing', async () => {
        for (const body of [
          { allowBulkSend: 'false' },
          { accountNotification: { expirations: { expireAfter: '1000' } } },
          { accountNotification: { expirations: { expireAfter: '10', expireWarn: '10' } } },
          { enableSigningGroups: 'true' },
          { accountNotification: { reminders: { reminderDelay: '2', reminderHour: '9' } } },
        ]) {
          const response = await call(admin, 'PUT', '/settings', body)
          expect(response.statusCode, JSON.stringify(body)).toBe(400)
          expect(response.json().errorCode).toBeDefined()
        }
        expect(
          (await call(admin, 'GET', '/settings')).json().accountNotification.expirations.expireAfter,
        ).toBe('120')
      })

      it('stores the defaults, and new envelopes without a notification or with useAccountDefaults follow them', async () => {
        const before = await createEnvelope()
        const accountNotification = {
          reminders: { reminderEnabled: 'true', reminderDelay: '2', reminderFrequency: '3' },
          expirations: { expireEnabled: 'true', expireAfter: '30', expireWarn: '5' },
          userOverrideEnabled: 'true',
        }
        const put = await call(admin, 'PUT', '/settings', { allowBulkSend: 'true', accountNotification })
        expect(put.statusCode, put.body).toBe(200)
        expect((await call(sender, 'GET', '/settings')).json().accountNotification).toEqual(
          accountNotification,
        )

        for (const extra of [{}, { notification: { useAccountDefaults: 'true' } }]) {
          expect(await createEnvelope(extra)).toMatchObject({
            useAccountDefaults: 'true',
            reminders: accountNotification.reminders,
            expirations: accountNotification.expirations,
          })
        }
        const own = await createEnvelope({
          notification: {
            useAccountDefaults: 'false',
            expirations: { expireEnabled: 'true', expireAfter: '9' },
          },
        })
        expect(own.expirations.expireAfter).toBe('9')
        // An envelope created before the change keeps what it had.
        expect(before?.expirations?.expireAfter ?? '120').toBe('120')
      })
    })
  },
)
