/**
 * How far get by id can get on this stack: the ceiling (bare node:http answering fixed bytes), bare
 * Fastify and platform's `createApp` with the real route's schemas and id check (`floor-server.ts`, both
 * answering one fixed recipe), and the service itself on a copy of a seeded file, all with the same
 * 10,000 spread ids, settings and pinning as `run.ts`, measured side by side with CPU per request.
 * Beside them, the ceiling's kind of server made `--spin` µs slower per request (`FLOOR=slowed`): how
 * much more CPU per request the measurement shows for a server that only does that much more work. Each
 * row also gives the load generator's own CPU per request. Prints each one's share of the ceiling;
 * BENCHMARKS.md quotes it by hand.
 *
 * Usage: npm run bench:floor -w recipe-manager -- --seeded=<file seeded by scripts/measure-requests.ts>
 *   [--duration=5] [--warmup=3] [--repeats=3] [--connections=10] [--spin=50]
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  canPin,
  expectStatus,
  formatLoad,
  freePort,
  type LoadRequest,
  onExit,
  onFinish,
  pinSelfToCore,
  readBenchOptions,
  readLoadSettings,
  runBenchmark,
  runScenarios,
  type ServerProcess,
  send,
  startCeilingServer,
  startServer,
} from 'bench-kit'

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const options = readBenchOptions()
const settings = {
  ...readLoadSettings(options, { durationS: 5 }),
  seeded: options.text('seeded', ''),
  spinUs: Number(options.text('spin', '50')),
}
const ID_POOL = 10_000

type Server = 'ceiling' | 'slowed' | 'fastify' | 'platform' | 'service'
const serverLabels: Record<Server, string> = {
  ceiling: 'ceiling (node:http, fixed bytes)',
  slowed: `node:http, fixed bytes after ${settings.spinUs} µs of work`,
  fastify: 'bare Fastify 5 (fixed recipe)',
  platform: "platform's createApp + the route's schemas (fixed recipe)",
  service: 'recipe-manager (SQLite, seeded)',
}

async function main(): Promise<void> {
  if (settings.seeded === '' || !existsSync(settings.seeded)) {
    throw new Error('--seeded=<file>: a SQLite file seeded by scripts/measure-requests.ts (SCENARIOS=get)')
  }
  const pin = canPin()
  if (pin) pinSelfToCore()
  console.log(`get by id floor: load average ${formatLoad()}`)
  const tempDir = mkdtempSync(join(tmpdir(), 'recipe-floor-'))
  onExit(() => rmSync(tempDir, { recursive: true, force: true }))

  const databaseFile = join(tempDir, 'recipes.sqlite')
  for (const suffix of ['', '-wal']) {
    if (existsSync(settings.seeded + suffix)) copyFileSync(settings.seeded + suffix, databaseFile + suffix)
  }
  const service = await start('recipe-manager', join(packageDir, 'src/main.ts'), pin, {
    DATABASE_URL: `sqlite:${databaseFile}`,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
  })
  const counted = await send('GET', `${service.baseUrl}/api/recipes?limit=1`)
  expectStatus(counted, 200, 'recipe count')
  const total = (JSON.parse(counted.body) as { total: number }).total
  // The seeding script inserts in order into an empty file: ids 1 to total.
  const stride = Math.max(1, Math.floor(total / ID_POOL))
  const requests: LoadRequest[] = Array.from({ length: Math.min(ID_POOL, total) }, (_, index) => ({
    method: 'GET',
    path: `/api/recipes/${1 + index * stride}`,
  }))
  const sample = await send('GET', `${service.baseUrl}${requests[requests.length >> 1]?.path}`)
  expectStatus(sample, 200, 'get by id')

  const floor = (kind: 'fastify' | 'platform' | 'slowed') =>
    start(kind, join(packageDir, 'bench/floor-server.ts'), pin, {
      FLOOR: kind,
      FLOOR_BODY: sample.body,
      FLOOR_SPIN_US: String(settings.spinUs),
    })
  const slowed = await floor('slowed')
  const fastify = await floor('fastify')
  const platform = await floor('platform')
  for (const server of [slowed, fastify, platform]) {
    const answer = await send('GET', `${server.baseUrl}${requests[0]?.path}`)
    expectStatus(answer, 200, `${server.name} get`)
  }
  const ceiling = await startCeilingServer({
    routes: [{ method: 'GET', path: '/api/recipes/', prefix: true, status: 200, body: sample.body }],
    tempDir,
    pin,
  })
  onFinish(() => ceiling.stop())

  const contender = (name: Server, process: ServerProcess) => ({ name, process, requests: () => requests })
  const summaries = await runScenarios({
    scenarios: ['get'] as const,
    contenders: [
      contender('ceiling', ceiling),
      contender('slowed', slowed),
      contender('fastify', fastify),
      contender('platform', platform),
      contender('service', service),
    ],
    ...settings,
    staggerConnections: true,
    scenarioLabels: { get: 'get by id' },
    serverLabels,
  })
  const base = summaries.find((summary) => summary.server === 'ceiling')
  const share = (value: number | undefined, over: number | undefined) =>
    value === undefined || over === undefined ? '' : `${((100 * over) / value).toFixed(1)}%`
  console.log(
    `\n${total.toLocaleString('en-US')} recipes, ${requests.length.toLocaleString('en-US')} spread ids, ` +
      `${settings.connections} connections, ${settings.repeats} × ${settings.durationS} s, medians of the rounds\n`,
  )
  console.log(
    '| Server | req/s | CPU µs/req | share of the ceiling by req/s | by CPU per request | load generator CPU µs/req |',
  )
  console.log('|---|---:|---:|---:|---:|---:|')
  for (const summary of summaries) {
    const isCeiling = summary.server === 'ceiling'
    console.log(
      `| ${serverLabels[summary.server]} | ${Math.round(summary.requestsPerSecond).toLocaleString('en-US')} | ` +
        `${summary.cpuUsPerRequest?.toFixed(0) ?? ''} | ` +
        `${isCeiling ? '' : share(base?.requestsPerSecond, summary.requestsPerSecond)} | ` +
        `${isCeiling ? '' : share(summary.cpuUsPerRequest, base?.cpuUsPerRequest)} | ` +
        `${summary.generatorCpuUsPerRequest?.toFixed(0) ?? ''} |`,
    )
  }
  const slowedSummary = summaries.find((summary) => summary.server === 'slowed')
  if (base?.cpuUsPerRequest !== undefined && slowedSummary?.cpuUsPerRequest !== undefined) {
    const added = slowedSummary.cpuUsPerRequest - base.cpuUsPerRequest
    console.log(
      `\n${settings.spinUs} µs of work per request showed as ${added.toFixed(0)} µs more CPU per request than ` +
        `the ceiling's: the rest is what answering more slowly costs the server under this load.`,
    )
  }
  console.log(`\nload average at the end: ${formatLoad()}`)
}

async function start(name: string, entry: string, pin: boolean, env: Record<string, string>) {
  const port = await freePort()
  const server = await startServer({
    name,
    nodeArgs: ['--import', 'tsx', entry],
    cwd: packageDir,
    port,
    env: { PORT: String(port), HOST: '127.0.0.1', ...env },
    readyPath: '/healthz',
    readyTimeoutMs: 60_000,
    pin,
  })
  onFinish(() => server.stop())
  return server
}

runBenchmark('recipe get-by-id floor', main, 15 * 60_000)
