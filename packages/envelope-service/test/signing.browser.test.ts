import { describeEachDatabase } from 'platform/testing'
import { seriousAxeViolations } from 'platform/testing/browser'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { pdfsig, pdftotext } from '../src/completion/test-poppler.js'
import { getBlob } from '../src/documents/blobs/repository.js'
import { findSignedPart } from '../src/documents/sealed/repository.js'
import { makePdfBase64 } from '../src/documents/test-pdfs.js'
import { SIGNING_PAGE_CSP } from '../src/signing/page.js'
import { newSigningToken } from '../src/signing/records/links.js'
import { insertSigningLink } from '../src/signing/records/repository.js'
import {
  envelopeStatus,
  eventually,
  type SigningStack,
  SMS_ACCOUNT,
  SPANISH_FORM_LANGUAGE,
  signingLinkIn,
  signWithTypedName,
  startSigningStack,
  tokenOf,
  untilCompleted,
} from './signing-browser-support.js'

// A browser drawing PDFs on a shared two-core machine (CI runs two test files at once) can take a while:
// the waits below allow for it, and each test gets the time its waits need.
vi.setConfig({ testTimeout: 180_000 })

/**
 * The signing flow with real parts: invitations through a real SMTP listener and a Twilio-shaped SMS
 * receiver, the built signing page in Debian's Chromium, completion sealed and checked with poppler.
 */

const PLACEHOLDER_EMAIL = 'sms-only@placeholder.invalid'
const PHONE_E164 = '+14155550100'
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

describeEachDatabase('signing in Chromium, invited by SMTP and SMS, sealed on completion', (databases) => {
  let stack: SigningStack
  let sink: SigningStack['sink']
  let sms: SigningStack['sms']
  let service: SigningStack['service']
  let principal: SigningStack['principal']
  let browser: SigningStack['browser']
  let envelopes = 0

  beforeAll(async () => {
    stack = await startSigningStack(await databases.freshUrl(), 'signing-browser-')
    ;({ sink, sms, service, principal, browser } = stack)
  })

  afterAll(() => stack?.close())

  const api = (path: string) => `/restapi/v2.1/accounts/${principal.accountId}/envelopes${path}`

  /** Sends the definition; resolves with the envelope id and the signing link emailed to `email`. */
  async function sendTo(email: string, definition: Record<string, unknown>) {
    const response = await service.app.inject({
      method: 'POST',
      url: api(''),
      headers: principal.headers,
      payload: { status: 'sent', ...definition },
    })
    expect(response.statusCode).toBe(201)
    const link = await eventually(
      service,
      () => signingLinkIn(sink.received.find((mail) => mail.to.includes(email))?.text),
      `the invitation to ${email}`,
    )
    return { envelopeId: response.json().envelopeId as string, link }
  }

  /** Sends an envelope: an email signer (sign, required text, checkbox) at 1, an SMS signer at 2. */
  async function sendEnvelope(options: { spanish?: boolean } = {}) {
    envelopes += 1
    const email = `ann.${envelopes}@example.test`
    const { envelopeId, link } = await sendTo(email, {
      emailSubject: `Service agreement ${envelopes}`,
      emailBlurb: 'Please review and sign.',
      documents: [
        {
          documentId: '1',
          name: 'Agreement',
          fileExtension: 'pdf',
          documentBase64: await makePdfBase64(2),
        },
      ],
      ...(options.spanish ? SPANISH_FORM_LANGUAGE : {}),
      recipients: {
        signers: [
          {
            recipientId: '1',
            routingOrder: '1',
            name: 'Ann Signer',
            email,
            tabs: {
              signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '72', yPosition: '120' }],
              textTabs: [
                {
                  documentId: '1',
                  pageNumber: '1',
                  xPosition: '72',
                  yPosition: '220',
                  width: '160',
                  tabLabel: 'Company',
                  required: 'true',
                },
              ],
              checkboxTabs: [
                {
                  documentId: '1',
                  pageNumber: '1',
                  xPosition: '72',
                  yPosition: '280',
                  tabLabel: 'Newsletter',
                },
              ],
            },
          },
          {
            recipientId: '2',
            routingOrder: '2',
            name: 'Bob Mobile',
            email: PLACEHOLDER_EMAIL,
            deliveryMethod: 'SMS',
            phoneNumber: { countryCode: '1', number: '4155550100' },
            tabs: {
              signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '320', yPosition: '120' }],
            },
          },
        ],
      },
    })
    return { envelopeId, email, link }
  }

  /** What the page logged and which requests failed or answered >= 400: printed when a wait times out. */
  const pageEvents = new WeakMap<Page, string[]>()

  async function openPage(link: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await browser.newContext({ viewport, locale: 'en-US' })
    const page = await context.newPage()
    const events: string[] = []
    pageEvents.set(page, events)
    const at = () => new Date().toISOString().slice(11, 23)
    page.on('console', (message) => events.push(`${at()} console.${message.type()}: ${message.text()}`))
    page.on('pageerror', (error) => events.push(`${at()} pageerror: ${error.message}`))
    page.on('requestfailed', (request) =>
      events.push(`${at()} failed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`),
    )
    page.on('response', (response) => {
      if (response.status() >= 400) events.push(`${at()} ${response.status()} ${response.url()}`)
    })
    page.on('close', () => void context.close())
    await page.goto(link)
    return page
  }

  async function openForm(link: string, viewport?: { width: number; height: number }): Promise<Page> {
    const page = await openPage(link, viewport)
    try {
      await page.waitForSelector('body[data-first-page=drawn]', { timeout: 60_000 })
    } catch (error) {
      const text = await page.evaluate(() => document.body.innerText.slice(0, 500)).catch(() => '?')
      throw new Error(
        `The first page was not drawn: ${String(error)}\npage text: ${text}\n${(pageEvents.get(page) ?? []).join('\n')}`,
      )
    }
    return page
  }

  async function drawOn(page: Page, name: string) {
    const box = (await page.getByRole('img', { name }).boundingBox())!
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6)
    await page.mouse.down()
    for (let step = 1; step <= 12; step++) {
      await page.mouse.move(
        box.x + box.width * (0.1 + step * 0.06),
        box.y + box.height * (0.6 - 0.3 * Math.sin(step / 2)),
      )
    }
    await page.mouse.up()
  }

  it('goes from the email invitation through a drawn and an SMS-invited typed signature to a sealed PDF', async () => {
    const { envelopeId, link } = await sendEnvelope()
    expect(link.startsWith(`${service.origin}/signing/#`)).toBe(true)

    const page = await openForm(link)
    const finish = page.getByRole('button', { name: 'Finish' })
    await expect.poll(() => finish.isDisabled()).toBe(true)
    expect(await envelopeStatus(service, principal, envelopeId)).toBe('delivered')

    await page.getByRole('button', { name: /^Sign/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Adopt your signature' })
    await dialog.waitFor()
    await dialog.getByRole('tab', { name: 'Draw' }).click()
    const adopt = dialog.getByRole('button', { name: 'Adopt and sign' })
    expect(await adopt.isDisabled()).toBe(true)
    await drawOn(page, 'Draw your signature')
    await drawOn(page, 'Draw your initials')
    await adopt.click()
    await dialog.waitFor({ state: 'detached' })
    // The text tab is still empty: Finish stays disabled.
    expect(await finish.isDisabled()).toBe(true)
    await page.getByRole('textbox', { name: 'Company' }).fill('ACME Corp')
    await page.getByRole('checkbox', { name: 'Newsletter' }).check()
    await finish.click()
    await page.getByText('You have finished signing').waitFor()
    await page.close()

    // Recipient 2 is invited by SMS only, through the Twilio-shaped API.
    const request = await eventually(
      service,
      () => sms.received.find((candidate) => candidate.form.get('To') === PHONE_E164),
      'the SMS invitation',
    )
    expect(request.method).toBe('POST')
    expect(request.path).toBe(`/2010-04-01/Accounts/${SMS_ACCOUNT.sid}/Messages.json`)
    expect(request.authorization).toBe(
      `Basic ${Buffer.from(`${SMS_ACCOUNT.sid}:${SMS_ACCOUNT.token}`).toString('base64')}`,
    )
    expect(request.contentType).toContain('application/x-www-form-urlencoded')
    expect(request.form.get('From')).toBe(SMS_ACCOUNT.from)
    const smsLink = signingLinkIn(request.form.get('Body') ?? '')
    expect(smsLink).toBeDefined()

    const second = await openForm(smsLink!)
    // The second signer sees what the first completed, read-only: her drawn signature and her values.
    await second.getByRole('img', { name: 'Signature of Ann Signer' }).waitFor()
    expect(await second.locator('.tab-completed', { hasText: 'ACME Corp' }).count()).toBe(1)
    const newsletter = second.getByRole('checkbox', { name: 'Newsletter (Ann Signer)' })
    expect(await newsletter.isChecked()).toBe(true)
    expect(await newsletter.isDisabled()).toBe(true)
    await signWithTypedName(second, 'Bob Mobile')
    await untilCompleted(service, principal, envelopeId)
    const combinedBlob = await eventually(
      service,
      () => findSignedPart(service.ctx.db, envelopeId, 'combined'),
      'the sealed combined PDF',
    )
    const combined = (await getBlob(service.ctx.db, combinedBlob))!
    const report = await pdfsig(combined)
    expect(report).toContain('Signature Validation: Signature is Valid.')
    expect(report).toContain('Total document signed')
    // The values entered in the browser are drawn into the document.
    expect(await pdftotext(combined, { first: 1, last: 1 })).toContain('ACME Corp')

    const certificate = await service.app.inject({
      url: api(`/${envelopeId}/documents/certificate`),
      headers: principal.headers,
    })
    expect(certificate.statusCode).toBe(200)
    const certificateText = await pdftotext(certificate.rawPayload)
    expect(certificateText).toContain('Ann Signer')
    expect(certificateText).toContain('Bob Mobile')

    // Both recipients get a completion message; the SMS recipient's placeholder address never gets mail.
    await eventually(
      service,
      () =>
        sms.received.filter((candidate) => candidate.form.get('To') === PHONE_E164).length >= 2
          ? true
          : undefined,
      'the SMS completion message',
    )
    expect(sink.received.filter((mail) => mail.to.includes(PLACEHOLDER_EMAIL))).toEqual([])

    // The first recipient's link now shows the completed state, not a form.
    const again = await openPage(link)
    await again.getByText('Everyone has signed: the document is complete.').waitFor()
    await again.getByRole('button', { name: 'Download the signed document' }).waitFor()
    expect(await again.getByRole('button', { name: 'Finish' }).count()).toBe(0)
    await again.close()
  })

  it('shows an anchor found on every page at each place, one value for all, as completion draws it', async () => {
    const email = 'ivy.initials@example.test'
    const { link } = await sendTo(email, {
      emailSubject: 'Initial every page',
      documents: [
        {
          documentId: '1',
          name: 'Lease',
          fileExtension: 'pdf',
          // Each page says "Initials, page n of 2": the anchor occurs once per page.
          documentBase64: await makePdfBase64(2, 'Initials'),
        },
      ],
      recipients: {
        signers: [
          {
            recipientId: '1',
            name: 'Ivy Initials',
            email,
            tabs: {
              signHereTabs: [{ documentId: '1', pageNumber: '2', xPosition: '72', yPosition: '300' }],
              initialHereTabs: [{ anchorString: 'Initials', anchorYOffset: '30', anchorUnits: 'pixels' }],
            },
          },
        ],
      },
    })
    const page = await openForm(link)
    const onPage = (n: number) =>
      page.getByRole('group', { name: `Page ${n} of 2` }).locator('.tab-initialHere')
    await onPage(1).waitFor()
    await onPage(2).waitFor()
    // The second place signs the same tab: adopting there initials both.
    await onPage(2).click()
    const dialog = page.getByRole('dialog', { name: 'Adopt your signature' })
    await dialog.getByRole('tab', { name: 'Draw' }).click()
    await drawOn(page, 'Draw your signature')
    await drawOn(page, 'Draw your initials')
    await dialog.getByRole('button', { name: 'Adopt and sign' }).click()
    await dialog.waitFor({ state: 'detached' })
    for (const n of [1, 2]) await expect.poll(() => onPage(n).getAttribute('aria-pressed')).toBe('true')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.locator('.tab-signHere').click()
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.getByText('Everyone has signed: the document is complete.').waitFor()
    await page.close()
  })

  it('declines with a reason: the envelope is declined and the page says so', async () => {
    const { envelopeId, link } = await sendEnvelope()
    const page = await openForm(link)
    await page.getByRole('button', { name: 'Decline to sign' }).click()
    const dialog = page.getByRole('dialog', { name: 'Decline to sign' })
    await dialog.getByLabel('Tell the sender why you decline').fill('The price is wrong.')
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click()
    await page.getByText('This envelope was declined').waitFor()
    await page.close()
    expect(await envelopeStatus(service, principal, envelopeId)).toBe('declined')
    const recipients = await service.app.inject({
      url: api(`/${envelopeId}/recipients`),
      headers: principal.headers,
    })
    expect(recipients.json().signers[0]).toMatchObject({
      status: 'declined',
      declinedReason: 'The price is wrong.',
    })
  })

  it('shows the "not valid" notice for an unknown link', async () => {
    const page = await openPage(`${service.origin}/signing/#${newSigningToken().token}`)
    await page.getByText('This signing link is not valid any more').waitFor()
    await page.close()
  })

  it('shows the "not valid" notice when a once-only recipient view link is opened again', async () => {
    const { envelopeId } = await sendEnvelope()
    const view = newSigningToken()
    await insertSigningLink(service.ctx.db, {
      tokenHash: view.tokenHash,
      envelopeId,
      recipientId: '1',
      kind: 'recipient_view',
      createdAt: Date.now(),
      expiresAt: Date.now() + 5 * 60_000,
    })
    const link = `${service.origin}/signing/#${view.token}`
    const first = await openForm(link)
    await first.getByRole('button', { name: 'Finish' }).waitFor()
    await first.close()
    const reused = await openPage(link)
    await reused.getByText('This signing link is not valid any more').waitFor()
    expect(await reused.getByRole('button', { name: 'Finish' }).count()).toBe(0)
    await reused.close()
  })

  it('speaks Spanish when the envelope has a FormLanguage list field set to Spanish', async () => {
    const { link } = await sendEnvelope({ spanish: true })
    const page = await openForm(link)
    expect(await page.getAttribute('html', 'lang')).toBe('es')
    await page.getByRole('button', { name: 'Finalizar' }).waitFor()
    await page.getByRole('button', { name: 'Rechazar firma' }).waitFor()
    await page.close()
  })

  it('is accessible (axe), keyboard operable, and laid out for desktop and phone', async () => {
    const { link } = await sendEnvelope()
    const page = await openForm(link)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/signing-desktop.png', fullPage: false })

    // Tab from the top of the page to the sign button, then Enter opens the adopt dialog.
    const signButton = page.getByRole('button', { name: /^Sign/ })
    let reached = false
    for (let presses = 0; presses < 15 && !reached; presses++) {
      await page.keyboard.press('Tab')
      reached = await signButton.evaluate((element) => element === document.activeElement)
    }
    expect(reached).toBe(true)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Adopt your signature' })
    await dialog.waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/signing-adopt-desktop.png' })
    await dialog.getByRole('tab', { name: 'Draw' }).click()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.close()

    const phone = await openForm(link, { width: 390, height: 844 })
    await phone.screenshot({ path: '/tmp/signing-phone.png' })
    // Nothing wider than the phone's screen: no sideways scrolling.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await phone.getByRole('button', { name: /^Sign/ }).click()
    await phone
      .getByRole('dialog', { name: 'Adopt your signature' })
      .getByRole('tab', { name: 'Draw' })
      .click()
    await phone.screenshot({ path: '/tmp/signing-adopt-phone.png' })
    await phone.close()
  })

  it('checks every action on the server and sets no-store and the CSP', async () => {
    const { envelopeId, link } = await sendEnvelope()
    const token = tokenOf(link)
    const headers = { 'x-signing-token': token }

    const pageResponse = await service.app.inject({ url: '/signing/' })
    expect(pageResponse.statusCode).toBe(200)
    expect(pageResponse.headers['content-security-policy']).toBe(SIGNING_PAGE_CSP)

    const session = await service.app.inject({ url: '/signing/api/session', headers })
    expect(session.statusCode).toBe(200)
    expect(session.headers['cache-control']).toBe('no-store')
    const tabs = session.json().tabs as { tabId: string; type: string }[]

    const finish = (values: Record<string, string>, signingToken = token) =>
      service.app.inject({
        method: 'POST',
        url: '/signing/api/finish',
        headers: { 'x-signing-token': signingToken },
        payload: { signature: PNG, initials: PNG, values },
      })
    const entered: Record<string, string> = { signHere: 'signed', text: 'ACME', checkbox: 'true' }
    const complete = Object.fromEntries(tabs.map((tab) => [tab.tabId, entered[tab.type] ?? '']))
    expect(Object.keys(complete)).toHaveLength(3)
    // A tab this recipient does not have (recipient 2's only tab is a signHere: ids are per recipient).
    expect((await finish({ ...complete, 'initialHereTabs-7': 'signed' })).statusCode).toBe(400)
    const withoutText = Object.fromEntries(
      Object.entries(complete).filter(([tabId]) => tabs.find((tab) => tab.tabId === tabId)?.type !== 'text'),
    )
    expect((await finish(withoutText)).statusCode).toBe(400)
    expect(await envelopeStatus(service, principal, envelopeId)).toBe('delivered')

    // Recipient 2's link (minted ahead of its turn) is refused while recipient 1 has not finished.
    const early = newSigningToken()
    await insertSigningLink(service.ctx.db, {
      tokenHash: early.tokenHash,
      envelopeId,
      recipientId: '2',
      kind: 'invitation',
      createdAt: Date.now(),
      expiresAt: Date.now() + 86_400_000,
    })
    const waiting = await service.app.inject({
      url: '/signing/api/session',
      headers: { 'x-signing-token': early.token },
    })
    expect(waiting.json().state).toBe('waiting')
    expect((await finish({ 'signHereTabs-0': 'signed' }, early.token)).statusCode).toBe(400)

    const first = await finish(complete)
    expect(first.statusCode).toBe(200)
    expect(first.json().state).toBe('finished')
    expect((await finish(complete)).statusCode).toBe(400)
    const stored = await service.app.inject({
      url: api(`/${envelopeId}/recipients/1/tabs`),
      headers: principal.headers,
    })
    expect(stored.json().textTabs).toMatchObject([{ tabLabel: 'Company', value: 'ACME' }])
  })
})
