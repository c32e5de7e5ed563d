import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { deflateSync } from 'node:zlib'

/**
 * Real documents of every accepted format for the tests and the bench, each carrying the anchors
 * `/sn1/` and `**signature_1**`: text, HTML and RTF written by hand, PNG encoded here, DOCX, ODT, DOC
 * and XLSX made by LibreOffice itself from HTML and CSV, JPEG by Chromium (a screenshot).
 */

export const ANCHOR = '/sn1/'
export const SECOND_ANCHOR = '**signature_1**'

const run = promisify(execFile)

/** Whether LibreOffice's `soffice` can be started (the conversion tests skip without it). */
export async function sofficeAvailable(command = 'soffice'): Promise<boolean> {
  try {
    await run(command, ['--version'], { timeout: 60_000 })
    return true
  } catch {
    return false
  }
}

export const sampleText = (title: string) =>
  `${title}\n\nThe parties agree to the terms below.\nSigned by the client: ${ANCHOR}\nWitness: ${SECOND_ANCHOR}\n`

export const sampleHtml = (title: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body>` +
  `<h1>${title}</h1><p>The parties agree to the terms below.</p>` +
  `<p>Signed by the client: ${ANCHOR}</p><p>Witness: ${SECOND_ANCHOR}</p></body></html>`

export const sampleRtf = (title: string) =>
  `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Helvetica;}}\\f0\\fs24 ${title}\\par The parties agree to the terms below.\\par ` +
  `Signed by the client: ${ANCHOR}\\par Witness: ${SECOND_ANCHOR}\\par}`

export const sampleCsv = () => `Party,Signature\nClient,${ANCHOR}\nWitness,${SECOND_ANCHOR}\n`

/** A valid RGB PNG of a solid colour (deflate from zlib, CRCs computed here). */
export function samplePng(width = 120, height = 60): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)])
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(pixels)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  )
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

/** A JPEG screenshot of a small page, taken by Debian's Chromium. */
export async function sampleJpeg(): Promise<Uint8Array> {
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 200, height: 100 } })
    await page.setContent('<body style="margin:0;background:#2a6;font:20px sans-serif">JPEG sample</body>')
    return new Uint8Array(await page.screenshot({ type: 'jpeg', quality: 80 }))
  } finally {
    await browser.close()
  }
}

/**
 * Converts a hand-written source into another office format with LibreOffice (`target` e.g. `docx`,
 * `odt`, `doc`, `xlsx`), in a private profile so it never collides with the service's workers.
 */
export async function convertSample(
  source: { extension: string; content: string | Uint8Array },
  target: string,
  filter?: string,
): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'esign-sample-'))
  try {
    const input = join(dir, `sample.${source.extension}`)
    await writeFile(input, source.content)
    await run(
      'soffice',
      [
        `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
        '--headless',
        '--norestore',
        ...(source.extension === 'html' ? ['--infilter=HTML (StarWriter)'] : []),
        '--convert-to',
        filter ? `${target}:${filter}` : target,
        '--outdir',
        dir,
        input,
      ],
      { timeout: 120_000 },
    )
    return new Uint8Array(await readFile(join(dir, `sample.${target}`)))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** One sample of every format LibreOffice converts, by extension. */
export async function officeSamples(title: string): Promise<Record<string, Uint8Array>> {
  const html = { extension: 'html', content: sampleHtml(title) }
  return {
    txt: new TextEncoder().encode(sampleText(title)),
    html: new TextEncoder().encode(sampleHtml(title)),
    rtf: new TextEncoder().encode(sampleRtf(title)),
    docx: await convertSample(html, 'docx', 'MS Word 2007 XML'),
    odt: await convertSample(html, 'odt', 'writer8'),
    doc: await convertSample(html, 'doc', 'MS Word 97'),
    xlsx: await convertSample({ extension: 'csv', content: sampleCsv() }, 'xlsx'),
  }
}
