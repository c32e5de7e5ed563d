/**
 * Recipe manager benchmark: the service against json-server 0.17 (the baseline) and a bare node:http
 * server returning the same bytes (the ceiling), over 100,000 generated recipes. See BENCHMARKS.md.
 *
 * Options (environment variable or flag): BENCH_RECIPES / --recipes (100000), BENCH_DURATION / --duration
 * seconds per measurement (10), BENCH_WARMUP / --warmup seconds (3), BENCH_REPEATS / --repeats (3),
 * BENCH_CONNECTIONS / --connections (10), BENCH_SERVERS / --servers (ceiling,json-server,service),
 * BENCH_WRITE / --write (true: update BENCHMARKS.md).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon, { type Request } from 'autocannon'
import {
  COMMON_TERM,
  generateCorpus,
  generateCreateBodies,
  type RecipeInput,
  SELECTIVE_TERM,
} from './dataset.js'
import { closeAgent, runPool, send } from './http-client.js'
import {
  canPin,
  freePort,
  killAllServers,
  pinSelfToClientCore,
  residentMiB,
  type ServerProcess,
  startServer,
  waitUntilIdle,
} from './processes.js'
import {
  type Measurement,
  ratio,
  resultsSection,
  resultsTable,
  type ScenarioKey,
  SERVER_LABELS,
  type ServerName,
  type Summary,
  summarise,
  type Target,
  targetsTable,
  writeBenchmarksFile,
} from './report.js'

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const jsonServerBin = join(dirname(require.resolve('json-server/package.json')), 'lib/cli/bin.js')

const LOAD_CONCURRENCY = 16
const PAGE_SIZE = 20
const CREATE_BODY_POOL = 1_000
/** autocannon's per-request timeout: json-server rewrites its whole JSON file on every create. */
const REQUEST_TIMEOUT_S = 30

interface Settings {
  recipes: number
  durationS: number
  warmupS: number
  repeats: number
  connections: number
  servers: ServerName[]
  write: boolean
}

function readSettings(): Settings {
  const flags = new Map<string, string>()
  for (const argument of process.argv.slice(2)) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argument)
    if (!match) throw new Error(`unknown argument ${argument}`)
    flags.set(match[1]!, match[2] ?? 'true')
  }
  const setting = (flag: string, fallback: string) =>
    flags.get(flag) ?? process.env[`BENCH_${flag.toUpperCase()}`] ?? fallback
  const positive = (flag: string, fallback: number) => {
    const value = Number(setting(flag, String(fallback)))
    if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} must be a positive integer`)
    return value
  }
  const servers = setting('servers', 'ceiling,json-server,service')
    .split(',')
    .map((name) => name.trim())
  for (const name of servers) {
    if (!(name in SERVER_LABELS)) throw new Error(`unknown server "${name}" in servers`)
  }
  return {
    recipes: positive('recipes', 100_000),
    durationS: positive('duration', 10),
    warmupS: positive('warmup', 3),
    repeats: positive('repeats', 3),
    connections: positive('connections', 10),
    servers: servers as ServerName[],
    write: !['false', '0', 'no'].includes(setting('write', 'true')),
  }
}

const SCENARIO_LABELS: Record<ScenarioKey, string> = {
  selective: `search "${SELECTIVE_TERM}" (selective)`,
  common: `search "${COMMON_TERM}" (common)`,
  get: 'get by id',
  create: 'create',
}

/** A server under test and how each scenario is expressed in its API. */
interface Contender {
  name: ServerName
  process: ServerProcess
  requests(scenario: ScenarioKey): Request[]
}

/** Recipe shape the service returns, used for json-server's file and the ceiling when the service is absent. */
function wireRecipe(recipe: RecipeInput, id: number, createdAt: string) {
  return { id, ...recipe, tags: [], createdAt, updatedAt: createdAt }
}

function timestampFor(index: number): string {
  return new Date(Date.UTC(2026, 0, 1) + index * 1_000).toISOString()
}

/** A stride coprime with `length`, so consecutive requests visit ids spread over the whole table. */
function spreadingStride(length: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))
  let stride = Math.max(1, Math.floor(length * 0.618))
  while (gcd(stride, length) !== 1) stride++
  return stride
}

function cyclingRequest(build: (sequence: number) => Request): Request {
  let sequence = 0
  return { setupRequest: (request) => ({ ...request, ...build(sequence++) }) }
}

function apiRequests(ids: readonly number[], createBodies: readonly string[], prefix: 'api' | 'json') {
  const stride = spreadingStride(ids.length)
  const collection = prefix === 'api' ? '/api/recipes' : '/recipes'
  const search = (term: string) =>
    prefix === 'api'
      ? `${collection}?search=${encodeURIComponent(term)}&limit=${PAGE_SIZE}`
      : `${collection}?q=${encodeURIComponent(term)}&_limit=${PAGE_SIZE}`
  return (scenario: ScenarioKey): Request[] => {
    switch (scenario) {
      case 'selective':
        return [{ method: 'GET', path: search(SELECTIVE_TERM) }]
      case 'common':
        return [{ method: 'GET', path: search(COMMON_TERM) }]
      case 'get':
        return [
          cyclingRequest((sequence) => ({
            method: 'GET',
            path: `${collection}/${ids[(sequence * stride) % ids.length]}`,
          })),
        ]
      case 'create':
        return [
          cyclingRequest((sequence) => ({
            method: 'POST',
            path: collection,
            headers: { 'content-type': 'application/json' },
            body: createBodies[sequence % createBodies.length]!,
          })),
        ]
    }
  }
}

async function measure(target: Contender, scenario: ScenarioKey, seconds: number, settings: Settings) {
  const result = await autocannon({
    url: target.process.baseUrl,
    connections: settings.connections,
    duration: seconds,
    timeout: REQUEST_TIMEOUT_S,
    requests: target.requests(scenario),
  })
  await waitUntilIdle(target.process.pid)
  const measurement: Measurement = {
    requestsPerSecond: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  }
  return measurement
}

/** How many recipes a server holds now; the create scenario adds to the loaded ones. */
async function storedRecipes(target: Contender): Promise<string> {
  const base = target.process.baseUrl
  const response =
    target.name === 'service'
      ? await send('GET', `${base}/api/recipes?limit=1`)
      : await send('GET', `${base}/recipes?_limit=1`, undefined, 120_000)
  expectStatus(response, 200, `${target.name} recipe count`)
  const total =
    target.name === 'service'
      ? (JSON.parse(response.body) as { total: number }).total
      : Number(response.headers['x-total-count'])
  return total.toLocaleString('en-US')
}

function expectStatus(response: { status: number; body: string }, status: number, what: string): void {
  if (response.status !== status) {
    throw new Error(
      `${what}: expected HTTP ${status}, got ${response.status}: ${response.body.slice(0, 300)}`,
    )
  }
}

/** The commit the service was measured at, and whether its sources differed from it. */
function serviceRevision(): string {
  try {
    const git = (args: string[]) => execFileSync('git', args, { cwd: packageDir }).toString().trim()
    const commit = git(['log', '-1', '--format=%h %s', '--', 'src'])
    const dirty = git(['status', '--porcelain', '--', 'src']) !== ''
    return `${commit}${dirty ? ' (plus uncommitted changes in src)' : ''}`
  } catch {
    return 'unknown (not a git checkout)'
  }
}

function machineDescription(): string[] {
  const cpuModel =
    /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model
  return [
    `CPU: ${cpuModel ?? 'unknown'}, ${cpus().length} cores (nproc)`,
    `Memory: ${Math.round(totalmem() / 2 ** 30)} GiB`,
    `Node ${process.version} on ${process.platform} ${process.arch}`,
  ]
}

const formatLoad = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')

async function main(): Promise<void> {
  const settings = readSettings()
  const startedAt = Date.now()
  const loadAtStart = formatLoad()
  const pin = canPin()
  if (pin) pinSelfToClientCore()
  const notes: string[] = []
  if (!pin)
    notes.push('taskset or a second core was unavailable: servers and load generator were not pinned.')

  const scenarios = Object.keys(SCENARIO_LABELS) as ScenarioKey[]
  const runCount = scenarios.length * settings.servers.length
  const measuringS = runCount * (settings.warmupS + settings.repeats * settings.durationS)
  const budgetMs = 10 * 60_000 + measuringS * 2_000
  setTimeout(() => {
    console.error(`bench: exceeded its time budget of ${Math.round(budgetMs / 1000)} s, aborting`)
    process.exit(2)
  }, budgetMs).unref()

  console.log(
    `recipe-manager bench: ${settings.recipes} recipes, ${settings.warmupS}s warm-up + ${settings.repeats}×${settings.durationS}s, ` +
      `${settings.connections} connections, servers: ${settings.servers.join(', ')}; ` +
      `pinning: ${pin ? 'servers core 0, load generator core 1' : 'off'}; load average ${loadAtStart}; ` +
      `measuring takes ${Math.ceil(measuringS / 60)} min after loading`,
  )

  const corpus = generateCorpus(settings.recipes)
  const createBodies = generateCreateBodies(CREATE_BODY_POOL).map((body) => JSON.stringify(body))
  const { selective: expectedSelective, common: expectedCommon } = corpus.expectedMatches
  console.log(
    `data set: "${SELECTIVE_TERM}" in ${expectedSelective} recipes, "${COMMON_TERM}" in ${expectedCommon} ` +
      `(${((expectedCommon / settings.recipes) * 100).toFixed(1)}%)`,
  )

  const tempDir = mkdtempSync(join(tmpdir(), 'recipe-bench-'))
  cleanupTasks.push(() => rmSync(tempDir, { recursive: true, force: true }))

  const targets: Contender[] = []
  const memory: string[] = []
  const counts: string[] = []
  const rss: Partial<Record<ServerName, { loaded: number; after?: number }>> = {}
  let loadLine: string | undefined
  let serviceBodies: { search: Record<string, string>; get: string; create: string } | undefined

  if (settings.servers.includes('service')) {
    const port = await freePort()
    const service = await startServer({
      name: 'recipe-manager',
      nodeArgs: ['--import', 'tsx', join(packageDir, 'src/main.ts')],
      cwd: packageDir,
      port,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(tempDir, 'recipes.sqlite')}`,
        LOG_LEVEL: 'warn',
        SEED_DEMO_DATA: 'false',
      },
      readyPath: '/healthz',
      readyTimeoutMs: 60_000,
      pin,
    })
    stopTasks.push(() => service.stop())

    console.log(
      `loading ${settings.recipes} recipes into the service (${LOAD_CONCURRENCY} concurrent POSTs)…`,
    )
    const ids: number[] = new Array(settings.recipes)
    const loadStarted = performance.now()
    await runPool(settings.recipes, LOAD_CONCURRENCY, async (index) => {
      const response = await send('POST', `${service.baseUrl}/api/recipes`, corpus.recipes[index])
      expectStatus(response, 201, `loading recipe ${index}`)
      ids[index] = (JSON.parse(response.body) as { recipe: { id: number } }).recipe.id
    })
    const loadSeconds = (performance.now() - loadStarted) / 1000
    loadLine = `Loading ${settings.recipes.toLocaleString('en-US')} recipes into the service over HTTP (${LOAD_CONCURRENCY} concurrent POSTs): ${loadSeconds.toFixed(1)} s, ${Math.round(settings.recipes / loadSeconds).toLocaleString('en-US')} recipes/s`
    console.log(loadLine)
    await waitUntilIdle(service.pid)
    rss.service = { loaded: residentMiB(service.pid) }

    const search: Record<string, string> = {}
    for (const [term, expected] of [
      [SELECTIVE_TERM, expectedSelective],
      [COMMON_TERM, expectedCommon],
    ] as const) {
      const response = await send(
        'GET',
        `${service.baseUrl}/api/recipes?search=${encodeURIComponent(term)}&limit=${PAGE_SIZE}`,
      )
      expectStatus(response, 200, `service search "${term}"`)
      const page = JSON.parse(response.body) as { recipes: unknown[]; total: number }
      counts.push(`service: "${term}" matches ${page.total} (expected ${expected})`)
      if (page.total !== expected || page.recipes.length !== Math.min(PAGE_SIZE, expected)) {
        throw new Error(
          `service search "${term}" returned total ${page.total} and ${page.recipes.length} recipes; expected ${expected}`,
        )
      }
      search[term] = response.body
    }
    const sampleId = ids[Math.floor(ids.length / 2)]!
    const got = await send('GET', `${service.baseUrl}/api/recipes/${sampleId}`)
    expectStatus(got, 200, `service get ${sampleId}`)
    const created = await send('POST', `${service.baseUrl}/api/recipes`, JSON.parse(createBodies[0]!))
    expectStatus(created, 201, 'service create')
    serviceBodies = { search, get: got.body, create: created.body }

    targets.push({ name: 'service', process: service, requests: apiRequests(ids, createBodies, 'api') })
  }

  if (settings.servers.includes('json-server')) {
    // json-server rewrites its whole file on every create. Kept in memory (tmpfs), those writes cannot
    // delay the service's fsyncs in the next measurement through the shared disk's write-back queue.
    const jsonDir = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/recipe-bench-') : tempDir
    if (jsonDir !== tempDir) cleanupTasks.push(() => rmSync(jsonDir, { recursive: true, force: true }))
    const dbPath = join(jsonDir, 'db.json')
    const records = corpus.recipes.map((recipe, index) =>
      JSON.stringify(wireRecipe(recipe, index + 1, timestampFor(index))),
    )
    writeFileSync(dbPath, `{"recipes":[\n${records.join(',\n')}\n]}\n`)
    const port = await freePort()
    const jsonServer = await startServer({
      name: 'json-server',
      nodeArgs: [jsonServerBin, '--host', '127.0.0.1', '--port', String(port), '--quiet', dbPath],
      cwd: jsonDir,
      port,
      readyPath: '/recipes/1',
      readyTimeoutMs: 180_000,
      pin,
    })
    stopTasks.push(() => jsonServer.stop())
    await waitUntilIdle(jsonServer.pid)
    rss['json-server'] = { loaded: residentMiB(jsonServer.pid) }
    for (const [term, expected] of [
      [SELECTIVE_TERM, expectedSelective],
      [COMMON_TERM, expectedCommon],
    ] as const) {
      const response = await send(
        'GET',
        `${jsonServer.baseUrl}/recipes?q=${encodeURIComponent(term)}&_limit=${PAGE_SIZE}`,
      )
      expectStatus(response, 200, `json-server search "${term}"`)
      const total = Number(response.headers['x-total-count'])
      counts.push(`json-server: "${term}" matches ${total} (expected ${expected})`)
      if (total !== expected)
        throw new Error(`json-server search "${term}" matched ${total}; expected ${expected}`)
    }
    const ids = corpus.recipes.map((_, index) => index + 1)
    targets.push({
      name: 'json-server',
      process: jsonServer,
      requests: apiRequests(ids, createBodies, 'json'),
    })
  }

  if (settings.servers.includes('ceiling')) {
    const bodies = serviceBodies ?? bodiesFromCorpus(corpus.recipes, createBodies[0]!)
    if (!serviceBodies) {
      notes.push(
        'The service was not measured, so the ceiling served bodies built from the data set in the contract shape.',
      )
    }
    const bodiesPath = join(tempDir, 'ceiling-bodies.json')
    writeFileSync(bodiesPath, JSON.stringify(bodies))
    const port = await freePort()
    const ceiling = await startServer({
      name: 'ceiling',
      nodeArgs: ['--import', 'tsx', join(packageDir, 'bench/ceiling-server.ts'), bodiesPath],
      cwd: packageDir,
      port,
      env: { PORT: String(port) },
      readyPath: '/healthz',
      readyTimeoutMs: 30_000,
      pin,
    })
    stopTasks.push(() => ceiling.stop())
    rss.ceiling = { loaded: residentMiB(ceiling.pid) }
    const ids = Array.from({ length: settings.recipes }, (_, index) => index + 1)
    targets.push({ name: 'ceiling', process: ceiling, requests: apiRequests(ids, createBodies, 'api') })
  }
  for (const line of counts) console.log(`verified ${line}`)

  // Same order in every round, and each round measures every server, so a burst of outside load
  // hits all servers alike instead of one server's whole scenario.
  targets.sort((a, b) => settings.servers.indexOf(a.name) - settings.servers.indexOf(b.name))
  const summaries: Summary[] = []
  for (const scenario of scenarios) {
    for (const target of targets) {
      process.stdout.write(`${SCENARIO_LABELS[scenario]} · ${SERVER_LABELS[target.name]}: warm-up… `)
      await measure(target, scenario, settings.warmupS, settings)
      console.log('done')
    }
    const runs = new Map<ServerName, Measurement[]>(targets.map((target) => [target.name, []]))
    for (let round = 1; round <= settings.repeats; round++) {
      for (const target of targets) {
        const measurement = await measure(target, scenario, settings.durationS, settings)
        runs.get(target.name)!.push(measurement)
        console.log(
          `${SCENARIO_LABELS[scenario]} · ${SERVER_LABELS[target.name]} · run ${round}: ` +
            `${measurement.requestsPerSecond.toFixed(1)} req/s, p50 ${measurement.p50Ms} ms, p99 ${measurement.p99Ms} ms` +
            (measurement.failures > 0 ? `, ${measurement.failures} failed` : ''),
        )
      }
    }
    for (const target of targets) summaries.push(summarise(scenario, target.name, runs.get(target.name)!))
  }

  for (const target of targets) rss[target.name]!.after = residentMiB(target.process.pid)
  for (const target of targets) {
    const usage = rss[target.name]!
    const loadedLabel =
      target.name === 'ceiling'
        ? 'after start'
        : `with ${settings.recipes.toLocaleString('en-US')} recipes loaded`
    const held = target.name === 'ceiling' ? '' : ` (holding ${await storedRecipes(target)} recipes)`
    memory.push(
      `${SERVER_LABELS[target.name]}: RSS ${usage.loaded.toFixed(0)} MiB ${loadedLabel}, ${usage.after!.toFixed(0)} MiB after the run${held}`,
    )
  }

  const find = (scenario: ScenarioKey, server: ServerName) =>
    summaries.find((summary) => summary.scenario === scenario && summary.server === server)
  const service = (scenario: ScenarioKey) => find(scenario, 'service')
  const overJson = ratio(summaries, 'selective', 'json-server')
  const overCeiling = ratio(summaries, 'selective', 'ceiling')
  const targetsResult: Target[] = [
    {
      name: 'Selective search ≥ 50× json-server throughput',
      measured: overJson === undefined ? 'not measured' : `${overJson.toFixed(1)}×`,
      pass: overJson === undefined ? undefined : overJson >= 50,
    },
    {
      name: 'Selective search ≥ 40% of the ceiling',
      measured: overCeiling === undefined ? 'not measured' : `${(overCeiling * 100).toFixed(1)}%`,
      pass: overCeiling === undefined ? undefined : overCeiling >= 0.4,
    },
    {
      name: `Common-term search p99 < 50 ms (${settings.connections} connections)`,
      measured: service('common') ? `${service('common')!.p99Ms} ms` : 'not measured',
      pass: service('common') ? service('common')!.p99Ms < 50 : undefined,
    },
    {
      name: 'Create ≥ 2,000 recipes/s',
      measured: service('create')
        ? `${Math.round(service('create')!.requestsPerSecond).toLocaleString('en-US')}/s`
        : 'not measured',
      pass: service('create') ? service('create')!.requestsPerSecond >= 2_000 : undefined,
    },
    {
      name: `Service RSS < 200 MB with ${settings.recipes.toLocaleString('en-US')} recipes (after loading and after the run)`,
      measured: rss.service
        ? `${rss.service.loaded.toFixed(0)} MiB / ${rss.service.after!.toFixed(0)} MiB`
        : 'not measured',
      pass: rss.service ? Math.max(rss.service.loaded, rss.service.after!) < 200 : undefined,
    },
  ]
  for (const summary of summaries) {
    if (summary.failures > 0) {
      notes.push(
        `${SERVER_LABELS[summary.server]} answered ${summary.failures} requests of "${SCENARIO_LABELS[summary.scenario]}" with an error, non-2xx status or timeout; only 2xx responses count towards req/s.`,
      )
    }
  }
  if (settings.recipes !== 100_000) {
    notes.push(
      `Run with ${settings.recipes} recipes instead of 100,000: the targets are defined for 100,000.`,
    )
  }
  const loadAtEnd = formatLoad()
  notes.push(`Load average (1, 5, 15 min) at start: ${loadAtStart}; at end: ${loadAtEnd}.`)
  const runtimeS = Math.round((Date.now() - startedAt) / 1000)

  console.log('')
  console.log(resultsTable({ summaries, scenarioLabels: SCENARIO_LABELS }))
  console.log('')
  for (const line of memory) console.log(line)
  console.log('')
  console.log(targetsTable(targetsResult))
  console.log(`\nbench finished in ${runtimeS} s`)

  if (settings.write) {
    const path = join(packageDir, 'BENCHMARKS.md')
    writeBenchmarksFile(
      path,
      resultsSection({
        date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        machine: machineDescription(),
        method: [
          `autocannon ${settings.connections} connections, ${settings.warmupS} s warm-up per scenario and server, then ${settings.repeats} measured run${settings.repeats === 1 ? '' : 's'} of ${settings.durationS} s; medians of the runs. Runs are interleaved: each round measures every server before the next round, and each measurement waits for the measured server to go idle before the next starts.`,
          pin
            ? 'Each server runs alone on core 0 (`taskset -c 0`); the benchmark process with autocannon is pinned to core 1.'
            : 'Processes were not pinned to cores.',
          'req/s counts only 2xx responses; latencies are autocannon percentiles over all responses, in ms.',
          `Searches ask for the first ${PAGE_SIZE} matches (service: \`search=&limit=${PAGE_SIZE}\`, json-server: \`q=&_limit=${PAGE_SIZE}\`); get by id cycles over every id with a large stride; create cycles over ${CREATE_BODY_POOL.toLocaleString('en-US')} generated bodies.`,
          `Total benchmark time: ${runtimeS} s.`,
        ],
        dataset: [
          `${settings.recipes.toLocaleString('en-US')} generated recipes (seeded PRNG; English with Spanish and accented text).`,
          ...counts.map((line) => `Verified: ${line}.`),
          ...(loadLine ? [`${loadLine}.`] : []),
          'json-server reads the same recipes (with ids and timestamps) from its db.json.',
          `Service measured at: ${serviceRevision()}.`,
        ],
        scenarioLabels: SCENARIO_LABELS,
        summaries,
        memory,
        targets: targetsResult,
        notes,
      }),
    )
    console.log(`updated ${path}`)
  }
}

function bodiesFromCorpus(recipes: readonly RecipeInput[], createBody: string) {
  const search: Record<string, string> = {}
  for (const term of [SELECTIVE_TERM, COMMON_TERM]) {
    const matching = recipes
      .map((recipe, index) => ({ recipe, index }))
      .filter(({ recipe }) =>
        [recipe.title, recipe.description, ...recipe.ingredients].some((text) =>
          text.toLowerCase().includes(term),
        ),
      )
    const page = matching
      .slice(-PAGE_SIZE)
      .reverse()
      .map(({ recipe, index }) => wireRecipe(recipe, index + 1, timestampFor(index)))
    search[term] = JSON.stringify({ recipes: page, total: matching.length })
  }
  const middle = Math.floor(recipes.length / 2)
  return {
    search,
    get: JSON.stringify({ recipe: wireRecipe(recipes[middle]!, middle + 1, timestampFor(middle)) }),
    create: JSON.stringify({
      recipe: wireRecipe(
        JSON.parse(createBody) as RecipeInput,
        recipes.length + 1,
        timestampFor(recipes.length),
      ),
    }),
  }
}

const stopTasks: Array<() => Promise<void>> = []
const cleanupTasks: Array<() => void> = []

function cleanUpNow(): void {
  killAllServers()
  closeAgent()
  for (const task of cleanupTasks.splice(0)) task()
}

process.on('exit', cleanUpNow)
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}, stopping servers and removing temporary files`)
    process.exit(code)
  })
}

main()
  .then(async () => {
    for (const stop of stopTasks.splice(0)) await stop()
    process.exit(0)
  })
  .catch(async (error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`)
    for (const stop of stopTasks.splice(0)) await stop().catch(() => undefined)
    process.exit(1)
  })
