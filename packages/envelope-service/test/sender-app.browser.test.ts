import { describeEachDatabase } from 'platform/testing'
import { DESKTOP, PHONE, screenshotFolder, seriousAxeViolations } from 'platform/testing/browser'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { makePdfBase64 } from '../src/documents/test-pdfs.js'
import { SENDER_APP_CSP } from '../src/sender-app/page.js'
import {
  type AppStack,
  consoleViewUrl,
  firstPageMilliseconds,
  noteTokenRequests,
  PASSWORD,
  sendWithSdk,
  signedInContext,
  startAppStack,
} from './app-browser-support.js'
import { eventually, signingLinkIn, signWithTypedName, untilCompleted } from './signing-browser-support.js'

vi.setConfig({ testTimeout: 180_000 })

/**
 * Screenshots go to a scratch folder, so a test run leaves the tree as it was; `UPDATE_SCREENSHOTS=1`
 * writes them to docs/screenshots/ (the ones the README shows).
 */
const SCREENSHOTS = screenshotFolder(new URL('../docs/screenshots/', import.meta.url))

/**
 * The sender's web app in Chromium against a listening service: envelopes sent with the official SDK,
 * invitations through a real SMTP listener, recipients signing on the real signing page.
 */
describeEachDatabase("the sender's web app in Chromium", (databases) => {
  let stack: AppStack

  beforeAll(async () => {
    stack = await startAppStack(await databases.freshUrl())
  })

  afterAll(() => stack?.close())

  async function openDashboard(
    options: { locale?: string; viewport?: { width: number; height: number } } = {},
  ) {
    const { page } = await signedInContext(stack, options)
    return page
  }

  const row = (page: Page, subject: string) => page.getByRole('row').filter({ hasText: subject })

  it('serves the app for every /app path with its security headers, and a missing bundle as 404', async () => {
    for (const path of ['/app/', '/app/envelopes/abc', '/app/callback?code=x&state=y']) {
      const response = await fetch(`${stack.service.origin}${path}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/html')
      expect(response.headers.get('content-security-policy')).toBe(SENDER_APP_CSP)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(await response.text()).toContain('<div id="root">')
    }
    const html = await (await fetch(`${stack.service.origin}/app/`)).text()
    const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string
    const bundle = await fetch(`${stack.service.origin}${script}`)
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const missing = await fetch(`${stack.service.origin}/app/assets/gone-1234.js`)
    expect(missing.status).toBe(404)
    expect((await missing.json()).errorCode).toBeDefined()
    expect((await fetch(`${stack.service.origin}/app`, { redirect: 'manual' })).headers.get('location')).toBe(
      '/app/',
    )
  })

  it('finds an envelope sent with the SDK, by subject and recipient, and follows it to completed', async () => {
    const signer = { name: 'Rosa Quintana', email: 'rosa.quintana@example.test' }
    const subject = 'Lease renewal for unit 4B'
    const envelopeId = await sendWithSdk(stack.service, stack.principal, {
      subject,
      signer,
      documentBase64: await makePdfBase64(1),
      useDisclosure: true,
    })
    await sendWithSdk(stack.service, stack.principal, {
      subject: 'Unrelated invoice',
      signer: { name: 'Tom Other', email: 'tom@example.test' },
      documentBase64: await makePdfBase64(1),
    })

    const page = await openDashboard({ viewport: DESKTOP })
    await page.getByRole('heading', { name: 'Waiting for others' }).waitFor()
    await row(page, subject).waitFor()
    const firstPage = await firstPageMilliseconds(page)
    console.info(`dashboard first page on screen ${firstPage?.toFixed(0)} ms after navigation`)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page
      .getByRole('link', { name: /Waiting for others/ })
      .filter({ hasText: '2' })
      .waitFor()
    await page.screenshot({ path: `${SCREENSHOTS}dashboard-desktop.png`, fullPage: true })

    await page.getByLabel('Search subject or recipient').fill('quintana')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect.poll(() => page.getByRole('row').count()).toBe(2)
    await row(page, subject).waitFor()
    await page.getByLabel('Search subject or recipient').fill('invoice')
    await page.getByLabel('Search subject or recipient').press('Enter')
    await row(page, 'Unrelated invoice').waitFor()
    expect(await row(page, subject).count()).toBe(0)
    await page.getByRole('button', { name: 'Clear' }).click()

    const invitation = await eventually(
      stack.service,
      () => signingLinkIn(stack.sink.received.find((mail) => mail.to.includes(signer.email))?.text),
      'the invitation',
    )
    const signing = await page.context().newPage()
    await signing.goto(invitation)
    const disclosure = signing.getByRole('dialog', { name: 'Agree to use electronic records and signatures' })
    await disclosure.getByLabel('I agree to use electronic records and signatures.').check()
    await disclosure.getByRole('button', { name: 'Continue' }).click()
    await signWithTypedName(signing, signer.name)
    await untilCompleted(stack.service, stack.principal, envelopeId)

    // Coming back to the tab refreshes the list and the counts.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await page
      .getByRole('link', { name: /Completed/ })
      .filter({ hasText: '1' })
      .waitFor()
    await page.getByRole('link', { name: /Completed/ }).click()
    await page.getByRole('heading', { name: 'Completed' }).waitFor()
    await row(page, subject).getByRole('cell', { name: 'Completed' }).waitFor()

    await row(page, subject).getByRole('link').click()
    await page.getByRole('heading', { name: subject }).waitFor()
    await page.getByText(signer.email).waitFor()
    await page.getByText(/^Signed /).waitFor()
    // When the signer agreed to electronic records, from the history's entry naming them.
    await page.getByText(/^Agreed to use electronic records and signatures /).waitFor()
    expect(page.url()).toBe(`${stack.service.origin}/app/envelopes/${envelopeId}`)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}envelope-details-desktop.png`, fullPage: true })
    await page.goBack()
    await page.getByRole('heading', { name: 'Completed' }).waitFor()
    await page.context().close()
  })

  it('voids, resends and corrects from the details page, and shows the documents and the audit trail', async () => {
    const subject = 'Consulting contract'
    const envelopeId = await sendWithSdk(stack.service, stack.principal, {
      subject,
      signer: { name: 'Luis Mendez', email: 'luis.old@example.test' },
      documentBase64: await makePdfBase64(1),
    })
    const page = await openDashboard({ viewport: DESKTOP })
    await page.goto(`${stack.service.origin}/app/envelopes/${envelopeId}`)
    await page.getByRole('heading', { name: subject }).waitFor()
    await page.getByText('Every entry links to the one before it.').waitFor()

    await page.getByRole('button', { name: 'Correct Luis Mendez' }).click()
    const correct = page.getByRole('dialog', { name: 'Correct Luis Mendez' })
    await correct.getByLabel('Name').fill('Luis Méndez')
    await correct.getByLabel('Email').fill('luis.new@example.test')
    await correct.getByRole('button', { name: 'Save' }).click()
    await page.getByText('The recipient was corrected.').waitFor()
    await page.getByText('luis.new@example.test').waitFor()
    await eventually(
      stack.service,
      () => stack.sink.received.find((mail) => mail.to.includes('luis.new@example.test')),
      'the invitation to the corrected address',
    )

    const before = stack.sink.received.filter((mail) => mail.to.includes('luis.new@example.test')).length
    await page.getByRole('button', { name: 'Resend' }).click()
    await page.getByText('The current recipients were sent the invitation again.').waitFor()
    await eventually(
      stack.service,
      () =>
        stack.sink.received.filter((mail) => mail.to.includes('luis.new@example.test')).length > before
          ? true
          : undefined,
      'the resent invitation',
    )

    await page.getByRole('button', { name: 'View Agreement' }).click()
    await page.locator('iframe[title="Agreement"]').waitFor()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download Certificate of completion' }).click()
    expect((await download).suggestedFilename()).toBe('certificate.pdf')
    expect(await seriousAxeViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Void' }).click()
    const dialog = page.getByRole('dialog', { name: 'Void this envelope' })
    expect(await seriousAxeViolations(page)).toEqual([])
    await dialog.getByLabel('Why are you voiding it?').fill('Wrong rate in section 2')
    await dialog.getByRole('button', { name: 'Void' }).click()
    await page.getByText('Voided: Wrong rate in section 2', { exact: true }).waitFor()
    await page.getByText('Voided', { exact: true }).first().waitFor()
    expect(await page.getByRole('button', { name: 'Resend' }).count()).toBe(0)

    await page.getByRole('button', { name: 'Move to Deleted' }).click()
    await page.getByText('Moved to Deleted.').waitFor()
    await page.getByRole('button', { name: 'Restore' }).click()
    await page.getByText('Restored.').waitFor()
    await page.context().close()
  })

  it('speaks Spanish to a Spanish browser, fits a phone, and is used with the keyboard', async () => {
    await sendWithSdk(stack.service, stack.principal, {
      subject: 'Contrato de arrendamiento',
      signer: { name: 'Marta Gómez', email: 'marta@example.test' },
      documentBase64: await makePdfBase64(1),
    })
    const page = await openDashboard({ locale: 'es-ES', viewport: PHONE })
    await page.getByRole('heading', { name: 'Esperando a otros' }).waitFor()
    await page.getByRole('link', { name: /Completados/ }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}dashboard-phone-es.png`, fullPage: true })

    await page.getByLabel('Idioma').selectOption('en')
    await page.getByRole('heading', { name: 'Waiting for others' }).waitFor()
    await page.screenshot({ path: `${SCREENSHOTS}dashboard-phone.png`, fullPage: true })
    // The first Tab reaches the skip link, which takes focus to the content.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    await page.getByRole('link', { name: /All sent/ }).click()
    await row(page, 'Contrato de arrendamiento').getByRole('link').click()
    await page.getByRole('heading', { name: 'Recipients' }).waitFor()
    await page.getByText('Every entry links to the one before it.').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}envelope-details-phone.png`, fullPage: true })
    await page.goBack()
    await page.getByRole('heading', { name: 'All sent' }).waitFor()

    await page.context().close()
  })

  it('leads from the dashboard, and from an empty folder, to sending from templates', async () => {
    const page = await openDashboard({ locale: 'es-ES' })
    await page.getByRole('link', { name: /Requieren acción/ }).click()
    await page.getByRole('heading', { name: 'Requieren acción' }).waitFor()
    await page.getByText('No hay sobres aquí.').waitFor()
    await page.getByText('Empiece desde una de sus plantillas').waitFor()
    // One action in the folder's head, one in the empty folder's hint; the bin has no hint.
    expect(await page.getByRole('link', { name: 'Enviar un sobre' }).count()).toBe(2)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByRole('link', { name: /Eliminados/ }).click()
    await page.getByRole('heading', { name: 'Eliminados' }).waitFor()
    expect(await page.getByRole('link', { name: 'Enviar un sobre' }).count()).toBe(1)
    await page.getByRole('link', { name: 'Enviar un sobre' }).click()
    await page.getByRole('heading', { name: 'Enviar desde plantillas' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/app/send')
    await page.context().close()
  })

  it('keeps the session across a reload, signs out, and signs in again through the sign-in page', async () => {
    const page = await openDashboard({ viewport: DESKTOP })
    await page.getByRole('heading', { name: 'Waiting for others' }).waitFor()
    await page.reload()
    await page.getByRole('heading', { name: 'Waiting for others' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/app/')
    expect(
      await page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage)),
    ).not.toMatch(/eyJ|token/i)

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByText('You have signed out.').waitFor()
    expect(await page.getByRole('heading', { name: 'Waiting for others' }).count()).toBe(0)
    const tokenRequests = noteTokenRequests(page)
    await page.reload()
    await page.waitForURL((url) => url.pathname === '/oauth/auth')
    // Signed out, the app does not ask for a token the service would refuse.
    expect(tokenRequests).toEqual([])
    await page.locator('#email').fill(stack.email)
    await page.locator('#password').fill(PASSWORD)
    await page.locator('button[type=submit]').click()
    await page.getByRole('heading', { name: 'Waiting for others' }).waitFor()
    await page.context().close()
  })

  it("opens the dashboard, or an envelope, signed in from the SDK's console view", async () => {
    const context = await stack.browser.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    await page.goto(await consoleViewUrl(stack.service, stack.principal))
    await page.getByRole('heading', { name: 'Waiting for others' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/app/')

    const envelopeId = await sendWithSdk(stack.service, stack.principal, {
      subject: 'Opened from the CRM',
      signer: { name: 'Eva Ramos', email: 'eva@example.test' },
      documentBase64: await makePdfBase64(1),
    })
    const other = await stack.browser.newContext({ viewport: DESKTOP })
    const details = await other.newPage()
    await details.goto(await consoleViewUrl(stack.service, stack.principal, envelopeId))
    await details.getByRole('heading', { name: 'Opened from the CRM' }).waitFor()
    expect(new URL(details.url()).pathname).toBe(`/app/envelopes/${envelopeId}`)
    await Promise.all([context.close(), other.close()])
  })
})
