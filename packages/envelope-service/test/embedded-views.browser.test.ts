import { readFileSync } from 'node:fs'
import Module from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describeEachDatabase } from 'platform/testing'
import { DESKTOP, PHONE, screenshotFolder, seriousAxeViolations } from 'platform/testing/browser'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { makePdfBase64 } from '../src/documents/test-pdfs.js'
import { type AppStack, startAppStack } from './app-browser-support.js'

vi.setConfig({ testTimeout: 240_000 })

/** As in the app's other browser tests: docs/screenshots/ only with `UPDATE_SCREENSHOTS=1`. */
const SCREENSHOTS = screenshotFolder(new URL('../docs/screenshots/', import.meta.url))

const examples = fileURLToPath(new URL('./docusign-examples/', import.meta.url))
/**
 * DocuSign's eg011, unmodified. It is CommonJS in a folder of an ESM package, so it is compiled as a
 * CommonJS module by hand (as tsx does for the examples test's child process).
 */
function loadCommonJs<T>(file: string): T {
  const loader = Module as unknown as {
    new (
      id: string,
    ): { filename: string; paths: string[]; exports: T; _compile(code: string, file: string): void }
    _nodeModulePaths(directory: string): string[]
  }
  const module = new loader(file)
  module.filename = file
  module.paths = loader._nodeModulePaths(dirname(file))
  module._compile(readFileSync(file, 'utf8'), file)
  return module.exports
}
const embeddedSending = loadCommonJs<{
  sendEnvelopeUsingEmbeddedSending(
    args: Record<string, unknown>,
  ): Promise<{ envelopeId: string; redirectUrl: string }>
}>(`${examples}lib/eSignature/examples/embeddedSending.js`)

/**
 * DocuSign's embedded screens in Chromium: eg011 (unmodified, through the official SDK) creates a draft
 * and its sender view; the view opens the draft in the builder and Send sends it and returns with
 * `event=Send`. The template edit view saves a template; the correct view changes a signer's email.
 */
describeEachDatabase(
  "DocuSign's embedded sender, template edit and correct views in Chromium",
  (databases) => {
    let stack: AppStack
    let returnUrl: string

    beforeAll(async () => {
      stack = await startAppStack(await databases.freshUrl())
      // Any page of this origin: the test only reads the address the browser was sent to.
      returnUrl = `${stack.service.origin}/returned?from=crm`
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

    async function openView(url: string, viewport = DESKTOP): Promise<Page> {
      const context = await stack.browser.newContext({
        locale: 'en-US',
        timezoneId: 'Europe/Madrid',
        viewport,
      })
      const page = await context.newPage()
      await page.goto(url)
      return page
    }

    /** The one-page lease the drafts and templates below are made of, and where its signer signs. */
    const leasePdf = async () => ({
      documentId: '1',
      name: 'Lease.pdf',
      fileExtension: 'pdf',
      documentBase64: await makePdfBase64(1),
    })
    const SIGN_HERE = {
      signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '72', yPosition: '100' }],
    }

    const returnedWith = (page: Page, event: string) =>
      page.waitForURL((url) => url.pathname === '/returned' && url.searchParams.get('event') === event)

    it('eg011: the sender view opens the draft in the builder; Send sends it and returns with event=Send', async () => {
      const { envelopeId, redirectUrl } = await embeddedSending.sendEnvelopeUsingEmbeddedSending({
        basePath: `${stack.service.origin}/restapi`,
        accessToken: stack.principal.accessToken,
        accountId: stack.principal.accountId,
        envelopeArgs: {
          signerEmail: 'ana.signer@example.test',
          signerName: 'Ana Signer',
          ccEmail: 'carl.copy@example.test',
          ccName: 'Carl Copy',
          dsReturnUrl: returnUrl,
          startingView: 'tagging',
          doc2File: `${examples}demo_documents/World_Wide_Corp_Battle_Plan_Trafalgar.docx`,
          doc3File: `${examples}demo_documents/World_Wide_Corp_lorem.pdf`,
        },
      })
      const page = await openView(redirectUrl)
      await page.getByRole('heading', { name: 'Edit draft: Please sign this document set' }).waitFor()
      await expect.poll(() => page.getByLabel('Email').first().inputValue()).toBe('ana.signer@example.test')
      await page.locator('[data-page="1"]').first().waitFor()
      expect(await seriousAxeViolations(page)).toEqual([])
      await page.screenshot({ path: `${SCREENSHOTS}sender-view-desktop.png` })
      await page.setViewportSize(PHONE)
      await page.screenshot({ path: `${SCREENSHOTS}sender-view-phone.png` })

      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await returnedWith(page, 'Send')
      expect(new URL(page.url()).searchParams.get('from')).toBe('crm')
      expect((await api<{ status: string }>(`/envelopes/${envelopeId}`)).status).toBe('sent')
      await page.context().close()
    })

    it('the edit view saves a renamed recipient and returns with event=Save; Cancel returns with event=Cancel', async () => {
      const { envelopeId } = await api<{ envelopeId: string }>('/envelopes', {
        method: 'POST',
        body: JSON.stringify({
          status: 'created',
          emailSubject: 'Draft to finish',
          documents: [await leasePdf()],
          recipients: {
            signers: [
              {
                recipientId: '1',
                name: 'Ana Ruiz',
                email: 'ana@example.test',
                tabs: SIGN_HERE,
              },
            ],
          },
        }),
      })
      const view = async () =>
        (
          await api<{ url: string }>(`/envelopes/${envelopeId}/views/edit`, {
            method: 'POST',
            body: JSON.stringify({ returnUrl }),
          })
        ).url
      const page = await openView(await view(), PHONE)
      const name = page.getByLabel('Name', { exact: true })
      await expect.poll(() => name.inputValue()).toBe('Ana Ruiz')
      await name.fill('Ana Ruiz Gómez')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await returnedWith(page, 'Save')
      const recipients = await api<{ signers: { name: string }[] }>(`/envelopes/${envelopeId}/recipients`)
      expect(recipients.signers[0]?.name).toBe('Ana Ruiz Gómez')

      await page.goto(await view())
      await page.getByRole('button', { name: 'Cancel' }).click()
      await returnedWith(page, 'Cancel')
      expect((await api<{ status: string }>(`/envelopes/${envelopeId}`)).status).toBe('created')
      await page.context().close()
    })

    it('the template edit view opens the builder; Save saves the template and returns with event=Save', async () => {
      const { templateId } = await api<{ templateId: string }>('/templates', {
        method: 'POST',
        body: JSON.stringify({
          name: 'Embedded lease',
          emailSubject: 'Please sign',
          documents: [await leasePdf()],
          recipients: { signers: [{ recipientId: '1', roleName: 'Tenant', routingOrder: '1' }] },
        }),
      })
      const { url } = await api<{ url: string }>(`/templates/${templateId}/views/edit`, {
        method: 'POST',
        body: JSON.stringify({ returnUrl }),
      })
      const page = await openView(url)
      const roleName = page.getByLabel('Role name')
      await expect.poll(() => roleName.inputValue()).toBe('Tenant')
      await page.locator('[data-page="1"]').first().waitFor()
      await page.screenshot({ path: `${SCREENSHOTS}template-edit-view-desktop.png` })
      await roleName.fill('Main tenant')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await returnedWith(page, 'Save')
      const saved = await api<{ recipients: { signers: { roleName: string }[] } }>(`/templates/${templateId}`)
      expect(saved.recipients.signers[0]?.roleName).toBe('Main tenant')
      await page.context().close()
    })

    it('the template builder locks the message; a draft from the template shows it read-only', async () => {
      const { templateId } = await api<{ templateId: string }>('/templates', {
        method: 'POST',
        body: JSON.stringify({
          name: 'Locked lease',
          emailSubject: 'Please sign the lease',
          emailBlurb: 'Wording approved by Legal.',
          documents: [await leasePdf()],
          recipients: {
            signers: [
              {
                recipientId: '1',
                roleName: 'Tenant',
                routingOrder: '1',
                tabs: SIGN_HERE,
              },
            ],
          },
        }),
      })
      const { url } = await api<{ url: string }>(`/templates/${templateId}/views/edit`, {
        method: 'POST',
        body: JSON.stringify({ returnUrl }),
      })
      const builder = await openView(url)
      await expect.poll(() => builder.getByLabel('Role name').inputValue()).toBe('Tenant')
      await builder.getByLabel('Lock the subject and message').check()
      // Stamped by default, as DocuSign; turned off here, for the envelopes made from the template.
      const stamp = builder.getByLabel('Print the envelope ID on each signed page')
      expect(await stamp.isChecked()).toBe(true)
      await stamp.uncheck()
      await builder.getByLabel('Ask signers to agree to use electronic records and signatures').check()
      await builder.getByRole('button', { name: 'Save', exact: true }).click()
      await returnedWith(builder, 'Save')
      const template = await api<{ messageLock: string; envelopeIdStamping: string; useDisclosure: string }>(
        `/templates/${templateId}`,
      )
      expect([template.messageLock, template.envelopeIdStamping, template.useDisclosure]).toEqual([
        'true',
        'false',
        'true',
      ])
      await builder.context().close()

      const { envelopeId } = await api<{ envelopeId: string }>('/envelopes', {
        method: 'POST',
        body: JSON.stringify({
          status: 'created',
          templateId,
          templateRoles: [{ roleName: 'Tenant', name: 'Ana Ruiz', email: 'ana@example.test' }],
        }),
      })
      const view = await api<{ url: string }>(`/envelopes/${envelopeId}/views/edit`, {
        method: 'POST',
        body: JSON.stringify({ returnUrl }),
      })
      const page = await openView(view.url)
      const subject = page.getByLabel('Email subject')
      await expect.poll(() => subject.inputValue()).toBe('Please sign the lease')
      expect(await subject.getAttribute('readonly')).not.toBeNull()
      await page.getByText('The subject and message of this envelope are locked').waitFor()
      expect(await seriousAxeViolations(page)).toEqual([])
      await page.setViewportSize(PHONE)
      await subject.locator('xpath=ancestor::section[1]').screenshot({
        path: `${SCREENSHOTS}draft-message-locked-phone.png`,
      })
      // The rest of the draft still changes.
      const name = page.getByLabel('Name', { exact: true })
      await expect.poll(() => name.inputValue()).toBe('Ana Ruiz')
      await name.fill('Ana Ruiz Gómez')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await returnedWith(page, 'Save')
      const saved = await api<{ emailSubject: string; messageLock: string; envelopeIdStamping: string }>(
        `/envelopes/${envelopeId}`,
      )
      expect([saved.emailSubject, saved.messageLock, saved.envelopeIdStamping]).toEqual([
        'Please sign the lease',
        'true',
        'false',
      ])
      await page.context().close()
    })

    it('the correct view changes a signer’s email and returns with event=Correct, in Spanish too', async () => {
      const { envelopeId } = await api<{ envelopeId: string }>('/envelopes', {
        method: 'POST',
        body: JSON.stringify({
          status: 'sent',
          emailSubject: 'Sent for signature',
          documents: [await leasePdf()],
          recipients: {
            signers: [
              {
                recipientId: '1',
                name: 'Ana Ruiz',
                email: 'ana@example.test',
                tabs: SIGN_HERE,
              },
            ],
          },
        }),
      })
      const { url } = await api<{ url: string }>(`/envelopes/${envelopeId}/views/correct`, {
        method: 'POST',
        body: JSON.stringify({ returnUrl }),
      })
      const page = await openView(url)
      await page.getByRole('button', { name: 'Correct Ana Ruiz' }).click()
      await page.getByLabel('Email').fill('ana.ruiz@example.test')
      expect(await seriousAxeViolations(page)).toEqual([])
      await page.screenshot({ path: `${SCREENSHOTS}correct-view-desktop.png` })
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
      await page.getByText('1 correction saved').waitFor()
      await page.setViewportSize(PHONE)
      await page.locator('header select').selectOption('es')
      await page.getByRole('heading', { name: 'Corregir: Sent for signature' }).waitFor()
      await page.screenshot({ path: `${SCREENSHOTS}correct-view-phone.png` })
      await page.getByRole('button', { name: 'Listo' }).click()
      await returnedWith(page, 'Correct')
      const recipients = await api<{ signers: { email: string }[] }>(`/envelopes/${envelopeId}/recipients`)
      expect(recipients.signers[0]?.email).toBe('ana.ruiz@example.test')
      await page.context().close()
    })
  },
)
