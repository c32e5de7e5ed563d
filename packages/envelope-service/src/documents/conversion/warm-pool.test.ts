import { access, chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppError } from 'platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedPrincipal, startTestService, type TestService } from '../../testing/harness.js'
import { resolveAnchors } from '../pdf-text/test-anchors.js'
import {
  createDocumentConverter,
  FORMAT_CONVERSION_ERROR,
  type PooledDocumentConverter,
} from './converter.js'
import type { ConversionLog } from './office-pool.js'
import { ConversionQueueFullError } from './pool.js'
import { chooseSandbox } from './sandbox.js'
import {
  ANCHOR,
  convertSample,
  SECOND_ANCHOR,
  sampleHtml,
  slowText,
  sofficeAvailable,
  unoAvailable,
} from './test-files.js'
import { startWarmOffice } from './warm-office.js'

/**
 * The warm pool (office-pool.ts, warm-office.ts, uno-bridge.py) with real LibreOffice: instances that
 * stay up between conversions, are replaced when killed or past a timeout without holding up the
 * others, a queue that answers 503 when full, the one-shot fallback, and nothing left after close.
 * The leak tests of converter.test.ts and sandbox.test.ts run through the pool too (it is the default).
 */

const hasSoffice = await sofficeAvailable()
const hasUno = await unoAvailable()
if (hasSoffice && !hasUno) {
  console.warn('Skipping the warm pool tests: python3-uno is not installed (.ci/run installs it)')
}
const { sandbox } = await chooseSandbox('auto')

interface Logged {
  level: 'info' | 'warn'
  message: string
  fields: Record<string, unknown>
}
function capturingLog(): { log: ConversionLog; lines: Logged[] } {
  const lines: Logged[] = []
  return {
    lines,
    log: {
      info: (fields, message) => lines.push({ level: 'info', message, fields }),
      warn: (fields, message) => lines.push({ level: 'warn', message, fields }),
    },
  }
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Processes of this machine whose command line contains `text` (as the host sees them). */
async function processesMentioning(text: string): Promise<Array<{ pid: number; commandLine: string }>> {
  const found: Array<{ pid: number; commandLine: string }> = []
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    const commandLine = (await readFile(join('/proc', pid, 'cmdline'), 'utf8').catch(() => '')).replaceAll(
      '\0',
      ' ',
    )
    if (commandLine.includes(text)) found.push({ pid: Number(pid), commandLine })
  }
  return found
}

async function expectConversionError(promise: Promise<unknown>, message: RegExp) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppError)
  expect((error as AppError).statusCode).toBe(400)
  expect((error as AppError).errorCode).toBe(FORMAT_CONVERSION_ERROR)
  expect((error as AppError).message).toMatch(message)
}

const baseOptions = { maxWaiting: 4, sofficeCommand: 'soffice', sandbox }

describe.skipIf(!hasSoffice || !hasUno)('the warm LibreOffice pool', () => {
  let docx: Uint8Array
  beforeAll(async () => {
    docx = await convertSample(
      { extension: 'html', content: sampleHtml('Offer letter') },
      'docx',
      'MS Word 2007 XML',
    )
  }, 120_000)

  const expectAnchored = async (pdf: Uint8Array) => {
    const found = await resolveAnchors(pdf, [{ anchorString: ANCHOR }, { anchorString: SECOND_ANCHOR }])
    expect(found.flat().length).toBeGreaterThanOrEqual(2)
  }

  describe('with two instances', () => {
    let converter: PooledDocumentConverter
    const { log, lines } = capturingLog()
    beforeAll(async () => {
      converter = createDocumentConverter({ ...baseOptions, workers: 2, timeoutMs: 4_000, log })
      // Two at once take both slots, so both instances are running before the tests.
      await Promise.all([converter.toPdf(docx, 'docx', 'd'), converter.toPdf(docx, 'docx', 'd')])
    }, 120_000)
    afterAll(() => converter.close())

    it('converts document after document in the same running LibreOffice', async () => {
      const before = converter.instances()
      expect(before.map((instance) => instance.pid)).toEqual([expect.any(Number), expect.any(Number)])
      for (const extension of ['docx', 'docx']) {
        const converted = await converter.toPdf(docx, extension, 'documents[0]')
        expect(converted.pages).toBe(1)
        await expectAnchored(converted.pdf)
      }
      const after = converter.instances()
      expect(after.map((instance) => instance.pid)).toEqual(before.map((instance) => instance.pid))
      expect(after.reduce((sum, instance) => sum + instance.conversions, 0)).toBe(
        before.reduce((sum, instance) => sum + instance.conversions, 0) + 2,
      )
    }, 60_000)

    it('kills a document past its timeout without holding up the conversion beside it, then starts another instance', async () => {
      const before = converter.instances()
      const settled: string[] = []
      const slow = converter.toPdf(slowText(), 'txt', 'documents[0]').finally(() => settled.push('slow'))
      await waitFor(() => converter.load.running === 1, 'the slow conversion to start')
      const fast = await converter.toPdf(docx, 'docx', 'documents[1]').finally(() => settled.push('fast'))
      await expectAnchored(fast.pdf)
      await expectConversionError(
        slow,
        /^documents\[0\] could not be converted from txt to PDF: conversion took longer than 4000 ms$/,
      )
      expect(settled).toEqual(['fast', 'slow'])

      await waitFor(
        () => converter.instances().some((instance, slot) => instance.pid !== before[slot]?.pid),
        'the killed instance to be replaced',
      )
      const killed = before.filter((instance, slot) => converter.instances()[slot]?.pid !== instance.pid)
      expect(killed).toHaveLength(1)
      const { pid, directory } = killed[0] as { pid: number; directory: string }
      expect(isRunning(pid)).toBe(false)
      await waitFor(
        () => converter.instances().every((instance) => instance.pid !== undefined),
        'the replacement instance',
      )
      // The replacement converts: both slots at once.
      const again = await Promise.all([
        converter.toPdf(docx, 'docx', 'd'),
        converter.toPdf(docx, 'docx', 'd'),
      ])
      expect(again.map((converted) => converted.pages)).toEqual([1, 1])
      expect((await processesMentioning(directory)).length).toBeGreaterThan(0)
    }, 120_000)

    it('starts another instance when one is killed with SIGKILL (the whole instance, or LibreOffice alone)', async () => {
      const [first, second] = converter.instances() as unknown as [
        { pid: number; directory: string },
        { pid: number; directory: string },
      ]
      process.kill(-first.pid, 'SIGKILL')
      const office = (await processesMentioning(second.directory)).filter(({ commandLine }) =>
        commandLine.includes('soffice.bin'),
      )
      expect(office).toHaveLength(1)
      process.kill((office[0] as { pid: number }).pid, 'SIGKILL')

      await waitFor(() => {
        const [now0, now1] = converter.instances()
        return (
          now0?.pid !== undefined &&
          now0.pid !== first.pid &&
          now1?.pid !== undefined &&
          now1.pid !== second.pid
        )
      }, 'both instances to be replaced')
      const converted = await Promise.all([
        converter.toPdf(docx, 'docx', 'd'),
        converter.toPdf(docx, 'docx', 'd'),
      ])
      expect(converted.map((document) => document.pages)).toEqual([1, 1])
      expect(
        lines.filter((line) => /stopped; starting another/.test(line.message)).length,
      ).toBeGreaterThanOrEqual(2)
    }, 120_000)
  })

  it('replaces an idle instance that stops answering (SIGSTOP), found by its health check', async () => {
    const { log, lines } = capturingLog()
    const converter = createDocumentConverter({
      ...baseOptions,
      workers: 1,
      timeoutMs: 60_000,
      healthCheck: { intervalMs: 300, timeoutMs: 1_500 },
      log,
    })
    try {
      await converter.toPdf(docx, 'docx', 'd')
      const [before] = converter.instances() as unknown as [{ pid: number; directory: string }]
      const office = (await processesMentioning(before.directory)).filter(({ commandLine }) =>
        commandLine.includes('soffice.bin'),
      )
      expect(office).toHaveLength(1)
      process.kill((office[0] as { pid: number }).pid, 'SIGSTOP')
      await waitFor(() => {
        const [now] = converter.instances()
        return now?.pid !== undefined && now.pid !== before.pid
      }, 'the stuck instance to be replaced')
      expect(isRunning(before.pid)).toBe(false)
      expect(lines.map((line) => line.message)).toContain(
        'a LibreOffice conversion instance did not answer a health check; replacing it',
      )
      const converted = await converter.toPdf(docx, 'docx', 'd')
      await expectAnchored(converted.pdf)
    } finally {
      await converter.close()
    }
  }, 120_000)

  it('answers 503 with Retry-After once the queue is full, instead of waiting', async () => {
    const converter = createDocumentConverter({
      ...baseOptions,
      workers: 1,
      maxWaiting: 1,
      timeoutMs: 4_000,
    })
    try {
      const running = converter.toPdf(slowText(), 'txt', 'documents[0]').catch((error: unknown) => error)
      const waiting = converter.toPdf(docx, 'docx', 'documents[1]')
      const refused = await converter.toPdf(docx, 'docx', 'documents[2]').catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(ConversionQueueFullError)
      expect((refused as AppError).statusCode).toBe(503)
      expect((refused as AppError).headers).toEqual({ 'retry-after': '5' })
      expect(converter.load).toEqual({ running: 1, waiting: 1 })
      await running
      expect((await waiting).pages).toBe(1)
    } finally {
      await converter.close()
    }
  }, 120_000)

  it('falls back to a LibreOffice start per document when the pool cannot start, and logs it once', async () => {
    const { log, lines } = capturingLog()
    const converter = createDocumentConverter({
      ...baseOptions,
      workers: 1,
      timeoutMs: 120_000,
      python: '/nonexistent/python3',
      log,
    })
    try {
      for (const _ of [1, 2]) {
        const converted = await converter.toPdf(docx, 'docx', 'documents[0]')
        await expectAnchored(converted.pdf)
      }
      expect(converter.instances().map((instance) => instance.pid)).toEqual([undefined])
      expect(lines).toEqual([
        {
          level: 'warn',
          message: expect.stringMatching(
            /^LibreOffice conversion pool could not start; converting one document per LibreOffice start/,
          ),
          fields: expect.objectContaining({ slot: 0, reason: expect.any(String) }),
        },
      ])
    } finally {
      await converter.close()
    }
  }, 240_000)

  it('leaves no process and no directory behind when closed', async () => {
    const converter = createDocumentConverter({ ...baseOptions, workers: 2, timeoutMs: 60_000 })
    // Two at once start both instances.
    await Promise.all([converter.toPdf(docx, 'docx', 'd'), converter.toPdf(docx, 'docx', 'd')])
    expect(converter.instances().every((instance) => instance.pid !== undefined)).toBe(true)
    const directories = converter.instances().map((instance) => instance.directory as string)
    expect((await processesMentioning(directories[0] as string)).length).toBeGreaterThan(0)
    await converter.close()
    for (const directory of directories) {
      expect(await processesMentioning(directory)).toEqual([])
      await expect(access(directory)).rejects.toThrow()
    }
  }, 120_000)

  it('answers an upload 503 with Retry-After through the API when the conversion queue is full, and stops LibreOffice with the service', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'esign-pool-api-'))
    let service: TestService | undefined
    try {
      service = await startTestService(`sqlite:${join(dir, 'pool.db')}`, {
        CONVERSION_WORKERS: '1',
        CONVERSION_MAX_WAITING: '0',
        CONVERSION_TIMEOUT_MS: '4000',
      })
      const sender = await seedPrincipal(service.ctx)
      const create = (name: string, bytes: Uint8Array) =>
        (service as TestService).app.inject({
          method: 'POST',
          url: `/restapi/v2.1/accounts/${sender.accountId}/envelopes`,
          headers: { ...sender.headers, 'content-type': 'application/json' },
          payload: JSON.stringify({
            emailSubject: 'Offer',
            status: 'created',
            documents: [{ documentId: '1', name, documentBase64: Buffer.from(bytes).toString('base64') }],
            recipients: { signers: [{ recipientId: '1', name: 'Ana Ruiz', email: 'ana@example.test' }] },
          }),
        })
      const converter = service.ctx.documentConverter as PooledDocumentConverter
      const slow = create('Terms.txt', slowText())
      await waitFor(() => converter.load.running === 1, 'the slow conversion to start')
      const refused = await create('Offer.docx', docx)
      expect(refused.statusCode, refused.body).toBe(503)
      expect(refused.headers['retry-after']).toBe('5')
      expect(refused.json()).toMatchObject({ message: expect.stringMatching(/retry in a moment/) })
      expect((await slow).statusCode).toBe(400)
      const accepted = await create('Offer.docx', docx)
      expect(accepted.statusCode, accepted.body).toBe(201)

      // Closing the service stops its LibreOffice.
      const [instance] = converter.instances() as unknown as [{ directory: string }]
      expect((await processesMentioning(instance.directory)).length).toBeGreaterThan(0)
      await service.close()
      service = undefined
      expect(await processesMentioning(instance.directory)).toEqual([])
    } finally {
      await service?.close()
      await rm(dir, { recursive: true, force: true })
    }
  }, 120_000)
})

/**
 * What a warm instance sees in the sandbox: a fake LibreOffice installation whose `python` plays the
 * bridge, reporting what it sees as the PDF of the first request. The real bridge and LibreOffice run
 * with the same view (the leak tests convert through them).
 */
describe.skipIf(!sandbox)('what a warm instance sees in the sandbox', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'esign-warm-sandbox-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('shows the system, its own directory and the bridge, and no network, secrets or other files', async () => {
    const secret = join(dir, 'secret.txt')
    await writeFile(secret, 'server secret')
    const program = join(dir, 'install', 'program')
    await mkdir(program, { recursive: true })
    for (const [name, body] of [
      ['soffice', 'exit 0'],
      [
        'python',
        [
          'echo \'{"ready": true}\'',
          'read -r line',
          'out="$(printf %s "$line" | sed \'s/.*"output":"file:\\/\\/\\([^"]*\\)".*/\\1/\')"',
          `{ echo "home=$HOME"; env | sed 's/^/env:/'; ls / | sed 's/^/root:/'`,
          `  cat "${secret}" >/dev/null 2>&1 && echo secret-readable`,
          `  ls "${process.cwd()}" >/dev/null 2>&1 && echo server-files-visible`,
          `  touch "${join(dir, 'install', 'written')}" 2>/dev/null && echo installation-writable`,
          `  sed -n 's/^ *\\([a-z0-9]*\\):.*/net:\\1/p' /proc/net/dev; } > "$out"`,
          'echo \'{"id": 1, "ok": true}\'',
          'read -r line',
        ].join('\n'),
      ],
    ] as const) {
      await writeFile(join(program, name), `#!/bin/sh\n${body}\n`)
      await chmod(join(program, name), 0o755)
    }
    process.env.ESIGN_SANDBOX_TEST_SECRET = 'from the environment'
    const office = startWarmOffice({
      command: join(program, 'soffice'),
      python: join(program, 'python'),
      directory: join(dir, 'instance'),
      sandbox,
      startTimeoutMs: 30_000,
    })
    try {
      const report = new TextDecoder().decode(
        await office.convert(new TextEncoder().encode('text'), 'txt', undefined, 30_000),
      )
      const lines = report.split('\n')
      const topLevel = lines.filter((line) => line.startsWith('root:')).map((line) => line.slice(5))
      expect(topLevel).toEqual(expect.arrayContaining(['dev', 'proc', 'tmp', 'usr']))
      expect(
        topLevel.filter(
          (name) =>
            ![
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
            ].includes(name),
        ),
      ).toEqual([])
      expect(report).not.toMatch(
        /secret-readable|server-files-visible|installation-writable|ESIGN_SANDBOX_TEST_SECRET/,
      )
      expect(lines).toContain(`home=${join(dir, 'instance', 'profile')}`)
      expect(lines.filter((line) => line.startsWith('net:'))).toEqual(['net:lo'])
    } finally {
      delete process.env.ESIGN_SANDBOX_TEST_SECRET
      office.kill()
      await office.exited
    }
  }, 60_000)
})
