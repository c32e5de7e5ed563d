import { describeEachDatabase } from 'platform/testing'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { injectAs } from '../testing/inject.js'
import type { createDelivery } from './dispatch.js'
import { runMessagesRound } from './outbox-job.js'
import { deliveryThrough } from './testing/delivery.js'
import { decodeWords } from './testing/mime.js'
import { startSmtpSink } from './testing/smtp-sink.js'
import { startTwilioReceiver } from './testing/twilio-receiver.js'

/**
 * Issue 21, brands end to end: an envelope that names a brand (`brandId`, created through `POST /brands`)
 * is sent by the messages job over a real SMTP listener. Its recipients' emails name the brand's company
 * in the From name, a header in the brand's colours and a footer; a recipient without a language of
 * their own reads the brand's default language, one with their own keeps it. A recipient invited by SMS
 * (over a real HTTP receiver in the provider's shape) reads the brand's name in front of the text. An
 * envelope that names no brand gets the account's signing default, when there is one.
 */

const signHere = { documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }

let sink: Awaited<ReturnType<typeof startSmtpSink>>
let sms: Awaited<ReturnType<typeof startTwilioReceiver>>
let pdf: string

beforeAll(async () => {
  ;[sink, sms, pdf] = await Promise.all([startSmtpSink(), startTwilioReceiver(), makePdfBase64(1, 'Sign')])
})
afterAll(() => Promise.all([sink.close(), sms.close()]))

describeEachDatabase('branded messages', ({ freshUrl }) => {
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

  async function brand(body: object): Promise<string> {
    const response = await injectAs(service, sender, 'POST', '/brands', body)
    expect(response.statusCode, response.body).toBe(201)
    return response.json().brands[0].brandId as string
  }

  async function send(extra: object, signers: object[]) {
    const response = await injectAs(service, sender, 'POST', '/envelopes', {
      status: 'sent',
      emailSubject: 'Lease renewal',
      documents: [{ documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: pdf }],
      recipients: { signers },
      ...extra,
    })
    expect(response.statusCode, response.body).toBe(201)
    await sendAll()
  }
  const signer = (recipientId: string, name: string, email: string, extra: object = {}) => ({
    recipientId,
    routingOrder: '1',
    name,
    email,
    tabs: { signHereTabs: [signHere] },
    ...extra,
  })
  const fromOf = (mail: { headers: Map<string, string> }) => decodeWords(mail.headers.get('from') ?? '')
  /** The signing session the link in an email opens (what the signing page reads). */
  const pageOf = async (text: string | undefined) => {
    const token = /\/signing\/#([A-Za-z0-9_-]{22,})/.exec(text ?? '')?.[1]
    const session = await service.app.inject({
      url: '/signing/api/session',
      headers: { 'x-signing-token': token! },
    })
    expect(session.statusCode, session.body).toBe(200)
    return session.json()
  }
  const mailTo = (address: string) => {
    const found = sink.received.filter((mail) => (mail.headers.get('to') ?? '').includes(address))
    expect(found).toHaveLength(1)
    return found[0]!
  }

  it("names the brand's company in the From name, a coloured header and a footer, in the brand's language", async () => {
    const brandId = await brand({
      brandName: 'Acme',
      brandCompany: 'Acme Corporation',
      defaultBrandLanguage: 'es_MX',
      colors: [
        { name: 'headerBackground', value: '#112233' },
        { name: 'headerText', value: '#FFEEDD' },
        { name: 'buttonPrimaryBackground', value: '#00AA00' },
      ],
    })
    await send({ brandId }, [
      signer('1', 'Ana', 'ana@example.test'),
      signer('2', 'Bob', 'bob@example.test', { emailNotification: { supportedLanguage: 'en' } }),
    ])
    const spanish = mailTo('ana@example.test')
    expect(fromOf(spanish)).toContain('Test User (Acme Corporation) a través de Inkwell')
    expect(spanish.text).toMatch(/^Acme Corporation\n/)
    expect(spanish.text).toContain('Test User le envió un documento para revisar y firmar.')
    expect(spanish.text).toContain('Enviado en nombre de Acme Corporation por Inkwell.')
    expect(spanish.html).toContain('<header style="background:#112233;color:#FFEEDD;')
    expect(spanish.html).toContain('background:#00AA00;color:#ffffff')
    const english = mailTo('bob@example.test')
    expect(fromOf(english)).toContain('Test User (Acme Corporation) via Inkwell')
    expect(english.text).toContain('Sent on behalf of Acme Corporation by Inkwell.')

    // The signing page each link opens: the brand for its header, and the same language as the email.
    const page = await pageOf(spanish.text)
    expect(page.language).toBe('es')
    expect(page.envelope.brand).toEqual({
      name: 'Acme Corporation',
      colors: { headerBackground: '#112233', headerText: '#FFEEDD', buttonPrimaryBackground: '#00AA00' },
    })
    expect((await pageOf(english.text)).language).toBe('en')
  })

  it("names the brand in front of an SMS invitation, in the recipient's language", async () => {
    const brandId = await brand({
      brandName: 'Acme',
      brandCompany: 'Acme Corporation',
      defaultBrandLanguage: 'es',
    })
    const byText = { deliveryMethod: 'SMS', phoneNumber: { countryCode: '57', number: '3001234567' } }
    await send({ brandId }, [signer('1', 'Beto', 'beto@example.test', byText)])
    expect(sms.received).toHaveLength(1)
    const body = sms.received[0]!.form.get('Body') ?? ''
    expect(body).toMatch(/^Acme Corporation a través de Inkwell: Test User /)
    expect(body).toContain('Lease renewal')
    // The link in it opens the branded signing page.
    const token = /\/signing\/#([A-Za-z0-9_-]{22,})/.exec(body)?.[1]
    const session = await service.app.inject({
      url: '/signing/api/session',
      headers: { 'x-signing-token': token! },
    })
    expect(session.json().envelope.brand.name).toBe('Acme Corporation')
  })

  it('names the brand itself when it has no company, and keeps English for a language the service lacks', async () => {
    const brandId = await brand({ brandName: 'Beta Studio', defaultBrandLanguage: 'fr' })
    await send({ brandId }, [signer('1', 'Ana', 'ana@example.test')])
    const mail = mailTo('ana@example.test')
    expect(fromOf(mail)).toContain('Test User (Beta Studio) via Inkwell')
    expect(mail.text).toContain('Sent on behalf of Beta Studio by Inkwell.')
  })

  it('sends an envelope without a brand as before: no header, no footer', async () => {
    await send({}, [signer('1', 'Ana', 'ana@example.test')])
    const mail = mailTo('ana@example.test')
    expect(fromOf(mail)).toContain('Test User via Inkwell')
    expect(mail.html).not.toContain('<header')
    expect(mail.text).not.toContain('on behalf of')
    expect((await pageOf(mail.text)).envelope).not.toHaveProperty('brand')
  })

  it("brands an envelope that names no brand with the account's signing default, and one that names a brand with it", async () => {
    // The flag as text, as integrations copy it from DocuSign's string flags: read as the boolean.
    await brand({ brandName: 'House style', brandCompany: 'House Lettings', isSigningDefault: 'true' })
    const named = await brand({ brandName: 'Named', brandCompany: 'Named Ltd' })
    // The sending default styles the sender's side (DocuSign's web app), not recipients' messages.
    await brand({ brandName: 'Sending only', brandCompany: 'Sending Co', isSendingDefault: 'TRUE' })
    await send({}, [signer('1', 'Ana', 'ana@example.test')])
    const mail = mailTo('ana@example.test')
    expect(fromOf(mail)).toContain('Test User (House Lettings) via Inkwell')
    expect(mail.text).toContain('Sent on behalf of House Lettings by Inkwell.')
    expect((await pageOf(mail.text)).envelope.brand.name).toBe('House Lettings')

    sink.received.length = 0
    await send({ brandId: named }, [signer('1', 'Bob', 'bob@example.test')])
    expect(fromOf(mailTo('bob@example.test'))).toContain('Test User (Named Ltd) via Inkwell')
  })
})
