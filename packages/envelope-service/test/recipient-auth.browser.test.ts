import { describeEachDatabase } from 'platform/testing'
import { seriousAxeViolations } from 'platform/testing/browser'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { pdftotext } from '../src/completion/test-poppler.js'
import { makePdfBase64 } from '../src/documents/test-pdfs.js'
import { PHONE_AUTH_WORKFLOW_ID } from '../src/envelopes/recipient-authentication.js'
import {
  eventually,
  type SigningStack,
  signingLinkIn,
  signWithTypedName,
  startSigningStack,
  untilCompleted,
} from './signing-browser-support.js'

// A browser on a shared two-core machine can be slow: waits are generous, and so is each test's budget.
vi.setConfig({ testTimeout: 180_000 })

/**
 * Recipient authentication on the built signing page in Debian's Chromium: the access code and the SMS
 * one-time code (read from a Twilio-shaped receiver) before anything of the envelope is shown, and the
 * lock after three wrong codes with the sender's notice through a real SMTP listener.
 */

const PHONE = '+14155550123'
const SUBJECT = 'Confidential lease'

describeEachDatabase('recipient authentication on the signing page in Chromium', (databases) => {
  let stack: SigningStack
  let sink: SigningStack['sink']
  let sms: SigningStack['sms']
  let service: SigningStack['service']
  let principal: SigningStack['principal']
  let browser: SigningStack['browser']
  let senderEmail: string
  let envelopes = 0

  beforeAll(async () => {
    stack = await startSigningStack(await databases.freshUrl(), 'recipient-auth-browser-')
    ;({ sink, sms, service, principal, browser } = stack)
    const sender = await service.ctx.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', principal.userId)
      .executeTakeFirstOrThrow()
    senderEmail = sender.email
  })

  afterAll(() => stack?.close())

  const api = (path: string) => `/restapi/v2.1/accounts/${principal.accountId}/envelopes${path}`

  /** Sends an envelope to one signer with the given authentication; resolves with the invitation link. */
  async function sendEnvelope(authentication: Record<string, unknown>) {
    envelopes += 1
    const email = `pat.${envelopes}@example.test`
    const response = await service.app.inject({
      method: 'POST',
      url: api(''),
      headers: principal.headers,
      payload: {
        status: 'sent',
        emailSubject: `${SUBJECT} ${envelopes}`,
        documents: [
          { documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
        ],
        recipients: {
          signers: [
            {
              recipientId: '1',
              name: 'Pat Tenant',
              email,
              tabs: {
                signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '72', yPosition: '120' }],
              },
              ...authentication,
            },
          ],
        },
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    const link = await eventually(
      service,
      () => signingLinkIn(sink.received.find((mail) => mail.to.includes(email))?.text),
      `the invitation to ${email}`,
    )
    return { envelopeId: response.json().envelopeId as string, link }
  }

  /** The page, with every signing API request it makes recorded. */
  async function openPage(link: string) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })
    const page = await context.newPage()
    const requests: string[] = []
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (url.pathname.startsWith('/signing/api/')) requests.push(`${response.status()} ${url.pathname}`)
    })
    // The browser may be closing already (after the last test): a failed context close is no error.
    page.on('close', () => void context.close().catch(() => {}))
    await page.goto(link)
    return { page, requests }
  }

  it('asks for the access code, then a texted code, before showing anything, and the certificate lists both', async () => {
    const { envelopeId, link } = await sendEnvelope({
      accessCode: 'Blue-42',
      identityVerification: {
        workflowId: PHONE_AUTH_WORKFLOW_ID,
        inputOptions: [
          {
            name: 'phone_number_list',
            valueType: 'PhoneNumberList',
            phoneNumberList: [{ countryCode: '1', number: '4155550123' }],
          },
        ],
      },
    })
    const { page, requests } = await openPage(link)
    await page.getByRole('heading', { name: 'Verify your identity' }).waitFor({ timeout: 60_000 })
    expect(await seriousAxeViolations(page)).toEqual([])
    const accessCode = page.getByRole('textbox', { name: 'Access code' })
    await accessCode.fill('blue-42')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('alert').getByText('That code is not correct. 2 attempts left.').waitFor()
    // Nothing of the envelope reached the page: its session was refused and no document was asked for.
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(SUBJECT)
    expect(requests.filter((request) => request.startsWith('200 /signing/api/session'))).toEqual([])
    expect(requests.filter((request) => request.includes('/documents/'))).toEqual([])

    await accessCode.fill('Blue-42')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Text a code to ••• ••23' }).click()
    await page.getByText('We texted a six-digit code to ••• ••23').waitFor()
    const text = await eventually(
      service,
      () => sms.received.find((request) => request.form.get('To') === PHONE)?.form.get('Body') ?? undefined,
      'the SMS code',
    )
    const code = /\b(\d{6})\b/.exec(text)![1]!
    expect(requests.filter((request) => request.includes('/documents/'))).toEqual([])
    await page.getByRole('textbox', { name: 'Six-digit code' }).fill(code)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForSelector('body[data-first-page=drawn]', { timeout: 60_000 })
    expect(await page.evaluate(() => document.body.innerText)).toContain(SUBJECT)

    await signWithTypedName(page, 'Pat Tenant')
    await untilCompleted(service, principal, envelopeId)
    const certificate = await eventually(
      service,
      async () => {
        const response = await service.app.inject({
          url: api(`/${envelopeId}/documents/certificate`),
          headers: principal.headers,
        })
        return response.statusCode === 200 ? response.rawPayload : undefined
      },
      'the certificate',
    )
    const certificateText = (await pdftotext(certificate)).replace(/\s+/g, ' ')
    expect(certificateText).toContain('Access code: failed')
    expect(certificateText).toContain('Access code: passed')
    expect(certificateText).toContain('SMS code: passed')
  })

  it('locks the recipient after three wrong access codes, says so on every visit and emails the sender', async () => {
    const { link } = await sendEnvelope({ accessCode: '2468' })
    const { page, requests } = await openPage(link)
    const accessCode = page.getByRole('textbox', { name: 'Access code' })
    await accessCode.waitFor({ timeout: 60_000 })
    // Each answer is awaited by its own text, so the next code is typed once the last one was counted.
    for (const [wrong, left] of [
      ['1111', '2 attempts left'],
      ['2222', '1 attempt left'],
    ] as const) {
      await accessCode.fill(wrong)
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByRole('alert').getByText(left).waitFor()
    }
    await accessCode.fill('3333')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByText('Too many wrong codes were entered').waitFor()
    expect(requests.filter((request) => request.includes('/documents/'))).toEqual([])
    await page.close()

    const notice = await eventually(
      service,
      () => sink.received.find((mail) => mail.to.includes(senderEmail) && /locked out/.test(mail.subject)),
      'the sender’s notice',
    )
    expect(notice.subject).toBe(`Recipient locked out: ${SUBJECT} ${envelopes}`)
    expect(notice.text).toContain('Pat Tenant entered a wrong access code 3 times')

    // Coming back, even before typing anything, the page says the recipient is locked.
    const again = await openPage(link)
    await again.page.getByText('Too many wrong codes were entered').waitFor({ timeout: 60_000 })
    expect(await again.page.getByRole('textbox', { name: 'Access code' }).count()).toBe(0)
    await again.page.close()
  })

  it('locks the recipient after three wrong SMS codes', async () => {
    const { link } = await sendEnvelope({
      idCheckConfigurationName: 'SMS Auth $',
      smsAuthentication: { senderProvidedNumbers: ['+1 415 555 0199'] },
    })
    const { page } = await openPage(link)
    await page.getByRole('button', { name: 'Text a code to ••• ••99' }).click({ timeout: 60_000 })
    const text = await eventually(
      service,
      () =>
        sms.received.find((request) => request.form.get('To') === '+14155550199')?.form.get('Body') ??
        undefined,
      'the SMS code',
    )
    const code = /\b(\d{6})\b/.exec(text)![1]!
    const wrong = code === '000000' ? '111111' : '000000'
    const field = page.getByRole('textbox', { name: 'Six-digit code' })
    for (let attempt = 1; attempt <= 2; attempt++) {
      await field.fill(wrong)
      await page.getByRole('button', { name: 'Continue' }).click()
      await page
        .getByRole('alert')
        .getByText(`${3 - attempt} attempt`, { exact: false })
        .waitFor()
    }
    await field.fill(wrong)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByText('Too many wrong codes were entered').waitFor()
    await page.close()
  })
})
