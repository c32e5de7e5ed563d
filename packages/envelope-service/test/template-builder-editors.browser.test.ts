import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeEachDatabase } from 'platform/testing'
import { DESKTOP, PHONE, screenshotFolder, seriousAxeViolations } from 'platform/testing/browser'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { makePdf, makePdfBase64 } from '../src/documents/test-pdfs.js'
import { type AppStack, signedInContext, startAppStack } from './app-browser-support.js'

vi.setConfig({ testTimeout: 240_000 })

/** As in the app's other browser tests: docs/screenshots/ only with `UPDATE_SCREENSHOTS=1`. */
const SCREENSHOTS = screenshotFolder(new URL('../docs/screenshots/', import.meta.url))

type Tab = Record<string, unknown>
interface TemplateBody {
  recipients: { signers?: { roleName: string; tabs?: Record<string, Tab[]> }[] }
}

/**
 * The field editors of the template builder in Chromium against a listening service: a radio group, a
 * number with a format, a formula checked by the service's own rules as it is typed, a date with a
 * localePolicy and a field shown only for one radio, saved, checked through the REST API and reopened;
 * the same panel in Spanish at phone width; and a draft's subject and message edited in the builder.
 */
describeEachDatabase('the template builder’s field editors in Chromium', (databases) => {
  let stack: AppStack
  let scratch: string
  let templateId: string

  beforeAll(async () => {
    stack = await startAppStack(await databases.freshUrl())
    scratch = mkdtempSync(join(tmpdir(), 'builder-editors-upload-'))
    writeFileSync(join(scratch, 'Order.pdf'), await makePdf(1, 'Order form'))
  })

  afterAll(() => stack?.close())

  const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(
      `${stack.service.origin}/restapi/v2.1/accounts/${stack.principal.accountId}${path}`,
      { ...init, headers: { ...stack.principal.headers, 'content-type': 'application/json' } },
    )
    expect(response.status, await response.clone().text()).toBeLessThan(300)
    return (await response.json()) as T
  }

  /** Places a field of the palette on the current page with the keyboard; it is then the one selected. */
  async function place(page: Page, type: string) {
    await page.locator('.palette').getByRole('button', { name: type, exact: true }).focus()
    await page.keyboard.press('Enter')
  }

  const properties = (page: Page) => page.getByRole('region', { name: 'Field properties' })

  /** Moves the selected field with its position inputs (points from the page's top-left). */
  async function moveTo(page: Page, x: number, y: number) {
    const position = properties(page).getByRole('group', { name: 'Position and size (points)' })
    await position.getByLabel('From the left').fill(String(x))
    await position.getByLabel('From the top').fill(String(y))
  }

  it('adds a radio group, a formatted number, a formula, a date format and a conditional field; saves and reopens them', async () => {
    const { page } = await signedInContext(stack, { viewport: DESKTOP })
    await page.goto(`${stack.service.origin}/app/templates/new`)
    await page.getByRole('heading', { name: 'New template' }).waitFor()
    await page.getByLabel('Template name').fill('Order form')
    await page.getByLabel('Add documents').first().setInputFiles(join(scratch, 'Order.pdf'))
    await page.getByRole('region', { name: 'Order, page 1 of 1' }).waitFor()
    await page.getByRole('button', { name: 'Add role' }).click()
    await page.getByLabel('Role name').fill('Buyer')
    const panel = properties(page)

    // A radio group: named, its radios renamed, one added and one moved, the second selected by default.
    await place(page, 'Radio buttons')
    await panel.getByLabel('Group name').fill('Plan')
    const radio = (index: number, value: string) =>
      panel.getByRole('group', { name: `Radio button ${index}: ${value}` })
    await radio(1, 'Option 1').getByLabel('Value').fill('basic')
    await radio(2, 'Option 2').getByLabel('Value').fill('plus')
    await panel.getByRole('button', { name: 'Add radio button' }).click()
    await radio(3, 'Option 3').getByLabel('Value').fill('premium')
    await radio(3, 'premium').getByLabel('From the left').fill('120')
    await panel.getByLabel('Selected by default').selectOption({ label: 'plus' })
    await expect.poll(() => page.locator('.radio-marker').count()).toBe(2)

    // A number with a format: German amounts of money, previewed by the service's own formatting.
    await place(page, 'Number with format')
    await panel.getByLabel('Label (tabLabel)').fill('Price')
    await moveTo(page, 200, 60)
    await panel.getByLabel('Language and region').selectOption('de_de')
    await panel.getByLabel('Kind of number').selectOption('Currency')
    await panel.getByText('Shown as: 1.234.567,89 €').waitFor()

    // A formula: a function DocuSign does not have is shown as the service would refuse it, then fixed.
    await place(page, 'Formula')
    await panel.getByLabel('Label (tabLabel)').fill('Total')
    await moveTo(page, 200, 100)
    // The label holds the text area, whose text is part of its name: matched by its start.
    const formula = panel.getByLabel('Formula')
    await formula.fill('Max([Price], 1)')
    await panel
      .getByText('The formula cannot be computed: Unknown function "Max"', { exact: false })
      .waitFor()
    await page.getByRole('button', { name: 'Save template' }).click()
    await page.getByRole('alert').getByText('Correct the fields before saving.', { exact: false }).waitFor()
    await formula.fill('[Price] * 2')
    await expect.poll(() => panel.locator('.field-problems li').count()).toBe(0)
    await panel.getByLabel('Decimal places').selectOption('2')

    // A date shown in Spanish as "d MMMM yyyy".
    await place(page, 'Date')
    await panel.getByLabel('Label (tabLabel)').fill('Start')
    await moveTo(page, 200, 140)
    await panel.getByLabel('Language and region').selectOption('es_es')
    await panel.getByLabel('Date format').selectOption('d MMMM yyyy')
    await panel.getByText('Shown as: 28 febrero 2026').waitFor()

    // A text field shown only when the plan is "premium", chosen among the group's own values.
    await place(page, 'Text')
    await panel.getByLabel('Label (tabLabel)').fill('Gift note')
    await moveTo(page, 200, 180)
    await panel.getByLabel('The field').selectOption('Plan')
    const shownFor = panel.getByLabel('Has the value')
    await expect
      .poll(() => shownFor.locator('option').allTextContents())
      .toEqual(['basic', 'plus', 'premium'])
    await shownFor.selectOption('premium')

    expect(await seriousAxeViolations(page)).toEqual([])
    await panel.screenshot({ path: `${SCREENSHOTS}template-builder-editors-desktop.png` })

    await page.getByRole('button', { name: 'Save template' }).click()
    await page.getByText('Template saved.').waitFor()
    await page.waitForURL(
      (url) => /^\/app\/templates\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'),
    )
    templateId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string)

    // What the REST API holds: DocuSign's shapes.
    const saved = await api<TemplateBody>(`/templates/${templateId}`)
    const tabs = saved.recipients.signers?.[0]?.tabs ?? {}
    expect(tabs.radioGroupTabs).toEqual([
      expect.objectContaining({
        groupName: 'Plan',
        documentId: '1',
        radios: [
          expect.objectContaining({ value: 'basic', selected: 'false', xPosition: '36', yPosition: '36' }),
          expect.objectContaining({ value: 'plus', selected: 'true', xPosition: '36', yPosition: '60' }),
          expect.objectContaining({ value: 'premium', selected: 'false', xPosition: '120', yPosition: '84' }),
        ],
      }),
    ])
    expect(tabs.numericalTabs?.[0]).toMatchObject({
      tabLabel: 'Price',
      validationType: 'Currency',
      localePolicy: { cultureName: 'de_de' },
    })
    expect(tabs.formulaTabs?.[0]).toMatchObject({
      tabLabel: 'Total',
      formula: '[Price] * 2',
      roundDecimalPlaces: '2',
      hidden: 'false',
    })
    expect(tabs.dateTabs?.[0]).toMatchObject({
      tabLabel: 'Start',
      localePolicy: { cultureName: 'es_es', dateFormat: 'd MMMM yyyy' },
    })
    expect(tabs.textTabs?.[0]).toMatchObject({
      tabLabel: 'Gift note',
      conditionalParentLabel: 'Plan',
      conditionalParentValue: 'premium',
    })

    // Reopened from the server: every property where it was left.
    await page.reload()
    await page.getByRole('heading', { name: 'Edit template: Order form' }).waitFor()
    await page
      .getByRole('button', { name: 'Plan, Radio buttons for Buyer, page 1', exact: true })
      .first()
      .click()
    await expect
      .poll(() => panel.getByLabel('Selected by default').locator('option:checked').textContent())
      .toBe('plus')
    await expect.poll(() => radio(3, 'premium').getByLabel('From the left').inputValue()).toBe('120')
    await page
      .locator('.builder-workspace')
      .screenshot({ path: `${SCREENSHOTS}template-builder-radio-group-desktop.png` })
    await page.getByRole('button', { name: 'Total, Formula for Buyer, page 1', exact: true }).first().click()
    await expect.poll(() => panel.getByLabel('Formula').inputValue()).toBe('[Price] * 2')
    await page.getByRole('button', { name: 'Start, Date for Buyer, page 1', exact: true }).first().click()
    await panel.getByText('Shown as: 28 febrero 2026').waitFor()
    await page.getByRole('button', { name: 'Gift note, Text for Buyer, page 1', exact: true }).first().click()
    await expect.poll(() => panel.getByLabel('Has the value').inputValue()).toBe('premium')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.context().close()
  })

  it('shows the editors in Spanish at phone width', async () => {
    const { page } = await signedInContext(stack, { locale: 'es-ES', viewport: PHONE })
    await page.goto(`${stack.service.origin}/app/templates/${encodeURIComponent(templateId)}`)
    await page.getByRole('heading', { name: 'Editar plantilla: Order form' }).waitFor()
    const panel = page.getByRole('region', { name: 'Propiedades del campo' })
    await page
      .getByRole('button', { name: 'Plan, Botones de opción de Buyer, página 1', exact: true })
      .first()
      .click()
    await panel.getByRole('group', { name: 'Botón de opción 2: plus' }).waitFor()
    await panel.getByLabel('Seleccionado por defecto').waitFor()
    await page
      .getByRole('button', { name: 'Gift note, Texto de Buyer, página 1', exact: true })
      .first()
      .click()
    await panel.getByRole('group', { name: 'Mostrar este campo solo si' }).waitFor()
    await page.getByRole('button', { name: 'Total, Fórmula de Buyer, página 1', exact: true }).first().click()
    await panel.getByLabel('Fórmula').fill('[Total] + 1')
    await panel.getByText('Las fórmulas se refieren unas a otras en círculo: Total → Total.').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(await seriousAxeViolations(page)).toEqual([])
    await panel.screenshot({ path: `${SCREENSHOTS}template-builder-editors-phone-es.png` })
    await page.context().close()
  })

  it("edits a draft's subject and message in the builder, and shows the service's refusal once it is sent", async () => {
    const { envelopeId } = await api<{ envelopeId: string }>('/envelopes', {
      method: 'POST',
      body: JSON.stringify({
        status: 'created',
        emailSubject: 'Order to review',
        emailBlurb: 'First version',
        documents: [
          {
            documentId: '1',
            name: 'Order.pdf',
            fileExtension: 'pdf',
            documentBase64: await makePdfBase64(1),
          },
        ],
        recipients: {
          signers: [
            {
              recipientId: '1',
              name: 'Ana Ruiz',
              email: 'ana@example.test',
              tabs: {
                signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '72', yPosition: '100' }],
              },
            },
          ],
        },
      }),
    })
    const { page } = await signedInContext(stack, { viewport: DESKTOP })
    await page.goto(`${stack.service.origin}/app/envelopes/${envelopeId}/edit`)
    await page.getByRole('heading', { name: 'Edit draft: Order to review' }).waitFor()
    const settings = page.getByRole('region', { name: 'Subject and message' })
    await expect.poll(() => settings.getByLabel('Email message').inputValue()).toBe('First version')
    await settings.getByLabel('Email subject').fill('Order to sign this week')
    await settings.getByLabel('Email message').fill('Second version')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('heading', { name: 'Edit draft: Order to sign this week' }).waitFor()
    expect(await api<{ emailSubject: string; emailBlurb: string }>(`/envelopes/${envelopeId}`)).toMatchObject(
      {
        emailSubject: 'Order to sign this week',
        emailBlurb: 'Second version',
      },
    )
    await page.setViewportSize(PHONE)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await settings.screenshot({ path: `${SCREENSHOTS}draft-subject-message-phone.png` })

    // Sent behind the builder's back: the next change is refused with the service's own message.
    await api(`/envelopes/${envelopeId}`, { method: 'PUT', body: JSON.stringify({ status: 'sent' }) })
    await settings.getByLabel('Email subject').fill('Too late')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page
      .getByRole('alert')
      .getByText('The subject and message can be changed only on a draft envelope', { exact: false })
      .waitFor()
    expect((await api<{ emailSubject: string }>(`/envelopes/${envelopeId}`)).emailSubject).toBe(
      'Order to sign this week',
    )
    await page.context().close()
  })
})
