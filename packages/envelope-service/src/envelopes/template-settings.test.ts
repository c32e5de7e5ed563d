import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { injectAs } from '../testing/inject.js'

/**
 * A template's `notification` and `emailSettings`: stored, returned, kept by an update that leaves them
 * out, and taken by the envelopes made from it: the first composite whose templates carry one wins (the
 * last of them in sequence order), and the envelope's own replaces it whole.
 */

const signHere = { documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }
const reminders = { reminderEnabled: 'true', reminderDelay: '2', reminderFrequency: '3' }

describeEachDatabase('template notification and emailSettings', ({ freshUrl }) => {
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

  async function template(name: string, extra: Record<string, unknown>): Promise<string> {
    const response = await injectAs(service, sender, 'POST', '/templates', {
      name,
      emailSubject: name,
      documents: [{ documentId: '1', name, fileExtension: 'pdf', documentBase64: pdf }],
      recipients: { signers: [{ recipientId: '1', roleName: 'Signer', tabs: { signHereTabs: [signHere] } }] },
      ...extra,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().templateId as string
  }

  async function envelopeFrom(templateIds: string[], extra: Record<string, unknown> = {}) {
    const response = await injectAs(service, sender, 'POST', '/envelopes', {
      status: 'created',
      compositeTemplates: templateIds.map((templateId, c) => ({
        serverTemplates: [{ sequence: '1', templateId }],
        inlineTemplates: [
          {
            sequence: '2',
            recipients: {
              signers: [
                {
                  recipientId: String(c + 1),
                  roleName: 'Signer',
                  name: 'Ana',
                  email: `ana${c}@example.test`,
                },
              ],
            },
          },
        ],
      })),
      ...extra,
    })
    expect(response.statusCode, response.body).toBe(201)
    const read = await injectAs(service, sender, 'GET', `/envelopes/${response.json().envelopeId}`)
    return read.json() as Record<string, unknown>
  }

  describe('on the template', () => {
    it('stores and returns them, and an update that leaves them out keeps them', async () => {
      const templateId = await template('Lease', {
        notification: { reminders },
        emailSettings: { replyEmailAddressOverride: 'legal@example.test' },
      })
      const updated = await injectAs(service, sender, 'PUT', `/templates/${templateId}`, {
        description: 'New',
      })
      expect(updated.statusCode, updated.body).toBe(200)
      const read = (await injectAs(service, sender, 'GET', `/templates/${templateId}`)).json()
      expect(read.notification).toEqual({ useAccountDefaults: 'false', reminders })
      expect(read.emailSettings).toEqual({ replyEmailAddressOverride: 'legal@example.test' })
    })

    it('takes the top-level expireEnabled and expireAfter, as an envelope does, and an update of them keeps the reminders', async () => {
      const templateId = await template('Expiring', { expireEnabled: 'true', expireAfter: '10' })
      const read = async () => (await injectAs(service, sender, 'GET', `/templates/${templateId}`)).json()
      expect((await read()).notification).toEqual({
        useAccountDefaults: 'false',
        expirations: { expireEnabled: 'true', expireAfter: '10', expireWarn: '0' },
      })
      const withReminders = await injectAs(service, sender, 'PUT', `/templates/${templateId}`, {
        notification: { reminders },
        expireEnabled: 'true',
        expireAfter: '12',
      })
      expect(withReminders.statusCode, withReminders.body).toBe(200)
      expect((await read()).notification).toEqual({
        useAccountDefaults: 'false',
        reminders,
        expirations: { expireEnabled: 'true', expireAfter: '12', expireWarn: '0' },
      })
      // Only the top-level expiration: the stored reminders stay, the expiration changes.
      const later = await injectAs(service, sender, 'PUT', `/templates/${templateId}`, { expireAfter: '20' })
      expect(later.statusCode, later.body).toBe(200)
      expect((await read()).notification).toEqual({
        useAccountDefaults: 'false',
        reminders,
        expirations: { expireEnabled: 'true', expireAfter: '20', expireWarn: '0' },
      })
      // notification.expirations wins over the top-level values given beside it.
      const both = await injectAs(service, sender, 'PUT', `/templates/${templateId}`, {
        notification: { expirations: { expireEnabled: 'true', expireAfter: '5' } },
        expireAfter: '30',
      })
      expect(both.statusCode, both.body).toBe(200)
      expect((await read()).notification.expirations).toEqual({
        expireEnabled: 'true',
        expireAfter: '5',
        expireWarn: '0',
      })
      // The envelopes made from it take it.
      const envelope = await envelopeFrom([templateId])
      expect(envelope.notification).toMatchObject({
        expirations: { expireEnabled: 'true', expireAfter: '5' },
      })
      const refused = await injectAs(service, sender, 'PUT', `/templates/${templateId}`, { expireAfter: '0' })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toContain('expireAfter')
    })

    it('answers 400 naming the field for an invalid address or expiration', async () => {
      const bad = [
        [
          { emailSettings: { bccEmailAddresses: [{ email: 'nope' }] } },
          'emailSettings.bccEmailAddresses[0].email',
        ],
        [{ notification: { expirations: { expireEnabled: 'true', expireAfter: '0' } } }, 'expireAfter'],
      ] as const
      for (const [extra, field] of bad) {
        const response = await injectAs(service, sender, 'POST', '/templates', {
          name: 'Bad',
          documents: [{ documentId: '1', name: 'Bad', fileExtension: 'pdf', documentBase64: pdf }],
          ...extra,
        })
        expect(response.statusCode, response.body).toBe(400)
        expect(response.json().message).toContain(field)
      }
    })
  })

  describe('in the envelopes made from it', () => {
    it('takes the first template’s that carries one, across composites', async () => {
      const plain = await template('Plain', {})
      const first = await template('First', {
        notification: { reminders },
        emailSettings: { bccEmailAddresses: [{ email: 'first@example.test' }] },
      })
      const second = await template('Second', {
        notification: { expirations: { expireEnabled: 'true', expireAfter: '9' } },
        emailSettings: { bccEmailAddresses: [{ email: 'second@example.test' }] },
      })
      const envelope = await envelopeFrom([plain, first, second])
      expect(envelope.notification).toEqual({ useAccountDefaults: 'false', reminders })
      expect(envelope.emailSettings).toEqual({
        bccEmailAddresses: [{ bccEmailAddressId: '1', email: 'first@example.test' }],
      })
    })

    it('takes the last in sequence order within one composite, as its layers overlay', async () => {
      const low = await template('Low', { emailSettings: { replyEmailNameOverride: 'Low' } })
      const high = await template('High', { emailSettings: { replyEmailNameOverride: 'High' } })
      const response = await injectAs(service, sender, 'POST', '/envelopes', {
        status: 'created',
        compositeTemplates: [
          {
            serverTemplates: [
              { sequence: '2', templateId: high },
              { sequence: '1', templateId: low },
            ],
            inlineTemplates: [
              {
                sequence: '3',
                recipients: {
                  signers: [{ recipientId: '1', roleName: 'Signer', name: 'Ana', email: 'ana@example.test' }],
                },
              },
            ],
          },
        ],
      })
      expect(response.statusCode, response.body).toBe(201)
      const read = await injectAs(service, sender, 'GET', `/envelopes/${response.json().envelopeId}`)
      expect(read.json().emailSettings).toEqual({ replyEmailNameOverride: 'High' })
    })

    it('keeps the envelope’s own, replacing the template’s whole', async () => {
      const templateId = await template('Own', {
        notification: { reminders },
        emailSettings: { replyEmailAddressOverride: 'legal@example.test' },
      })
      const envelope = await envelopeFrom([templateId], {
        expireEnabled: 'true',
        expireAfter: '4',
        emailSettings: { bccEmailAddresses: [{ email: 'own@example.test' }] },
      })
      expect(envelope.notification).toEqual({
        useAccountDefaults: 'false',
        expirations: { expireEnabled: 'true', expireAfter: '4', expireWarn: '0' },
      })
      expect(envelope.emailSettings).toEqual({
        bccEmailAddresses: [{ bccEmailAddressId: '1', email: 'own@example.test' }],
      })
    })

    it('is taken from a templateId request too', async () => {
      const templateId = await template('Single', { emailSettings: { replyEmailNameOverride: 'Legal' } })
      const response = await injectAs(service, sender, 'POST', '/envelopes', {
        status: 'created',
        templateId,
        templateRoles: [{ roleName: 'Signer', name: 'Ana', email: 'ana@example.test' }],
      })
      expect(response.statusCode, response.body).toBe(201)
      const read = await injectAs(service, sender, 'GET', `/envelopes/${response.json().envelopeId}`)
      expect(read.json().emailSettings).toEqual({ replyEmailNameOverride: 'Legal' })
    })
  })
})
