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
 * What the signing page shows of the DocuSign properties issue 21 made the service act on: the sender's
 * `note` to a recipient, as plain text with its line breaks, labelled in the page's language; and only
 * the documents the recipient is not excluded from (`enforceSignerVisibility`, `excludedDocuments`).
 */

const SCREENSHOTS = screenshotFolder(new URL('../docs/screenshots/', import.meta.url))
const NOTE = 'Bring your ID to the office.\nCall <b>Sam</b> & ask for "room 3" if the door is closed.'

describeEachDatabase('the signing page shows the sender’s note', (databases) => {
  let stack: SigningStack
  let sent = 0

  beforeAll(async () => {
    stack = await startSigningStack(await databases.freshUrl(), 'signer-properties-')
  })
  afterAll(() => stack?.close())

  async function sendWithNote(
    options: { spanish?: boolean; note?: string; excludeSecond?: boolean } = {},
  ): Promise<string> {
    sent += 1
    const email = `nora.${sent}@example.test`
    const response = await stack.service.app.inject({
      method: 'POST',
      url: `/restapi/v2.1/accounts/${stack.principal.accountId}/envelopes`,
      headers: stack.principal.headers,
      payload: {
        status: 'sent',
        emailSubject: `Lease ${sent}`,
        documents: [
          { documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
          ...(options.excludeSecond
            ? [
                {
                  documentId: '2',
                  name: 'Internal pricing',
                  fileExtension: 'pdf',
                  documentBase64: await makePdfBase64(1, 'Internal pricing'),
                },
              ]
            : []),
        ],
        ...(options.excludeSecond ? { enforceSignerVisibility: 'true' } : {}),
        ...(options.spanish ? SPANISH_FORM_LANGUAGE : {}),
        recipients: {
          signers: [
            {
              recipientId: '1',
              name: 'Nora Noted',
              email,
              ...(options.note !== undefined ? { note: options.note } : {}),
              ...(options.excludeSecond ? { excludedDocuments: ['2'] } : {}),
              tabs: {
                signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '72', yPosition: '120' }],
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

  it('shows the note as text, line breaks kept, markup not interpreted; axe-clean at desktop and phone', async () => {
    const link = await sendWithNote({ note: NOTE })
    const page = await openForm(link)
    const note = page.getByRole('region', { name: /^Note from / })
    await note.waitFor()
    expect(await note.locator('p').innerText()).toBe(NOTE)
    expect(await note.locator('b').count()).toBe(0)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}signing-note-desktop.png` })
    await page.close()

    const phone = await openForm(link, { width: 390, height: 844 })
    await phone.getByRole('region', { name: /^Note from / }).waitFor()
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await seriousAxeViolations(phone)).toEqual([])
    await phone.screenshot({ path: `${SCREENSHOTS}signing-note-phone.png` })
    await phone.close()
  })

  it('labels the note in Spanish when the envelope speaks Spanish', async () => {
    const page = await openForm(await sendWithNote({ note: 'Traiga su DNI.', spanish: true }), {
      width: 390,
      height: 844,
    })
    const note = page.getByRole('region', { name: /^Nota de / })
    await note.waitFor()
    expect(await note.locator('p').innerText()).toBe('Traiga su DNI.')
    await page.screenshot({ path: `${SCREENSHOTS}signing-note-phone-es.png` })
    await page.close()
  })

  it('shows no note section when the sender wrote none', async () => {
    const page = await openForm(await sendWithNote())
    await page.getByRole('button', { name: 'Finish' }).waitFor()
    expect(await page.getByRole('region', { name: /^Note from / }).count()).toBe(0)
    await page.close()
  })

  it('shows only the documents the recipient is not excluded from', async () => {
    const page = await openForm(await sendWithNote({ excludeSecond: true }))
    await page.getByRole('heading', { name: 'Lease', exact: true }).waitFor()
    expect(await page.getByText('Internal pricing').count()).toBe(0)
    expect(await page.locator('.document-name').allInnerTexts()).toEqual(['Lease'])
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}signing-excluded-document-desktop.png` })
    await page.close()
    const phone = await openForm(await sendWithNote({ excludeSecond: true }), { width: 390, height: 844 })
    expect(await phone.locator('.document-name').allInnerTexts()).toEqual(['Lease'])
    await phone.screenshot({ path: `${SCREENSHOTS}signing-excluded-document-phone.png` })
    await phone.close()
  })
})
