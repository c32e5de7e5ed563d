import { describeEachDatabase } from 'platform/testing'
import { DESKTOP, PHONE, screenshotFolder, seriousAxeViolations } from 'platform/testing/browser'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { makePdfBase64 } from '../src/documents/test-pdfs.js'
import { grantConsent } from '../src/identity/service.js'
import { startReceiver } from '../src/testing/connect-receiver.js'
import { signTestAssertion } from '../src/testing/harness.js'
import { type AppStack, sendWithSdk, signedInContext, startAppStack } from './app-browser-support.js'
import { eventually, untilCompleted } from './signing-browser-support.js'

vi.setConfig({ testTimeout: 180_000 })

/** As in sender-app.browser.test.ts: `UPDATE_SCREENSHOTS=1` writes them to docs/screenshots/. */
const SCREENSHOTS = screenshotFolder(new URL('../docs/screenshots/', import.meta.url))

/**
 * The web app's Connect and Settings screens and "Sign now" in Chromium, against a listening service:
 * a real local webhook receiver, invitations through a real SMTP listener, the real signing page.
 */
describeEachDatabase("the web app's Connect and Settings screens in Chromium", (databases) => {
  let stack: AppStack
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  const receiverState = { failing: true }

  beforeAll(async () => {
    receiver = await startReceiver((_, response) => {
      if (receiverState.failing) {
        response.statusCode = 500
        response.end('receiver down for maintenance')
      } else {
        response.end('ok')
      }
    })
    stack = await startAppStack(await databases.freshUrl(), {
      CONNECT_ALLOW_PRIVATE_URLS: 'true',
      // A delivery is given up (a failure) after about a second, so the test sees one quickly.
      CONNECT_RETRY_HOURS: '0.0003',
    })
  })

  afterAll(async () => {
    await stack?.close()
    await receiver?.close()
  })

  const api = async (path: string, init: RequestInit = {}) =>
    fetch(`${stack.service.origin}/restapi/v2.1/accounts/${stack.principal.accountId}${path}`, {
      ...init,
      headers: { ...stack.principal.headers, 'content-type': 'application/json', ...init.headers },
    })

  async function open(screen: 'Connect' | 'Settings', viewport = DESKTOP): Promise<Page> {
    const { context, page } = await signedInContext(stack, { viewport })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: screen }).click()
    await page.getByRole('heading', { level: 1, name: screen }).waitFor()
    return page
  }

  it('creates a Connect configuration, shows a failed delivery with its request and response, and retries it', async () => {
    const page = await open('Connect')
    await page.getByRole('button', { name: 'New configuration' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Connect configuration' })
    await dialog.getByLabel('Name').fill('Order system')
    await dialog.getByLabel('URL to publish to').fill(receiver.url)
    await dialog.getByLabel('Envelope completed').uncheck()
    await dialog.getByLabel('Custom fields').check()
    await dialog.getByRole('button', { name: 'Create' }).click()
    await page.getByText('Saved Order system.').waitFor()
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Order system' }) })
    await card.getByText(receiver.url).waitFor()
    await card.getByText('3 events:').waitFor()

    const configurations = (await (await api('/connect')).json()).configurations
    expect(configurations).toHaveLength(1)
    expect(configurations[0]).toMatchObject({
      name: 'Order system',
      urlToPublishTo: receiver.url,
      events: ['envelope-sent', 'envelope-declined', 'envelope-voided'],
      eventData: { includeData: ['recipients', 'custom_fields'] },
      enabled: 'true',
    })

    const envelopeId = await sendWithSdk(stack.service, stack.principal, {
      subject: 'Purchase order 1042',
      signer: { name: 'Nora Diaz', email: 'nora@example.test' },
      documentBase64: await makePdfBase64(1),
    })
    await eventually(
      stack.service,
      async () => ((await (await api('/connect/failures')).json()).failures?.length ? true : undefined),
      'the delivery given up',
    )

    await page.getByRole('button', { name: 'Refresh' }).click()
    const failure = page.locator('.failure').filter({ hasText: envelopeId })
    await failure.getByText('Error: HTTP 500').waitFor()
    await failure.getByRole('button', { name: 'Details' }).click()
    await failure.getByRole('heading', { name: 'Request body' }).waitFor()
    expect(await failure.locator('pre').first().textContent()).toContain(`"envelopeId": "${envelopeId}"`)
    expect(await failure.locator('pre').nth(1).textContent()).toContain('receiver down for maintenance')
    // The log lists each attempt with its outcome, and its details carry the same bodies.
    await page
      .getByRole('row')
      .filter({ hasText: envelopeId })
      .first()
      .getByRole('cell', { name: /HTTP 500/ })
      .waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await card.getByText(/Given up\s*1/).waitFor()

    receiverState.failing = false
    await failure.getByRole('button', { name: `Retry ${envelopeId}` }).click()
    await page.getByText('Queued 1 envelope again.').waitFor()
    await eventually(
      stack.service,
      () => (receiver.received.some((delivery) => delivery.envelopeId === envelopeId) ? true : undefined),
      'the retried delivery',
    )
    expect(receiver.received.find((delivery) => delivery.envelopeId === envelopeId)?.event).toBe(
      'envelope-sent',
    )
    await page.getByRole('button', { name: 'Refresh' }).click()
    await page.getByText('No failures.').waitFor()
    await page
      .getByRole('row')
      .filter({ hasText: envelopeId })
      .getByRole('cell', { name: 'Delivered' })
      .waitFor()
    await card.getByText(/Delivered\s*1/).waitFor()

    // Disabling is one click, and the API says so.
    await card.getByRole('button', { name: 'Disable Order system' }).click()
    await card.getByText('Off', { exact: true }).waitFor()
    expect((await (await api('/connect')).json()).configurations[0].enabled).toBe('false')
    await card.getByRole('button', { name: 'Enable Order system' }).click()
    await card.getByText('On', { exact: true }).waitFor()
    await card.getByRole('button', { name: 'Edit Order system' }).click()
    const editing = page.getByRole('dialog', { name: 'Edit Order system' })
    await editing.getByLabel('Envelope voided').uncheck()
    await editing.getByLabel('Envelope completed').check()
    await editing.getByRole('button', { name: 'Save' }).click()
    await card.getByText('3 events: Envelope sent, Envelope declined, Envelope completed').waitFor()
    expect((await (await api('/connect')).json()).configurations[0]).toMatchObject({
      events: ['envelope-sent', 'envelope-declined', 'envelope-completed'],
      urlToPublishTo: receiver.url,
      enabled: 'true',
    })
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}connect-desktop.png`, fullPage: true })
    await page.context().close()
  })

  it('creates a Connect key whose secret is shown once, with a copy button', async () => {
    const page = await open('Connect')
    await page.getByRole('button', { name: 'Create a Connect key' }).click()
    const secretField = page.getByLabel('New Connect key')
    await secretField.waitFor()
    const secret = await secretField.inputValue()
    expect(secret.length).toBeGreaterThan(20)
    await page.getByRole('button', { name: 'Copy', exact: true }).click()
    await page.getByText(/^(Copied|Select the text and copy it\.)$/).waitFor()
    await page.getByText('Copy it now: it will not be shown again.').waitFor()

    const listed = (await (await api('/connect/secret')).json()).connectKeys
    expect(listed).toHaveLength(1)
    expect(listed[0].secret).toBeUndefined()
    await page.getByRole('button', { name: 'Close' }).click()
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Connect' }).waitFor()
    await page.getByText(listed[0].keyId).waitFor()
    expect(await page.getByText(secret).count()).toBe(0)
    expect(await page.getByLabel('New Connect key').count()).toBe(0)
    await page.context().close()
  })

  it('invites a user from Settings, who signs in from the emailed link and sees no administrator screens', async () => {
    const page = await open('Settings')
    await page.getByRole('button', { name: 'Invite a user' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite a user' })
    await dialog.getByLabel('Name').fill('Pablo Serrano')
    await dialog.getByLabel('Email').fill('pablo@example.test')
    await dialog.getByLabel('Permission').selectOption({ label: 'Sends envelopes' })
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await page.getByText('Invitation sent to pablo@example.test.').waitFor()
    const card = page.getByRole('listitem').filter({ hasText: 'pablo@example.test' })
    await card.getByText('Invited').waitFor()
    await page.getByText('(2 users)').waitFor()

    const link = await eventually(
      stack.service,
      () =>
        /https?:\/\/\S+\/oauth\/password\/[\w-]+/.exec(
          stack.sink.received.find((mail) => mail.to.includes('pablo@example.test'))?.text ?? '',
        )?.[0],
      'the invitation email',
    )
    const invited = await stack.browser.newContext({ locale: 'en-US' })
    const invitedPage = await invited.newPage()
    await invitedPage.goto(link)
    const password = 'a long enough password for Pablo'
    await invitedPage.locator('#password').fill(password)
    await invitedPage.locator('#confirm').fill(password)
    await invitedPage.getByRole('button', { name: 'Save' }).click()
    await invitedPage.getByText(/password is saved/).waitFor()
    await invitedPage.goto(`${stack.service.origin}/app/`)
    await invitedPage.waitForURL((url) => url.pathname === '/oauth/auth')
    await invitedPage.locator('#email').fill('pablo@example.test')
    await invitedPage.locator('#password').fill(password)
    await invitedPage.locator('button[type=submit]').click()
    await invitedPage.waitForURL((url) => url.pathname === '/app/')
    await invitedPage.getByText('Pablo Serrano').waitFor()
    const nav = invitedPage.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Templates' }).waitFor()
    expect(await nav.getByRole('link', { name: 'Settings' }).count()).toBe(0)
    await invitedPage.goto(`${stack.service.origin}/app/settings`)
    await invitedPage.getByText('Only administrators of this account can see this page.').waitFor()
    await invited.close()

    await page.reload()
    await page.getByRole('listitem').filter({ hasText: 'pablo@example.test' }).getByText('Active').waitFor()
    await page
      .locator('section[aria-labelledby="sign-in-policy-title"] li')
      .filter({ hasText: 'pablo@example.test' })
      .waitFor()
    // The administrator reads Pablo's sign-ins, read only when opened.
    const pabloCard = page.getByRole('listitem').filter({ hasText: 'pablo@example.test' }).first()
    await pabloCard.getByText('Recent sign-ins of Pablo Serrano').click()
    await pabloCard.getByText('Signed in with the password').waitFor()
    await pabloCard.getByText(/Chrome on Linux · Address 127\.0\.0\.1/).waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await pabloCard.screenshot({ path: `${SCREENSHOTS}settings-member-sign-ins-desktop.png` })
    await page.getByRole('button', { name: 'Deactivate Pablo Serrano' }).click()
    await page.getByText('Pablo Serrano can no longer use this account.').waitFor()
    // Gone from the users, and from the Sign-in section's list of who has not set up two-step sign-in,
    // which is read again after the change without reloading the page.
    for (const list of [
      'section[aria-labelledby="users-title"] > ul',
      'section[aria-labelledby="sign-in-policy-title"]',
    ]) {
      await expect
        .poll(() => page.locator(`${list} li`).filter({ hasText: 'pablo@example.test' }).count())
        .toBe(0)
    }
    // Kept among the deactivated users, whose sign-ins the administrator can still read.
    await page.getByText('1 deactivated user').click()
    const former = page.locator('.former-members li').filter({ hasText: 'pablo@example.test' })
    await former.getByText('Deactivated').waitFor()
    await former.getByText('Recent sign-ins of Pablo Serrano').click()
    await former.getByText('Signed in with the password').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page
      .locator('.former-members')
      .screenshot({ path: `${SCREENSHOTS}settings-former-members-desktop.png` })
    await page.context().close()
  })

  it('creates an integration key with a server-generated RSA pair, whose private key makes a JWT grant', async () => {
    const page = await open('Settings')
    await page.getByRole('button', { name: 'New integration key' }).click()
    const dialog = page.getByRole('dialog', { name: 'New integration key' })
    await dialog.getByLabel('Name').fill('Billing integration')
    await dialog.getByLabel('Generate on the server').check()
    await dialog.getByLabel('Redirect URI').fill('https://billing.example.test/callback')
    await dialog.getByRole('button', { name: 'Create' }).click()
    const integrationKey = await page.getByLabel('Integration key', { exact: true }).inputValue()
    const privateKeyPem = await page.getByLabel('Private key (PEM)').inputValue()
    expect(privateKeyPem).toMatch(/-----BEGIN (RSA )?PRIVATE KEY-----/)
    const card = page.getByRole('listitem').filter({ hasText: integrationKey })
    await card.getByText('https://billing.example.test/callback').waitFor()
    await card.getByText('1 RSA public key').waitFor()

    // The person consents (as DocuSign's consent page records it), then the JWT grant with the private key.
    const { principal, service } = stack
    await grantConsent(service.ctx.db, {
      userId: principal.userId,
      integrationKeyId: integrationKey,
      scopes: ['signature', 'impersonation'],
    })
    const assertion = signTestAssertion(privateKeyPem, {
      iss: integrationKey,
      sub: principal.userId,
      aud: new URL(service.origin).host,
    })
    const token = await fetch(`${service.origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    })
    expect(token.status, await token.clone().text()).toBe(200)
    const accessToken = (await token.json()).access_token as string
    const userinfo = await fetch(`${service.origin}/oauth/userinfo`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
    expect((await userinfo.json()).sub).toBe(principal.userId)

    await page.getByRole('button', { name: 'Close' }).click()
    await card.getByRole('button', { name: 'Add a secret key' }).click()
    expect(
      (await page.getByLabel(/^Secret key \(Billing integration\)$/).inputValue()).length,
    ).toBeGreaterThan(20)
    await page.reload()
    await page
      .getByRole('listitem')
      .filter({ hasText: integrationKey })
      .getByText(/Test User: (impersonation signature|signature impersonation)/)
      .waitFor()
    await page.getByRole('listitem').filter({ hasText: integrationKey }).getByText('1 secret key').waitFor()
    await page.context().close()
  })

  it('changes the account defaults, and a new envelope follows them', async () => {
    const page = await open('Settings')
    const defaults = page.getByRole('region', { name: 'Reminders and expiration' })
    await defaults.getByLabel('Send reminders').check()
    await defaults.getByLabel('First reminder after (days)').fill('2')
    await defaults.getByLabel('Then every (days, 0: once)').fill('3')
    await defaults.getByLabel('Expire after (days)').fill('30')
    await defaults.getByLabel('Warn before expiry (days, 0: no warning)').fill('5')
    await defaults.getByRole('button', { name: 'Save defaults' }).click()
    await page.getByText('Defaults saved.').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}settings-desktop.png`, fullPage: true })

    const envelopeId = await sendWithSdk(stack.service, stack.principal, {
      subject: 'Follows the account defaults',
      signer: { name: 'Ines Ortega', email: 'ines@example.test' },
      documentBase64: await makePdfBase64(1),
    })
    const envelope = await (await api(`/envelopes/${envelopeId}`)).json()
    expect(envelope.notification).toMatchObject({
      useAccountDefaults: 'true',
      reminders: { reminderEnabled: 'true', reminderDelay: '2', reminderFrequency: '3' },
      expirations: { expireEnabled: 'true', expireAfter: '30', expireWarn: '5' },
    })
    await page.reload()
    await page.getByLabel('Expire after (days)').waitFor()
    expect(await page.getByLabel('Expire after (days)').inputValue()).toBe('30')
    await page.context().close()
  })

  it("sets the disclosure's contact details, shown as signers will read them", async () => {
    const page = await open('Settings')
    const section = page.getByRole('region', { name: 'Electronic record disclosure' })
    await section.getByLabel('Ask for it on every envelope').check()
    await section.getByLabel('Company name shown to signers').fill('Acme Rentals')
    await section.getByLabel('Email for paper copies').fill('copies@acme.test')
    await section.getByLabel('Cost per page of a paper copy (0: free)').fill('0.25')
    await section.getByLabel('By email').check()
    await section.getByLabel('Email to write to').fill('withdraw@acme.test')
    const preview = section.getByRole('complementary', { name: 'What signers read' })
    await preview.getByText('Acme Rentals asks you to read this disclosure', { exact: false }).waitFor()
    await preview.getByText('or by email to withdraw@acme.test.', { exact: false }).waitFor()
    await preview.getByText('Each page costs 0.25.', { exact: false }).waitFor()

    // A way to withdraw without its number is held back in the page, before anything is sent.
    await section.getByLabel('By phone').check()
    await section.getByRole('button', { name: 'Save disclosure' }).click()
    expect(
      await section
        .getByLabel('Number to call')
        .evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true)
    await section.getByLabel('By phone').uncheck()
    await section.getByRole('button', { name: 'Save disclosure' }).click()
    await page.getByText('English disclosure saved.').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await section.screenshot({ path: `${SCREENSHOTS}settings-disclosure-desktop.png` })

    const saved = await (await api('/consumer_disclosure/en')).json()
    expect(saved).toMatchObject({
      companyName: 'Acme Rentals',
      copyRequestEmail: 'copies@acme.test',
      copyCostPerPage: '0.25',
      withdrawByEmail: 'true',
      withdrawEmail: 'withdraw@acme.test',
      withdrawByPhone: 'false',
      useConsumerDisclosureWithinAccount: 'true',
    })
    // The Spanish version, never set, starts from the English version's addresses and numbers (what
    // Spanish signers read until it is saved), not its texts; asking on every envelope is the account's.
    await section.getByLabel('Version').selectOption('es')
    const spanishPreview = section.getByRole('complementary', { name: 'What signers read' })
    await spanishPreview.getByRole('heading', { name: 'Retirar su consentimiento' }).waitFor()
    await spanishPreview
      .getByText('o por correo electrónico a withdraw@acme.test.', { exact: false })
      .waitFor()
    expect(await section.getByLabel('Company name shown to signers').inputValue()).toBe('Acme Rentals')
    expect(await section.getByLabel('By email').isChecked()).toBe(true)
    expect(await section.getByLabel('Cost per page of a paper copy (0: free)').inputValue()).toBe('0.25')
    expect(await section.getByLabel('Ask for it on every envelope').isChecked()).toBe(true)
    await page.context().close()
    // The tests after this one sign without the disclosure.
    const off = await api('/consumer_disclosure/en', {
      method: 'PUT',
      body: JSON.stringify({ useConsumerDisclosureWithinAccount: 'false' }),
    })
    expect(off.status).toBe(200)
  })

  it("sets the disclosure's own text, previewed only as the service stored it, and goes back to the service's", async () => {
    const page = await open('Settings')
    const section = page.getByRole('region', { name: 'Electronic record disclosure' })
    const preview = section.getByRole('complementary', { name: 'What signers read' })
    const save = section.getByRole('button', { name: 'Save disclosure' })
    await section.getByLabel('Company name shown to signers').waitFor()
    await section.getByRole('radio', { name: 'Your own text' }).check()
    await preview.getByText('Save to see your text as signers will.').waitFor()

    // An empty own text is held back in the page, worded for the reader.
    await save.click()
    await section
      .getByRole('alert')
      .filter({ hasText: 'Write your disclosure, or choose this service’s text.' })
      .waitFor()

    const source = section.getByLabel('Your disclosure (HTML)')
    await source.fill(
      '<h2>Our consent</h2><p>Acme keeps records <b>electronically</b>. <a href="https://acme.test/ersd">Details</a></p>',
    )
    // What is typed is never put in the page as HTML: the preview waits for the saved text.
    expect(await preview.getByRole('heading', { name: 'Our consent' }).count()).toBe(0)
    await save.click()
    await page.getByText('English disclosure saved.').waitFor()
    await preview.getByRole('heading', { name: 'Our consent' }).waitFor()
    const link = preview.getByRole('link', { name: 'Details' })
    expect(await link.getAttribute('href')).toBe('https://acme.test/ersd')
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(await section.getByRole('alert').count()).toBe(0)
    expect(await seriousAxeViolations(page)).toEqual([])
    await section.screenshot({ path: `${SCREENSHOTS}settings-disclosure-own-text-desktop.png` })
    await page.setViewportSize(PHONE)
    await preview.getByRole('heading', { name: 'Our consent' }).waitFor()
    await section.screenshot({ path: `${SCREENSHOTS}settings-disclosure-own-text-phone.png` })
    await page.setViewportSize(DESKTOP)

    // The service refuses an event handler and says why; the preview keeps the saved text.
    await source.fill('<p onclick="x()">Bad</p>')
    await save.click()
    await section.getByRole('alert').filter({ hasText: 'onclick' }).waitFor()
    await preview.getByRole('heading', { name: 'Our consent' }).waitFor()
    expect(await preview.getByText('Bad').count()).toBe(0)

    const saved = await (await api('/consumer_disclosure/en')).json()
    expect(saved.custom).toBe('true')
    expect(saved.esignText).toContain('<h2>Our consent</h2>')
    expect(saved.useConsumerDisclosureWithinAccount).toBe('false')
    // The Spanish version keeps the service's text.
    const spanish = await (await api('/consumer_disclosure/es')).json()
    expect(spanish.custom).toBe('false')
    expect(spanish.esignText).not.toContain('Our consent')

    // Back to the service's text, as the tests after this one expect.
    await section.getByRole('radio', { name: 'This service’s text, with your details' }).check()
    await preview.getByRole('heading', { name: 'Electronic documents and signatures' }).waitFor()
    const reverted = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && response.url().endsWith('/consumer_disclosure/en'),
    )
    await save.click()
    expect((await reverted).status()).toBe(200)
    expect((await (await api('/consumer_disclosure/en')).json()).custom).toBe('false')
    await page.context().close()
  })

  it('signs with "Sign now" when it is the signed-in person\'s turn, and comes back to the details', async () => {
    const subject = 'Sign it yourself'
    const envelopeId = await sendWithSdk(stack.service, stack.principal, {
      subject,
      signer: { name: 'Test User', email: stack.email },
      documentBase64: await makePdfBase64(1),
    })
    const { page } = await signedInContext(stack, { viewport: DESKTOP })
    await page.goto(`${stack.service.origin}/app/envelopes/${envelopeId}`)
    await page.getByRole('heading', { name: subject }).waitFor()
    await page.getByText('It is your turn to sign this envelope.').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Sign now' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/signing'))
    await page.getByRole('button', { name: /^Sign/ }).click()
    const adopt = page.getByRole('dialog', { name: 'Adopt your signature' })
    await adopt.getByLabel('Full name').fill('Test User')
    await adopt.getByRole('button', { name: 'Adopt and sign' }).click()
    await adopt.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.waitForURL((url) => url.pathname === `/app/envelopes/${envelopeId}`)
    await page.getByText('You signed this envelope.').waitFor()
    expect(new URL(page.url()).search).toBe('')
    await untilCompleted(stack.service, stack.principal, envelopeId)
    await page.reload()
    await page.getByRole('heading', { name: subject }).waitFor()
    expect(await page.getByRole('button', { name: 'Sign now' }).count()).toBe(0)
    await page.context().close()
  })

  it('speaks Spanish on the Settings screen, with plural forms', async () => {
    const { page } = await signedInContext(stack, { locale: 'es-ES', viewport: DESKTOP })
    await page.getByRole('navigation').getByRole('link', { name: 'Configuración' }).click()
    await page.getByRole('heading', { level: 1, name: 'Configuración' }).waitFor()
    await page.getByText(/\(\d+ usuarios?\)/).waitFor()
    await page.getByRole('heading', { name: 'Recordatorios y caducidad' }).waitFor()
    await page.getByRole('heading', { name: 'Divulgación de registros electrónicos' }).waitFor()
    // A refusal is said in Spanish, not in the service's English ("... is already a member of this account").
    await page.getByRole('button', { name: 'Invitar a un usuario' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invitar a un usuario' })
    await dialog.getByLabel('Nombre').fill('Otra vez yo')
    await dialog.getByLabel('Correo electrónico').fill(stack.email)
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click()
    await dialog.getByText('Esta persona ya es usuaria de la cuenta.').waitFor()
    expect(await dialog.getByText('already a member').count()).toBe(0)
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    const myCard = page.getByRole('listitem').filter({ hasText: stack.email }).first()
    await myCard.getByText('Inicios de sesión recientes').click()
    await myCard.getByText('Sesión iniciada', { exact: false }).first().waitFor()
    // The user deactivated in the test before is among the deactivated users, counted in Spanish.
    await page.getByText('1 usuario desactivado').click()
    const former = page.locator('.former-members li').filter({ hasText: 'pablo@example.test' })
    await former.getByText('Desactivado').waitFor()
    await page.getByText('Ya no pueden usar esta cuenta.', { exact: false }).waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.setViewportSize(PHONE)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await page.locator('.former-members').screenshot({ path: '/tmp/settings-former-members-phone-es.png' })
    await page.setViewportSize(DESKTOP)
    await page.getByRole('navigation').getByRole('link', { name: 'Connect' }).click()
    await page.getByRole('heading', { name: 'Claves de Connect' }).waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.context().close()
  })

  it('fits Connect and Settings on a phone', async () => {
    for (const screen of ['Connect', 'Settings'] as const) {
      const page = await open(screen, PHONE)
      await page.getByRole('heading', { level: 2 }).first().waitFor()
      await page.waitForLoadState('networkidle')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      expect(await seriousAxeViolations(page)).toEqual([])
      await page.screenshot({ path: `${SCREENSHOTS}${screen.toLowerCase()}-phone.png`, fullPage: true })
      if (screen === 'Settings') {
        await page
          .getByRole('region', { name: 'Electronic record disclosure' })
          .screenshot({ path: `${SCREENSHOTS}settings-disclosure-phone.png` })
      }
      await page.context().close()
    }
  })
})
