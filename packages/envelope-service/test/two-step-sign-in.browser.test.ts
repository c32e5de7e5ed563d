import { describeEachDatabase } from 'platform/testing'
import { DESKTOP, PHONE, screenshotFolder, seriousAxeViolations } from 'platform/testing/browser'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { STEP_MS } from '../src/identity/second-factor/codes.js'
import { codeAt } from '../src/identity/second-factor/test-codes.js'
import { type AppStack, PASSWORD, signedInContext } from './app-browser-support.js'

vi.setConfig({ testTimeout: 240_000 })

/** As in the app's other browser tests: docs/screenshots/ only with `UPDATE_SCREENSHOTS=1`. */
const SCREENSHOTS = screenshotFolder(new URL('../docs/screenshots/', import.meta.url))

/**
 * Two-step sign-in as a person sets it up in Chromium: the Security screen shows a QR code and the key,
 * a wrong code is refused in words, the right one answers the recovery codes; the next sign-in asks for
 * a code after the password; a recovery code turns it off. In English at desktop width and in Spanish
 * on a phone. The codes are made here as the person's authenticator app would make them.
 */
describeEachDatabase('two-step sign-in in the sender app', (databases) => {
  let stack: AppStack

  beforeAll(async () => {
    const { startAppStack } = await import('./app-browser-support.js')
    stack = await startAppStack(await databases.freshUrl())
  })
  afterAll(() => stack?.close())

  /** Turns it on from the Security screen; returns the key and the recovery codes. */
  async function turnOn(page: Page, words: { turnOn: string; code: string; confirm: string; saved: string }) {
    await page.getByRole('button', { name: words.turnOn }).click()
    const key = (await page.locator('.secret-key').textContent())?.replace(/\s/g, '') ?? ''
    expect(key).toMatch(/^[A-Z2-7]{32}$/)
    await page.getByLabel(words.code).fill(codeAt(key, Date.now()))
    await page.getByRole('button', { name: words.confirm, exact: true }).click()
    await page.locator('.recovery-codes li').first().waitFor()
    const codes = await page.locator('.recovery-codes li').allTextContents()
    expect(codes).toHaveLength(10)
    return { key, codes, done: () => page.getByRole('button', { name: words.saved }).click() }
  }

  /** Signs in from the app's sign-in page with the password, then the code (the next step's: each step's code is taken once). */
  async function signInWithCode(page: Page, key: string, screenshot?: string) {
    await page.waitForURL((url) => url.pathname === '/oauth/auth')
    await page.locator('#email').fill(stack.email)
    await page.locator('#password').fill(PASSWORD)
    await page.locator('button[type=submit]').click()
    await page.locator('#code').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    if (screenshot) await page.screenshot({ path: `${SCREENSHOTS}${screenshot}` })
    await page.locator('#code').fill('000000')
    await page.locator('button[type=submit]').click()
    await page.locator('#code-error').waitFor()
    await page.locator('#code').fill(codeAt(key, Date.now() + STEP_MS))
    await page.locator('button[type=submit]').click()
    // The dashboard, once the callback has exchanged its code for the session.
    await page.waitForURL((url) => url.pathname === '/app/')
  }

  it('is turned on with a code, asked for at the next sign-in, and turned off with a recovery code', async () => {
    const { page } = await signedInContext(stack, { viewport: DESKTOP })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Security' }).click()
    await page.getByRole('heading', { name: 'Sign-in security' }).waitFor()
    await page.getByText('Ask for a code from an authenticator app').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
    const key = (await page.locator('.secret-key').textContent())?.replace(/\s/g, '') ?? ''
    // The QR code opens the app on a phone too: it links to the same otpauth address.
    expect(await page.locator('.qr-link').getAttribute('href')).toContain(`secret=${key}`)
    await page.getByRole('button', { name: 'Turn on', exact: true }).click()
    await page.getByText('Type the code the app shows.').waitFor()
    await page.getByLabel('Code from the app').fill('000000')
    await page.getByRole('button', { name: 'Turn on', exact: true }).click()
    await page.getByRole('alert').getByText('That code is not right, or was already used.').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}security-scan-desktop.png` })
    await page.getByLabel('Code from the app').fill(codeAt(key, Date.now()))
    await page.getByRole('button', { name: 'Turn on', exact: true }).click()
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor()
    const codes = await page.locator('.recovery-codes li').allTextContents()
    expect(codes).toHaveLength(10)
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download the codes' }).click()
    expect((await download).suggestedFilename()).toBe('inkwell-recovery-codes.txt')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}security-recovery-codes-desktop.png` })
    await page.getByRole('button', { name: 'I have saved them' }).click()
    await page.getByText('Two-step sign-in is on. Your next sign-in will ask for a code.').waitFor()
    await page.getByText('You have 10 recovery codes left.').waitFor()

    // Signed out and in again: the password, then the code.
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('button', { name: 'Sign in again' }).click()
    await signInWithCode(page, key, 'sign-in-second-step-desktop.png')
    await page.goto(`${stack.service.origin}/app/security`)
    await page.getByText('You have 10 recovery codes left.').waitFor()
    // The sign-in history: this sign-in with its code, the wrong code before it, and the first sign-in.
    const history = page.getByRole('region', { name: 'Recent sign-ins' })
    await history.getByText('Signed in with the password and a code').waitFor()
    expect(await history.locator('li').allTextContents()).toEqual([
      expect.stringMatching(
        /^Signed in with the password and a code.*Chrome on Linux · Address 127\.0\.0\.1$/,
      ),
      expect.stringMatching(/^Wrong code.*Chrome on Linux · Address 127\.0\.0\.1$/),
      expect.stringMatching(/^Signed in with the password.*Chrome on Linux/),
    ])
    expect(await seriousAxeViolations(page)).toEqual([])
    await history.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SCREENSHOTS}security-history-desktop.png` })

    // Off with a recovery code, typed in lower case.
    await page.getByLabel('Code or recovery code').fill((codes[3] as string).toLowerCase())
    await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click()
    await page.getByText('Two-step sign-in is off. Your password alone signs you in.').waitFor()
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).waitFor()
    await page.context().close()
  })

  it('speaks Spanish on a phone, on the Security screen and on the sign-in step', async () => {
    const { page } = await signedInContext(stack, { locale: 'es-ES', viewport: PHONE })
    await page.goto(`${stack.service.origin}/app/security`)
    await page.getByRole('heading', { name: 'Seguridad del inicio de sesión' }).waitFor()
    await page.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click()
    await page.getByRole('img', { name: 'Código QR para tu aplicación de autenticación' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}security-scan-phone-es.png`, fullPage: true })
    await page.getByRole('button', { name: 'Cancelar' }).click()
    const { key, done } = await turnOn(page, {
      turnOn: 'Activar la verificación en dos pasos',
      code: 'Código de la aplicación',
      confirm: 'Activar',
      saved: 'Ya los he guardado',
    })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await page.screenshot({ path: `${SCREENSHOTS}security-recovery-codes-phone-es.png`, fullPage: true })
    await done()
    await page.getByText('Te quedan 10 códigos de recuperación.').waitFor()

    await page.context().clearCookies()
    await page.goto(`${stack.service.origin}/app/`)
    await signInWithCode(page, key, 'sign-in-second-step-phone-es.png')
    await page.getByRole('navigation', { name: 'Principal' }).waitFor()
    await page.goto(`${stack.service.origin}/app/security`)
    const history = page.getByRole('region', { name: 'Inicios de sesión recientes' })
    await history.getByText('Sesión iniciada con la contraseña y un código').first().waitFor()
    await history.getByText('Código incorrecto').first().waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(await seriousAxeViolations(page)).toEqual([])
    await history.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SCREENSHOTS}security-history-phone-es.png` })
    await page.context().close()
  })
})
