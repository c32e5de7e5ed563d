import { describeEachDatabase } from 'platform/testing'
import { screenshotFolder, seriousAxeViolations } from 'platform/testing/browser'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { makePdfBase64 } from '../src/documents/test-pdfs.js'
import { eventually, type SigningStack, signingLinkIn, startSigningStack } from './signing-browser-support.js'

vi.setConfig({ testTimeout: 180_000 })

/**
 * Conditional fields on the signing page (tabs/conditional.ts run in the browser): a required text
 * field shown only while a checkbox is checked appears and disappears as the signer checks it, leaves
 * the required count and Finish while hidden, and loses what was typed in it when hidden. The header
 * names the envelope's brand in its colours.
 */

const SCREENSHOTS = screenshotFolder(new URL('../docs/screenshots/', import.meta.url))

describeEachDatabase('conditional fields on the signing page', (databases) => {
  let stack: SigningStack
  let sent = 0

  beforeAll(async () => {
    stack = await startSigningStack(await databases.freshUrl(), 'conditional-fields-')
  })
  afterAll(() => stack?.close())

  const api = (path: string) => `/restapi/v2.1/accounts/${stack.principal.accountId}${path}`
  const at = (y: number) => ({ documentId: '1', pageNumber: '1', xPosition: '72', yPosition: String(y) })

  async function sendConditional(): Promise<string> {
    sent += 1
    const email = `cora.${sent}@example.test`
    const brand = await stack.service.app.inject({
      method: 'POST',
      url: api('/brands'),
      headers: stack.principal.headers,
      payload: {
        brandName: 'Acme',
        brandCompany: `Acme Lettings ${sent}`,
        colors: [
          { name: 'headerBackground', value: '#112233' },
          { name: 'headerText', value: '#FFFFFF' },
        ],
      },
    })
    expect(brand.statusCode, brand.body).toBe(201)
    const response = await stack.service.app.inject({
      method: 'POST',
      url: api('/envelopes'),
      headers: stack.principal.headers,
      payload: {
        status: 'sent',
        emailSubject: `Lease ${sent}`,
        brandId: brand.json().brands[0].brandId,
        documents: [
          { documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
        ],
        recipients: {
          signers: [
            {
              recipientId: '1',
              name: 'Cora Conditional',
              email,
              tabs: {
                signHereTabs: [at(120)],
                checkboxTabs: [{ ...at(220), tabLabel: 'Pets' }],
                textTabs: [
                  {
                    ...at(260),
                    width: '160',
                    tabLabel: 'Pet name',
                    required: 'true',
                    conditionalParentLabel: 'Pets',
                    conditionalParentValue: 'on',
                  },
                ],
              },
            },
          ],
        },
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    return eventually(
      stack.service,
      () => signingLinkIn(stack.sink.received.find((mail) => mail.to.includes(email))?.text),
      `the invitation to ${email}`,
    )
  }

  async function openForm(link: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await stack.browser.newContext({ viewport, locale: 'en-US' })
    const page = await context.newPage()
    page.on('close', () => {
      context.close().catch(() => undefined)
    })
    await page.goto(link)
    await page.waitForSelector('body[data-first-page=drawn]', { timeout: 60_000 })
    return page
  }

  it('shows the child while the checkbox is checked, counts it only then, and clears it when hidden', async () => {
    const page = await openForm(await sendConditional())
    const child = page.getByRole('textbox', { name: /^Pet name/ })
    const pets = page.getByRole('checkbox', { name: /^Pets/ })
    const progress = page.locator('.progress')
    await pets.waitFor()
    expect(await child.count()).toBe(0)
    expect(await progress.innerText()).toMatch(/0 of 1\b/)

    await pets.check()
    await child.waitFor()
    expect(await progress.innerText()).toMatch(/0 of 2\b/)
    await child.fill('Rex')
    expect(await seriousAxeViolations(page)).toEqual([])

    await pets.uncheck()
    await child.waitFor({ state: 'detached' })
    expect(await progress.innerText()).toMatch(/0 of 1\b/)
    await pets.check()
    expect(await child.inputValue()).toBe('')
    await page.close()
  })

  it('names the brand in the header; at phone width, axe-clean, with the child shown', async () => {
    const phone = await openForm(await sendConditional(), { width: 390, height: 844 })
    const header = phone.locator('header.bar')
    await expect.poll(() => header.locator('.brand').innerText()).toMatch(/^Acme Lettings \d+$/)
    expect(await header.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(17, 34, 51)',
    )
    await phone.getByRole('checkbox', { name: /^Pets/ }).check()
    await phone.getByRole('textbox', { name: /^Pet name/ }).fill('Rex')
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await seriousAxeViolations(phone)).toEqual([])
    await phone.screenshot({ path: `${SCREENSHOTS}signing-conditional-phone.png` })
    await phone.close()
  })
})
