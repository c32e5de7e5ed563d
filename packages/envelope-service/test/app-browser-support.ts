import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchChromium } from 'platform/testing/browser'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { buildApp } from '../src/app.js'
import { loadEnvelopeServiceConfig } from '../src/config.js'
import { setPassword } from '../src/identity/users/sign-in.js'
import { startSmtpSink } from '../src/notifications/testing/smtp-sink.js'
import { freePort, seedPrincipal, type TestPrincipal } from '../src/testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkApiClient,
  type SdkModel,
} from '../src/testing/sdk.js'
import { eventually, type ListeningService } from './signing-browser-support.js'

/** Shared by the sender's web app browser tests. */

export interface AppStack {
  sink: Awaited<ReturnType<typeof startSmtpSink>>
  browser: Browser
  service: ListeningService
  principal: TestPrincipal
  /** The principal's sign-in email. */
  email: string
  close(): Promise<void>
}

/**
 * A real SMTP listener, Chromium, and a service listening on 127.0.0.1 that serves the sender's app and the
 * signing page from dist/ (built there by the suite's global setup, as `npm start` builds them) and sends
 * through the listener.
 * `env` adds to or overrides the service's configuration (`undefined` removes a setting: `SMTP_URL`
 * undefined with `DEV_MAILBOX` on sends every message to the development mailbox).
 */
export async function startAppStack(
  databaseUrl: string,
  env: Record<string, string | undefined> = {},
): Promise<AppStack> {
  const scratch = mkdtempSync(join(tmpdir(), 'sender-app-'))
  const [sink, browser, port] = await Promise.all([startSmtpSink(), launchChromium(), freePort()])
  const origin = `http://127.0.0.1:${port}`
  const config = loadEnvelopeServiceConfig({
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    SMTP_URL: sink.url,
    SMTP_FROM: 'no-reply@inkwell.test',
    SEAL_DEVELOPMENT_FILE: join(scratch, 'seal.p12'),
    ...env,
  })
  const { app, ctx } = await buildApp(config, { logLevel: false })
  await app.listen({ host: '127.0.0.1', port })
  const service: ListeningService = { app, ctx, origin, close: () => app.close() }
  const principal = await seedPrincipal(ctx)
  await setPassword(ctx.db, principal.userId, PASSWORD)
  const email = `${principal.userId}@example.test`
  return {
    email,
    sink,
    browser,
    service,
    principal,
    async close() {
      await browser.close()
      await service.close()
      await sink.close()
      rmSync(scratch, { recursive: true, force: true })
    },
  }
}

/** The seeded principal's password: the tests sign in through the sign-in page with it. */
export const PASSWORD = 'correct horse battery staple'

/**
 * A browser context signed in as the seeded principal the way a person signs in: the app finds no
 * session cookie, starts the authorization code flow (PKCE), the sign-in page takes the email and
 * password, and the callback lands on the dashboard. Later pages of the context share the cookie.
 */
export async function signedInContext(
  stack: AppStack,
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await stack.browser.newContext({
    locale: options.locale ?? 'en-US',
    timezoneId: 'Europe/Madrid',
    ...(options.viewport ? { viewport: options.viewport } : {}),
  })
  const page = await context.newPage()
  const tokenRequests = noteTokenRequests(page)
  await page.goto(`${stack.service.origin}/app/`)
  await page.waitForURL((url) => url.pathname === '/oauth/auth')
  // Without a session the app goes straight to sign-in, without a refresh the service would refuse.
  expect(tokenRequests).toEqual([])
  await page.locator('#email').fill(stack.email)
  await page.locator('#password').fill(PASSWORD)
  await page.locator('button[type=submit]').click()
  await page.waitForURL((url) => url.pathname === '/app/')
  return { context, page }
}

/** The `POST /oauth/token` requests the page makes from now on, as `METHOD path`, for a test to read. */
export function noteTokenRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname === '/oauth/token') seen.push(`${request.method()} ${pathname}`)
  })
  return seen
}

interface EnvelopesSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: SdkApiClient,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: SdkModel }): Promise<SdkModel>
    createConsoleView(accountId: string, options: { consoleViewRequest: SdkModel }): Promise<SdkModel>
  }
}

function sdkEnvelopes(service: ListeningService, principal: TestPrincipal) {
  const sdk = loadDocuSignSdk<EnvelopesSdk>()
  const client = new sdk.ApiClient()
  client.setBasePath(`${service.origin}/restapi`)
  client.addDefaultHeader('Authorization', `Bearer ${principal.accessToken}`)
  return new sdk.EnvelopesApi(client)
}

/** DocuSign's console view through the official SDK: a one-time URL that opens the app signed in. */
export async function consoleViewUrl(
  service: ListeningService,
  principal: TestPrincipal,
  envelopeId?: string,
): Promise<string> {
  const view = await sdkEnvelopes(service, principal).createConsoleView(principal.accountId, {
    consoleViewRequest: envelopeId ? { envelopeId } : {},
  })
  return view.url as string
}

/** Sends an envelope with the official SDK, as an integration would: one signer by email. */
export async function sendWithSdk(
  service: ListeningService,
  principal: TestPrincipal,
  envelope: {
    subject: string
    signer: { name: string; email: string }
    documentBase64: string
    /** Ask the signer to agree to the Electronic Record and Signature Disclosure first. */
    useDisclosure?: boolean
  },
): Promise<string> {
  const created = await sdkEnvelopes(service, principal).createEnvelope(principal.accountId, {
    envelopeDefinition: {
      status: 'sent',
      emailSubject: envelope.subject,
      ...(envelope.useDisclosure ? { useDisclosure: 'true' } : {}),
      documents: [
        { documentId: '1', name: 'Agreement', fileExtension: 'pdf', documentBase64: envelope.documentBase64 },
      ],
      recipients: {
        signers: [
          {
            recipientId: '1',
            routingOrder: '1',
            ...envelope.signer,
            tabs: { signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '72', yPosition: '120' }] },
          },
        ],
      },
    },
  })
  return created.envelopeId as string
}

/** The time from navigation to the dashboard's first page on screen, from the page's performance timeline. */
export async function firstPageMilliseconds(page: Page): Promise<number | undefined> {
  return page.evaluate(() => performance.getEntriesByName('inkwell:dashboard-first-page')[0]?.startTime)
}

/**
 * On the development mailbox page: clicks the signing link of the newest message to `to` (an email
 * address or an E.164 number) that mentions `about` (an email's subject; a text message quotes it),
 * reloading while the message is still on its way, and waits for the signing page's first page.
 */
export async function followMailboxLink(
  page: Page,
  stack: AppStack,
  to: string,
  about: string,
): Promise<void> {
  await page.goto(`${stack.service.origin}/dev/mailbox`)
  const card = page
    .locator('article', { hasText: `To ${to}` })
    .filter({ hasText: about })
    .filter({ has: page.locator('a[href*="/signing/"]') })
  await eventually(
    stack.service,
    async () => {
      if ((await card.count()) > 0) return true
      await page.reload()
      return undefined
    },
    `the message to ${to}`,
    60_000,
  )
  await card.first().locator('a[href*="/signing/"]').first().click()
  await page.waitForSelector('body[data-first-page=drawn]', { timeout: 90_000 })
}
