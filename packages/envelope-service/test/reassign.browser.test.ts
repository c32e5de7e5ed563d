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
  startSigningStack,
} from './signing-browser-support.js'

vi.setConfig({ testTimeout: 180_000 })

/**
 * "Assign to someone else" on the signing page (DocuSign's `allowReassign`), in Chromium, keyboard
 * only: the action is offered only when the envelope allows it, its dialog asks for the new signer's
 * name, email and a reason, says what is wrong in the page's language, and the signer then sees that
 * they reassigned the envelope while the new signer receives the invitation over SMTP.
 */

const SCREENSHOTS = screenshotFolder(new URL('../docs/screenshots/', import.meta.url))

describeEachDatabase('the signing page’s reassign', (databases) => {
  let stack: SigningStack
  let sent = 0

  beforeAll(async () => {
    stack = await startSigningStack(await databases.freshUrl(), 'reassign-browser-')
  })
  afterAll(() => stack?.close())

  async function send(options: { spanish?: boolean; allowReassign?: boolean }) {
    sent += 1
    const email = `rita.${sent}@example.test`
    const response = await stack.service.app.inject({
      method: 'POST',
      url: `/restapi/v2.1/accounts/${stack.principal.accountId}/envelopes`,
      headers: stack.principal.headers,
      payload: {
        status: 'sent',
        emailSubject: `Lease ${sent}`,
        documents: [
          { documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
        ],
        ...(options.allowReassign === undefined ? {} : { allowReassign: String(options.allowReassign) }),
        ...(options.spanish ? SPANISH_FORM_LANGUAGE : {}),
        recipients: {
          signers: [
            {
              recipientId: '1',
              name: 'Rita Reassigns',
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
    return { link, email, envelopeId: response.json().envelopeId as string }
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

  /** Presses Tab until the focused element is the button named `name` (at most 40 times). */
  async function tabTo(page: Page, name: string) {
    for (let presses = 0; presses < 40; presses++) {
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim())
      if (focused === name) return
    }
    throw new Error(`Tab never reached "${name}"`)
  }

  const focusedLabel = (page: Page) =>
    page.evaluate(() => document.activeElement?.closest('label')?.firstChild?.textContent?.trim())

  it('reassigns by keyboard in English, says what is wrong, and invites the new signer', async () => {
    const { link, email, envelopeId } = await send({ allowReassign: true })
    const page = await openForm(link)
    await tabTo(page, 'Assign to someone else')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Assign to someone else' })
    await dialog.waitFor()
    // The modal takes the focus, on its first field.
    expect(await focusedLabel(page)).toBe('New signer’s full name')
    await page.keyboard.type('Nora Nueva')
    await page.keyboard.press('Tab')
    expect(await focusedLabel(page)).toBe('New signer’s email address')
    await page.keyboard.type(email.toUpperCase())
    await page.keyboard.press('Tab')
    await page.keyboard.type('I am moving out; Nora takes over the lease.')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}signing-reassign-desktop.png` })
    await tabTo(page, 'Assign')
    await page.keyboard.press('Enter')
    await dialog.getByRole('alert').filter({ hasText: 'must be someone else' }).waitFor()

    await dialog.getByLabel('New signer’s email address').focus()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('nora.nueva@example.test')
    await page.keyboard.press('Enter')
    await page.getByText('You reassigned this envelope.').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.close()

    const invitation = await eventually(
      stack.service,
      () => stack.sink.received.find((mail) => mail.to.includes('nora.nueva@example.test')),
      'the invitation to the new signer',
    )
    expect(signingLinkIn(invitation.text)).toBeDefined()
    const recipients = await stack.service.app.inject({
      url: `/restapi/v2.1/accounts/${stack.principal.accountId}/envelopes/${envelopeId}/recipients`,
      headers: stack.principal.headers,
    })
    expect(
      recipients
        .json()
        .signers.map((signer: { name: string; status: string }) => [signer.name, signer.status]),
    ).toEqual([
      ['Rita Reassigns', 'completed'],
      ['Nora Nueva', 'sent'],
    ])

    // The original link no longer opens the envelope.
    const again = await stack.browser.newPage()
    await again.goto(link)
    await again.getByText('This signing link is not valid any more.').waitFor()
    await again.close()
  })

  it('speaks Spanish on a phone, closes on Escape, and confirms in Spanish', async () => {
    const { link, email } = await send({ allowReassign: true, spanish: true })
    const page = await openForm(link, { width: 390, height: 844 })
    await tabTo(page, 'Asignar a otra persona')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Asignar a otra persona' })
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    await tabTo(page, 'Asignar a otra persona')
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    expect(await focusedLabel(page)).toBe('Nombre completo del nuevo firmante')
    await page.keyboard.type('Nora Nueva')
    await page.keyboard.press('Tab')
    await page.keyboard.type(email)
    await page.keyboard.press('Tab')
    await page.keyboard.type('Me mudo; Nora se queda con el contrato.')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}signing-reassign-phone-es.png` })
    await tabTo(page, 'Asignar')
    await page.keyboard.press('Enter')
    // The service refuses in English; a Spanish reader is told in Spanish, never in the service's words.
    await dialog.getByRole('alert').filter({ hasText: 'No se aceptó. Revise lo que escribió' }).waitFor()
    expect(await dialog.getByText('must be someone else').count()).toBe(0)
    await dialog.getByLabel('Correo electrónico del nuevo firmante').fill('nora.es@example.test')
    await tabTo(page, 'Asignar')
    await page.keyboard.press('Enter')
    await page.getByText('Ha reasignado este sobre.').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}signing-reassigned-phone-es.png` })
    await page.close()
  })

  it('does not offer the action when the envelope does not allow it', async () => {
    const page = await openForm((await send({})).link)
    await page.getByRole('button', { name: 'Finish' }).waitFor()
    expect(await page.getByRole('button', { name: 'Assign to someone else' }).count()).toBe(0)
    await page.close()
  })
})
