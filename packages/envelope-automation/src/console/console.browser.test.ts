import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { App } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import { launchChromium, seriousAxeViolations } from 'platform/testing/browser'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DemoCredentials } from '../../../envelope-service/src/admin/bootstrap.js'
import {
  type RealEnvelopeService,
  setTemplateMessageLock,
  startRealEnvelopeService,
} from '../../test/real-envelope-service.js'
import { findCaseByNumber, listCaseEnvelopes } from '../cases/repository.js'
import type { CaseStore } from '../cases/store.js'
import { createEsignClient, type EsignClient, identityEndpoint } from '../client/client.js'
import { nodeTransport } from '../client/http.js'
import { createTokenProvider } from '../client/token-provider.js'
import { CONNECT_LISTENER_PATH } from '../listener/routes.js'
import { signConnectBody } from '../listener/signature.js'
import { PLACEHOLDER_EMAIL } from '../recipients/placeholder-email.js'
import { createUser } from '../users/service.js'
import { buildConsoleApp } from './app.js'
import { loadConsoleConfig } from './config.js'

const CONNECT_SECRET = 'console-test-connect-secret'
const DEMO_USER = { username: 'demo', password: 'demo password for the browser' }
const LOCKED_USER = { username: 'often-wrong', password: 'the right password 42' }

let browser: Browser

// The console is served from dist/console, built there by the suite's global setup as `npm start` builds it.
beforeAll(async () => {
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

describeEachDatabase('automation console in Chromium against the real envelope service', (databases) => {
  let real: RealEnvelopeService
  let credentials: DemoCredentials
  let caFile: string
  let console_: { app: App; store: CaseStore }
  let consoleUrl: string
  let esign: EsignClient
  let page: Page

  beforeAll(async () => {
    real = await startRealEnvelopeService(await databases.freshUrl())
    ;({ credentials, caFile } = real)
    const userFile = join(real.directory, 'console-demo-user.json')
    writeFileSync(userFile, JSON.stringify(DEMO_USER), { mode: 0o600 })
    const config = loadConsoleConfig({
      DATA_DIR: real.directory,
      DATABASE_URL: await databases.freshUrl(),
      PORT: '0',
      DEMO_CREDENTIALS_FILE: real.credentialsFile,
      ESIGN_CA_FILE: caFile,
      CONNECT_HMAC_SECRET: CONNECT_SECRET,
      CONSOLE_DEMO_USER_FILE: userFile,
    })
    console_ = await buildConsoleApp(config, { logLevel: false })
    consoleUrl = await console_.app.listen({ port: 0, host: '127.0.0.1' })
    await createUser(console_.store.usersDb, LOCKED_USER, Date.now())

    esign = createEsignClient(real.clientOptions)
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })
  }, 120_000)

  afterAll(async () => {
    await page?.close()
    await console_?.app.close()
    await real?.close()
  })

  const templateName = (index: number) => credentials.templates[index]?.name as string
  const caseEnvelopes = async (caseNumber: string) => {
    const record = await findCaseByNumber(console_.store.db, caseNumber)
    return listCaseEnvelopes(console_.store.db, record?.id as string)
  }
  const signersOf = async (envelopeId: string) =>
    (await esign.getJson(`/envelopes/${envelopeId}/recipients`)).signers as Record<string, unknown>[]

  /** Signs in on the sign-in page the console shows first, in English or Spanish. */
  async function signInOn(
    target: Page,
    user = DEMO_USER,
    words = { name: 'User name', password: 'Password', button: 'Sign in' },
  ) {
    await target.getByRole('heading', { level: 1, name: words.button }).waitFor()
    await target.getByLabel(words.name).fill(user.username)
    await target.getByLabel(words.password).fill(user.password)
    await target.getByRole('button', { name: words.button, exact: true }).click()
  }

  it('shows the sign-in page first, refuses a wrong password, then signs in to the case list', async () => {
    await page.goto(consoleUrl)
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
    // The heading takes focus, so a screen reader starts at the form.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign in')
    await page.screenshot({ path: '/tmp/console-sign-in-desktop.png', fullPage: true })
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('alert').filter({ hasText: 'Enter your user name and your password.' }).waitFor()
    await signInOn(page, { username: DEMO_USER.username, password: 'not the password' })
    await page.getByRole('alert').filter({ hasText: 'The user name or password is not right.' }).waitFor()
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByLabel('Password').inputValue()).toBe('')
    await page.screenshot({ path: '/tmp/console-sign-in-refused-desktop.png', fullPage: true })
    await signInOn(page)
    await page.getByRole('heading', { level: 1, name: 'Cases' }).waitFor()
    expect(await page.getByText(`Signed in as ${DEMO_USER.username}`).isVisible()).toBe(true)
    // The session cookie cannot be read by the page's scripts.
    expect(await page.evaluate(() => document.cookie)).toBe('')
  })

  it('locks a name after five failures and says when to try again, in Spanish on a phone', async () => {
    const phone = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      locale: 'es-CO',
    })
    try {
      await phone.goto(consoleUrl)
      const words = { name: 'Usuario', password: 'Contraseña', button: 'Iniciar sesión' }
      await phone.screenshot({ path: '/tmp/console-sign-in-phone.png', fullPage: true })
      // Each attempt waits for its answer, so the next one is not typed while the page still waits.
      const attempt = async (password: string) => {
        const answered = phone.waitForResponse(
          (response) => response.url().endsWith('/api/session') && response.request().method() === 'POST',
        )
        await signInOn(phone, { username: LOCKED_USER.username, password }, words)
        return (await answered).status()
      }
      for (let count = 1; count < 5; count++) {
        expect(await attempt(`wrong ${count}`)).toBe(401)
        await phone.getByRole('alert').filter({ hasText: 'no son correctos' }).waitFor()
      }
      expect(await attempt('wrong 5')).toBe(429)
      const locked = phone.getByRole('alert').filter({ hasText: 'Vuelva a intentarlo dentro de 15 minutos.' })
      await locked.waitFor()
      // Locked means locked: the right password is refused too.
      expect(await attempt(LOCKED_USER.password)).toBe(429)
      await locked.waitFor()
      expect(await phone.getByRole('heading', { name: 'Casos' }).count()).toBe(0)
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await phone.screenshot({ path: '/tmp/console-sign-in-locked-phone.png', fullPage: true })
    } finally {
      await phone.close()
    }
  })

  async function openCase(caseNumber: string) {
    await page.goto(consoleUrl)
    await page.getByLabel('Search by case number or contact').fill(caseNumber)
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('link', { name: new RegExp(caseNumber) }).click()
    await page.getByRole('heading', { level: 1, name: `Case ${caseNumber}` }).waitFor()
  }

  it('sends for a contact without email: two templates in order, the SMS phone screen, the envelope id', async () => {
    await openCase('00001002')
    expect(await page.getByText('No envelope sent yet.').isVisible()).toBe(true)
    // The case's language (es-CO) preselects Spanish for the envelope.
    expect(await page.getByLabel('Envelope language').inputValue()).toBe('es')
    await page.getByRole('checkbox', { name: templateName(2) }).check()
    await page.getByRole('checkbox', { name: templateName(0) }).check()
    // Chosen order is the order of choosing; one move puts the first template first.
    await page.getByRole('button', { name: `Move ${templateName(0)} up` }).click()
    await page.getByLabel('Subject').fill('Documentos del caso')
    await page.screenshot({ path: '/tmp/console-send-form-desktop.png', fullPage: true })
    const posted = page.waitForRequest((request) => request.method() === 'POST')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    expect((await posted).postDataJSON()).toEqual({
      templateIds: [credentials.templates[0]?.templateId, credentials.templates[2]?.templateId],
      subject: 'Documentos del caso',
      language: 'es',
    })

    await page.getByRole('heading', { name: 'Send by text message' }).waitFor()
    const phone = page.getByLabel('Mobile number for SMS')
    expect(await phone.getAttribute('required')).not.toBeNull()
    // The screen opens with the heading focused, so a screen reader starts at the new step.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send by text message')
    expect(await caseEnvelopes('00001002')).toEqual([])

    // A blank answer is refused in the page; an invalid number by the flow (422), on the same screen.
    await phone.fill('')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('alert').filter({ hasText: 'A mobile number is required.' }).waitFor()
    await phone.fill('12')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'not a mobile number a text message can reach' })
      .waitFor()
    expect(await phone.getAttribute('aria-invalid')).toBe('true')
    expect(await caseEnvelopes('00001002')).toEqual([])

    await phone.fill('+57 300 765 4321')
    await phone.press('Enter')
    const shownId = page.getByTestId('envelope-id')
    await shownId.waitFor()
    const envelopeId = (await shownId.textContent()) as string
    expect(await page.getByText('by SMS at +573007654321').isVisible()).toBe(true)
    await page.screenshot({ path: '/tmp/console-sent-desktop.png', fullPage: true })

    const [first, coordinator] = await signersOf(envelopeId)
    expect(first).toMatchObject({
      roleName: 'Signing Recipient #1',
      name: 'Luis Pérez',
      email: PLACEHOLDER_EMAIL,
      phoneNumber: { countryCode: '57', number: '3007654321' },
    })
    expect(String(first?.deliveryMethod).toLowerCase()).toBe('sms')
    expect(String(coordinator?.deliveryMethod).toLowerCase()).toBe('email')
    const documents = (await esign.getJson(`/envelopes/${envelopeId}/documents`)).envelopeDocuments as {
      name: string
    }[]
    expect(documents.length).toBeGreaterThanOrEqual(2)
    const envelope = await esign.getJson(`/envelopes/${envelopeId}`)
    expect(envelope.emailSubject).toBe('Inkwell: Documentos del caso')
    expect(String(envelope.emailBlurb)).toMatch(/^Hola/)

    expect((await caseEnvelopes('00001002')).map((row) => [row.envelopeId, row.status])).toEqual([
      [envelopeId, 'sent'],
    ])
    // The case page lists the new envelope with its status.
    await page.getByRole('cell', { name: envelopeId }).waitFor()
    expect(await page.getByRole('row', { name: new RegExp(envelopeId) }).textContent()).toContain('Sent')
  })

  it('sends for a contact with email straight on, without the SMS screen, using the keyboard', async () => {
    await openCase('00001001')
    await page.getByRole('checkbox', { name: templateName(1) }).focus()
    await page.keyboard.press('Space')
    await page.getByLabel('Subject').focus()
    await page.keyboard.type('Your documents')
    await page.keyboard.press('Enter')
    const shownId = page.getByTestId('envelope-id')
    await shownId.waitFor()
    expect(await page.getByLabel('Mobile number for SMS').count()).toBe(0)
    const envelopeId = (await shownId.textContent()) as string
    const [first] = await signersOf(envelopeId)
    expect(first).toMatchObject({ name: 'Ana Gómez', email: 'ana.gomez@example.com' })
    expect(String(first?.deliveryMethod).toLowerCase()).toBe('email')
    expect((await caseEnvelopes('00001001')).map((row) => row.envelopeId)).toEqual([envelopeId])
  })

  it('shows the envelope completed once the completion listener records a signed Connect delivery', async () => {
    const [sent] = await caseEnvelopes('00001001')
    const record = await findCaseByNumber(console_.store.db, '00001001')
    const body = JSON.stringify({
      event: 'envelope-completed',
      apiVersion: 'v2.1',
      uri: `/restapi/v2.1/accounts/${credentials.accountId}/envelopes/${sent?.envelopeId}`,
      retryCount: 0,
      configurationId: 1,
      generatedDateTime: new Date().toISOString(),
      data: {
        accountId: credentials.accountId,
        userId: credentials.userId,
        envelopeId: sent?.envelopeId,
        envelopeSummary: {
          status: 'completed',
          emailSubject: 'Inkwell: Your documents',
          completedDateTime: new Date().toISOString(),
          customFields: {
            textCustomFields: [{ name: 'CrmRecordId', value: record?.id, show: 'false', required: 'false' }],
          },
        },
      },
    })
    const delivered = await fetch(`${consoleUrl}${CONNECT_LISTENER_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-docusign-signature-1': signConnectBody(body, CONNECT_SECRET),
      },
      body,
    })
    expect(delivered.status).toBe(200)
    await page.reload()
    const row = page.getByRole('row', { name: new RegExp(sent?.envelopeId as string) })
    await row.waitFor()
    expect(await row.textContent()).toContain('Completed')
    // The case page links to the signed PDF, which the console fetches from the service for the session.
    const link = row.getByRole('link', { name: 'Signed PDF' })
    const href = (await link.getAttribute('href')) as string
    const pdf = await page.evaluate(async (url) => {
      const response = await fetch(url)
      const bytes = new Uint8Array(await response.arrayBuffer())
      return { type: response.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 5)) }
    }, href)
    expect(pdf).toEqual({ type: 'application/pdf', head: '%PDF-' })
    // The Completed column and the link are visible, not cut off, at 1366 px.
    await page.setViewportSize({ width: 1366, height: 768 })
    const box = await link.boundingBox()
    expect((box?.x ?? 9999) + (box?.width ?? 0)).toBeLessThanOrEqual(1366)
    expect(
      await page.evaluate(() => {
        const scroller = document.querySelector('.table-scroll') as HTMLElement
        return scroller.scrollWidth <= scroller.clientWidth
      }),
    ).toBe(true)
    await page.screenshot({ path: '/tmp/console-case-completed-1366.png', fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  it('shows the subject and message a template locks, sends them, and stops two different locks', async () => {
    // Two demo templates lock their own subject and message (DocuSign's messageLock), which differ.
    const [locking, alsoLocking] = [credentials.templates[1], credentials.templates[2]].map(
      (template) => template?.templateId as string,
    ) as [string, string]
    await setTemplateMessageLock(real, locking, true)
    await setTemplateMessageLock(real, alsoLocking, true)
    try {
      const template = await esign.getTemplate(locking)
      await openCase('00001001')
      const subject = page.getByLabel('Subject', { exact: true })
      await subject.fill('My own words')
      await page.getByRole('checkbox', { name: templateName(1) }).check()
      await page.getByRole('checkbox', { name: templateName(2) }).check()
      expect(await page.locator('.checkbox-list').textContent()).toContain('locks its subject and message')

      // Both chosen: the page says why they cannot go together, and Send calls nothing.
      const conflict = page
        .getByRole('alert')
        .filter({ hasText: `“${templateName(1)}” and “${templateName(2)}” lock different subjects` })
      await conflict.waitFor()
      let posted = 0
      const countPosts = (request: { method(): string }) => {
        if (request.method() === 'POST') posted++
      }
      page.on('request', countPosts)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert')
      page.off('request', countPosts)
      expect(posted).toBe(0)
      await page.screenshot({ path: '/tmp/console-message-lock-conflict-desktop.png', fullPage: true })

      // One locking template: its subject and message in place of the form's, read-only, with why.
      await page.getByRole('button', { name: `Remove ${templateName(2)}` }).click()
      await conflict.waitFor({ state: 'detached' })
      expect(await subject.inputValue()).toBe(template.emailSubject)
      expect(await subject.getAttribute('readonly')).not.toBeNull()
      expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe(template.emailBlurb)
      const why = `The template “${templateName(1)}” locks the subject and message of this envelope`
      expect(await subject.getAttribute('aria-describedby')).toBe('message-locked')
      expect(await page.locator('#message-locked').textContent()).toContain(why)
      // What was typed comes back when the locking template is removed, and goes again when it returns.
      await page.getByRole('checkbox', { name: templateName(1) }).uncheck()
      expect(await subject.inputValue()).toBe('My own words')
      expect(await subject.getAttribute('readonly')).toBeNull()
      await page.getByRole('checkbox', { name: templateName(1) }).check()
      await page.screenshot({ path: '/tmp/console-message-locked-desktop.png', fullPage: true })

      const sent = page.waitForRequest((request) => request.method() === 'POST')
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      expect((await sent).postDataJSON()).toMatchObject({ templateIds: [locking], subject: '' })
      const shownId = page.getByTestId('envelope-id')
      await shownId.waitFor()
      const envelope = await esign.getJson(`/envelopes/${await shownId.textContent()}`)
      expect(envelope).toMatchObject({
        emailSubject: template.emailSubject,
        emailBlurb: template.emailBlurb,
        messageLock: 'true',
      })

      // In Spanish on a phone: the same, in the reader's words, without sideways scrolling or axe findings.
      const context = await browser.newContext({
        bypassCSP: true,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        locale: 'es-ES',
      })
      try {
        const phone = await context.newPage()
        await phone.goto(consoleUrl)
        await signInOn(phone, DEMO_USER, {
          name: 'Usuario',
          password: 'Contraseña',
          button: 'Iniciar sesión',
        })
        await phone.getByRole('link', { name: /00001001/ }).click()
        await phone.getByRole('checkbox', { name: templateName(1) }).check()
        expect(await phone.getByLabel('Asunto', { exact: true }).inputValue()).toBe(template.emailSubject)
        await phone.getByText(`La plantilla “${templateName(1)}” bloquea el asunto y el mensaje`).waitFor()
        expect(await phone.locator('.checkbox-list').textContent()).toContain(
          'bloquea su asunto y su mensaje',
        )
        expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
        expect(await seriousAxeViolations(phone)).toEqual([])
        await phone.screenshot({ path: '/tmp/console-message-locked-phone.png', fullPage: true })
        await phone.getByRole('checkbox', { name: templateName(2) }).check()
        await phone.getByRole('alert').filter({ hasText: 'bloquean asuntos o mensajes distintos' }).waitFor()
        expect(await seriousAxeViolations(phone)).toEqual([])
      } finally {
        await context.close()
      }
    } finally {
      await setTemplateMessageLock(real, locking, false)
      await setTemplateMessageLock(real, alsoLocking, false)
    }
  })

  it('refuses a typed subject when a template was locked after the page opened, then shows the lock', async () => {
    const locking = credentials.templates[1]?.templateId as string
    const before = (await caseEnvelopes('00001001')).length
    await openCase('00001001')
    await page.getByLabel('Subject', { exact: true }).fill('My own words')
    await page.getByRole('checkbox', { name: templateName(1) }).check()
    // Locked in the service while this page still shows the template as free.
    await setTemplateMessageLock(real, locking, true)
    try {
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await page.getByRole('heading', { name: 'The envelope was not sent' }).waitFor()
      expect(await page.getByTestId('failure-advice').textContent()).toContain(
        'A template you chose now fixes its subject and message',
      )
      // Refused by the automation before the service was asked: nothing sent, nothing recorded.
      expect(await page.getByTestId('failure-status').count()).toBe(0)
      expect(await caseEnvelopes('00001001')).toHaveLength(before)
      await page.getByRole('button', { name: 'Try again' }).click()
      const subject = page.getByLabel('Subject', { exact: true })
      const template = await esign.getTemplate(locking)
      await expect.poll(() => subject.inputValue()).toBe(template.emailSubject)
      expect(await subject.getAttribute('readonly')).not.toBeNull()
    } finally {
      await setTemplateMessageLock(real, locking, false)
    }
  })

  it('shows the service failure with its status code and message, and records nothing', async () => {
    await openCase('00001003')
    await page.getByRole('checkbox', { name: templateName(0) }).check()
    await deleteTemplate(credentials.templates[0]?.templateId as string)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('heading', { name: 'The envelope was not sent' }).waitFor()
    expect(await page.getByTestId('failure-status').textContent()).toMatch(/^Status 404 /)
    expect(await page.getByTestId('failure-message').textContent()).not.toBe('')
    expect(await caseEnvelopes('00001003')).toEqual([])
  })

  it('speaks Spanish when chosen, and fits a phone screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true })
    try {
      await phone.goto(consoleUrl)
      await phone.getByLabel('Language').selectOption('es')
      await signInOn(phone, DEMO_USER, { name: 'Usuario', password: 'Contraseña', button: 'Iniciar sesión' })
      await phone.getByRole('heading', { level: 1, name: 'Casos' }).waitFor()
      expect(await phone.evaluate(() => document.documentElement.lang)).toBe('es')
      await phone.getByRole('link', { name: /00001002/ }).waitFor()
      await phone.screenshot({ path: '/tmp/console-list-phone.png' })
      await phone.getByRole('link', { name: /00001002/ }).click()
      await phone.getByRole('heading', { name: 'Enviar para firma' }).waitFor()
      await phone.getByRole('checkbox').first().check()
      // Nothing wider than the screen: no sideways scrolling of the page itself.
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await phone.screenshot({ path: '/tmp/console-case-phone.png', fullPage: true })
      await phone.getByRole('button', { name: 'Enviar', exact: true }).click()
      await phone.getByRole('heading', { name: 'Enviar por mensaje de texto' }).waitFor()
      expect(await phone.getByLabel('Número de móvil para SMS').inputValue()).toBe('+573001234567')
      await phone.screenshot({ path: '/tmp/console-sms-screen-phone.png', fullPage: true })
      // An invalid number is explained in Spanish, saying what to do; no developer message in English.
      await phone.getByLabel('Número de móvil para SMS').fill('12345')
      await phone.getByRole('button', { name: 'Enviar', exact: true }).click()
      const refused = phone.getByRole('alert').filter({ hasText: 'Escríbalo con + y el código del país' })
      await refused.waitFor()
      expect(await phone.locator('main').textContent()).not.toMatch(/recipientSmsPhone|E\.164|not a valid/)
      await phone.screenshot({ path: '/tmp/console-sms-invalid-phone.png', fullPage: true })
    } finally {
      await phone.close()
    }
  })

  it('has no serious or critical axe-core violations on the list, the case page and the SMS screen', async () => {
    // Only the test's own context skips the page's CSP, so axe can be injected.
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1024, height: 800 } })
    const audited = await context.newPage()
    const audit = () => seriousAxeViolations(audited)
    try {
      await audited.goto(consoleUrl)
      await audited.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
      expect(await audit()).toEqual([])
      await signInOn(audited)
      await audited.getByRole('link', { name: /00001002/ }).waitFor()
      await audited.screenshot({ path: '/tmp/console-list-desktop.png' })
      expect(await audit()).toEqual([])
      await audited.getByRole('link', { name: /00001002/ }).click()
      await audited.getByRole('checkbox').first().check()
      expect(await audit()).toEqual([])
      await audited.getByRole('button', { name: 'Send', exact: true }).click()
      await audited.getByLabel('Mobile number for SMS').waitFor()
      expect(await audit()).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('signs out: back to the sign-in page, and the API refuses the old session', async () => {
    await page.goto(consoleUrl)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
    const answer = await page.evaluate(async () => (await fetch('/api/cases')).status)
    expect(answer).toBe(401)
  })

  async function deleteTemplate(templateId: string) {
    const transport = nodeTransport({ ca: readFileSync(caFile, 'utf8') })
    const identity = identityEndpoint(credentials.authHost)
    const token = await createTokenProvider({
      identityOrigin: identity.origin,
      audience: identity.audience,
      integrationKey: credentials.integrationKey,
      userId: credentials.userId,
      privateKeyPem: credentials.privateKeyPem,
      scope: 'signature impersonation',
      transport,
      now: Date.now,
    }).accessToken()
    const response = await transport({
      method: 'DELETE',
      url: `${credentials.baseUri}/v2.1/accounts/${credentials.accountId}/templates/${templateId}`,
      headers: { authorization: `Bearer ${token}` },
      timeoutMs: 10_000,
    })
    expect(response.status).toBe(200)
  }
})
