import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeEachDatabase } from 'platform/testing'
import { DESKTOP, PHONE, screenshotFolder, seriousAxeViolations } from 'platform/testing/browser'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { resolveAnchors } from '../src/documents/pdf-text/test-anchors.js'
import { makePdf } from '../src/documents/test-pdfs.js'
import { type AppStack, signedInContext, startAppStack } from './app-browser-support.js'

vi.setConfig({ testTimeout: 240_000 })

/** As in the app's other browser tests: docs/screenshots/ only with `UPDATE_SCREENSHOTS=1`. */
const SCREENSHOTS = screenshotFolder(new URL('../docs/screenshots/', import.meta.url))

interface SavedTemplate {
  recipients: { signers: { roleName: string; tabs?: Record<string, Record<string, string>[]> }[] }
  customFields: {
    textCustomFields: Record<string, string>[]
    listCustomFields: (Record<string, unknown> & { listItems: string[] })[]
  }
}

/**
 * The builder's template settings and its preview in Chromium: custom fields checked as the server
 * checks them, saved and reopened; the pages as each role sees them, in English and in Spanish.
 */
describeEachDatabase('template settings and the role preview in the builder', (databases) => {
  let stack: AppStack
  let scratch: string
  let orderPdf: Uint8Array

  beforeAll(async () => {
    stack = await startAppStack(await databases.freshUrl())
    scratch = mkdtempSync(join(tmpdir(), 'builder-settings-upload-'))
    orderPdf = await makePdf(2, 'Purchase order')
    writeFileSync(join(scratch, 'Order.pdf'), orderPdf)
  })

  afterAll(() => stack?.close())

  const NOTIFICATION = {
    useAccountDefaults: 'false',
    reminders: { reminderEnabled: 'true', reminderDelay: '1', reminderFrequency: '3' },
    expirations: { expireEnabled: 'true', expireAfter: '30', expireWarn: '5' },
  }

  /**
   * A template's `notification` is stored once branch mailprops is merged; until then the service refuses
   * it, and the builder must show the service's own message. Asked of the API first, so this test holds
   * on both sides of that merge.
   */
  async function notificationRefusal(): Promise<string | undefined> {
    const response = await fetch(
      `${stack.service.origin}/restapi/v2.1/accounts/${stack.principal.accountId}/templates`,
      {
        method: 'POST',
        headers: { ...stack.principal.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Probe', notification: NOTIFICATION }),
      },
    )
    if (response.status < 300) return undefined
    expect(response.status).toBe(400)
    return ((await response.json()) as { message: string }).message
  }

  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(
      `${stack.service.origin}/restapi/v2.1/accounts/${stack.principal.accountId}${path}`,
      { headers: stack.principal.headers },
    )
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as T
  }

  let templateId: string

  it('saves custom fields checked before saving, reopens them, and previews each role', async () => {
    const { page } = await signedInContext(stack, { viewport: DESKTOP })
    await page.goto(`${stack.service.origin}/app/templates/new`)
    await page.getByRole('heading', { name: 'New template' }).waitFor()
    await page.getByLabel('Template name').fill('Purchase order')
    await page.getByLabel('Add documents').first().setInputFiles(join(scratch, 'Order.pdf'))
    await page.getByRole('region', { name: 'Order, page 2 of 2' }).waitFor()
    await page.getByRole('button', { name: 'Add role' }).click()
    await page.getByRole('button', { name: 'Add role' }).click()
    await page.getByLabel('Role name').nth(0).fill('Buyer')
    await page.getByLabel('Role name').nth(1).fill('Seller')

    // Two fields for the buyer placed with the keyboard, none for the seller.
    const palette = (name: string) => page.locator('.palette').getByRole('button', { name, exact: true })
    await palette('Signature').focus()
    await page.keyboard.press('Enter')
    await palette('Text').focus()
    await page.keyboard.press('Enter')
    await page.getByLabel('Label (tabLabel)').fill('PO number')

    // Custom fields: a text one and a list one; a repeated name and a value outside the list refused.
    await page.getByRole('button', { name: 'Add text custom field' }).click()
    await page.getByRole('button', { name: 'Add list custom field' }).click()
    const names = page.getByLabel('Custom field name')
    await names.nth(0).fill('Cost center')
    await page.getByLabel('Default value').nth(0).fill('CC-100')
    await page.getByLabel('Recipients see it').nth(0).check()
    await names.nth(1).fill('Cost center')
    await page.getByText('Two custom fields are called “Cost center”').waitFor()
    await page.getByRole('button', { name: 'Save template' }).click()
    await page.getByText('Correct the custom fields before saving.').waitFor()
    await names.nth(1).fill('Region')
    await page.getByLabel('List items, one per line').last().fill('North\nSouth\n')
    await page.getByLabel('Default value').nth(1).selectOption('South')
    await page.getByLabel('The sender must fill it').nth(1).check()
    await page.getByLabel('List items, one per line').last().fill('North\nEast')
    await page.getByText('The default value of “Region” is not one of its list items.').waitFor()
    await page.getByLabel('List items, one per line').last().fill('North\nSouth')
    expect(await page.locator('.custom-fields [role="alert"]').count()).toBe(0)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page
      .locator('.custom-fields:not(.reminders)')
      .screenshot({ path: `${SCREENSHOTS}template-builder-custom-fields.png` })

    // Reminders and expiration, checked as the contract's whole day counts.
    await page.getByLabel('Send reminders').check()
    await page.getByLabel('Days before the first reminder').fill('1')
    await page.getByLabel('Days between reminders').fill('3')
    await page.getByLabel('Envelopes expire').check()
    await page.getByLabel('Days until expiration').fill('30')
    await page.getByLabel('Days before expiration to warn').fill('30')
    await page.getByText('The warning must be a whole number of days, fewer than').waitFor()
    await page.getByLabel('Days before expiration to warn').fill('5')
    const refusal = await notificationRefusal()

    // A date signed for the seller placed by anchor text: found on both pages, where the server puts it.
    await page.getByRole('button', { name: 'Add a field by anchor text' }).click()
    const anchor = page.locator('[data-anchor]')
    await anchor.getByLabel('Anchor text').fill('purchase ORDER')
    await anchor.getByText('Found 2 times: Order page 1, Order page 2.').waitFor()
    await anchor.getByLabel('Match capital letters').check()
    await anchor.getByText('Not found in the documents.').waitFor()
    await anchor.getByLabel('Match capital letters').uncheck()
    await anchor.getByLabel('Anchor text').fill('Purchase order')
    await anchor.getByLabel('Offset down').fill('two')
    await anchor.getByText('The downward offset must be a number.').waitFor()
    await anchor.getByLabel('Offset down').fill('0.25')
    await anchor.getByLabel('Offset to the right').fill('0.5')
    await anchor.getByLabel('Offset units').selectOption({ label: 'inches' })
    await anchor.getByLabel('Field type').selectOption({ label: 'Date signed' })
    await anchor.getByLabel('Role').selectOption({ label: 'Seller' })
    await anchor.getByText('Found 2 times: Order page 1, Order page 2.').waitFor()
    const hits = page.locator('[data-anchor-hit]')
    await expect.poll(() => hits.count()).toBe(2)
    const [expected] =
      (
        await resolveAnchors(orderPdf, [
          {
            anchorString: 'Purchase order',
            anchorXOffset: '0.5',
            anchorYOffset: '0.25',
            anchorUnits: 'inches',
          },
        ])
      )[0] ?? []
    const shown = await hits.first().evaluate((element) => ({
      left: Number.parseFloat((element as HTMLElement).style.left),
      top: Number.parseFloat((element as HTMLElement).style.top),
    }))
    expect((shown.left / 100) * 612).toBeCloseTo(expected?.xPosition ?? Number.NaN, 1)
    expect((shown.top / 100) * 792).toBeCloseTo(expected?.yPosition ?? Number.NaN, 1)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.locator('.anchors').screenshot({ path: `${SCREENSHOTS}template-builder-anchor.png` })
    await page
      .locator('[data-page="1"]')
      .first()
      .screenshot({ path: `${SCREENSHOTS}template-builder-anchor-page.png` })

    if (refusal) {
      await page.getByRole('button', { name: 'Save template' }).click()
      await page.getByRole('alert').filter({ hasText: refusal }).waitFor()
      await page.getByLabel('Send reminders').uncheck()
      await page.getByLabel('Envelopes expire').uncheck()
    }
    await page.getByRole('button', { name: 'Save template' }).click()
    await page.getByText('Template saved.').waitFor()
    await page.waitForURL(
      (url) => /^\/app\/templates\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'),
    )
    templateId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string)
    const saved = await api<SavedTemplate & { notification?: unknown }>(`/templates/${templateId}`)
    if (!refusal) expect(saved.notification).toMatchObject(NOTIFICATION)
    expect(saved.recipients.signers[1]?.tabs?.dateSignedTabs).toEqual([
      expect.objectContaining({
        anchorString: 'Purchase order',
        anchorXOffset: '0.5',
        anchorYOffset: '0.25',
        anchorUnits: 'inches',
        anchorCaseSensitive: 'false',
        anchorMatchWholeWord: 'false',
        anchorIgnoreIfNotPresent: 'false',
      }),
    ])
    // Each field numbered by the service (DocuSign's fieldId), across both lists.
    expect(saved.customFields).toEqual({
      textCustomFields: [
        { fieldId: '1', name: 'Cost center', value: 'CC-100', show: 'true', required: 'false' },
      ],
      listCustomFields: [
        {
          fieldId: '2',
          name: 'Region',
          value: 'South',
          listItems: ['North', 'South'],
          show: 'false',
          required: 'true',
        },
      ],
    })

    // Reopened from the server: the custom fields as they were.
    await page.reload()
    await page.getByRole('heading', { name: 'Edit template: Purchase order' }).waitFor()
    await expect.poll(() => page.getByLabel('Custom field name').nth(1).inputValue()).toBe('Region')
    expect(await page.getByLabel('Default value').nth(0).inputValue()).toBe('CC-100')
    expect(await page.getByLabel('Default value').nth(1).inputValue()).toBe('South')
    expect(await page.getByLabel('The sender must fill it').nth(1).isChecked()).toBe(true)
    expect(await page.getByLabel('Send reminders').isChecked()).toBe(!refusal)
    if (!refusal) expect(await page.getByLabel('Days until expiration').inputValue()).toBe('30')
    expect(await page.locator('[data-anchor]').getByLabel('Anchor text').inputValue()).toBe('Purchase order')
    expect(await page.locator('[data-anchor]').getByLabel('Offset units').inputValue()).toBe('inches')
    await expect.poll(() => page.locator('[data-anchor-hit]').count()).toBe(2)

    // The preview as the buyer: its two fields, read-only, in a dialog closed with Escape.
    await page.getByRole('button', { name: 'See what Buyer sees' }).click()
    const dialog = page.getByRole('dialog', { name: 'What Buyer sees when signing' })
    await dialog.waitFor()
    await dialog.getByText('This role fills 2 fields.').waitFor()
    await dialog.getByRole('region', { name: 'Order, page 1 of 2' }).locator('canvas').waitFor()
    expect(await dialog.locator('.preview-field').allTextContents()).toEqual([
      'Signature * (Required)',
      'PO number * (Required)',
    ])
    expect(await dialog.getByRole('button').count()).toBe(1)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}template-builder-preview-desktop.png` })
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    await page.getByLabel('Preview as').selectOption({ label: 'Seller' })
    await page.getByRole('button', { name: 'See what Seller sees' }).click()
    const seller = page.getByRole('dialog', { name: 'What Seller sees when signing' })
    await seller.getByText('This role fills 2 fields.').waitFor()
    await expect
      .poll(() => seller.locator('.preview-field').allTextContents())
      .toEqual(['Date signed', 'Date signed'])
    await seller.getByRole('button', { name: 'Close preview' }).click()
    await seller.waitFor({ state: 'detached' })
    await page.context().close()
  })

  it('says when pdf.js cannot be loaded, shows no anchor as missing, and reads the documents when asked again', async () => {
    const { page } = await signedInContext(stack, { viewport: DESKTOP })
    // The builder's pdf.js chunk lost, as on a dropped connection.
    const lost = '**/app/assets/pdfjs-*.js'
    await page.route(lost, (route) => route.abort())
    await page.goto(`${stack.service.origin}/app/templates/${encodeURIComponent(templateId)}`)
    await page.getByRole('heading', { name: 'Edit template: Purchase order' }).waitFor()
    const pagesFailed = page.locator('.pdf-failed')
    await pagesFailed.getByText('The pages of Order could not be shown in this browser.').waitFor()
    const anchors = page.locator('.anchors')
    await anchors
      .getByRole('alert')
      .getByText('The text of Order could not be read in this browser, so the pages do not show where')
      .waitFor()
    // Not "not found": the text was never read.
    await anchors.getByText('Not checked: the text of the documents could not be read here.').waitFor()
    expect(await anchors.getByText('Not found in the documents.').count()).toBe(0)
    expect(await seriousAxeViolations(page)).toEqual([])
    await anchors.screenshot({ path: `${SCREENSHOTS}template-builder-anchor-unreadable.png` })

    // The connection back: trying again loads pdf.js, finds both places and draws the pages.
    await page.unroute(lost)
    await anchors.getByRole('button', { name: 'Try again' }).click()
    await anchors.getByText('Found 2 times: Order page 1, Order page 2.').waitFor()
    expect(await anchors.getByRole('alert').count()).toBe(0)
    await pagesFailed.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('region', { name: 'Order, page 2 of 2' }).waitFor()
    await expect.poll(() => page.locator('[data-anchor-hit]').count()).toBe(2)
    await page.context().close()
  })

  it('says so in Spanish at phone width', async () => {
    const { page } = await signedInContext(stack, { locale: 'es-ES', viewport: PHONE })
    await page.route('**/app/assets/pdfjs-*.js', (route) => route.abort())
    await page.goto(`${stack.service.origin}/app/templates/${encodeURIComponent(templateId)}`)
    await page.getByRole('heading', { name: 'Editar plantilla: Purchase order' }).waitFor()
    await page.getByText('No se pudieron mostrar las páginas de Order en este navegador.').waitFor()
    await page.getByText('No se pudo leer en este navegador el texto de Order, así que').waitFor()
    await page.getByText('Sin comprobar: no se pudo leer aquí el texto de los documentos.').waitFor()
    expect(await page.getByRole('button', { name: 'Reintentar' }).count()).toBe(2)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page
      .locator('.anchors')
      .screenshot({ path: `${SCREENSHOTS}template-builder-anchor-unreadable-phone-es.png` })
    await page.context().close()
  })

  it('shows the custom fields and the preview in Spanish at phone width', async () => {
    const { page } = await signedInContext(stack, { locale: 'es-ES', viewport: PHONE })
    await page.goto(`${stack.service.origin}/app/templates/${encodeURIComponent(templateId)}`)
    await page.getByRole('heading', { name: 'Editar plantilla: Purchase order' }).waitFor()
    await expect
      .poll(() => page.getByLabel('Nombre del campo personalizado').nth(1).inputValue())
      .toBe('Region')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page
      .locator('.custom-fields:not(.reminders)')
      .screenshot({ path: `${SCREENSHOTS}template-builder-custom-fields-phone-es.png` })

    await page.getByRole('button', { name: 'Ver lo que ve Buyer' }).click()
    const dialog = page.getByRole('dialog', { name: 'Lo que ve Buyer al firmar' })
    await dialog.getByText('Este rol rellena 2 campos.').waitFor()
    await dialog.getByRole('region', { name: 'Order, página 1 de 2' }).locator('canvas').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}template-builder-preview-phone-es.png` })
    await page.context().close()
  })
})
