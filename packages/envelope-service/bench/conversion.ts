/**
 * Conversion benchmark (issue 25): the warm LibreOffice pool (src/documents/conversion/office-pool.ts)
 * against the one-shot baseline (a LibreOffice start per document, CONVERSION_POOL=one-shot), both in
 * this run, through the service's converter. Prints, per side and as one-shot ÷ warm ratios:
 *
 * 1. per format, N documents one after another (the latency an upload sees with an idle pool);
 * 2. a 2-page DOCX, 2N one after another (target: p50 < 500 ms warm);
 * 3. 8 DOCX submitted at once, 3 rounds, each conversion timed from submission (target: p95 < 5 s);
 * 4. a document that keeps LibreOffice busy past a 5 s timeout submitted with 8 DOCX beside it (target:
 *    killed at its timeout, the 8 as fast as in 3).
 *
 * Run: `npm run bench:conversion -w envelope-service [-- N [formats]]` (N default 5; formats a
 * comma-separated list such as `docx,xlsx`, default all, `none` for none); CONVERSION_WORKERS (default
 * from the cores) and CONVERSION_SANDBOX as for the service.
 */
import { readdir, readFile } from 'node:fs/promises'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import {
  type ConverterOptions,
  createDocumentConverter,
  defaultWorkers,
  type PooledDocumentConverter,
} from '../src/documents/conversion/converter.js'
import type { ConversionPoolMode } from '../src/documents/conversion/office-pool.js'
import { chooseSandbox, type SandboxMode } from '../src/documents/conversion/sandbox.js'
import {
  convertSample,
  officeSamples,
  presentationSamples,
  sampleHtml,
  sampleJpeg,
  samplePng,
  slowText,
} from '../src/documents/conversion/test-files.js'
import { makePdf } from '../src/documents/test-pdfs.js'

const PER_FORMAT = Number(process.argv[2] ?? 5)
const ONLY = process.argv[3]?.split(',')
const WORKERS = Number(process.env.CONVERSION_WORKERS ?? defaultWorkers())
const CONCURRENT = 8
const ROUNDS = 3
const HANG_TIMEOUT_MS = 5_000
const MODES: ConversionPoolMode[] = ['warm', 'one-shot']

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}
const ms = (value: number) => value.toFixed(0)
const ratio = (baseline: number, warm: number) => `${(baseline / warm).toFixed(1)}×`
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

const sandboxChoice = await chooseSandbox(
  (process.env.CONVERSION_SANDBOX as SandboxMode | undefined) ?? 'auto',
)
if (sandboxChoice.warning) console.warn(sandboxChoice.warning)
const baseOptions: ConverterOptions = {
  workers: WORKERS,
  maxWaiting: 1_000,
  timeoutMs: 120_000,
  sofficeCommand: process.env.SOFFICE_PATH ?? 'soffice',
  sandbox: sandboxChoice.sandbox,
  log: {
    info: (fields, message) => console.log(message, fields),
    warn: (fields, message) => console.warn(message, fields),
  },
}

/** Resident memory of the warm instances' processes (bwrap, the bridge, soffice.bin), in MiB. */
async function poolRss(converter: PooledDocumentConverter): Promise<number> {
  const directories = converter.instances().flatMap((instance) => instance.directory ?? [])
  let kib = 0
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    const commandLine = await readFile(join('/proc', pid, 'cmdline'), 'utf8').catch(() => '')
    if (!directories.some((directory) => commandLine.includes(directory))) continue
    const status = await readFile(join('/proc', pid, 'status'), 'utf8').catch(() => '')
    kib += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  }
  return kib / 1024
}

/** A converter of `mode` with every slot started (the first conversion of each, timed apart). */
async function startConverter(mode: ConversionPoolMode, options: Partial<ConverterOptions> = {}) {
  const converter = createDocumentConverter({ ...baseOptions, ...options, pool: mode })
  const started = performance.now()
  await Promise.all(Array.from({ length: WORKERS }, () => converter.toPdf(docx, 'docx', 'bench')))
  return { converter, firstMs: performance.now() - started }
}

async function sequential(
  converter: PooledDocumentConverter,
  bytes: Uint8Array,
  extension: string,
  n: number,
) {
  const times: number[] = []
  for (let index = 0; index < n; index++) {
    const started = performance.now()
    await converter.toPdf(bytes, extension, 'bench')
    times.push(performance.now() - started)
  }
  return times
}

/** CONCURRENT DOCX submitted at once, ROUNDS times: each conversion's time from its submission. */
async function concurrent(converter: PooledDocumentConverter) {
  const times: number[] = []
  let wallMs = 0
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now()
    await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        converter.toPdf(twoPages, 'docx', 'bench').then(() => times.push(performance.now() - started)),
      ),
    )
    wallMs += performance.now() - started
  }
  return { times, wallMs: wallMs / ROUNDS }
}

/** The slow document with a HANG_TIMEOUT_MS timeout, and CONCURRENT DOCX submitted right after it. */
async function hanging(mode: ConversionPoolMode) {
  const { converter } = await startConverter(mode, { timeoutMs: HANG_TIMEOUT_MS })
  try {
    const started = performance.now()
    const slow = converter.toPdf(slowText(), 'txt', 'bench').then(
      () => ({ killed: false, ms: performance.now() - started }),
      (error: Error) => ({ killed: /took longer/.test(error.message), ms: performance.now() - started }),
    )
    while (converter.load.running === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    const times = await Promise.all(
      Array.from({ length: CONCURRENT }, () => {
        const submitted = performance.now()
        return converter.toPdf(twoPages, 'docx', 'bench').then(() => performance.now() - submitted)
      }),
    )
    return { slow: await slow, times }
  } finally {
    await converter.close()
  }
}

const docx = await convertSample(
  { extension: 'html', content: sampleHtml('Benchmark agreement') },
  'docx',
  'MS Word 2007 XML',
)
const twoPages = await convertSample(
  {
    extension: 'html',
    content: sampleHtml('Benchmark agreement').replace(
      '</body>',
      '<p style="page-break-before: always">Second page: schedule of terms.</p></body>',
    ),
  },
  'docx',
  'MS Word 2007 XML',
)

console.log(
  `conversion benchmark: ${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, Node ${process.version}, ` +
    `load ${load()}, ${WORKERS} workers, sandbox ${sandboxChoice.sandbox ? 'bwrap' : 'off'}, ` +
    `${PER_FORMAT} documents per format`,
)

const wantsFormats = ONLY?.[0] !== 'none'
const allSamples: Record<string, Uint8Array> = wantsFormats
  ? {
      pdf: await makePdf(3),
      png: samplePng(800, 600),
      jpg: await sampleJpeg(),
      ...(await officeSamples('Benchmark agreement')),
      ...(await presentationSamples('Benchmark presentation')),
    }
  : {}
const samples = Object.entries(allSamples).filter(([format]) => !ONLY || ONLY.includes(format))

const results: Record<
  ConversionPoolMode,
  {
    firstMs: number
    formats: Record<string, number[]>
    twoPage: number[]
    concurrent: { times: number[]; wallMs: number }
    rssMiB: number
  }
> = {} as never
for (const mode of MODES) {
  console.error(`${mode}: converting…`)
  const { converter, firstMs } = await startConverter(mode)
  try {
    const formats: Record<string, number[]> = {}
    for (const [format, bytes] of samples) {
      await converter.toPdf(bytes, format, 'bench')
      formats[format] = await sequential(converter, bytes, format, PER_FORMAT)
    }
    const { pages } = await converter.toPdf(twoPages, 'docx', 'bench')
    if (pages !== 2) throw new Error(`the 2-page DOCX converted to ${pages} pages`)
    const twoPage = await sequential(converter, twoPages, 'docx', 2 * PER_FORMAT)
    const parallel = await concurrent(converter)
    results[mode] = { firstMs, formats, twoPage, concurrent: parallel, rssMiB: await poolRss(converter) }
  } finally {
    await converter.close()
  }
}
console.error('a document past its timeout beside 8 DOCX…')
const hang = { warm: await hanging('warm'), 'one-shot': await hanging('one-shot') }

const { warm, 'one-shot': oneShot } = results
console.log(
  `\nFirst conversion on each of ${WORKERS} slots at once (starts the warm instances): warm ${ms(warm.firstMs)} ms, one-shot ${ms(oneShot.firstMs)} ms`,
)
console.log(
  `Resident memory of the warm instances after the run: ${warm.rssMiB.toFixed(0)} MiB for ${WORKERS}\n`,
)
if (samples.length > 0) {
  console.log(
    '| format | input | warm p50 ms | warm p95 ms | one-shot p50 ms | one-shot p95 ms | one-shot ÷ warm (p50) |',
  )
  console.log('|---|---:|---:|---:|---:|---:|---:|')
  for (const [format, bytes] of samples) {
    const w = warm.formats[format] as number[]
    const o = oneShot.formats[format] as number[]
    console.log(
      `| ${format} | ${(bytes.byteLength / 1024).toFixed(1)} KiB | ${ms(percentile(w, 50))} | ${ms(percentile(w, 95))} | ` +
        `${ms(percentile(o, 50))} | ${ms(percentile(o, 95))} | ${ratio(percentile(o, 50), percentile(w, 50))} |`,
    )
  }
}
const row = (label: string, w: number[], o: number[]) =>
  `| ${label} | ${w.length} | ${ms(percentile(w, 50))} | ${ms(percentile(w, 95))} | ${ms(percentile(o, 50))} | ` +
  `${ms(percentile(o, 95))} | ${ratio(percentile(o, 50), percentile(w, 50))} | ${ratio(percentile(o, 95), percentile(w, 95))} |`
console.log(
  '\n| scenario | conversions | warm p50 ms | warm p95 ms | one-shot p50 ms | one-shot p95 ms | one-shot ÷ warm p50 | p95 |',
)
console.log('|---|---:|---:|---:|---:|---:|---:|---:|')
console.log(row('2-page DOCX, one after another', warm.twoPage, oneShot.twoPage))
console.log(
  row(`${CONCURRENT} DOCX at once (${ROUNDS} rounds)`, warm.concurrent.times, oneShot.concurrent.times),
)
console.log(
  row(
    `${CONCURRENT} DOCX beside a document killed at ${HANG_TIMEOUT_MS} ms`,
    hang.warm.times,
    hang['one-shot'].times,
  ),
)
console.log(
  `\n${CONCURRENT} DOCX at once, wall time per round: warm ${ms(warm.concurrent.wallMs)} ms, one-shot ${ms(oneShot.concurrent.wallMs)} ms (${ratio(oneShot.concurrent.wallMs, warm.concurrent.wallMs)})`,
)
for (const mode of MODES) {
  const { slow } = hang[mode]
  console.log(
    `${mode}: the slow document ${slow.killed ? 'was killed' : 'was NOT killed'} after ${ms(slow.ms)} ms (timeout ${HANG_TIMEOUT_MS} ms)`,
  )
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'MISS')
const twoPageP50 = percentile(warm.twoPage, 50)
const concurrentP95 = percentile(warm.concurrent.times, 95)
const hangP95 = percentile(hang.warm.times, 95)
console.log(`\nload at end ${load()}\n`)
console.log('| Target | Measured (warm pool) | Result |')
console.log('|---|---|---|')
console.log(`| 2-page DOCX p50 < 500 ms | ${ms(twoPageP50)} ms | ${verdict(twoPageP50 < 500)} |`)
console.log(
  `| ${CONCURRENT} concurrent conversions p95 < 5 s | ${ms(concurrentP95)} ms | ${verdict(concurrentP95 < 5_000)} |`,
)
console.log(
  `| A hanging document killed at its timeout without delaying others | killed after ${ms(hang.warm.slow.ms)} ms (timeout ${HANG_TIMEOUT_MS}); the ${CONCURRENT} beside it p95 ${ms(hangP95)} ms | ${verdict(hang.warm.slow.killed && hang.warm.slow.ms < HANG_TIMEOUT_MS + 1_000 && hangP95 < 5_000)} |`,
)
