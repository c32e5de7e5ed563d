import { mkdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { describeEachDatabase } from 'platform/testing'
import { DESKTOP, launchChromium, PHONE, seriousAxeViolations } from 'platform/testing/browser'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { seedPrincipal, startTestService, type TestService } from '../../testing/harness.js'
import { addRedirectUri, addSecretKey } from '../clients/service.js'
import { createIntegrationKey, createUser } from '../service.js'
import { setPassword } from '../users/sign-in.js'

const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url))
const PASSWORD = 'correct horse battery staple'

/** Saved for the README only when asked (UPDATE_SCREENSHOTS=1), so test runs leave the tree alone. */
async function screenshot(page: Page, name: string) {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true })
}

describeEachDatabase('sign-in and consent pages in Chromium', (databases) => {
  let service: TestService
  let browser: Browser
  let receiver: Server
  let origin: string
  let callback: string
  let clientId: string
  const received: URL[] = []

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), {
      DEV_MAILBOX: 'true',
      MAILBOX_ALLOWED_HOSTS: '127.0.0.1',
    })
    await service.app.listen({ port: 0, host: '127.0.0.1' })
    origin = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`
    // The third-party application's back end: a real HTTP receiver of the redirect.
    receiver = createServer((request, response) => {
      received.push(new URL(request.url ?? '/', 'http://127.0.0.1'))
      response.writeHead(200, { 'content-type': 'text/plain' }).end('received')
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    callback = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callback`
    const db = service.ctx.db
    const user = await createUser(db, { name: 'Ada Lovelace', email: 'ada@example.test' })
    await setPassword(db, user.id, PASSWORD)
    const key = await createIntegrationKey(db, { name: 'Acme CRM' })
    clientId = key.integrationKey.id
    await addRedirectUri(db, clientId, callback)
    await addSecretKey(db, clientId)
    browser = await launchChromium()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await new Promise((resolve) => receiver?.close(resolve))
    await service?.close()
  })

  const authorizeUrl = () =>
    `${origin}/oauth/auth?${new URLSearchParams({
      response_type: 'code',
      scope: 'signature extended',
      client_id: clientId,
      redirect_uri: callback,
      state: 'browser-state',
    })}`

  it('signs in and consents with the keyboard alone, axe-clean, and redirects with a code', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' })
    await page.goto(authorizeUrl())
    expect(await page.locator('h1').textContent()).toBe('Sign in')
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'sign-in-desktop')

    await page.keyboard.press('Tab')
    await page.keyboard.type('ada@example.test')
    await page.keyboard.press('Tab')
    await page.keyboard.type('not the password')
    await page.keyboard.press('Enter')
    await page.waitForSelector('[role=alert]')
    expect(await page.locator('[role=alert]').textContent()).toContain('not right')
    expect(await seriousAxeViolations(page)).toEqual([])

    await page.locator('#password').fill(PASSWORD)
    await page.locator('#password').press('Enter')
    await page.waitForSelector('text=Allow access')
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'consent-desktop')

    await page.locator('button[value=allow]').focus()
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/callback')
    // Chromium also asks the receiver for /favicon.ico.
    const redirect = received.filter((url) => url.pathname === '/callback').at(-1) as URL
    expect(redirect.searchParams.get('state')).toBe('browser-state')
    expect(redirect.searchParams.get('code')).toMatch(/^[\w-]{43}$/)
    await page.close()
  })

  it('speaks Spanish and fits a phone', async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, locale: 'es-ES' })
    const page = await context.newPage()
    await page.goto(authorizeUrl())
    expect(await page.locator('h1').textContent()).toBe('Iniciar sesión')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'sign-in-phone-es')
    await page.locator('#email').fill('ada@example.test')
    await page.locator('#password').fill(PASSWORD)
    await page.locator('button[type=submit]').click()
    // Consent was given in the previous test for these scopes: straight back to the application.
    await page.waitForURL((url) => url.pathname === '/callback')
    await context.close()
  })

  it('takes an invited user from the mailbox link to a first sign-in', async () => {
    const admin = await seedPrincipal(service.ctx)
    const invited = await service.app.inject({
      method: 'POST',
      url: `/restapi/v2.1/accounts/${admin.accountId}/users`,
      headers: admin.headers,
      payload: { newUsers: [{ userName: 'Grace Hopper', email: 'grace@example.test' }] },
    })
    expect(invited.statusCode).toBe(201)
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' })
    const link = page.locator('a[href*="/oauth/password/"]').first()
    for (let attempt = 0; attempt < 50 && (await link.count()) === 0; attempt++) {
      await page.goto(`${origin}/dev/mailbox?to=grace@example.test`)
      if ((await link.count()) === 0) await page.waitForTimeout(200)
    }
    // The link names the service's public origin; this test reaches it on its loopback listener.
    await page.goto(`${origin}${new URL((await link.getAttribute('href')) as string).pathname}`)
    expect(await page.locator('h1').textContent()).toBe('Choose your password')
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'set-password-desktop')
    await page.locator('#password').fill(PASSWORD)
    await page.locator('#confirm').fill(PASSWORD)
    await page.locator('#confirm').press('Enter')
    await page.waitForSelector('text=Your password is saved')

    await page.goto(authorizeUrl())
    await page.locator('#email').fill('grace@example.test')
    await page.locator('#password').fill(PASSWORD)
    await page.locator('#password').press('Enter')
    await page.waitForSelector('text=Allow access')
    await page.locator('button[value=allow]').click()
    await page.waitForURL((url) => url.pathname === '/callback')
    await page.close()
  })

  it('asks for a reset link at phone width in Spanish without telling whether the email exists', async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, locale: 'es-ES' })
    const page = await context.newPage()
    await page.goto(authorizeUrl())
    await page.locator('a[href="/oauth/password-reset"]').click()
    expect(await page.locator('h1').textContent()).toBe('Restablecer la contraseña')
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await screenshot(page, 'password-reset-phone-es')
    await page.locator('#email').fill('nobody@example.test')
    await page.locator('button[type=submit]').click()
    await page.waitForSelector('text=Si una cuenta usa ese correo')
    await context.close()
  })
})
