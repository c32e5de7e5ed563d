import { mkdtempSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium, type Page } from 'playwright-core'

/**
 * What every browser test of the project shares: Debian's Chromium started the one way that works on
 * these machines (headless, no sandbox as root, and none of the background networking a closed network
 * refuses), where screenshots go, and axe-core's serious findings on a page. The pages under test are the
 * ones `npm start` serves: the suite's global setup builds them into each service's dist/ folder.
 * Imported as `platform/testing/browser`, apart from `platform/testing`, so suites without a browser do
 * not load Playwright.
 */

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

export const DESKTOP = { width: 1280, height: 900 }
export const PHONE = { width: 390, height: 844 }

/**
 * Where a browser test writes its screenshots: the package's docs folder (`docsFolder`, the ones the
 * READMEs show) only with `UPDATE_SCREENSHOTS=1`, else a scratch folder, so running the tests leaves the
 * checkout as it was. The answer ends with a slash, ready for a file name.
 */
export function screenshotFolder(docsFolder: URL): string {
  return process.env.UPDATE_SCREENSHOTS === '1'
    ? fileURLToPath(docsFolder)
    : `${mkdtempSync(join(tmpdir(), 'screenshots-'))}/`
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** axe-core's serious and critical violations on the page as it is now, as `id (impact, n nodes)`. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Evaluated rather than added as a script tag, so the page's content security policy does not stop it.
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run(): Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }> }
      }
    ).axe
    return (await axe.run()).violations
  })
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}, ${violation.nodes.length} nodes)`)
}
