import { randomInt } from 'node:crypto'
import { access, chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService } from '../../testing/harness.js'
import { resolveAnchors } from '../pdf-text/test-anchors.js'
import { createDocumentConverter, type DocumentConverter } from './converter.js'
import { convertWithLibreOffice, LibreOfficeError } from './libreoffice.js'
import { chooseSandbox } from './sandbox.js'
import { ANCHOR, convertSample, pdfImageCount, samplePng, sofficeAvailable } from './test-files.js'

/**
 * CONVERSION_SANDBOX: LibreOffice in bubblewrap sees no file of the server. The probe is checked with a
 * fake `bwrap` that fails as bwrap does where user namespaces are not allowed; the sandbox itself with a
 * fake `soffice` that reports what it sees, and with real conversions of an RTF naming a local image.
 */

const { sandbox } = await chooseSandbox('auto')
const hasSoffice = await sofficeAvailable()
if (!sandbox) console.warn('Skipping the sandbox tests: bwrap cannot run here (.ci/run installs bubblewrap)')

/** A directory holding an executable `name` with the given shell script as its body. */
async function scriptIn(dir: string, name: string, body: string): Promise<string> {
  await mkdir(dir, { recursive: true })
  const path = join(dir, name)
  await writeFile(path, `#!/bin/sh\n${body}\n`)
  await chmod(path, 0o755)
  return path
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  )

describe('choosing the sandbox at start-up', () => {
  let dir: string
  let failingBwrap: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'esign-fake-bwrap-'))
    failingBwrap = await scriptIn(
      join(dir, 'bin'),
      'bwrap',
      `touch "${join(dir, 'ran')}"\necho 'bwrap: No permissions to create a new namespace' >&2\nexit 1`,
    )
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('refuses CONVERSION_SANDBOX=bwrap with a bwrap that fails, saying why and what to do', async () => {
    await expect(chooseSandbox('bwrap', failingBwrap)).rejects.toThrow(
      /^CONVERSION_SANDBOX=bwrap, but bubblewrap cannot run here \(".*\/bwrap" failed: bwrap: No permissions to create a new namespace\)\. Install bubblewrap .* or set CONVERSION_SANDBOX=off\.$/,
    )
  })

  it('refuses CONVERSION_SANDBOX=bwrap without bwrap', async () => {
    await expect(chooseSandbox('bwrap', join(dir, 'missing', 'bwrap'))).rejects.toThrow(
      /bubblewrap cannot run here \(".*\/missing\/bwrap" was not found\)/,
    )
  })

  it('falls back to no sandbox on auto, with a warning that documents can read server files', async () => {
    const choice = await chooseSandbox('auto', failingBwrap)
    expect(choice.sandbox).toBeUndefined()
    expect(choice.warning).toMatch(
      /^LibreOffice converts documents without a sandbox: bubblewrap cannot run here .*a document can put any file this service can read into its PDF/,
    )
  })

  it('neither starts bwrap nor warns when off', async () => {
    await rm(join(dir, 'ran'), { force: true })
    expect(await chooseSandbox('off', failingBwrap)).toEqual({ sandbox: undefined })
    expect(await exists(join(dir, 'ran'))).toBe(false)
  })

  describe('through the service (the first bwrap on PATH)', () => {
    let path: string | undefined
    beforeAll(() => {
      path = process.env.PATH
      process.env.PATH = `${join(dir, 'bin')}${delimiter}${path ?? ''}`
    })
    afterAll(() => {
      process.env.PATH = path
    })

    it('does not start with CONVERSION_SANDBOX=bwrap when bwrap fails', async () => {
      await expect(
        startTestService(`sqlite:${join(dir, 'strict.db')}`, { CONVERSION_SANDBOX: 'bwrap' }),
      ).rejects.toThrow(/^CONVERSION_SANDBOX=bwrap, but bubblewrap cannot run here/)
      // The check comes before the database is opened.
      expect(await exists(join(dir, 'strict.db'))).toBe(false)
    })

    it('starts on auto (the default) when bwrap fails', async () => {
      const service = await startTestService(`sqlite:${join(dir, 'auto.db')}`)
      await service.close()
      expect(await exists(join(dir, 'ran'))).toBe(true)
    })
  })
})

/** The top-level directories the sandbox may show: the system's, and the mount points it creates. */
const SYSTEM_ROOT = [
  'bin',
  'dev',
  'etc',
  'lib',
  'lib32',
  'lib64',
  'libx32',
  'proc',
  'sbin',
  'tmp',
  'usr',
  'var',
]
const topLevel = (report: string) =>
  report
    .split('\n')
    .filter((line) => line.startsWith('root:'))
    .map((line) => line.slice('root:'.length))

describe.skipIf(!sandbox)('what LibreOffice sees in the sandbox', () => {
  let dir: string
  let secret: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'esign-sandbox-'))
    secret = join(dir, 'secret.txt')
    await writeFile(secret, 'server secret')
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  /**
   * Runs a fake soffice installed under `dir` as LibreOffice would be run; its report takes the place
   * of the PDF (the last argument is the input, beside which the PDF is expected).
   */
  async function report(withSandbox: boolean): Promise<string> {
    const soffice = await scriptIn(
      join(dir, 'install', 'program'),
      'soffice',
      [
        'for input; do :; done',
        'out="$(dirname "$input")/document.pdf"',
        `{ echo "home=$HOME"; env | sed 's/^/env:/'; ls / | sed 's/^/root:/'`,
        `  cat "${secret}" >/dev/null 2>&1 && echo secret-readable`,
        `  touch "${join(dir, 'install', 'written')}" 2>/dev/null && echo installation-writable`,
        `  sed -n 's/^ *\\([a-z0-9]*\\):.*/net:\\1/p' /proc/net/dev; } > "$out"`,
      ].join('\n'),
    )
    const bytes = await convertWithLibreOffice(new TextEncoder().encode('text'), 'txt', undefined, {
      command: soffice,
      profileDir: join(dir, 'profile'),
      timeoutMs: 30_000,
      sandbox: withSandbox ? sandbox : undefined,
    })
    return new TextDecoder().decode(bytes)
  }

  it('shows only the system, the installation read-only, and no network, secrets or environment', async () => {
    process.env.ESIGN_SANDBOX_TEST_SECRET = 'from the environment'
    try {
      const inside = await report(true)
      expect(topLevel(inside)).toEqual(expect.arrayContaining(['dev', 'proc', 'tmp', 'usr']))
      expect(topLevel(inside).filter((name) => !SYSTEM_ROOT.includes(name))).toEqual([])
      expect(inside).not.toMatch(/secret-readable|installation-writable|ESIGN_SANDBOX_TEST_SECRET/)
      expect(inside.split('\n')).toContain(`home=${join(dir, 'profile')}`)
      expect(inside.split('\n').filter((line) => line.startsWith('net:'))).toEqual(['net:lo'])

      // The same script outside the sandbox: what the checks above would catch.
      const outside = await report(false)
      expect(topLevel(outside).filter((name) => !SYSTEM_ROOT.includes(name))).not.toEqual([])
      expect(outside).toMatch(/secret-readable/)
      expect(outside).toMatch(/installation-writable/)
      expect(outside).toMatch(/env:ESIGN_SANDBOX_TEST_SECRET=from the environment/)
    } finally {
      delete process.env.ESIGN_SANDBOX_TEST_SECRET
    }
  }, 60_000)

  it('kills everything the conversion started on timeout, even a process in a session of its own', async () => {
    const marker = `${randomInt(100_000, 999_999)}`
    const soffice = await scriptIn(
      join(dir, 'hanging', 'program'),
      'soffice',
      `setsid sleep ${marker} &\nsleep ${marker}`,
    )
    const failure = await convertWithLibreOffice(new Uint8Array(), 'txt', undefined, {
      command: soffice,
      profileDir: join(dir, 'hanging-profile'),
      timeoutMs: 1_500,
      sandbox,
    }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(LibreOfficeError)
    expect((failure as LibreOfficeError).failure).toEqual({ kind: 'timeout', timeoutMs: 1_500 })
    expect(await processesWithArgument(marker)).toEqual([])
  }, 60_000)
})

/** Processes of this machine whose command line has `argument` as an argument. */
async function processesWithArgument(argument: string): Promise<string[]> {
  const found: string[] = []
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    const commandLine = await readFile(join('/proc', pid, 'cmdline'), 'utf8').catch(() => '')
    if (commandLine.split('\0').includes(argument)) found.push(`${pid}: ${commandLine.replaceAll('\0', ' ')}`)
  }
  return found
}

describe.skipIf(!sandbox || !hasSoffice)('an RTF naming a local image (INCLUDEPICTURE)', () => {
  let dir: string
  let rtf: Uint8Array
  let sandboxed: DocumentConverter
  let sandboxedOneShot: DocumentConverter
  let unsandboxed: DocumentConverter
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'esign-rtf-secret-'))
    await writeFile(join(dir, 'secret.png'), samplePng())
    const field = `{\\field{\\*\\fldinst INCLUDEPICTURE "${pathToFileURL(join(dir, 'secret.png')).href}" \\\\d}{\\fldrslt }}`
    rtf = new TextEncoder().encode(
      `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Helvetica;}}\\f0\\fs24 Terms\\par ${field}\\par Signed by the client: ${ANCHOR}\\par}`,
    )
    const options = { workers: 1, maxWaiting: 1, timeoutMs: 120_000, sofficeCommand: 'soffice' }
    sandboxed = createDocumentConverter({ ...options, sandbox })
    // The one-shot conversion the warm pool falls back to has the same sandbox.
    sandboxedOneShot = createDocumentConverter({ ...options, sandbox, pool: 'one-shot' })
    unsandboxed = createDocumentConverter({ ...options, sandbox: undefined })
  })
  afterAll(async () => {
    await sandboxed.close()
    await sandboxedOneShot.close()
    await unsandboxed.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('embeds the server file when LibreOffice converts it directly, and through the service with the sandbox off', async () => {
    expect(await pdfImageCount(await convertSample({ extension: 'rtf', content: rtf }, 'pdf'))).toBe(1)
    expect(await pdfImageCount((await unsandboxed.toPdf(rtf, 'rtf', 'documents[0]')).pdf)).toBe(1)
  }, 240_000)

  it('converts it without the image in the sandbox, keeping the text, warm and one-shot', async () => {
    for (const converter of [sandboxed, sandboxedOneShot]) {
      const converted = await converter.toPdf(rtf, 'rtf', 'documents[0]')
      expect(converted.pages).toBe(1)
      expect(await pdfImageCount(converted.pdf)).toBe(0)
      await expect(resolveAnchors(converted.pdf, [{ anchorString: ANCHOR }])).resolves.toHaveLength(1)
    }
  }, 240_000)
})
