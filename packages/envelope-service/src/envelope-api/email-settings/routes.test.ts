import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import {
  seedPrincipal,
  startTestService,
  type TestPrincipal,
  type TestService,
} from '../../testing/harness.js'
import { injectAs } from '../../testing/inject.js'

/** `GET`, `POST`, `PUT`, `DELETE /envelopes/{envelopeId}/email_settings` through the REST API. */

describeEachDatabase('envelope email_settings', ({ freshUrl }) => {
  let service: TestService
  let sender: TestPrincipal
  let pdf: string

  beforeAll(async () => {
    service = await startTestService(await freshUrl())
    await service.ctx.jobs.stop()
    sender = await seedPrincipal(service.ctx)
    pdf = await makePdfBase64(1)
  })
  afterAll(() => service.close())

  async function draft(body: Record<string, unknown> = {}): Promise<string> {
    const response = await injectAs(service, sender, 'POST', '/envelopes', {
      status: 'created',
      emailSubject: 'Settings',
      documents: [{ documentId: '1', name: 'One', fileExtension: 'pdf', documentBase64: pdf }],
      recipients: { signers: [{ recipientId: '1', name: 'Ana', email: 'ana@example.test' }] },
      ...body,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId as string
  }
  const path = (envelopeId: string) => `/envelopes/${envelopeId}/email_settings`

  describe('GET', () => {
    it('answers {} for an envelope without settings, and 404 for an unknown envelope', async () => {
      const envelopeId = await draft()
      const read = await injectAs(service, sender, 'GET', path(envelopeId))
      expect(read.statusCode, read.body).toBe(200)
      expect(read.json()).toEqual({})
      const unknown = await injectAs(service, sender, 'GET', path('00000000-0000-0000-0000-000000000000'))
      expect(unknown.statusCode).toBe(404)
    })
  })

  describe('POST, PUT and DELETE', () => {
    it('adds, updates and deletes, and the envelope reads what was stored', async () => {
      const envelopeId = await draft({
        emailSettings: { bccEmailAddresses: [{ email: 'archive@example.test' }] },
      })
      const added = await injectAs(service, sender, 'POST', path(envelopeId), {
        replyEmailAddressOverride: 'legal@example.test',
        bccEmailAddresses: [{ email: 'audit@example.test' }],
      })
      expect(added.statusCode, added.body).toBe(201)
      expect(added.json()).toEqual({
        replyEmailAddressOverride: 'legal@example.test',
        bccEmailAddresses: [
          { bccEmailAddressId: '1', email: 'archive@example.test' },
          { bccEmailAddressId: '2', email: 'audit@example.test' },
        ],
      })

      const updated = await injectAs(service, sender, 'PUT', path(envelopeId), {
        replyEmailNameOverride: 'Legal',
        bccEmailAddresses: [{ email: 'only@example.test' }],
      })
      expect(updated.statusCode, updated.body).toBe(200)
      const envelope = await injectAs(service, sender, 'GET', `/envelopes/${envelopeId}`)
      expect(envelope.json().emailSettings).toEqual({
        replyEmailAddressOverride: 'legal@example.test',
        replyEmailNameOverride: 'Legal',
        bccEmailAddresses: [{ bccEmailAddressId: '1', email: 'only@example.test' }],
      })

      const deleted = await injectAs(service, sender, 'DELETE', path(envelopeId))
      expect(deleted.statusCode, deleted.body).toBe(200)
      expect((await injectAs(service, sender, 'GET', path(envelopeId))).json()).toEqual({})
      expect((await injectAs(service, sender, 'GET', `/envelopes/${envelopeId}`)).json()).not.toHaveProperty(
        'emailSettings',
      )
    })

    it('answers 400 naming the field for an invalid address, and changes nothing', async () => {
      const envelopeId = await draft()
      const response = await injectAs(service, sender, 'PUT', path(envelopeId), {
        bccEmailAddresses: [{ email: 'not-an-address' }],
      })
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json()).toMatchObject({
        errorCode: 'INVALID_REQUEST_PARAMETER',
        message: expect.stringContaining('emailSettings.bccEmailAddresses[0].email'),
      })
      expect((await injectAs(service, sender, 'GET', path(envelopeId))).json()).toEqual({})
    })

    it('refuses a change on a voided envelope', async () => {
      const envelopeId = await draft({
        status: 'sent',
        recipients: {
          signers: [
            {
              recipientId: '1',
              name: 'Ana',
              email: 'ana@example.test',
              tabs: {
                signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '10', yPosition: '10' }],
              },
            },
          ],
        },
      })
      const voided = await injectAs(service, sender, 'PUT', `/envelopes/${envelopeId}`, {
        status: 'voided',
        voidedReason: 'Wrong person',
      })
      expect(voided.statusCode, voided.body).toBe(200)
      const response = await injectAs(service, sender, 'POST', path(envelopeId), {
        replyEmailAddressOverride: 'legal@example.test',
      })
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().errorCode).toBe('ENVELOPE_INVALID_STATUS')
    })
  })
})
