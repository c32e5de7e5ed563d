import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchChromium } from 'platform/testing/browser'
import type { Browser, Page } from 'playwright-core'
import { startSmtpSink } from '../src/notifications/testing/smtp-sink.js'
import { startTwilioReceiver } from '../src/notifications/testing/twilio-receiver.js'
import {
  freePort,
  seedPrincipal,
  startTestService,
  type TestPrincipal,
  type TestService,
} from '../src/testing/harness.js'

/** Shared by the signing-page browser tests and the signing-page benchmark. */

/**
 * The signing page and the sender's app built into dist/ as `npm start` builds them (scripts/build.mjs),
 * unless their inputs are unchanged. The test suite's global setup does this before any test file runs;
 * the signing-page benchmark, run on its own, calls this.
 */
export async function ensurePagesBuilt(): Promise<void> {
  // @ts-expect-error: the build script is plain JavaScript
  const { build } = await import('../../../scripts/build.mjs')
  await build(['envelopes'], { pagesOnly: true })
}

export interface ListeningService extends TestService {
  origin: string
}

/**
 * The service listening over plain HTTP on 127.0.0.1, its PUBLIC_URL being that origin so the links in
 * invitations open in the browser: the port is chosen first because PUBLIC_URL is read at start.
 */
export async function startListeningService(
  databaseUrl: string,
  env: Record<string, string>,
): Promise<ListeningService> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const service = await startTestService(databaseUrl, {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    ...env,
  })
  await service.app.listen({ host: '127.0.0.1', port })
  return { ...service, origin }
}

/**
 * An envelope's hidden `FormLanguage` list field set to Spanish: what makes the signing page (and the
 * messages) speak Spanish, as DocuSign's form language field does.
 */
export const SPANISH_FORM_LANGUAGE = {
  customFields: {
    listCustomFields: [
      { name: 'FormLanguage', value: 'Spanish', listItems: ['English', 'Spanish'], show: 'false' },
    ],
  },
}

/** Polls `probe` (running due jobs between tries) until it returns a value or `timeoutMs` passes. */
export async function eventually<T>(
  service: TestService,
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await service.ctx.jobs.runDue()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The signing token in a message body's `…/signing/#<token>` link. */
export function signingLinkIn(body: string | undefined): string | undefined {
  return /https?:\/\/[^\s"'<>]+\/signing\/#[A-Za-z0-9_-]+/.exec(body ?? '')?.[0]
}

export function tokenOf(link: string): string {
  return link.slice(link.indexOf('#') + 1)
}

/** The Twilio-shaped account the browser tests' service texts through. */
export const SMS_ACCOUNT = { sid: 'AC0123456789', token: 'sms-secret', from: '+15005550006' }

/** Everything a browser test of the signing page talks to, started together and closed together. */
export interface SigningStack {
  sink: Awaited<ReturnType<typeof startSmtpSink>>
  sms: Awaited<ReturnType<typeof startTwilioReceiver>>
  browser: Browser
  service: ListeningService
  principal: TestPrincipal
  close(): Promise<void>
}

/**
 * A real SMTP listener, a Twilio-shaped SMS receiver, Chromium and a listening service sending through
 * them: it serves the signing page the suite's global setup built, and keeps its development seal in a
 * scratch directory named by `prefix`.
 */
export async function startSigningStack(databaseUrl: string, prefix: string): Promise<SigningStack> {
  const directory = mkdtempSync(join(tmpdir(), prefix))
  const [sink, sms, browser] = await Promise.all([startSmtpSink(), startTwilioReceiver(), launchChromium()])
  const service = await startListeningService(databaseUrl, {
    SMTP_URL: sink.url,
    SMTP_FROM: 'no-reply@inkwell.test',
    SMS_PROVIDER_URL: sms.baseUrl,
    SMS_ACCOUNT_SID: SMS_ACCOUNT.sid,
    SMS_AUTH_TOKEN: SMS_ACCOUNT.token,
    SMS_FROM: SMS_ACCOUNT.from,
    SEAL_DEVELOPMENT_FILE: join(directory, 'seal.p12'),
  })
  const principal = await seedPrincipal(service.ctx)
  return {
    sink,
    sms,
    browser,
    service,
    principal,
    async close() {
      await browser.close()
      await service.close()
      await Promise.all([sink.close(), sms.close()])
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

/** The envelope's status as the REST API reports it. */
export async function envelopeStatus(
  service: TestService,
  principal: TestPrincipal,
  envelopeId: string,
): Promise<string> {
  const response = await service.app.inject({
    url: `/restapi/v2.1/accounts/${principal.accountId}/envelopes/${envelopeId}`,
    headers: principal.headers,
  })
  return response.json().status
}

/** Polls (running due jobs) until the envelope has completed: sealing happens in a job. */
export async function untilCompleted(
  service: TestService,
  principal: TestPrincipal,
  envelopeId: string,
): Promise<void> {
  await eventually(
    service,
    async () => ((await envelopeStatus(service, principal, envelopeId)) === 'completed' ? true : undefined),
    'completion',
  )
}

/**
 * On an open form whose only required tab is a signature: adopts a typed signature under `fullName`,
 * signs, finishes, and closes the page.
 */
export async function signWithTypedName(page: Page, fullName: string): Promise<void> {
  await page.getByRole('button', { name: /^Sign/ }).click()
  const adopt = page.getByRole('dialog', { name: 'Adopt your signature' })
  await adopt.getByLabel('Full name').fill(fullName)
  await adopt.getByRole('button', { name: 'Adopt and sign' }).click()
  await adopt.waitFor({ state: 'detached' })
  await page.getByRole('button', { name: 'Finish' }).click()
  await page.getByText(/You have finished signing|Everyone has signed/).waitFor()
  await page.close()
}
