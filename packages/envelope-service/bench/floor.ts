/**
 * How far envelope create could get on this stack at best: the ceiling against `floor-server.ts` (the
 * service's Fastify set-up parsing and validating the benchmark's envelope bodies against the real
 * schema and answering a fixed 201), with the same bodies, settings and pinning as `run.ts`. Prints the
 * table; BENCHMARKS.md quotes it by hand. Options as in run.ts: --duration, --warmup, --repeats,
 * --connections.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  canPin,
  expectStatus,
  formatLoad,
  freePort,
  onExit,
  onFinish,
  pinSelfToCore,
  readBenchOptions,
  readLoadSettings,
  resultsTable,
  runBenchmark,
  runScenarios,
  send,
  startCeilingServer,
  startServer,
} from 'bench-kit'
import { type DemoCredentials, envelopeDefinition } from './setup.js'

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const settings = readLoadSettings(readBenchOptions())
const PATH = `/restapi/v2.1/accounts/${randomUUID()}/envelopes`

async function main(): Promise<void> {
  const pin = canPin()
  if (pin) pinSelfToCore()
  console.log(`envelope create floor: load average ${formatLoad()}`)
  const tempDir = mkdtempSync(join(tmpdir(), 'envelope-floor-'))
  onExit(() => rmSync(tempDir, { recursive: true, force: true }))

  // Only the template ids are read from the credentials; the floor never looks them up.
  const credentials = {
    templates: [1, 2, 3].map((n) => ({ templateId: randomUUID(), name: `Template ${n}` })),
  } as DemoCredentials
  const requests = Array.from({ length: 1_000 }, (_, index) => ({
    method: 'POST',
    path: PATH,
    headers: { authorization: 'Bearer unused', 'content-type': 'application/json' },
    body: JSON.stringify(envelopeDefinition(credentials, index)),
  }))

  const port = await freePort()
  const floor = await startServer({
    name: 'floor',
    nodeArgs: ['--import', 'tsx', join(packageDir, 'bench/floor-server.ts')],
    cwd: packageDir,
    port,
    env: { PORT: String(port) },
    readyPath: '/healthz',
    pin,
  })
  onFinish(() => floor.stop())
  const sample = await send('POST', floor.baseUrl + PATH, requests[0]?.body, {
    headers: { 'content-type': 'application/json' },
  })
  expectStatus(sample, 201, 'floor create')
  const ceiling = await startCeilingServer({
    routes: [{ method: 'POST', path: PATH, status: 201, body: sample.body }],
    tempDir,
    pin,
  })
  onFinish(() => ceiling.stop())

  const serverLabels = { ceiling: 'ceiling (node:http)', floor: 'floor (Fastify + schema, no work)' }
  const scenarioLabels = { create: 'envelope create' }
  const summaries = await runScenarios({
    scenarios: ['create'] as const,
    contenders: [
      { name: 'ceiling' as const, process: ceiling, requests: () => requests },
      { name: 'floor' as const, process: floor, requests: () => requests },
    ],
    ...settings,
    scenarioLabels,
    serverLabels,
  })
  console.log(
    `\n${resultsTable({ summaries, scenarioLabels, serverLabels, subject: 'floor', ratioOver: ['ceiling'] })}`,
  )
  console.log(`load average at the end: ${formatLoad()}`)
}

runBenchmark('envelope create floor', main, 10 * 60_000)
