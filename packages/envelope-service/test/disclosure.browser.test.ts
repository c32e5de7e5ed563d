import { describeEachDatabase } from 'platform/testing'
import { screenshotFolder, seriousAxeViolations } from 'platform/testing/browser'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { makePdfBase64 } from '../src/documents/test-pdfs.js'
import {
  eventually,
  type SigningStack,
  SPANISH_FORM_LANGUAGE,
  signingLinkIn,
  signWithTypedName,
  startSigningStack,
  untilCompleted,
} from './signing-browser-support.js'

vi.setConfig({ testTimeout: 180_000 })

/**
 * The Electronic Record and Signature Disclosure on the signing page (`useDisclosure`): it opens over the
 * documents and stays until the signer agrees or declines; agreed once, it is not asked again.
 */

const SCREENSHOTS = screenshotFolder(new URL('../docs/screenshots/', import.meta.url))

describeEachDatabase('the signing page asks for the electronic record disclosure', (databases) => {
  let stack: SigningStack
  let sent = 0

  beforeAll(async () => {
    stack = await startSigningStack(await databases.freshUrl(), 'disclosure-')
  })
  afterAll(() => stack?.close())

  async function send(options: { spanish?: boolean } = {}): Promise<{ envelopeId: string; link: string }> {
    sent += 1
    const email = `nora.${sent}@example.test`
    const response = await stack.service.app.inject({
      method: 'POST',
      url: `/restapi/v2.1/accounts/${stack.principal.accountId}/envelopes`,
      headers: stack.principal.headers,
      payload: {
        status: 'sent',
        emailSubject: `Lease ${sent}`,
        useDisclosure: 'true',
        documents: [
          { documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
        ],
        ...(options.spanish ? SPANISH_FORM_LANGUAGE : {}),
        recipients: {
          signers: [
            {
              recipientId: '1',
              name: 'Nora Agreed',
              email,
              tabs: {
                signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '72', yPosition: '120' }],
              },
            },
          ],
        },
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    const link = await eventually(
      stack.service,
      () => signingLinkIn(stack.sink.received.find((mail) => mail.to.includes(email))?.text),
      `the invitation to ${email}`,
    )
    return { envelopeId: response.json().envelopeId, link }
  }

  async function open(
    link: string,
    viewport = { width: 1280, height: 900 },
    locale = 'en-US',
  ): Promise<Page> {
    // Only the test's own context skips the page's CSP, so axe can be injected.
    const context = await stack.browser.newContext({ viewport, locale, bypassCSP: true })
    const page = await context.newPage()
    page.on('close', () => {
      context.close().catch(() => undefined)
    })
    await page.goto(link)
    await page.waitForSelector('body[data-first-page=drawn]', { timeout: 60_000 })
    return page
  }

  it('opens over the documents, waits for the agreement, then lets the signer sign; not asked again', async () => {
    const { envelopeId, link } = await send()
    const page = await open(link)
    const dialog = page.getByRole('dialog', { name: 'Agree to use electronic records and signatures' })
    await dialog.waitFor()
    const agree = dialog.getByRole('button', { name: 'Continue' })
    expect(await agree.isDisabled()).toBe(true)
    // Escape does not dismiss it: the choice is to agree or to decline.
    await page.keyboard.press('Escape')
    expect(await dialog.isVisible()).toBe(true)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}signing-disclosure-desktop.png` })

    await dialog.getByLabel('I agree to use electronic records and signatures.').check()
    await agree.click()
    await dialog.waitFor({ state: 'detached' })
    // The page said which language it showed: the certificate prints the disclosure in it.
    const agreement = await stack.service.ctx.db
      .selectFrom('recipient_disclosures')
      .select('language')
      .where('envelope_id', '=', envelopeId)
      .executeTakeFirst()
    expect(agreement).toEqual({ language: 'en' })
    // Opened again, the agreement stands.
    await page.reload()
    await page.waitForSelector('body[data-first-page=drawn]', { timeout: 60_000 })
    await page.getByRole('button', { name: 'Finish' }).waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)
    await signWithTypedName(page, 'Nora Agreed')
    await untilCompleted(stack.service, stack.principal, envelopeId)

    const audit = await stack.service.app.inject({
      url: `/restapi/v2.1/accounts/${stack.principal.accountId}/envelopes/${envelopeId}/audit_events`,
      headers: stack.principal.headers,
    })
    const actions = audit
      .json()
      .auditEvents.map(
        (event: { eventFields: { name: string; value: string }[] }) =>
          event.eventFields.find((field) => field.name === 'Action')?.value,
      )
    expect(actions.filter((action: string) => action === 'Disclosure Accepted')).toHaveLength(1)
    expect(actions.indexOf('Disclosure Accepted')).toBeLessThan(actions.indexOf('Signed'))
  })

  it('speaks Spanish on a phone, and its Decline leads to the decline dialog and back', async () => {
    const { link } = await send({ spanish: true })
    const phone = await open(link, { width: 390, height: 844 }, 'es-ES')
    const dialog = phone.getByRole('dialog', { name: 'Acepte usar registros y firmas electrónicos' })
    await dialog.waitFor()
    expect(await dialog.getByRole('heading', { name: 'Retirar su consentimiento' }).isVisible()).toBe(true)
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await seriousAxeViolations(phone)).toEqual([])
    await phone.screenshot({ path: `${SCREENSHOTS}signing-disclosure-phone-es.png` })
    await dialog.getByRole('button', { name: 'Rechazar firma' }).click()
    const decline = phone.getByRole('dialog', { name: 'Rechazar firma' })
    await decline.waitFor()
    await decline.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.waitFor()
    await phone.close()
  })

  /** The account's disclosure in one language, as an administrator sets it. */
  const put = (langCode: string, payload: object) =>
    stack.service.app.inject({
      method: 'PUT',
      url: `/restapi/v2.1/accounts/${stack.principal.accountId}/consumer_disclosure/${langCode}`,
      headers: { ...stack.principal.headers, 'content-type': 'application/json' },
      payload,
    })

  it("shows the contact details the account added, in the signer's language", async () => {
    const english = await put('en', {
      companyName: 'Acme Rentals',
      changeEmail: 'records@acme.test',
      copyRequestEmail: 'copies@acme.test',
      copyCostPerPage: '0',
      withdrawByEmail: 'true',
      withdrawEmail: 'withdraw@acme.test',
    })
    expect(english.statusCode, english.body).toBe(200)

    // The Spanish version, not set yet, borrows the English version's addresses, in Spanish sentences.
    const borrowing = await open((await send({ spanish: true })).link, { width: 390, height: 844 }, 'es-ES')
    const dialogBorrowing = borrowing.getByRole('dialog', {
      name: 'Acepte usar registros y firmas electrónicos',
    })
    await dialogBorrowing.waitFor()
    const shownBorrowing = await dialogBorrowing.innerText()
    expect(shownBorrowing).toContain('Acme Rentals le pide que lea esta divulgación')
    expect(shownBorrowing).toContain('escribiendo a copies@acme.test. Las copias en papel son gratuitas.')
    expect(shownBorrowing).toContain('con Rechazar firma, o por correo electrónico a withdraw@acme.test.')
    await borrowing.close()

    const spanish = await put('es', {
      companyName: 'Acme Alquileres',
      withdrawByPhone: 'true',
      withdrawPhone: '+34 900 000 000',
    })
    expect(spanish.statusCode, spanish.body).toBe(200)

    const page = await open((await send()).link)
    const dialog = page.getByRole('dialog', { name: 'Agree to use electronic records and signatures' })
    await dialog.waitFor()
    const shown = await dialog.innerText()
    expect(shown).toContain('Acme Rentals asks you to read this disclosure')
    expect(shown).toContain('by writing to copies@acme.test. Paper copies are free.')
    expect(shown).toContain('with Decline to sign, or by email to withdraw@acme.test.')
    expect(
      await dialog.getByRole('heading', { name: 'Keeping your contact details current' }).isVisible(),
    ).toBe(true)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}signing-disclosure-details-desktop.png` })
    await page.close()

    const phone = await open((await send({ spanish: true })).link, { width: 390, height: 844 }, 'es-ES')
    const dialogEs = phone.getByRole('dialog', { name: 'Acepte usar registros y firmas electrónicos' })
    await dialogEs.waitFor()
    const shownEs = await dialogEs.innerText()
    expect(shownEs).toContain('Acme Alquileres le pide que lea esta divulgación')
    // Its first update started from what it borrowed: the email stays beside the phone it added.
    expect(shownEs).toContain(
      'con Rechazar firma, o por correo electrónico a withdraw@acme.test o por teléfono al +34 900 000 000.',
    )
    await phone.close()
  })

  it("shows the account's own text in its language, with the service's sentence to tick", async () => {
    const own = await put('en', {
      custom: 'true',
      esignText:
        '<h2>Acme Rentals: consent to electronic records</h2><p>We send leases and notices <b>electronically</b>. Read our <a href="https://acme.test/records">records policy</a>.</p><ul><li>Paper copies: free, from copies@acme.test.</li><li>Withdraw any time before you sign.</li></ul>',
    })
    expect(own.statusCode, own.body).toBe(200)

    for (const [viewport, name] of [
      [{ width: 1280, height: 900 }, 'desktop'],
      [{ width: 390, height: 844 }, 'phone'],
    ] as const) {
      const { envelopeId, link } = await send()
      const page = await open(link, viewport)
      const dialog = page.getByRole('dialog', { name: 'Agree to use electronic records and signatures' })
      await dialog.waitFor()
      await dialog.getByRole('heading', { name: 'Acme Rentals: consent to electronic records' }).waitFor()
      const policy = dialog.getByRole('link', { name: 'records policy' })
      expect(await policy.getAttribute('href')).toBe('https://acme.test/records')
      expect(await policy.getAttribute('target')).toBe('_blank')
      // The service's own sections are not shown beside it.
      expect(await dialog.innerText()).not.toContain('What you need')
      // Focus starts at the top of the text, not on its first link.
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('own-text')
      expect(await seriousAxeViolations(page)).toEqual([])
      await page.screenshot({ path: `${SCREENSHOTS}signing-disclosure-own-text-${name}.png` })
      if (name === 'desktop') {
        await dialog.getByLabel('I agree to use electronic records and signatures.').check()
        await dialog.getByRole('button', { name: 'Continue' }).click()
        await dialog.waitFor({ state: 'detached' })
        await signWithTypedName(page, 'Nora Agreed')
        await untilCompleted(stack.service, stack.principal, envelopeId)
      }
      await page.close()
    }

    // Spanish signers still read this service's Spanish text: the Spanish version has no own text.
    const spanish = await open((await send({ spanish: true })).link, { width: 390, height: 844 }, 'es-ES')
    const dialogEs = spanish.getByRole('dialog', { name: 'Acepte usar registros y firmas electrónicos' })
    await dialogEs.waitFor()
    expect(await dialogEs.innerText()).toContain('Qué necesita')
    await spanish.close()

    expect((await put('en', { custom: 'false' })).statusCode).toBe(200)
  })
  it('reads the disclosure again when the account changed it while the signer read it', async () => {
    const { envelopeId, link } = await send()
    const page = await open(link)
    const dialog = page.getByRole('dialog', { name: 'Agree to use electronic records and signatures' })
    await dialog.waitFor()
    const changed = await put('en', {
      custom: 'true',
      esignText: '<h2>Acme Rentals: new terms</h2><p>We changed these terms.</p>',
    })
    expect(changed.statusCode, changed.body).toBe(200)

    const agreeBox = dialog.getByLabel('I agree to use electronic records and signatures.')
    await agreeBox.check()
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'The sender changed this disclosure while you were reading it.' })
      .waitFor()
    await dialog.getByRole('heading', { name: 'Acme Rentals: new terms' }).waitFor()
    expect(await agreeBox.isChecked()).toBe(false)
    expect(await seriousAxeViolations(page)).toEqual([])

    await agreeBox.check()
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.waitFor({ state: 'detached' })
    await signWithTypedName(page, 'Nora Agreed')
    await untilCompleted(stack.service, stack.principal, envelopeId)
    await page.close()
    expect((await put('en', { custom: 'false' })).statusCode).toBe(200)
  })
})
