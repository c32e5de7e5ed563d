import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { describeEachDatabase } from 'platform/testing'
import { launchChromium } from 'platform/testing/browser'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort } from './real-envelope-service.js'

// The README's journey as a newcomer walks it: `npm start`'s launcher, its banner's addresses and demo
// password, the CRM console, the development mailbox's links clicked, both signers, and the console's case
// linking to the sealed PDF; once in English (a contact with an email) and once in Spanish (a contact
// with only a mobile, invited by SMS).
const repository = resolve(import.meta.dirname, '../../..')

interface Banner {
  console: string
  mailbox: string
  password: string
}

/** Starts the launcher on free ports and its own data directory; resolves with its banner once printed. */
async function startAll(env: Record<string, string>): Promise<{ launcher: ChildProcess; banner: Banner }> {
  const launcher = spawn(process.execPath, ['scripts/start-all.mjs'], {
    cwd: repository,
    env: {
      ...process.env,
      ...env,
      RECIPES_PORT: String(await freePort()),
      ENVELOPES_PORT: String(await freePort()),
      ENVELOPES_HTTP_PORT: String(await freePort()),
      AUTOMATION_PORT: String(await freePort()),
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  const banner = await new Promise<Banner>((ready, fail) => {
    const found: Partial<Banner> = {}
    createInterface({ input: launcher.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const address = line.match(/(https?:\/\/\S+)/)?.[1]
      if (line.startsWith('Dev mailbox:')) found.mailbox = address
      if (line.startsWith('CRM console:')) found.console = address
      const password = line.match(/sign in as demo, password (\S+)/)?.[1]
      if (password) found.password = password
      if (line.startsWith('Data directory:')) ready(found as Banner)
    })
    launcher.once('exit', (code) => fail(new Error(`the launcher exited with ${code} before its banner`)))
  })
  return { launcher, banner }
}

const JOURNEYS = [
  {
    language: 'English',
    locale: 'en-US',
    caseNumber: '00001001',
    first: { name: 'Ana Gómez', mailbox: 'ana.gomez@example.com' },
    console: {
      username: 'User name',
      password: 'Password',
      signIn: 'Sign in',
      search: 'Search by case number or contact',
      searchButton: 'Search',
      subject: 'Subject',
      send: 'Send',
      signedPdf: 'Signed PDF',
    },
    signing: {
      sign: /^Sign/,
      adopt: 'Adopt your signature',
      fullName: 'Full name',
      adoptButton: 'Adopt and sign',
      finish: 'Finish',
      signatureOf: (name: string) => `Signature of ${name}`,
      finished: 'You have finished signing',
      complete: 'Everyone has signed',
    },
  },
  {
    language: 'Spanish',
    locale: 'es-ES',
    caseNumber: '00001002',
    first: { name: 'Luis Pérez', mailbox: '+573001234567', phone: '+57 300 123 4567' },
    console: {
      username: 'Usuario',
      password: 'Contraseña',
      signIn: 'Iniciar sesión',
      search: 'Buscar por número de caso o contacto',
      searchButton: 'Buscar',
      subject: 'Asunto',
      send: 'Enviar',
      phone: 'Número de móvil para SMS',
      signedPdf: 'PDF firmado',
    },
    signing: {
      sign: /^Firmar/,
      adopt: 'Adopte su firma',
      fullName: 'Nombre completo',
      adoptButton: 'Adoptar y firmar',
      finish: 'Finalizar',
      signatureOf: (name: string) => `Firma de ${name}`,
      finished: 'Ha terminado de firmar',
      complete: 'Todos han firmado',
    },
  },
] as const

/** Reloads `page` until `check` finds what it waits for (messages and Connect deliveries are background work). */
async function untilFound(page: Page, check: () => Promise<boolean>, what: string, withinMs = 90_000) {
  const deadline = Date.now() + withinMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not appear within ${withinMs / 1000} s`)
    await new Promise((wait) => setTimeout(wait, 1000))
    await page.reload()
  }
}

/**
 * In the mailbox: clicks the signing link of the newest message to `to` about `subject` (both journeys
 * share a coordinator, so the subject tells their messages apart).
 */
async function followInvitation(page: Page, mailbox: string, to: string, subject: string): Promise<void> {
  await page.goto(mailbox)
  const card = page
    .locator('article', { hasText: `To ${to}` })
    .filter({ hasText: subject })
    .filter({ has: page.locator('a[href*="/signing/"]') })
  await untilFound(page, async () => (await card.count()) > 0, `the invitation to ${to}`)
  await card.first().locator('a[href*="/signing/"]').first().click()
  await page.waitForSelector('body[data-first-page=drawn]', { timeout: 90_000 })
}

async function signAs(page: Page, name: string, words: (typeof JOURNEYS)[number]['signing']) {
  await page.getByRole('button', { name: words.sign }).first().click()
  const adopt = page.getByRole('dialog', { name: words.adopt })
  await adopt.getByLabel(words.fullName).fill(name)
  await adopt.getByRole('button', { name: words.adoptButton }).click()
  await adopt.waitFor({ state: 'detached' })
  await page.getByRole('button', { name: words.finish }).click()
}

describeEachDatabase('the README journey from npm start to the signed PDF', (databases) => {
  let launcher: ChildProcess
  let banner: Banner
  let browser: Browser
  let dataDir: string
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'journey-'))
    ;({ launcher, banner } = await startAll({
      DATA_DIR: dataDir,
      RECIPES_DATABASE_URL: await databases.freshUrl(),
      ENVELOPES_DATABASE_URL: await databases.freshUrl(),
      AUTOMATION_DATABASE_URL: await databases.freshUrl(),
    }))
    browser = await launchChromium()
  }, 240_000)
  afterAll(async () => {
    await browser?.close()
    if (launcher?.pid && launcher.exitCode === null) {
      process.kill(-launcher.pid, 'SIGTERM')
      await once(launcher, 'exit')
    }
    rmSync(dataDir, { recursive: true, force: true })
  })

  for (const journey of JOURNEYS) {
    it(`in ${journey.language}: sends case ${journey.caseNumber}, both sign from the mailbox, the case links to the signed PDF`, async () => {
      const context = await browser.newContext({ locale: journey.locale })
      const page = await context.newPage()
      const words = journey.console
      try {
        await page.goto(banner.console)
        await page.getByLabel(words.username).fill('demo')
        await page.getByLabel(words.password).fill(banner.password)
        await page.getByRole('button', { name: words.signIn, exact: true }).click()
        await page.getByLabel(words.search).fill(journey.caseNumber)
        await page.getByRole('button', { name: words.searchButton }).click()
        await page.getByRole('link', { name: new RegExp(journey.caseNumber) }).click()
        await page.getByRole('checkbox').first().check()
        const subject = `Journey in ${journey.language}`
        await page.getByLabel(words.subject).fill(subject)
        await page.getByRole('button', { name: words.send, exact: true }).click()
        if ('phone' in words && 'phone' in journey.first) {
          await page.getByLabel(words.phone).fill(journey.first.phone)
          await page.getByRole('button', { name: words.send, exact: true }).click()
        }
        await page.getByTestId('envelope-id').waitFor()
        const casePage = page.url()

        // The first signer, from the invitation link in the mailbox.
        await followInvitation(page, banner.mailbox, journey.first.mailbox, subject)
        await signAs(page, journey.first.name, journey.signing)
        await page.getByText(journey.signing.finished).waitFor()

        // The coordinator sees the first signature, read-only, then completes the envelope.
        await followInvitation(page, banner.mailbox, 'sam.rivera@example.com', subject)
        await page.getByRole('img', { name: journey.signing.signatureOf(journey.first.name) }).waitFor()
        await signAs(page, 'Sam Rivera', journey.signing)
        await page.getByText(journey.signing.complete).waitFor()

        // The console's case (Connect marked it completed) links to the sealed PDF.
        await page.goto(casePage)
        const link = page.getByRole('link', { name: words.signedPdf })
        await untilFound(page, async () => (await link.count()) > 0, 'the link to the signed PDF')
        const href = (await link.first().getAttribute('href')) as string
        const pdf = await page.evaluate(async (url) => {
          const response = await fetch(url)
          const bytes = new Uint8Array(await response.arrayBuffer())
          return {
            type: response.headers.get('content-type'),
            head: String.fromCharCode(...bytes.slice(0, 5)),
          }
        }, href)
        expect(pdf).toEqual({ type: 'application/pdf', head: '%PDF-' })
      } finally {
        await context.close()
      }
    }, 300_000)
  }
})
