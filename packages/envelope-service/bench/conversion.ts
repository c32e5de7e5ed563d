/**
 * Conversion benchmark (issue 12): how long turning one document of each accepted format into a PDF
 * takes through the service's converter (documents/conversion/converter.ts): LibreOffice headless in a
 * pool of CONVERSION_WORKERS slots, pdf-lib for images. N documents per format, converted one after
 * another (the latency an upload sees with an idle pool), then the same number of DOCX all at once (the
 * pool's throughput). Run: `npm run bench:conversion -w envelope-service [-- N [formats]]`, formats a
 * comma-separated list (e.g. `png,jpg`; default: all); CONVERSION_SANDBOX as for the service.
 */
import { availableParallelism, cpus, loadavg } from 'node:os'
import { createDocumentConverter } from '../src/documents/conversion/converter.js'
import { chooseSandbox, type SandboxMode } from '../src/documents/conversion/sandbox.js'
import {
  officeSamples,
  presentationSamples,
  sampleJpeg,
  samplePng,
} from '../src/documents/conversion/test-files.js'
import { makePdf } from '../src/documents/test-pdfs.js'

const PER_FORMAT = Number(process.argv[2] ?? 10)
const WORKERS = Number(process.env.CONVERSION_WORKERS ?? 2)
const ONLY = process.argv[3]?.split(',')

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

const sandboxChoice = await chooseSandbox(
  (process.env.CONVERSION_SANDBOX as SandboxMode | undefined) ?? 'auto',
)
if (sandboxChoice.warning) console.warn(sandboxChoice.warning)
const converter = createDocumentConverter({
  workers: WORKERS,
  maxWaiting: 1_000,
  timeoutMs: 120_000,
  sofficeCommand: process.env.SOFFICE_PATH ?? 'soffice',
  sandbox: sandboxChoice.sandbox,
})

console.log(
  `conversion benchmark: ${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, Node ${process.version}, ` +
    `load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${WORKERS} workers, ${PER_FORMAT} documents per format, ` +
    `sandbox ${sandboxChoice.sandbox ? 'bwrap' : 'off'}`,
)
const allSamples: Record<string, Uint8Array> = {
  pdf: await makePdf(3),
  png: samplePng(800, 600),
  'png (2500×3300)': samplePng(2500, 3300),
  jpg: await sampleJpeg(),
  ...(ONLY && !ONLY.some((format) => ['txt', 'html', 'rtf', 'docx', 'odt', 'doc', 'xlsx'].includes(format))
    ? {}
    : await officeSamples('Benchmark agreement')),
  ...(ONLY && !ONLY.some((format) => ['pptx', 'ppt', 'odp', 'ppsx', 'pps'].includes(format))
    ? {}
    : await presentationSamples('Benchmark presentation')),
}
const samples = Object.fromEntries(
  Object.entries(allSamples).filter(([label]) => !ONLY || ONLY.includes(label.split(' ')[0] as string)),
)
console.log('| format | input | p50 ms | p95 ms | max ms |')
console.log('|---|---|---|---|---|')
try {
  for (const [label, bytes] of Object.entries(samples)) {
    const extension = label.split(' ')[0] as string
    // The first conversion of a slot creates its LibreOffice profile: timed apart, not in the percentiles.
    await converter.toPdf(bytes, extension, 'bench')
    const times: number[] = []
    for (let index = 0; index < PER_FORMAT; index++) {
      const started = performance.now()
      await converter.toPdf(bytes, extension, 'bench')
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    console.log(
      `| ${label} | ${(bytes.byteLength / 1024).toFixed(1)} KiB | ${percentile(times, 50).toFixed(0)} | ` +
        `${percentile(times, 95).toFixed(0)} | ${(times.at(-1) ?? 0).toFixed(0)} |`,
    )
  }
  const docx = samples.docx
  if (docx) {
    const started = performance.now()
    await Promise.all(Array.from({ length: PER_FORMAT }, () => converter.toPdf(docx, 'docx', 'bench')))
    const elapsed = performance.now() - started
    console.log(
      `\n${PER_FORMAT} DOCX at once on ${WORKERS} workers: ${elapsed.toFixed(0)} ms, ` +
        `${((PER_FORMAT / elapsed) * 1000).toFixed(2)} documents/s`,
    )
  }
} finally {
  await converter.close()
}
