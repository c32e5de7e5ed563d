import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeEachDatabase } from 'platform/testing'
import { DESKTOP, PHONE, screenshotFolder, seriousAxeViolations } from 'platform/testing/browser'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { pdfsig, pdftotext } from '../src/completion/test-poppler.js'
import { convertSample, sampleHtml } from '../src/documents/conversion/test-files.js'
import { makePdf } from '../src/documents/test-pdfs.js'
import { formatSignedDate } from '../src/tabs/values.js'
import {
  ensureDemoTemplates,
  SERVICE_COORDINATOR_ROLE,
  SIGNING_RECIPIENT_ROLE,
} from '../src/templates/demo-templates.js'
import { type AppStack, followMailboxLink, signedInContext, startAppStack } from './app-browser-support.js'
import { dragTo, paletteItem, placedField, pointOn } from './builder-browser-support.js'
import { eventually, untilCompleted } from './signing-browser-support.js'

vi.setConfig({ testTimeout: 300_000 })

/** As in the app's other browser tests: docs/screenshots/ only with `UPDATE_SCREENSHOTS=1`. */
const SCREENSHOTS = screenshotFolder(new URL('../docs/screenshots/', import.meta.url))

type Tab = Record<string, unknown>
interface TemplateBody {
  documents: { documentId: string; name: string }[]
  recipients: { signers: { roleName: string; routingOrder: string; tabs?: Record<string, Tab[]> }[] }
}

const SUBJECT = 'Please sign the lease'
const SIGNER = { name: 'Ana Gómez', email: 'ana.gomez@example.test' }
const COORDINATOR = { name: 'Sam Rivera', email: 'sam.rivera@example.test', phone: '+573001234567' }

/**
 * Issue 22's whole chain in Chromium with real parts: a Word file (converted by LibreOffice) and a PDF
 * uploaded in the builder, fields placed with the mouse, the keyboard and anchor text, saved and reopened;
 * an envelope sent from the template and a demo template, whose roles merge; both recipients sign from
 * the development mailbox (one invited by email, one by SMS), the text field's validation pattern refusing
 * a value first; the sealed PDF checked with pdfsig and pdftotext.
 *
 * The roles are named as the demo template's, so the send page merges them: one recipient per role.
 */
describeEachDatabase('from a Word file in the builder to a sealed PDF, in Chromium', (databases) => {
  let stack: AppStack
  let scratch: string

  beforeAll(async () => {
    // Every message goes to the development mailbox, which the recipients read in the browser.
    stack = await startAppStack(await databases.freshUrl(), { DEV_MAILBOX: 'true', SMTP_URL: undefined })
    scratch = mkdtempSync(join(tmpdir(), 'builder-e2e-upload-'))
    const html = { extension: 'html', content: sampleHtml('Lease terms') }
    writeFileSync(join(scratch, 'Lease terms.docx'), await convertSample(html, 'docx', 'MS Word 2007 XML'))
    writeFileSync(join(scratch, 'Lease.pdf'), await makePdf(1, 'Residential lease'))
    await ensureDemoTemplates(stack.service.ctx.db, stack.principal, Date.now())
  })

  afterAll(() => stack?.close())

  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(
      `${stack.service.origin}/restapi/v2.1/accounts/${stack.principal.accountId}${path}`,
      { headers: stack.principal.headers },
    )
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as T
  }

  let templateId: string

  it('builds a template from a DOCX and a PDF with the mouse, the keyboard and anchor text, and reopens it', async () => {
    const { page } = await signedInContext(stack, { viewport: DESKTOP })
    await page.goto(`${stack.service.origin}/app/templates/new`)
    await page.getByRole('heading', { name: 'New template' }).waitFor()
    await page.getByLabel('Template name').fill('Lease with terms')
    await page.getByLabel('Email subject').fill(SUBJECT)
    await page
      .getByLabel('Add documents')
      .first()
      .setInputFiles([join(scratch, 'Lease terms.docx'), join(scratch, 'Lease.pdf')])
    // The PDF is drawn at once; the Word file waits for the service's conversion on save.
    await page.getByRole('region', { name: 'Lease, page 1 of 1' }).waitFor()
    await page.locator('.placeholder', { hasText: 'Lease terms is converted to PDF when you save' }).waitFor()

    await page.getByRole('button', { name: 'Add role' }).click()
    await page.getByRole('button', { name: 'Add role' }).click()
    await page.getByLabel('Role name').nth(0).fill(SIGNING_RECIPIENT_ROLE)
    await page.getByLabel('Role name').nth(1).fill(SERVICE_COORDINATOR_ROLE)
    await page.getByLabel('Routing order').nth(1).fill('2')

    // The mouse, on the PDF (document 2): a signature, a date, a text field with a pattern and a list.
    const pdf = (fx: number, fy: number) => pointOn(page, 1, fx, fy, '2')
    const signer = (type: string) => `${type} for ${SIGNING_RECIPIENT_ROLE}, page 1`
    await dragTo(page, paletteItem(page, 'Signature'), await pdf(0.3, 0.75))
    await placedField(page, signer('Signature')).waitFor()
    await dragTo(page, paletteItem(page, 'Date signed'), await pdf(0.75, 0.75))
    await placedField(page, signer('Date signed')).waitFor()
    await dragTo(page, paletteItem(page, 'Text'), await pdf(0.3, 0.4))
    await placedField(page, signer('Text')).waitFor()
    await page.getByLabel('Label (tabLabel)').fill('ZipCode')
    await page.getByLabel('Validation pattern (regular expression)').fill('^[0-9]{5}$')
    await page.getByLabel('Validation message').fill('Five digits')
    await dragTo(page, paletteItem(page, 'List'), await pdf(0.7, 0.4))
    await placedField(page, signer('List')).waitFor()
    await page.getByLabel('Label (tabLabel)').fill('Plan')
    await page.getByLabel('List items, one per line').fill('Basic\nPremium')

    // The keyboard only: the coordinator's initials, placed with Enter on the current page, moved down.
    await page.getByLabel(`Place fields for ${SERVICE_COORDINATOR_ROLE}`).check()
    await paletteItem(page, 'Initials').focus()
    await page.keyboard.press('Enter')
    const initials = placedField(page, `Initials for ${SERVICE_COORDINATOR_ROLE}, page 1`)
    await expect.poll(() => initials.evaluate((element) => element === document.activeElement)).toBe(true)
    for (let step = 0; step < 8; step++) await page.keyboard.press('ArrowDown')
    await page.getByText('at 36, 76 points, 48 × 36').waitFor()

    await page.getByRole('button', { name: 'Save template' }).click()
    await page.getByText('Template saved.').waitFor()
    await page.waitForURL(
      (url) => /^\/app\/templates\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'),
    )
    templateId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string)

    // Saved, the Word file comes back as the PDF LibreOffice made: its page is drawn, its text searchable.
    await page.getByRole('region', { name: 'Lease terms, page 1 of 1' }).locator('canvas').waitFor()
    await page.getByRole('button', { name: 'Add a field by anchor text' }).click()
    const anchor = page.locator('[data-anchor]')
    await anchor.getByLabel('Anchor text').fill('/sn1/')
    await anchor.getByLabel('Field type').selectOption({ label: 'Signature' })
    await anchor.getByLabel('Role').selectOption({ label: SERVICE_COORDINATOR_ROLE })
    await anchor.getByText('Found once: Lease terms page 1.').waitFor()
    // And one more with the mouse, on the converted page.
    await page.getByLabel(`Place fields for ${SIGNING_RECIPIENT_ROLE}`).check()
    await dragTo(page, paletteItem(page, 'Full name'), await pointOn(page, 1, 0.6, 0.3, '1'))
    await placedField(page, signer('Full name')).waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Save template' }).click()
    await page.getByText('Template saved.').waitFor()

    const saved = await api<TemplateBody>(`/templates/${templateId}`)
    expect(saved.documents.map((document) => document.name)).toEqual(['Lease terms', 'Lease'])
    const [first, second] = saved.recipients.signers
    expect(first).toMatchObject({ roleName: SIGNING_RECIPIENT_ROLE, routingOrder: '1' })
    expect(second).toMatchObject({ roleName: SERVICE_COORDINATOR_ROLE, routingOrder: '2' })
    expect(first?.tabs?.textTabs).toEqual([
      expect.objectContaining({ tabLabel: 'ZipCode', validationPattern: '^[0-9]{5}$', documentId: '2' }),
    ])
    expect(first?.tabs?.listTabs).toEqual([
      expect.objectContaining({
        tabLabel: 'Plan',
        documentId: '2',
        listItems: [expect.objectContaining({ text: 'Basic' }), expect.objectContaining({ text: 'Premium' })],
      }),
    ])
    expect(first?.tabs?.fullNameTabs).toEqual([expect.objectContaining({ documentId: '1' })])
    expect(second?.tabs?.initialHereTabs).toEqual([
      expect.objectContaining({ xPosition: '36', yPosition: '76', documentId: '2' }),
    ])
    expect(second?.tabs?.signHereTabs).toEqual([expect.objectContaining({ anchorString: '/sn1/' })])

    // Reopened in a phone-sized window: every field where it was, the Word file's page drawn.
    const phone = await page.context().newPage()
    await phone.setViewportSize(PHONE)
    await phone.goto(`${stack.service.origin}/app/templates/${encodeURIComponent(templateId)}`)
    await phone.getByRole('heading', { name: 'Edit template: Lease with terms' }).waitFor()
    await phone.getByRole('region', { name: 'Lease terms, page 1 of 1' }).locator('canvas').waitFor()
    await phone.getByText('at 36, 76 points, 48 × 36').waitFor()
    for (const type of ['Signature', 'Date signed', 'Full name'])
      await placedField(phone, signer(type)).waitFor()
    await placedField(phone, `ZipCode, ${signer('Text')}`).click()
    await expect.poll(() => phone.getByLabel('Validation message').inputValue()).toBe('Five digits')
    await placedField(phone, `Plan, ${signer('List')}`).click()
    await expect.poll(() => phone.getByLabel('List items, one per line').inputValue()).toBe('Basic\nPremium')
    await expect.poll(() => phone.locator('[data-anchor-hit]').count()).toBe(1)
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    // The screenshots show the palette and the converted page with its fields, not the whole form.
    await phone.getByRole('region', { name: 'Lease terms, page 1 of 1' }).evaluate((region) => {
      region.scrollIntoView({ block: 'start' })
      window.scrollBy(0, -48)
    })
    await phone.screenshot({ path: `${SCREENSHOTS}builder-docx-phone.png` })

    await page.reload()
    await page.getByRole('region', { name: 'Lease terms, page 1 of 1' }).locator('canvas').waitFor()
    await placedField(page, `Plan, ${signer('List')}`).waitFor()
    await page.evaluate(() => window.scrollTo(0, 0))
    const top = (await page.locator('.palette').boundingBox())?.y ?? 0
    const lease = await page.getByRole('region', { name: 'Lease, page 1 of 1' }).boundingBox()
    const bottom = (lease?.y ?? 0) + (lease?.height ?? 0)
    await page.screenshot({
      path: `${SCREENSHOTS}builder-docx-desktop.png`,
      fullPage: true,
      clip: { x: 0, y: top - 16, width: DESKTOP.width, height: bottom - top + 32 },
    })
    await page.context().close()
  })

  let envelopeId: string

  it('sends it with a demo template: the roles merge, one recipient by email and one by SMS', async () => {
    const { page } = await signedInContext(stack, { viewport: DESKTOP })
    await page.goto(`${stack.service.origin}/app/send`)
    await page.getByRole('heading', { name: 'Send from templates' }).waitFor()
    await page.getByLabel('Lease with terms').check()
    await page.getByLabel('Service Agreement').check()
    await page.getByText('2 templates picked').waitFor()
    const recipient = (role: string, order: number) =>
      page.getByRole('group', { name: `${role} (routing order ${order})` })
    const signer = recipient(SIGNING_RECIPIENT_ROLE, 1)
    const coordinator = recipient(SERVICE_COORDINATOR_ROLE, 2)
    // Two templates with the same two roles: two recipients, not four.
    await expect.poll(() => page.getByRole('group', { name: /\(routing order \d+\)$/ }).count()).toBe(2)
    await signer.getByLabel('Name').fill(SIGNER.name)
    await signer.getByLabel('Email', { exact: true }).fill(SIGNER.email)
    await coordinator.getByLabel('Name').fill(COORDINATOR.name)
    await coordinator.getByLabel('Email', { exact: true }).fill(COORDINATOR.email)
    await coordinator.getByLabel('Delivery').selectOption('SMS')
    await coordinator.getByLabel('Country code').fill('57')
    await coordinator.getByLabel('Mobile number').fill('3001234567')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}send-merged-roles-desktop.png`, fullPage: true })
    await page.setViewportSize(PHONE)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await page.screenshot({ path: `${SCREENSHOTS}send-merged-roles-phone.png`, fullPage: true })

    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/app/envelopes/'))
    envelopeId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string)
    const recipients = await api<{ signers: { roleName: string; deliveryMethod?: string }[] }>(
      `/envelopes/${envelopeId}/recipients`,
    )
    expect(recipients.signers.map((one) => [one.roleName, one.deliveryMethod ?? 'email'])).toEqual([
      [SIGNING_RECIPIENT_ROLE, 'email'],
      [SERVICE_COORDINATOR_ROLE, expect.stringMatching(/sms/i)],
    ])
    await page.context().close()
  })

  /** Adopts a typed signature at the first signing place, then signs every other one. */
  async function signEverywhere(page: Page, fullName: string) {
    await page
      .getByRole('button', { name: /^(Sign|Initial)/ })
      .first()
      .click()
    const adopt = page.getByRole('dialog', { name: 'Adopt your signature' })
    await adopt.getByLabel('Full name').fill(fullName)
    await adopt.getByRole('button', { name: 'Adopt and sign' }).click()
    await adopt.waitFor({ state: 'detached' })
    const unsigned = page.locator('button[aria-pressed="false"]')
    while ((await unsigned.count()) > 0) await unsigned.first().click()
  }

  it('is signed from the mailbox by email and by SMS, the pattern checked, and sealed with the values', async () => {
    const context = await stack.browser.newContext({ locale: 'en-US', viewport: DESKTOP })
    const page = await context.newPage()

    await followMailboxLink(page, stack, SIGNER.email, SUBJECT)
    const zip = page.getByRole('textbox', { name: 'ZipCode' })
    await zip.fill('280')
    await page.getByText('Five digits').waitFor()
    expect(await zip.getAttribute('aria-invalid')).toBe('true')
    await zip.evaluate((field) => field.scrollIntoView({ block: 'center' }))
    await page.screenshot({ path: `${SCREENSHOTS}signing-validation-desktop.png` })
    await page.getByRole('combobox', { name: 'Plan' }).selectOption('Premium')
    await signEverywhere(page, SIGNER.name)
    // Finish stays disabled while the value does not match the pattern.
    expect(await page.getByRole('button', { name: 'Finish' }).isDisabled()).toBe(true)
    await zip.fill('28013')
    expect(await page.getByText('Five digits').count()).toBe(0)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.getByText('You have finished signing').waitFor()

    await followMailboxLink(page, stack, COORDINATOR.phone, SUBJECT)
    await page
      .getByRole('img', { name: `Signature of ${SIGNER.name}` })
      .first()
      .waitFor()
    await signEverywhere(page, COORDINATOR.name)
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.getByText('Everyone has signed').waitFor()
    await context.close()

    await untilCompleted(stack.service, stack.principal, envelopeId)
    const documents = `${stack.service.origin}/restapi/v2.1/accounts/${stack.principal.accountId}/envelopes/${envelopeId}/documents`
    const download = (part: string) => fetch(`${documents}/${part}`, { headers: stack.principal.headers })
    // Sealing follows completion in a job; the archive answers 400 until it is done.
    await eventually(
      stack.service,
      async () => ((await download('archive')).status === 200 ? true : undefined),
      'the seal',
    )
    const response = await download('combined')
    expect(response.status).toBe(200)
    const combined = new Uint8Array(await response.arrayBuffer())
    const report = await pdfsig(combined)
    expect(report).toContain('Signature Validation: Signature is Valid.')
    expect(report).toContain('Total document signed')
    const text = await pdftotext(combined)
    expect(text).toContain('28013')
    expect(text).toContain('Premium')
    expect(text).toContain(SIGNER.name)
    expect(text).toContain(formatSignedDate(new Date(), 'en'))
  })
})
