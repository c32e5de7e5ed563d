import { execFile } from 'node:child_process'
import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { deflateSync } from 'node:zlib'
import { strToU8, zipSync } from 'fflate'
import { DEFAULT_PYTHON } from './office-pool.js'

/**
 * Real documents of every accepted format for the tests and the bench, each carrying the anchors
 * `/sn1/` and `**signature_1**`: text, HTML and RTF written by hand, PNG encoded here, DOCX, ODT, DOC
 * and XLSX made by LibreOffice itself from HTML and CSV, an ODP zipped here and the other presentations
 * made from it by LibreOffice, JPEG by Chromium (a screenshot).
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

/** Whether the warm pool can start here: the Python it uses imports LibreOffice's `uno` (python3-uno). */
export async function unoAvailable(python = DEFAULT_PYTHON): Promise<boolean> {
  try {
    await run(python, ['-c', 'import uno'], { timeout: 60_000 })
    return true
  } catch {
    return false
  }
}

/**
 * A plain-text document that keeps LibreOffice busy for seconds (about 3 MB, a thousand pages): what a
 * document that hangs the converter looks like from the outside, without relying on a LibreOffice bug.
 */
export const slowText = (): Uint8Array =>
  new TextEncoder().encode(
    `${ANCHOR}\n${`${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20)}\n`.repeat(3000)}`,
  )

const ODF_NAMESPACES = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
].join(' ')

/**
 * A minimal OpenDocument package written by hand: `mimetype` first and stored, a manifest, and a
 * content.xml with the given automatic styles and body (`<office:presentation>`, `<office:text>`...).
 */
export function odfPackage(mediaType: string, body: string, automaticStyles = ''): Uint8Array {
  const content =
    `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NAMESPACES} office:version="1.2">` +
    `<office:automatic-styles>${automaticStyles}</office:automatic-styles><office:body>${body}</office:body></office:document-content>`
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
    `<manifest:file-entry manifest:full-path="/" manifest:media-type="${mediaType}"/>` +
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>'
  return zipSync({
    mimetype: [strToU8(mediaType), { level: 0 }],
    'content.xml': strToU8(content),
    'META-INF/manifest.xml': strToU8(manifest),
  })
}

const slideText = (y: number, text: string) =>
  `<draw:frame svg:x="2cm" svg:y="${y}cm" svg:width="22cm" svg:height="2cm"><draw:text-box><text:p>${text}</text:p></draw:text-box></draw:frame>`

/** A one-slide ODP carrying the anchors in three text boxes. */
export const sampleOdp = (title: string): Uint8Array =>
  odfPackage(
    'application/vnd.oasis.opendocument.presentation',
    `<office:presentation><draw:page draw:name="Slide 1">${slideText(2, title)}` +
      `${slideText(5, `Signed by the client: ${ANCHOR}`)}${slideText(8, `Witness: ${SECOND_ANCHOR}`)}` +
      '</draw:page></office:presentation>',
  )

/**
 * One sample of every presentation format, by extension: the ODP above, and PPTX and PPT saved from it
 * by LibreOffice; a slide show (PPSX, PPS) is the same file as its presentation.
 */
export async function presentationSamples(title: string): Promise<Record<string, Uint8Array>> {
  const odp = { extension: 'odp', content: sampleOdp(title) }
  const pptx = await convertSample(odp, 'pptx', 'Impress MS PowerPoint 2007 XML')
  const ppt = await convertSample(odp, 'ppt', 'MS PowerPoint 97')
  return { odp: odp.content, pptx, ppt, ppsx: pptx, pps: ppt }
}

/**
 * A LibreOffice installation without Impress, as on a server where only Writer and Calc are installed:
 * Debian's /usr/lib/libreoffice mirrored with symbolic links into `dir`, minus Impress's filter
 * declarations (`impress.xcd`). The launchers and the presets are copied (LibreOffice resolves the
 * links of both), and fundamentalrc points at the mirror. Returns the mirror's soffice, or undefined
 * where LibreOffice is not laid out as on Debian.
 */
export async function libreOfficeWithoutImpress(dir: string): Promise<string | undefined> {
  const install = '/usr/lib/libreoffice'
  let fundamentalrc: string
  try {
    fundamentalrc = await readFile(join(install, 'program', 'fundamentalrc'), 'utf8')
  } catch {
    return undefined
  }
  const registry = '/etc/libreoffice/registry'
  const mirror = async (from: string, to: string, skip: (name: string) => boolean) => {
    await mkdir(to, { recursive: true })
    for (const name of await readdir(from)) {
      if (!skip(name)) await symlink(join(from, name), join(to, name))
    }
  }
  await mirror(install, dir, (name) => ['share', 'program', 'presets'].includes(name))
  await cp(join(install, 'presets'), join(dir, 'presets'), { recursive: true })
  await mirror(join(install, 'share'), join(dir, 'share'), (name) => name === 'registry')
  await mirror(registry, join(dir, 'share', 'registry'), (name) => name === 'impress.xcd')
  const copied = ['soffice', 'soffice.bin', 'oosplash', 'fundamentalrc']
  await mirror(join(install, 'program'), join(dir, 'program'), (name) => copied.includes(name))
  for (const name of copied.slice(0, 3))
    await copyFile(join(install, 'program', name), join(dir, 'program', name))
  await writeFile(
    join(dir, 'program', 'fundamentalrc'),
    fundamentalrc
      .replaceAll(pathToFileURL(install).href, pathToFileURL(dir).href)
      .replaceAll(pathToFileURL(registry).href, pathToFileURL(join(dir, 'share', 'registry')).href),
  )
  return join(dir, 'program', 'soffice')
}

/** How many images a PDF draws, by poppler's `pdfimages -list`. */
export async function pdfImageCount(pdf: Uint8Array): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'esign-pdfimages-'))
  try {
    await writeFile(join(dir, 'document.pdf'), pdf)
    const { stdout } = await run('pdfimages', ['-list', join(dir, 'document.pdf')])
    // Two header lines, then one line per image.
    return stdout.trim().split('\n').length - 2
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
