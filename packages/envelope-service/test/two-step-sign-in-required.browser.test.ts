import { describeEachDatabase } from 'platform/testing'
import { DESKTOP, PHONE, screenshotFolder, seriousAxeViolations } from 'platform/testing/browser'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { resetSecondFactor } from '../src/identity/revocation.js'
import { codeAt } from '../src/identity/second-factor/test-codes.js'
import { type AppStack, PASSWORD, signedInContext } from './app-browser-support.js'

vi.setConfig({ testTimeout: 240_000 })

/** As in the app's other browser tests: docs/screenshots/ only with `UPDATE_SCREENSHOTS=1`. */
const SCREENSHOTS = screenshotFolder(new URL('../docs/screenshots/', import.meta.url))

/**
 * An account that requires two-step sign-in, in Chromium: the administrator turns the requirement on in
 * Settings; at the next sign-in, after the password, the sign-in pages have them set it up (QR code, a
 * wrong code refused, the right one), show the recovery codes once and go on to the app, whose Security
 * screen then says it cannot be turned off. In English at desktop width and in Spanish on a phone.
 */
describeEachDatabase('two-step sign-in required by the account, in the sender app', (databases) => {
  let stack: AppStack

  beforeAll(async () => {
    const { startAppStack } = await import('./app-browser-support.js')
    stack = await startAppStack(await databases.freshUrl())
  })
  afterAll(() => stack?.close())

  /**
   * From the sign-in page: the password, then the set-up page (a wrong code first), then the recovery
   * codes, then on to the app. `words` are the pages' texts in the browser's language.
   */
  async function signInSettingUp(
    page: Page,
    words: { setUp: string; wrong: string; codes: string; download: string; continue: string },
    screenshots: { setUp: string; codes: string },
  ) {
    await page.waitForURL((url) => url.pathname === '/oauth/auth')
    await page.locator('#email').fill(stack.email)
    await page.locator('#password').fill(PASSWORD)
    await page.locator('button[type=submit]').click()
    await page.getByRole('heading', { name: words.setUp }).waitFor()
    // The QR code is drawn: the page's policy lets its data: image in.
    await page.waitForFunction(
      () => (document.querySelector('img.qr') as HTMLImageElement | null)?.naturalWidth,
    )
    const key = (await page.locator('#setup-key').textContent())?.replace(/\s/g, '') ?? ''
    expect(key).toMatch(/^[A-Z2-7]{32}$/)
    await page.locator('#code').fill('000000')
    await page.locator('button[type=submit]').click()
    await page.getByRole('alert').getByText(words.wrong).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    )
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}${screenshots.setUp}`, fullPage: true })
    await page.locator('#code').fill(codeAt(key, Date.now()))
    await page.locator('button[type=submit]').click()
    await page.getByRole('heading', { name: words.codes }).waitFor()
    expect(await page.locator('#recovery-codes li').count()).toBe(10)
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: words.download }).click()
    expect((await download).suggestedFilename()).toBe('inkwell-recovery-codes.txt')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}${screenshots.codes}`, fullPage: true })
    await page.getByRole('button', { name: words.continue }).click()
    await page.waitForURL((url) => url.pathname === '/app/')
  }

  it('is required by the administrator in Settings, then set up at the next sign-in', async () => {
    const { page } = await signedInContext(stack, { viewport: DESKTOP })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()
    await page.getByRole('heading', { name: 'Sign-in', exact: true }).waitFor()
    await page.getByText('1 user has not turned two-step sign-in on yet.').waitFor()
    // Who: the administrator themself, the account's only user.
    expect(
      await page
        .getByRole('list', { name: /has not turned two-step/ })
        .getByRole('listitem')
        .allTextContents(),
    ).toEqual([expect.stringMatching(/^Test User /)])
    await page.getByLabel('Require two-step sign-in for everyone in this account').check()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Two-step sign-in is now required in this account.').waitFor()
    await page
      .getByText(
        '1 user has not turned two-step sign-in on yet and will be asked to set it up at their next sign-in.',
      )
      .waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.locator('#sign-in-policy-title').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SCREENSHOTS}settings-two-step-required-desktop.png` })

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('button', { name: 'Sign in again' }).click()
    await signInSettingUp(
      page,
      {
        setUp: 'Set up two-step sign-in',
        wrong: 'That code is not right',
        codes: 'Save your recovery codes',
        download: 'Download the codes',
        continue: 'Continue',
      },
      { setUp: 'sign-in-set-up-second-step-desktop.png', codes: 'sign-in-recovery-codes-desktop.png' },
    )
    await page.goto(`${stack.service.origin}/app/security`)
    await page.getByText('You have 10 recovery codes left.').waitFor()
    await page.getByText('Your account requires two-step sign-in, so it cannot be turned off.').waitFor()
    expect(await page.getByRole('button', { name: 'Turn off two-step sign-in' }).count()).toBe(0)
    await page.context().close()
  })

  it('speaks Spanish on a phone, after the operator has reset the person’s two-step sign-in', async () => {
    await resetSecondFactor(stack.service.ctx.db, stack.principal.userId)
    const context = await stack.browser.newContext({ locale: 'es-ES', viewport: PHONE })
    const page = await context.newPage()
    await page.goto(`${stack.service.origin}/app/`)
    await signInSettingUp(
      page,
      {
        setUp: 'Configure la verificación en dos pasos',
        wrong: 'Ese código no es correcto',
        codes: 'Guarde sus códigos de recuperación',
        download: 'Descargar los códigos',
        continue: 'Continuar',
      },
      {
        setUp: 'sign-in-set-up-second-step-phone-es.png',
        codes: 'sign-in-recovery-codes-phone-es.png',
      },
    )
    await page.goto(`${stack.service.origin}/app/settings`)
    await page.getByText('Todos en esta cuenta tienen activada la verificación en dos pasos.').waitFor()
    expect(await page.locator('.members-not-set-up').count()).toBe(0)
    expect(
      await page.getByLabel('Exigir la verificación en dos pasos a todos en esta cuenta').isChecked(),
    ).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.locator('#sign-in-policy-title').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SCREENSHOTS}settings-two-step-required-phone-es.png` })
    await context.close()
  })
})
