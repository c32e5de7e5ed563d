import { describeEachDatabase } from 'platform/testing'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { injectAs } from '../testing/inject.js'
import type { createDelivery } from './dispatch.js'
import { runMessagesRound } from './outbox-job.js'
import { deliveryThrough } from './testing/delivery.js'
import { startSmtpSink } from './testing/smtp-sink.js'
import { startTwilioReceiver } from './testing/twilio-receiver.js'

/**
 * Issue 21, the message side, end to end: envelopes created through the REST API, their messages sent
 * by the messages job over a real SMTP listener. `emailSettings` puts a Reply-To on every email and
 * blind-copies it (the Bcc addresses are SMTP recipients and never a header, which is what "blind"
 * means); a recipient's `emailNotification` gives its messages their own subject, body and language;
 * `suppressEmails` sends that recipient no email.
 */

const signHere = { documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }

let sink: Awaited<ReturnType<typeof startSmtpSink>>
let sms: Awaited<ReturnType<typeof startTwilioReceiver>>
let pdf: string

beforeAll(async () => {
  ;[sink, sms, pdf] = await Promise.all([startSmtpSink(), startTwilioReceiver(), makePdfBase64(1, 'Sign')])
})
afterAll(async () => {
  await Promise.all([sink.close(), sms.close()])
})

describeEachDatabase(
  'message settings (emailSettings, emailNotification, suppressEmails)',
  ({ freshUrl }) => {
    let service: TestService
    let sender: TestPrincipal
    let delivery: ReturnType<typeof createDelivery>

    beforeAll(async () => {
      service = await startTestService(await freshUrl())
      await service.ctx.jobs.stop()
      sender = await seedPrincipal(service.ctx)
    })
    afterAll(() => service.close())
    beforeEach(async () => {
      sink.received.length = 0
      sms.received.length = 0
      await service.ctx.db.deleteFrom('outbox').execute()
      delivery = deliveryThrough(sink, sms)
    })
    afterEach(() => delivery.close())

    const sendAll = () =>
      runMessagesRound({
        db: service.ctx.db,
        dialect: service.ctx.database.dialect,
        now: () => Date.now(),
        publicUrl: service.ctx.publicUrl,
        dispatch: delivery.dispatch,
        owner: 'test-owner',
      })

    const create = (body: Record<string, unknown>) =>
      injectAs(service, sender, 'POST', '/envelopes', {
        status: 'sent',
        emailSubject: 'Lease renewal',
        emailBlurb: 'Please sign the renewal.',
        documents: [{ documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: pdf }],
        ...body,
      })

    const signer = (recipientId: string, email: string, extra: Record<string, unknown> = {}) => ({
      recipientId,
      routingOrder: '1',
      name: `Signer ${recipientId}`,
      email,
      tabs: { signHereTabs: [signHere] },
      ...extra,
    })

    async function createSent(body: Record<string, unknown>): Promise<string> {
      const response = await create(body)
      expect(response.statusCode, response.body).toBe(201)
      return response.json().envelopeId as string
    }

    const mailTo = (address: string) =>
      sink.received.filter((mail) => (mail.headers.get('to') ?? '').includes(address))

    describe('emailSettings', () => {
      const emailSettings = {
        replyEmailAddressOverride: 'legal@example.test',
        replyEmailNameOverride: 'Legal team',
        bccEmailAddresses: [
          { email: 'archive@example.test' },
          { bccEmailAddressId: '7', email: 'audit@example.test' },
        ],
      }

      it('puts the Reply-To on every email and blind-copies it to every Bcc address', async () => {
        await createSent({
          emailSettings,
          recipients: {
            signers: [signer('1', 'ana@example.test')],
            carbonCopies: [{ recipientId: '2', routingOrder: '1', name: 'Carl', email: 'carl@example.test' }],
          },
        })
        await sendAll()
        expect(sink.received).toHaveLength(2)
        for (const mail of sink.received) {
          expect(mail.headers.get('reply-to')).toBe('Legal team <legal@example.test>')
          expect(mail.to).toEqual(expect.arrayContaining(['archive@example.test', 'audit@example.test']))
          expect(mail.headers.has('bcc')).toBe(false)
          expect(mail.headers.get('to')).not.toContain('archive@example.test')
        }
        expect(mailTo('ana@example.test')[0]!.to).toHaveLength(3)
      })

      it('sends no Reply-To and no blind copy without emailSettings', async () => {
        await createSent({ recipients: { signers: [signer('1', 'ana@example.test')] } })
        await sendAll()
        expect(sink.received).toHaveLength(1)
        expect(sink.received[0]!.headers.has('reply-to')).toBe(false)
        expect(sink.received[0]!.to).toEqual(['ana@example.test'])
      })

      it('returns the settings on the envelope, numbering the Bcc addresses given without an id', async () => {
        const envelopeId = await createSent({
          emailSettings,
          recipients: { signers: [signer('1', 'ana@example.test')] },
        })
        const read = await injectAs(service, sender, 'GET', `/envelopes/${envelopeId}`)
        expect(read.statusCode, read.body).toBe(200)
        expect(read.json().emailSettings).toEqual({
          replyEmailAddressOverride: 'legal@example.test',
          replyEmailNameOverride: 'Legal team',
          bccEmailAddresses: [
            { bccEmailAddressId: '8', email: 'archive@example.test' },
            { bccEmailAddressId: '7', email: 'audit@example.test' },
          ],
        })
      })

      it.each([
        [{ replyEmailAddressOverride: 'not an address' }, 'emailSettings.replyEmailAddressOverride'],
        [{ bccEmailAddresses: [{ email: 'archive@' }] }, 'emailSettings.bccEmailAddresses[0].email'],
      ])('answers 400 for an invalid address (%j)', async (settings, field) => {
        const response = await create({
          emailSettings: settings,
          recipients: { signers: [signer('1', 'ana@example.test')] },
        })
        expect(response.statusCode, response.body).toBe(400)
        expect(response.json()).toMatchObject({ errorCode: expect.any(String) })
        expect(response.json().message).toContain(field)
      })
    })

    describe('a recipient’s emailNotification', () => {
      it('sends one envelope in English and Spanish, each recipient with its own subject and body', async () => {
        const envelopeId = await createSent({
          recipients: {
            signers: [
              signer('1', 'ana@example.test', {
                name: 'Ana',
                emailNotification: {
                  emailSubject: 'Por favor firme la renovación',
                  emailBody: 'Adjuntamos la renovación del contrato.',
                  supportedLanguage: 'es',
                },
              }),
              signer('2', 'bob@example.test', {
                name: 'Bob',
                emailNotification: {
                  emailSubject: 'Please sign the renewal',
                  emailBody: 'The renewal is attached.',
                  supportedLanguage: 'en',
                },
              }),
              signer('3', 'chloe@example.test', {
                name: 'Chloé',
                emailNotification: { supportedLanguage: 'fr' },
              }),
            ],
          },
        })
        await sendAll()
        const [spanish] = mailTo('ana@example.test')
        expect(spanish?.subject).toBe('Por favor firme la renovación')
        expect(spanish?.text).toContain('Hola, Ana:')
        expect(spanish?.text).toContain('Adjuntamos la renovación del contrato.')
        expect(spanish?.text).toContain('Revisar y firmar')
        expect(spanish?.text).not.toContain('Please sign the renewal.')
        expect(spanish?.html).toContain('lang="es"')

        const [english] = mailTo('bob@example.test')
        expect(english?.subject).toBe('Please sign the renewal')
        expect(english?.text).toContain('Hello Bob,')
        expect(english?.text).toContain('The renewal is attached.')
        expect(english?.text).toContain('Review and sign')

        // A language the service has no texts for reads English, with the envelope's own subject and blurb.
        const [french] = mailTo('chloe@example.test')
        expect(french?.subject).toBe('Lease renewal')
        expect(french?.text).toContain('Please sign the renewal.')
        expect(french?.text).toContain('Review and sign')

        // Each recipient's signing page speaks that recipient's language.
        const pageLanguage = async (text: string | undefined) => {
          const token = /\/signing\/#([A-Za-z0-9_-]{22,})/.exec(text ?? '')?.[1]
          expect(token).toBeDefined()
          const session = await service.app.inject({
            url: '/signing/api/session',
            headers: { 'x-signing-token': token! },
          })
          expect(session.statusCode, session.body).toBe(200)
          return session.json().language as string | undefined
        }
        expect(await pageLanguage(spanish?.text)).toBe('es')
        expect(await pageLanguage(english?.text)).toBe('en')
        expect(await pageLanguage(french?.text)).toBe('en')
        const read = await injectAs(service, sender, 'GET', `/envelopes/${envelopeId}/recipients`)
        const signers = read.json().signers as Array<Record<string, unknown>>
        expect(signers[0]!.emailNotification).toEqual({
          emailSubject: 'Por favor firme la renovación',
          emailBody: 'Adjuntamos la renovación del contrato.',
          supportedLanguage: 'es',
        })
        expect(signers[2]!.emailNotification).toEqual({ supportedLanguage: 'fr' })
      })

      it('is taken on a template role too', async () => {
        const template = await injectAs(service, sender, 'POST', '/templates', {
          name: 'Lease',
          emailSubject: 'Lease renewal',
          documents: [{ documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: pdf }],
          recipients: {
            signers: [{ recipientId: '1', roleName: 'Tenant', tabs: { signHereTabs: [signHere] } }],
          },
        })
        expect(template.statusCode, template.body).toBe(201)
        await createSent({
          documents: undefined,
          templateId: template.json().templateId,
          templateRoles: [
            {
              roleName: 'Tenant',
              name: 'Ana',
              email: 'ana@example.test',
              emailNotification: { emailSubject: 'Firme, por favor', supportedLanguage: 'es' },
            },
          ],
        })
        await sendAll()
        const [mail] = mailTo('ana@example.test')
        expect(mail?.subject).toBe('Firme, por favor')
        expect(mail?.text).toContain('Revisar y firmar')
      })
    })

    describe('suppressEmails', () => {
      it('sends that recipient no email, and still its SMS', async () => {
        const envelopeId = await createSent({
          recipients: {
            signers: [
              signer('1', 'ana@example.test', {
                suppressEmails: 'true',
                additionalNotifications: [
                  {
                    secondaryDeliveryMethod: 'SMS',
                    phoneNumber: { countryCode: '57', number: '3001234567' },
                  },
                ],
              }),
              signer('2', 'bob@example.test', { suppressEmails: 'true' }),
              signer('3', 'chloe@example.test', { suppressEmails: 'false' }),
            ],
          },
        })
        await sendAll()
        expect(sink.received.flatMap((mail) => mail.to)).toEqual(['chloe@example.test'])
        expect(sms.received.map((message) => message.form.get('To'))).toEqual(['+573001234567'])
        const read = await injectAs(service, sender, 'GET', `/envelopes/${envelopeId}/recipients`)
        const signers = read.json().signers as Array<Record<string, unknown>>
        expect(signers.map((recipient) => recipient.suppressEmails)).toEqual(['true', 'true', 'false'])
        expect(signers.map((recipient) => recipient.status)).toEqual(['sent', 'sent', 'sent'])
      })
    })

    describe('firstName, lastName and customFields', () => {
      it('composes the name from its parts when absent, and returns parts and custom fields', async () => {
        const envelopeId = await createSent({
          recipients: {
            signers: [
              signer('1', 'ana@example.test', {
                name: undefined,
                firstName: 'Ana',
                lastName: 'García',
                customFields: ['crm:4711', 'tier:gold'],
              }),
              signer('2', 'bob@example.test', { name: 'Robert Smith', firstName: 'Bob' }),
            ],
          },
        })
        const read = await injectAs(service, sender, 'GET', `/envelopes/${envelopeId}/recipients`)
        const [ana, bob] = read.json().signers as Array<Record<string, unknown>>
        expect(ana).toMatchObject({
          name: 'Ana García',
          firstName: 'Ana',
          lastName: 'García',
          customFields: ['crm:4711', 'tier:gold'],
        })
        expect(bob).toMatchObject({ name: 'Robert Smith', firstName: 'Bob' })
        expect(bob).not.toHaveProperty('customFields')
        await sendAll()
        expect(mailTo('ana@example.test')[0]?.text).toContain('Hello Ana García,')
      })
    })

    describe('top-level expireEnabled and expireAfter', () => {
      it('act as notification.expirations, whose own values win', async () => {
        const alone = await createSent({
          expireEnabled: 'true',
          expireAfter: '5',
          recipients: { signers: [signer('1', 'ana@example.test')] },
        })
        const both = await createSent({
          expireEnabled: 'true',
          expireAfter: '5',
          notification: { expirations: { expireEnabled: 'true', expireAfter: '9', expireWarn: '2' } },
          recipients: { signers: [signer('1', 'ana@example.test')] },
        })
        const notificationOf = async (envelopeId: string) =>
          (await injectAs(service, sender, 'GET', `/envelopes/${envelopeId}`)).json().notification
        expect(await notificationOf(alone)).toMatchObject({
          useAccountDefaults: 'false',
          expirations: { expireEnabled: 'true', expireAfter: '5' },
        })
        expect(await notificationOf(both)).toMatchObject({
          expirations: { expireEnabled: 'true', expireAfter: '9', expireWarn: '2' },
        })
      })

      it('answers 400 for expireEnabled without a day count', async () => {
        const response = await create({
          expireEnabled: 'true',
          recipients: { signers: [signer('1', 'ana@example.test')] },
        })
        expect(response.statusCode, response.body).toBe(400)
        expect(response.json().message).toContain('expireAfter')
      })
    })
  },
)
