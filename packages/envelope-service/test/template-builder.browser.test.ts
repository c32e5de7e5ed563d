import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeEachDatabase } from 'platform/testing'
import { DESKTOP, PHONE, screenshotFolder, seriousAxeViolations } from 'platform/testing/browser'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { makePdf } from '../src/documents/test-pdfs.js'
import {
  ensureDemoTemplates,
  SERVICE_COORDINATOR_ROLE,
  SIGNING_RECIPIENT_ROLE,
} from '../src/templates/demo-templates.js'
import { type AppStack, signedInContext, startAppStack } from './app-browser-support.js'
import { dragTo, paletteItem, placedField, pointOn } from './builder-browser-support.js'

vi.setConfig({ testTimeout: 240_000 })

/** As in the app's other browser tests: docs/screenshots/ only with `UPDATE_SCREENSHOTS=1`. */
const SCREENSHOTS = screenshotFolder(new URL('../docs/screenshots/', import.meta.url))

type Tab = Record<string, string>
interface TemplateBody {
  templateId: string
  name: string
  emailSubject: string
  recipients: { signers?: { roleName: string; routingOrder: string; tabs?: Record<string, Tab[]> }[] }
}

/**
 * The template builder and the send page in Chromium against a listening service: a PDF uploaded from
 * disk, fields dragged with the mouse and placed with the keyboard, saved through the REST API, reopened,
 * then an envelope sent from it together with a demo template.
 */
describeEachDatabase('the template builder and the send page in Chromium', (databases) => {
  let stack: AppStack
  let scratch: string

  beforeAll(async () => {
    stack = await startAppStack(await databases.freshUrl())
    scratch = mkdtempSync(join(tmpdir(), 'builder-upload-'))
    writeFileSync(join(scratch, 'Lease.pdf'), await makePdf(2, 'Residential lease'))
    await ensureDemoTemplates(stack.service.ctx.db, stack.principal, Date.now())
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

  let templateId: string

  it('builds a template from an uploaded PDF with the mouse and the keyboard, saves it and reopens it', async () => {
    const { page } = await signedInContext(stack, { viewport: DESKTOP })
    await page.getByRole('link', { name: 'Templates' }).click()
    await page.getByRole('heading', { name: 'Templates' }).waitFor()
    await page.getByText('Service Agreement').waitFor()
    await page.getByRole('link', { name: 'New template' }).click()
    await page.getByRole('heading', { name: 'New template' }).waitFor()

    await page.getByLabel('Template name').fill('Residential lease')
    await page.getByLabel('Email subject').fill('Please sign the lease')
    await page.getByLabel('Email message').fill('Here is the lease we discussed.')
    await page.getByLabel('Add documents').first().setInputFiles(join(scratch, 'Lease.pdf'))
    await page.getByRole('region', { name: 'Lease, page 2 of 2' }).waitFor()

    await page.getByRole('button', { name: 'Add role' }).click()
    await page.getByRole('button', { name: 'Add role' }).click()
    const roleNames = page.getByLabel('Role name')
    await roleNames.nth(0).fill('Tenant')
    await roleNames.nth(1).fill(' tenant')
    await page.getByText('differ only in capital letters or spaces').waitFor()
    await roleNames.nth(1).fill('Landlord')
    expect(await page.getByText('differ only in capital letters or spaces').count()).toBe(0)
    await page.getByLabel('Routing order').nth(1).fill('2')

    // The mouse: a signature, a date signed and a text field dragged from the palette onto page 1.
    const palette = (name: string) => paletteItem(page, name)
    await dragTo(page, palette('Signature'), await pointOn(page, 1, 0.3, 0.7))
    await placedField(page, 'Signature for Tenant, page 1').waitFor()
    await dragTo(page, palette('Date signed'), await pointOn(page, 1, 0.7, 0.7))
    await placedField(page, 'Date signed for Tenant, page 1').waitFor()
    await dragTo(page, palette('Text'), await pointOn(page, 1, 0.5, 0.3))
    const text = placedField(page, 'Text for Tenant, page 1')
    await text.waitFor()
    await page.getByLabel('Label (tabLabel)').fill('ZipCode')
    await page.getByLabel('Validation pattern (regular expression)').fill('^[0-9]{5}$')
    await page.getByLabel('Validation message').fill('Five digits')
    await page.getByLabel('Maximum length').fill('5')

    // Moved with the mouse: the signature goes about 60 CSS pixels right.
    const signature = placedField(page, 'Signature for Tenant, page 1')
    const before = (await signature.boundingBox()) as { x: number; y: number; width: number; height: number }
    await dragTo(page, signature, { x: before.x + before.width / 2 + 60, y: before.y + before.height / 2 })
    const after = (await signature.boundingBox()) as { x: number; y: number }
    expect(after.x - before.x).toBeGreaterThan(40)

    // The keyboard only: Landlord's initials placed with Enter, moved with the arrows, made wider.
    await page.getByLabel('Place fields for Landlord').check()
    await palette('Initials').focus()
    await page.keyboard.press('Enter')
    const initials = placedField(page, 'Initials for Landlord, page 1')
    await expect.poll(() => initials.evaluate((element) => element === document.activeElement)).toBe(true)
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowRight')
    for (let step = 0; step < 2; step++) await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Shift+ArrowRight')
    // Placed at 36, 36 with 48 × 36 points; five points per key press.
    await page.getByText('at 56, 46 points, 53 × 36').waitFor()

    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}template-builder-desktop.png`, fullPage: true })

    await page.getByRole('button', { name: 'Save template' }).click()
    await page.getByText('Template saved.').waitFor()
    await page.waitForURL(
      (url) => /^\/app\/templates\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'),
    )
    templateId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string)

    // What the REST API holds: DocuSign's shape, points from the page's top-left.
    const saved = await api<TemplateBody>(`/templates/${templateId}`)
    expect(saved.name).toBe('Residential lease')
    expect(saved.emailSubject).toBe('Please sign the lease')
    const [tenant, landlord] = saved.recipients.signers ?? []
    expect(tenant).toMatchObject({ roleName: 'Tenant', routingOrder: '1' })
    expect(landlord).toMatchObject({ roleName: 'Landlord', routingOrder: '2' })
    expect(tenant?.tabs?.signHereTabs).toHaveLength(1)
    expect(tenant?.tabs?.dateSignedTabs).toHaveLength(1)
    expect(tenant?.tabs?.textTabs?.[0]).toMatchObject({
      tabLabel: 'ZipCode',
      validationPattern: '^[0-9]{5}$',
      validationMessage: 'Five digits',
      maxLength: '5',
      pageNumber: '1',
      documentId: '1',
    })
    expect(landlord?.tabs?.initialHereTabs?.[0]).toMatchObject({
      xPosition: '56',
      yPosition: '46',
      width: '53',
      height: '36',
    })
    const signatureTab = tenant?.tabs?.signHereTabs?.[0] as Tab
    // Dropped at 30 % across a 612-point page (held by its middle), then moved right.
    expect(Number(signatureTab.xPosition)).toBeGreaterThan(612 * 0.3 - 60)

    // Reopened from the server: every field where it was.
    await page.reload()
    await page.getByRole('heading', { name: 'Edit template: Residential lease' }).waitFor()
    await placedField(page, 'Initials for Landlord, page 1').waitFor()
    await page.getByText('at 56, 46 points, 53 × 36').waitFor()
    await page.getByText(`at ${signatureTab.xPosition}, ${signatureTab.yPosition} points, 120 × 36`).waitFor()
    await placedField(page, 'ZipCode, Text for Tenant, page 1').click()
    await expect.poll(() => page.getByLabel('Validation message').inputValue()).toBe('Five digits')
    expect(await seriousAxeViolations(page)).toEqual([])

    // Saved again (PUT): the field moved down one step, the documents left as they were.
    await placedField(page, 'Initials for Landlord, page 1').focus()
    await page.keyboard.press('ArrowDown')
    await page.getByText('at 56, 51 points, 53 × 36').waitFor()
    await page.getByRole('button', { name: 'Save template' }).click()
    await page.getByText('Template saved.').waitFor()
    const resaved = await api<TemplateBody & { documents: { documentId: string }[] }>(
      `/templates/${templateId}`,
    )
    expect(resaved.recipients.signers?.[1]?.tabs?.initialHereTabs?.[0]).toMatchObject({ yPosition: '51' })
    expect(resaved.recipients.signers?.[0]?.tabs?.textTabs).toHaveLength(1)
    expect(resaved.documents.map((document) => document.documentId)).toEqual(['1'])
    await page.context().close()
  })

  it('sends from the new template and a demo template: one recipient per merged role', async () => {
    const { page } = await signedInContext(stack, { viewport: DESKTOP })
    await page.goto(`${stack.service.origin}/app/send`)
    await page.getByRole('heading', { name: 'Send from templates' }).waitFor()
    await page.getByLabel('Residential lease').check()
    await page.getByLabel('Service Agreement').check()
    await page.getByText('2 templates picked').waitFor()
    await page.getByRole('group', { name: 'Tenant (routing order 1)' }).waitFor()
    await expect.poll(() => page.getByLabel('Subject').inputValue()).toBe('Please sign the lease')

    const recipient = (role: string, order: number) =>
      page.getByRole('group', { name: `${role} (routing order ${order})` })
    const demo = await api<TemplateBody>(
      `/templates/${(await api<{ envelopeTemplates: { templateId: string; name: string }[] }>('/templates')).envelopeTemplates.find((t) => t.name === 'Service Agreement')?.templateId}`,
    )
    const people: [string, number, string, string][] = [
      ['Tenant', 1, 'Ana Tenant', 'ana@example.test'],
      ['Landlord', 2, 'Leo Landlord', 'leo@example.test'],
      ...(demo.recipients.signers ?? []).map(
        (role, index) =>
          [
            role.roleName,
            Number(role.routingOrder ?? 1),
            `Demo Person ${index}`,
            `demo${index}@example.test`,
          ] as [string, number, string, string],
      ),
    ]
    expect(people.map(([role]) => role)).toEqual(expect.arrayContaining([SIGNING_RECIPIENT_ROLE]))
    for (const [role, order, name, email] of people) {
      await recipient(role, order).getByLabel('Name').fill(name)
      await recipient(role, order).getByLabel('Email', { exact: true }).fill(email)
    }
    await recipient('Landlord', 2).getByLabel('Delivery').selectOption('SMS')
    await recipient('Landlord', 2).getByLabel('Country code').fill('57')
    await recipient('Landlord', 2).getByLabel('Mobile number').fill('3001234567')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}send-from-templates-desktop.png`, fullPage: true })

    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await page.waitForTimeout(500)
    expect(await page.getByRole('alert').allTextContents()).toEqual([])
    await page.waitForURL((url) => url.pathname.startsWith('/app/envelopes/'))
    const envelopeId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string)
    const envelope = await api<{ status: string; emailSubject: string }>(`/envelopes/${envelopeId}`)
    expect(envelope).toMatchObject({ status: 'sent', emailSubject: 'Please sign the lease' })
    const recipients = await api<{ signers: { roleName: string; name: string; deliveryMethod?: string }[] }>(
      `/envelopes/${envelopeId}/recipients`,
    )
    expect(recipients.signers.map((signer) => signer.roleName).sort()).toEqual(
      people.map(([role]) => role).sort(),
    )
    expect(recipients.signers.find((signer) => signer.roleName === 'Landlord')?.deliveryMethod).toMatch(
      /sms/i,
    )
    expect(people.map(([role]) => role)).toContain(SIGNING_RECIPIENT_ROLE)
    expect([SIGNING_RECIPIENT_ROLE, SERVICE_COORDINATOR_ROLE]).toContain(
      demo.recipients.signers?.[0]?.roleName,
    )
    await page.context().close()
  })

  it("saves a role's default delivery, reopens it, and the send page preselects it", async () => {
    const { page } = await signedInContext(stack, { viewport: DESKTOP })
    await page.goto(`${stack.service.origin}/app/templates/${encodeURIComponent(templateId)}`)
    await page.getByRole('heading', { name: 'Edit template: Residential lease' }).waitFor()
    const landlordRole = page.getByRole('group', { name: 'Landlord', exact: true })
    await landlordRole.getByLabel('Default delivery').selectOption('SMS')
    await landlordRole.getByText('The sender gives the phone number when sending.').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Save template' }).click()
    await page.getByText('Template saved.').waitFor()
    const saved = await api<TemplateBody>(`/templates/${templateId}`)
    const [tenant, landlord] = (saved.recipients.signers ?? []) as Record<string, unknown>[]
    expect(landlord).toMatchObject({ roleName: 'Landlord', deliveryMethod: 'SMS' })
    expect(tenant).not.toHaveProperty('deliveryMethod')

    await page.reload()
    await page.getByRole('heading', { name: 'Edit template: Residential lease' }).waitFor()
    await expect.poll(() => landlordRole.getByLabel('Default delivery').inputValue()).toBe('SMS')
    const tenantRole = page.getByRole('group', { name: 'Tenant', exact: true })
    expect(await tenantRole.getByLabel('Default delivery').inputValue()).toBe('email')

    await page.goto(`${stack.service.origin}/app/send?templates=${encodeURIComponent(templateId)}`)
    const recipient = (role: string, order: number) =>
      page.getByRole('group', { name: `${role} (routing order ${order})` })
    await recipient('Landlord', 2).waitFor()
    await expect.poll(() => recipient('Landlord', 2).getByLabel('Delivery').inputValue()).toBe('SMS')
    await recipient('Landlord', 2).getByLabel('Mobile number').waitFor()
    expect(await recipient('Tenant', 1).getByLabel('Delivery').inputValue()).toBe('email')
    expect(await seriousAxeViolations(page)).toEqual([])

    // Sent with the preselected SMS and a number; the tenant by email.
    await recipient('Tenant', 1).getByLabel('Name').fill('Ana Tenant')
    await recipient('Tenant', 1).getByLabel('Email', { exact: true }).fill('ana@example.test')
    await recipient('Landlord', 2).getByLabel('Name').fill('Leo Landlord')
    await recipient('Landlord', 2).getByLabel('Email', { exact: true }).fill('leo@example.test')
    await recipient('Landlord', 2).getByLabel('Country code').fill('57')
    await recipient('Landlord', 2).getByLabel('Mobile number').fill('3001234567')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/app/envelopes/'))
    const envelopeId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string)
    const recipients = await api<{ signers: { roleName: string; deliveryMethod?: string }[] }>(
      `/envelopes/${envelopeId}/recipients`,
    )
    expect(recipients.signers.find((signer) => signer.roleName === 'Landlord')?.deliveryMethod).toBe('SMS')
    expect(recipients.signers.find((signer) => signer.roleName === 'Tenant')?.deliveryMethod).toBe('email')
    await page.context().close()
  })

  it('saves a template made through the API without losing what the builder does not edit', async () => {
    const list = await api<{ envelopeTemplates: { templateId: string; name: string }[] }>('/templates')
    const demoId = list.envelopeTemplates.find(
      (template) => template.name === 'Service Agreement',
    )?.templateId
    const before = await api<Record<string, unknown>>(`/templates/${demoId}`)
    const { page } = await signedInContext(stack, { viewport: DESKTOP })
    await page.goto(`${stack.service.origin}/app/templates/${demoId}`)
    await page.getByRole('heading', { name: 'Edit template: Service Agreement' }).waitFor()
    await page.locator('[data-page="1"]').first().waitFor()
    await page.getByRole('button', { name: 'Save template' }).click()
    await page.getByText('Template saved.').waitFor()
    const after = await api<Record<string, unknown>>(`/templates/${demoId}`)
    const { lastModified: _before, ...kept } = before
    const { lastModified: _after, ...saved } = after
    // Everything the template had is still there; the builder adds each field's size and recipient id.
    expect(saved).toMatchObject(kept)
    await page.context().close()
  })

  it('shows the send page in Spanish at phone width, and saves a draft', async () => {
    const { page } = await signedInContext(stack, { locale: 'es-ES', viewport: PHONE })
    await page.goto(`${stack.service.origin}/app/send?templates=${encodeURIComponent(templateId)}`)
    await page.getByRole('heading', { name: 'Enviar desde plantillas' }).waitFor()
    await page.getByText('1 plantilla elegida').waitFor()
    await page.getByRole('group', { name: 'Tenant (orden de envío 1)' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}send-from-templates-phone-es.png`, fullPage: true })
    await page.getByRole('button', { name: 'Guardar como borrador' }).click()
    await page.waitForTimeout(500)
    expect(await page.getByRole('alert').allTextContents()).toEqual([])
    await page.waitForURL((url) => url.pathname.startsWith('/app/envelopes/'))
    const envelopeId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string)
    expect((await api<{ status: string }>(`/envelopes/${envelopeId}`)).status).toBe('created')

    await page.goto(`${stack.service.origin}/app/templates/${encodeURIComponent(templateId)}`)
    await page.getByRole('heading', { name: 'Editar plantilla: Residential lease' }).waitFor()
    await placedField(page, 'Firma de Tenant, página 1').waitFor()
    const landlordRole = page.getByRole('group', { name: 'Landlord', exact: true })
    await expect.poll(() => landlordRole.getByLabel('Entrega predeterminada').inputValue()).toBe('SMS')
    await landlordRole.getByText('Quien envía indica el número de teléfono al enviar.').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}template-builder-phone-es.png`, fullPage: true })
    await page.context().close()
  })

  it("keeps a template's locked subject and message, refuses two different ones, and sends the disclosure as chosen", async () => {
    const lockedTemplate = async (name: string, emailSubject: string, extra: object = {}) =>
      (
        await api<{ templateId: string }>('/templates', {
          method: 'POST',
          body: JSON.stringify({
            name,
            emailSubject,
            emailBlurb: `${name}: the words legal approved.`,
            messageLock: 'true',
            documents: [
              {
                documentId: '1',
                name: `${name}.pdf`,
                documentBase64: Buffer.from(await makePdf(1, name)).toString('base64'),
              },
            ],
            recipients: {
              signers: [
                {
                  recipientId: '1',
                  roleName: 'Tenant',
                  routingOrder: '1',
                  tabs: {
                    signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '72', yPosition: '500' }],
                  },
                },
              ],
            },
            ...extra,
          }),
        })
      ).templateId
    const lease = await lockedTemplate('Locked lease', 'Your lease from Acme', { useDisclosure: 'true' })
    const rider = await lockedTemplate('Locked rider', 'Your rider from Acme')

    const { page } = await signedInContext(stack, { viewport: DESKTOP })
    await page.goto(`${stack.service.origin}/app/send?templates=${lease}`)
    await page.getByRole('heading', { name: 'Send from templates' }).waitFor()
    const subject = page.getByLabel('Subject')
    await expect.poll(() => subject.inputValue()).toBe('Your lease from Acme')
    expect(await subject.getAttribute('readonly')).not.toBeNull()
    expect(await page.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).toBe(
      'Locked lease: the words legal approved.',
    )
    await page.getByText('The template “Locked lease” fixes this subject and message').waitFor()
    // The template asks for the disclosure: ticked until the sender says otherwise.
    const disclosure = page.getByLabel('Ask signers to agree to use electronic records and signatures')
    expect(await disclosure.isChecked()).toBe(true)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/send-locked-message-desktop.png', fullPage: true })
    await disclosure.uncheck()
    const tenant = page.getByRole('group', { name: 'Tenant (routing order 1)' })
    await tenant.getByLabel('Name').fill('Tina Tenant')
    await tenant.getByLabel('Email', { exact: true }).fill('tina@example.test')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/app/envelopes/'))
    const envelopeId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string)
    expect(await api(`/envelopes/${envelopeId}`)).toMatchObject({
      status: 'sent',
      emailSubject: 'Your lease from Acme',
      emailBlurb: 'Locked lease: the words legal approved.',
      messageLock: 'true',
      useDisclosure: 'false',
    })

    // Two templates fixing different texts: said on the page, and Send sends nothing.
    for (const [locale, viewport, said] of [
      ['en-US', DESKTOP, '“Locked lease” and “Locked rider” each fix a different subject and message'],
      ['es-ES', PHONE, '«Locked lease» y «Locked rider» fijan cada una un asunto y un mensaje distintos'],
    ] as const) {
      const { page: both } = await signedInContext(stack, { locale, viewport })
      const before = (await api<{ totalSetSize: string }>('/envelopes?from_date=2000-01-01')).totalSetSize
      await both.goto(`${stack.service.origin}/app/send?templates=${lease},${rider}`)
      await both.getByRole('alert').filter({ hasText: said }).waitFor()
      await both.getByRole('button', { name: locale === 'en-US' ? 'Send' : 'Enviar', exact: true }).click()
      await both.waitForTimeout(300)
      expect(new URL(both.url()).pathname).toBe('/app/send')
      expect((await api<{ totalSetSize: string }>('/envelopes?from_date=2000-01-01')).totalSetSize).toBe(
        before,
      )
      if (locale === 'es-ES') {
        expect(await both.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        )
        expect(await seriousAxeViolations(both)).toEqual([])
        await both.screenshot({ path: '/tmp/send-locked-conflict-phone-es.png', fullPage: true })
      }
      await both.context().close()
    }
    await page.context().close()
  })

  it("words a refused send in the reader's language: an anchor text in none of the documents", async () => {
    const created = await api<{ templateId: string }>('/templates', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Anchored offer',
        emailSubject: 'Please sign the offer',
        documents: [
          {
            documentId: '1',
            name: 'Offer.pdf',
            documentBase64: Buffer.from(await makePdf(1, 'Offer')).toString('base64'),
          },
        ],
        recipients: {
          signers: [
            {
              recipientId: '1',
              roleName: 'Buyer',
              routingOrder: '1',
              tabs: { signHereTabs: [{ anchorString: '/buyer-signs/' }] },
            },
          ],
        },
      }),
    })
    for (const [locale, texts] of [
      [
        'en-US',
        {
          heading: 'Send from templates',
          role: 'Buyer (routing order 1)',
          name: 'Name',
          email: 'Email',
          send: 'Send',
          refused: 'Anchor tab string "/buyer-signs/" was not found in the documents',
        },
      ],
      [
        'es-ES',
        {
          heading: 'Enviar desde plantillas',
          role: 'Buyer (orden de envío 1)',
          name: 'Nombre',
          email: 'Correo electrónico',
          send: 'Enviar',
          refused: 'Un campo colocado por texto de anclaje no encuentra su texto en ningún documento.',
        },
      ],
    ] as const) {
      const { page } = await signedInContext(stack, { locale, viewport: DESKTOP })
      await page.goto(`${stack.service.origin}/app/send?templates=${encodeURIComponent(created.templateId)}`)
      await page.getByRole('heading', { name: texts.heading }).waitFor()
      const role = page.getByRole('group', { name: texts.role })
      await role.getByLabel(texts.name).fill('Bea Buyer')
      await role.getByLabel(texts.email, { exact: true }).fill('bea@example.test')
      await page.getByRole('button', { name: texts.send, exact: true }).click()
      await page.getByRole('alert').filter({ hasText: texts.refused }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/app/send')
      await page.context().close()
    }
  })
})
