import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium } from 'playwright-core'
import { SIGNING_PAGE_DIR } from '../src/signing/page.js'
import { freePort, startTestService, type TestService } from '../src/testing/harness.js'

/** Shared by the signing-page browser test and the signing-page benchmark. */

const WEB_DIR = fileURLToPath(new URL('../web/signing', import.meta.url))

function newestModification(path: string): number {
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestModification(join(path, name))))
}

/** Builds the signing page with vite unless dist/signing is newer than every source file. */
export async function ensureSigningPageBuilt(): Promise<void> {
  let built = 0
  try {
    built = statSync(join(SIGNING_PAGE_DIR, 'index.html')).mtimeMs
  } catch {
    // Not built yet.
  }
  if (built > newestModification(WEB_DIR)) return
  const { build } = await import('vite')
  // vitest sets NODE_ENV=test, which makes vite bundle React's development build (StrictMode then runs
  // every effect twice); the page under test must be the one `npm start` serves.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ configFile: join(WEB_DIR, 'vite.config.ts'), mode: 'production', logLevel: 'warn' })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

/** Debian's chromium driven by playwright-core (no downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
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
