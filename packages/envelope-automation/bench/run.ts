/**
 * Envelope automation benchmark: cases sent per second through the library's Send_Composite_Envelope with a
 * warm token, against the real envelope service in this process (SQLite, HTTPS with a development CA), and
 * beside it the same number of bare create calls (the same envelope definition and token, posted with
 * node:https), so the library's added latency is the difference. See BENCHMARKS.md.
 *
 * Options (flag or environment variable): --cases / BENCH_CASES (500), --concurrency / BENCH_CONCURRENCY
 * (10), --write / BENCH_WRITE (true: update BENCHMARKS.md).
 */

import { mkdtempSync, rmSync } from 'node:fs'
import https from 'node:https'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import {
  bulletList,
  formatMs,
  generatedHeading,
  machineDescription,
  onExit,
  onFinish,
  readBenchOptions,
  runBenchmark,
  writeGeneratedSection,
} from 'bench-kit'
import { sendCompositeEnvelope } from '../src/actions/send-composite-envelope.js'
import { ensureDemoData } from '../src/cases/demo-data.js'
import { findCaseByNumber } from '../src/cases/repository.js'
import { openCaseStore } from '../src/cases/store.js'
import { createEsignClient } from '../src/client/client.js'
import { type HttpRequest, nodeTransport } from '../src/client/http.js'
import { startRealEnvelopeService } from '../test/real-envelope-service.js'

/**
 * The library makes the create plus one template read per chosen template (two here), each a round trip to
 * the same service: three bare calls' worth. Its own work (case store, composition, client) should not add
 * a fourth.
 */
const P50_RATIO_TARGET = 3

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** Limits high enough that the run measures the work, not the demo account's rate limiting. */
const RAISED_LIMIT = 100_000_000
/** Blocks each kind of call is split into. */
const BLOCKS = 10

/** Latencies (ms) of the calls that succeeded, the time spent and the failures, summed over blocks. */
interface Tally {
  latencies: number[]
  seconds: number
  failures: number
}

/** Runs `count` calls, `concurrency` at a time, timing each into `tally`; failures are counted, not thrown. */
async function block(tally: Tally, count: number, concurrency: number, call: () => Promise<void>) {
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1
        const at = performance.now()
        try {
          await call()
          tally.latencies.push(performance.now() - at)
        } catch (error) {
          tally.failures += 1
          if (tally.failures === 1) console.error(error instanceof Error ? error.message : String(error))
        }
      }
    }),
  )
  tally.seconds += (performance.now() - started) / 1000
}

function summary(tally: Tally) {
  const sorted = [...tally.latencies].sort((x, y) => x - y)
  const percentile = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
  return {
    casesPerSecond: sorted.length / tally.seconds,
    p50: percentile(0.5),
    p95: percentile(0.95),
    failures: tally.failures,
  }
}

async function main() {
  const options = readBenchOptions()
  const count = options.positive('cases', 500)
  const concurrency = options.positive('concurrency', 10)
  const write = options.boolean('write', true)

  const directory = mkdtempSync(join(tmpdir(), 'automation-bench-'))
  onExit(() => rmSync(directory, { recursive: true, force: true }))
  const real = await startRealEnvelopeService(`sqlite:${join(directory, 'service.db')}`)
  onFinish(() => real.close())
  await real.service.ctx.db
    .updateTable('accounts')
    .set({ hourly_limit: RAISED_LIMIT, burst_limit: RAISED_LIMIT })
    .where('id', '=', real.credentials.accountId)
    .execute()
  const store = await openCaseStore(`sqlite:${join(directory, 'cases.db')}`)
  onFinish(() => store.close())
  await ensureDemoData(store.db, new Date().toISOString())
  const caseId = (await findCaseByNumber(store.db, '00001001'))?.id as string

  // The library's own transport, watched: token requests counted, one create's body and token kept.
  const transport = nodeTransport({ ca: real.clientOptions.ca as string })
  let tokenRequests = 0
  let captured: HttpRequest | undefined
  const esign = createEsignClient({
    ...real.clientOptions,
    transport: async (request) => {
      if (request.url.endsWith('/oauth/token')) tokenRequests += 1
      if (request.method === 'POST' && request.url.endsWith('/envelopes')) captured ??= request
      return transport(request)
    },
  })
  const templateIds = real.credentials.templates.slice(0, 2).map((template) => template.templateId)
  const send = async () => {
    await sendCompositeEnvelope(
      { cases: store, esign },
      { caseId, templateIds, subjectText: 'Benchmark documents' },
    )
  }
  // Warm-up: the one token exchange, the server's and this process's first-call costs.
  for (let i = 0; i < 30; i++) await send()
  const create = captured as HttpRequest

  const agent = new https.Agent({ ca: real.clientOptions.ca as string, keepAlive: true })
  onExit(() => agent.destroy())
  const bareCreate = () =>
    new Promise<void>((resolvePost, reject) => {
      const request = https.request(
        create.url,
        {
          method: 'POST',
          agent,
          // A fresh idempotency key, as every library create carries one: the server's work is the same.
          headers: {
            ...create.headers,
            'idempotency-key': crypto.randomUUID(),
            'content-length': String(Buffer.byteLength(create.body ?? '')),
          },
        },
        (response) => {
          response.resume()
          response.on('end', () =>
            response.statusCode === 201 ? resolvePost() : reject(new Error(`status ${response.statusCode}`)),
          )
        },
      )
      request.on('error', reject)
      request.end(create.body)
    })
  for (let i = 0; i < 30; i++) await bareCreate()

  // Alternating blocks, so that the database growing and the machine's other load weigh on both alike.
  const bare: Tally = { latencies: [], seconds: 0, failures: 0 }
  const library: Tally = { latencies: [], seconds: 0, failures: 0 }
  const blockSize = Math.max(1, Math.ceil(count / BLOCKS))
  for (let done = 0; done < count; done += blockSize) {
    const size = Math.min(blockSize, count - done)
    await block(bare, size, concurrency, bareCreate)
    await block(library, size, concurrency, send)
  }
  const libraryResult = summary(library)
  const bareResult = summary(bare)

  const row = (label: string, result: ReturnType<typeof summary>) =>
    `| ${label} | ${result.casesPerSecond.toFixed(1)} | ${formatMs(result.p50)} | ${formatMs(result.p95)} | ${result.failures} |`
  const section = [
    generatedHeading(),
    '',
    `${count} cases each, ${concurrency} at a time, in ${Math.ceil(count / blockSize)} alternating blocks; case 00001001 (recipient 1 by email), two templates.`,
    '',
    '| calls | cases/s | p50 ms | p95 ms | failures |',
    '|---|---:|---:|---:|---:|',
    row('`Send_Composite_Envelope` (library)', libraryResult),
    row('bare create (same definition and token)', bareResult),
    '',
    bulletList([
      `added latency of the library: p50 ${formatMs(libraryResult.p50 - bareResult.p50)} ms, p95 ${formatMs(libraryResult.p95 - bareResult.p95)} ms`,
      `library p50 / bare create p50: ${(libraryResult.p50 / bareResult.p50).toFixed(2)} (target at most ${P50_RATIO_TARGET.toFixed(1)}: ${libraryResult.p50 / bareResult.p50 <= P50_RATIO_TARGET ? 'met' : 'missed'})`,
      `token requests for the whole run (warm-ups included): ${tokenRequests} (client.tokenExchanges: ${esign.tokenExchanges})`,
      ...machineDescription(),
    ]),
  ].join('\n')
  console.log(section)
  if (tokenRequests !== 1) throw new Error(`expected one token request for the run, saw ${tokenRequests}`)
  if (write)
    writeGeneratedSection(join(packageDir, 'BENCHMARKS.md'), section, '# Envelope automation benchmarks')
}

runBenchmark('envelope-automation bench', main, 15 * 60_000)
