/**
 * Recipe manager benchmark: the service against json-server 0.17 (the baseline) and a bare node:http
 * server returning the same bytes (the ceiling), over 100,000 generated recipes. See BENCHMARKS.md.
 *
 * Options (environment variable or flag): BENCH_RECIPES / --recipes (100000), BENCH_DURATION / --duration
 * seconds per measurement (10), BENCH_WARMUP / --warmup seconds (3), BENCH_REPEATS / --repeats (3),
 * BENCH_CONNECTIONS / --connections (10), BENCH_SERVERS / --servers (ceiling,json-server,service),
 * BENCH_SCENARIOS / --scenarios (all: offsets,folded,tagged,get,selective,common,create),
 * BENCH_SEEDED / --seeded (a SQLite file seeded by scripts/measure-requests.ts with as many recipes: the
 * service starts on a copy of it instead of being loaded over HTTP), BENCH_WRITE / --write (true: update
 * BENCHMARKS.md).
 */
import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import {
  builtBundle,
  type CeilingRoute,
  type Contender,
  canPin,
  cpuRatio,
  expectStatus,
  failureNotes,
  formatLoad,
  freePort,
  type LoadRequest,
  machineDescription,
  onExit,
  onFinish,
  pinSelfToCore,
  ratio,
  readBenchOptions,
  readLoadSettings,
  residentFileMiB,
  residentMiB,
  runBenchmark,
  runPool,
  runScenarios,
  send,
  startCeilingServer,
  startServer,
  type Target,
  targetsTable,
  waitUntilIdle,
  writeGeneratedSection,
} from 'bench-kit'
import {
  COMMON_TERM,
  FOLDED_TERM,
  generateCorpus,
  generateCreateBodies,
  type RecipeInput,
  SELECTIVE_TERM,
  TAG_PLAN,
  tagsAt,
} from './dataset.js'
import {
  type RecipeSummary,
  recipeResultsTable,
  resultsSection,
  type ScenarioKey,
  SERVER_LABELS,
  type ServerName,
} from './report.js'

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const jsonServerBin = join(dirname(require.resolve('json-server/package.json')), 'lib/cli/bin.js')

const LOAD_CONCURRENCY = 16
const PAGE_SIZE = 20
const CREATE_BODY_POOL = 1_000
/** Ids the get scenario cycles through, spread over the whole table. */
const GET_ID_POOL = 10_000
/**
 * The uncached search cycles through every offset below OFFSET_VARIANTS with every limit up to
 * LIMIT_VARIANTS: 4,000 distinct URLs, twice the service's 2,000-entry response cache, so with the
 * connections staggered over the list nearly every request misses it.
 */
const OFFSET_VARIANTS = 40
const LIMIT_VARIANTS = 100
/** autocannon's per-request timeout: json-server rewrites its whole JSON file on every create. */
const REQUEST_TIMEOUT_S = 30

/** `--recipes 3000` as well as `--recipes=3000`: the kit reads the `=` form only. */
function joinFlagValues(argv: string[]): string[] {
  const joined: string[] = []
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string
    const next = argv[index + 1]
    if (/^--[a-z-]+$/.test(argument) && next !== undefined && !next.startsWith('--')) {
      joined.push(`${argument}=${next}`)
      index++
    } else {
      joined.push(argument)
    }
  }
  return joined
}

function readSettings() {
  const options = readBenchOptions(joinFlagValues(process.argv.slice(2)))
  const servers = options
    .text('servers', 'ceiling,json-server,service')
    .split(',')
    .map((name) => name.trim())
  for (const name of servers) {
    if (!(name in SERVER_LABELS)) throw new Error(`unknown server "${name}" in servers`)
  }
  const scenarios = options
    .text('scenarios', ALL_SCENARIOS.join(','))
    .split(',')
    .map((name) => name.trim())
  for (const name of scenarios) {
    if (!(name in SCENARIO_LABELS)) throw new Error(`unknown scenario "${name}" in scenarios`)
  }
  const seeded = options.text('seeded', '')
  if (seeded !== '' && !existsSync(seeded)) throw new Error(`seeded: no file ${seeded}`)
  return {
    // In the order of SCENARIO_LABELS whatever the order asked: creates stay last.
    scenarios: ALL_SCENARIOS.filter((name) => scenarios.includes(name)),
    seeded: seeded === '' ? undefined : seeded,
    recipes: options.positive('recipes', 100_000),
    ...readLoadSettings(options),
    servers: servers as ServerName[],
    write: options.boolean('write', true),
  }
}

/** The uncached rows first: the cached ones measure the response cache. */
const SCENARIO_LABELS: Record<ScenarioKey, string> = {
  offsets: `search "${SELECTIVE_TERM}", 4,000 distinct pages (uncached)`,
  folded: `search "${FOLDED_TERM}" (finds "piñones"), 4,000 distinct pages (uncached)`,
  tagged: 'filter by two tags, 4,000 distinct pages (uncached)',
  get: 'get by id (10,000 ids)',
  selective: `search "${SELECTIVE_TERM}" (selective, cached)`,
  common: `search "${COMMON_TERM}" (common, cached)`,
  create: 'create',
}

/** Recipes in the import scenario's export file. */
const IMPORT_RECIPES = 1_000
/** Creates run last so they do not change what the reads see. */
const ALL_SCENARIOS = Object.keys(SCENARIO_LABELS) as ScenarioKey[]

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

/** Every (offset, limit) pair of the uncached search. */
const pageVariants = (): Array<{ offset: number; limit: number }> =>
  Array.from({ length: OFFSET_VARIANTS * LIMIT_VARIANTS }, (_, index) => ({
    offset: Math.floor(index / LIMIT_VARIANTS),
    limit: (index % LIMIT_VARIANTS) + 1,
  }))

/** Recipes on an average page of the uncached search, given the term's total matches. */
function meanPageItems(total: number): number {
  const variants = pageVariants()
  const items = variants.reduce(
    (sum, { offset, limit }) => sum + Math.max(0, Math.min(limit, total - offset)),
    0,
  )
  return items / variants.length
}

const serviceSearchPath = (term: string, limit = PAGE_SIZE, offset?: number) =>
  `/api/recipes?search=${encodeURIComponent(term)}${offset === undefined ? '' : `&offset=${offset}`}&limit=${limit}`

const serviceTagPath = (tagIds: readonly number[], limit: number, offset: number) =>
  `/api/recipes?${tagIds.map((id) => `tag=${id}`).join('&')}&offset=${offset}&limit=${limit}`

/**
 * How each scenario is sent to a server. Variants are fixed request lists, which autocannon encodes
 * once per connection and cycles through: rewriting each request in `setupRequest` costs the load
 * generator enough CPU to cap the fast servers.
 */
function apiRequests(
  ids: readonly number[],
  createBodies: readonly string[],
  prefix: 'api' | 'json',
  tagIds: readonly number[] = [],
) {
  const collection = prefix === 'api' ? '/api/recipes' : '/recipes'
  const search = (term: string, limit = PAGE_SIZE, offset?: number) =>
    prefix === 'api'
      ? serviceSearchPath(term, limit, offset)
      : `${collection}?q=${encodeURIComponent(term)}${offset === undefined ? '' : `&_start=${offset}`}&_limit=${limit}`
  const stride = spreadingStride(ids.length)
  const requests: Record<ScenarioKey, LoadRequest[]> = {
    selective: [{ method: 'GET', path: search(SELECTIVE_TERM) }],
    common: [{ method: 'GET', path: search(COMMON_TERM) }],
    offsets: pageVariants().map(({ offset, limit }) => ({
      method: 'GET',
      path: search(SELECTIVE_TERM, limit, offset),
    })),
    folded: pageVariants().map(({ offset, limit }) => ({
      method: 'GET',
      path: search(FOLDED_TERM, limit, offset),
    })),
    // json-server has no tags in its copy: it pages through everything, a plain paging baseline.
    tagged: pageVariants().map(({ offset, limit }) => ({
      method: 'GET',
      path:
        prefix === 'api'
          ? serviceTagPath(tagIds, limit, offset)
          : `${collection}?_start=${offset}&_limit=${limit}`,
    })),
    get: Array.from({ length: Math.min(GET_ID_POOL, ids.length) }, (_, index) => ({
      method: 'GET',
      path: `${collection}/${ids[(index * stride) % ids.length]}`,
    })),
    create: createBodies.map((body) => ({
      method: 'POST',
      path: collection,
      headers: { 'content-type': 'application/json' },
      body,
    })),
  }
  return (scenario: ScenarioKey): LoadRequest[] => requests[scenario]
}

/** How many recipes a server holds now; the create scenario adds to the loaded ones. */
async function storedRecipes(target: Contender<ScenarioKey, ServerName>): Promise<string> {
  const base = target.process.baseUrl
  const response =
    target.name === 'service'
      ? await send('GET', `${base}/api/recipes?limit=1`)
      : await send('GET', `${base}/recipes?_limit=1`, undefined, { timeoutMs: 120_000 })
  expectStatus(response, 200, `${target.name} recipe count`)
  const total =
    target.name === 'service'
      ? (JSON.parse(response.body) as { total: number }).total
      : Number(response.headers['x-total-count'])
  return total.toLocaleString('en-US')
}

/**
 * A server's RSS in MiB after loading and after the run; for the service also the resident pages of its
 * SQLite file, read through a memory map (platform's connect.ts), at the same two moments.
 */
interface MemoryUse {
  loaded: number
  after?: number
  mappedLoaded?: number
  mappedAfter?: number
}

/** The service's RSS without its memory-mapped database file's pages (`loaded` or `after` the run). */
function ownMiB(usage: MemoryUse, when: 'loaded' | 'after') {
  return when === 'loaded'
    ? usage.loaded - (usage.mappedLoaded ?? 0)
    : (usage.after ?? 0) - (usage.mappedAfter ?? 0)
}

/**
 * The service as `npm start` runs it: its bundle (bench-kit `builtBundle`). Until 2026-12-07 this bench
 * ran `src/main.ts` under tsx, whose module loader thread and compiler held about 60 MiB that a user's
 * process never has (BENCHMARKS.md, "What users run").
 */
const serviceNodeArgs = () => [
  '--enable-source-maps',
  builtBundle('recipes', 'packages/recipe-manager/dist/bin/main.js'),
]

/** The commit the service was measured at (its sources and the platform's), and whether they differed from it. */
function serviceRevision(): string {
  try {
    const git = (args: string[]) => execFileSync('git', args, { cwd: packageDir }).toString().trim()
    const sources = ['src', '../platform/src']
    const commit = git(['log', '-1', '--format=%h %s', '--', ...sources])
    const dirty = git(['status', '--porcelain', '--', ...sources]) !== ''
    return `${commit}${dirty ? ' (plus uncommitted changes in the sources)' : ''}`
  } catch {
    return 'unknown (not a git checkout)'
  }
}

/** The ceiling's answers: the service's bytes for each scenario (one average-size page for the uncached search). */
interface CeilingBodies {
  search: Record<string, string>
  offsets: string
  get: string
  create: string
}

function ceilingRoutes(bodies: CeilingBodies): CeilingRoute[] {
  return [
    ...Object.entries(bodies.search).map(([term, body]) => ({
      method: 'GET',
      path: serviceSearchPath(term),
      status: 200,
      body,
    })),
    // Any other query on the collection (the uncached search's offset and limit variants).
    { method: 'GET', path: '/api/recipes', status: 200, body: bodies.offsets },
    { method: 'GET', path: '/api/recipes/', prefix: true, status: 200, body: bodies.get },
    { method: 'POST', path: '/api/recipes', status: 201, body: bodies.create },
  ]
}

const settings = (() => {
  try {
    return readSettings()
  } catch (error) {
    console.error(`recipe-manager bench: ${(error as Error).message}`)
    process.exit(2)
  }
})()

async function main(): Promise<void> {
  const startedAt = Date.now()
  const loadAtStart = formatLoad()
  const pin = canPin()
  if (pin) pinSelfToCore()
  const notes: string[] = []
  if (!pin)
    notes.push('taskset or a second core was unavailable: servers and load generator were not pinned.')

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
  const offsetsPageLimit = Math.max(1, Math.round(meanPageItems(expectedSelective)))

  const tempDir = mkdtempSync(join(tmpdir(), 'recipe-bench-'))
  onExit(() => rmSync(tempDir, { recursive: true, force: true }))

  const targets: Contender<ScenarioKey, ServerName>[] = []
  const memory: string[] = []
  const counts: string[] = []
  const rss: Partial<Record<ServerName, MemoryUse>> = {}
  let loadLine: string | undefined
  let serviceBodies: CeilingBodies | undefined
  let serviceTagIds: number[] = []
  let importLine: string | undefined
  let importSeconds: number | undefined

  const serviceDatabaseFile = join(tempDir, 'recipes.sqlite')
  if (settings.servers.includes('service')) {
    const port = await freePort()
    const databaseFile = serviceDatabaseFile
    if (settings.seeded) {
      for (const suffix of ['', '-wal']) {
        if (existsSync(settings.seeded + suffix))
          copyFileSync(settings.seeded + suffix, databaseFile + suffix)
      }
    }
    const service = await startServer({
      name: 'recipe-manager',
      nodeArgs: serviceNodeArgs(),
      cwd: packageDir,
      port,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${databaseFile}`,
        LOG_LEVEL: 'warn',
        SEED_DEMO_DATA: 'false',
      },
      readyPath: '/healthz',
      readyTimeoutMs: 60_000,
      pin,
    })
    onFinish(() => service.stop())

    const { ids, tagIdOf, seconds } = settings.seeded
      ? await seededData(service.baseUrl, settings.recipes)
      : await loadOverHttp(service.baseUrl, corpus.recipes)
    serviceTagIds = Object.values(tagIdOf)
    loadLine = settings.seeded
      ? `The service started on a copy of ${settings.seeded}, seeded with the same ${settings.recipes.toLocaleString('en-US')} recipes by scripts/measure-requests.ts (not loaded over HTTP; creation times one second apart)`
      : `Loading ${settings.recipes.toLocaleString('en-US')} recipes into the service over HTTP (${LOAD_CONCURRENCY} concurrent POSTs): ${seconds.toFixed(1)} s, ${Math.round(ids.length / seconds).toLocaleString('en-US')} recipes/s`
    console.log(loadLine)
    await waitUntilIdle(service.pid)
    rss.service = {
      loaded: residentMiB(service.pid),
      mappedLoaded: residentFileMiB(service.pid, databaseFile),
    }

    const search: Record<string, string> = {}
    for (const [term, expected] of [
      [SELECTIVE_TERM, expectedSelective],
      [COMMON_TERM, expectedCommon],
      [FOLDED_TERM, corpus.expectedMatches.folded],
    ] as const) {
      const response = await send('GET', service.baseUrl + serviceSearchPath(term))
      expectStatus(response, 200, `service search "${term}"`)
      const page = JSON.parse(response.body) as { recipes: unknown[]; total: number }
      counts.push(`service: "${term}" matches ${page.total} (expected ${expected})`)
      if (page.total !== expected || page.recipes.length !== Math.min(PAGE_SIZE, expected)) {
        throw new Error(
          `service search "${term}" returned total ${page.total} and ${page.recipes.length} recipes; expected ${expected}`,
        )
      }
      if (term !== FOLDED_TERM) search[term] = response.body
    }
    const tagged = await send('GET', service.baseUrl + serviceTagPath(serviceTagIds, PAGE_SIZE, 0))
    expectStatus(tagged, 200, 'service tag filter')
    const expectedTagged = corpus.recipes.filter(
      (_, index) => tagsAt(index).length === serviceTagIds.length,
    ).length
    const taggedTotal = (JSON.parse(tagged.body) as { total: number }).total
    counts.push(`service: both tags on ${taggedTotal} recipes (expected ${expectedTagged})`)
    if (taggedTotal !== expectedTagged)
      throw new Error(`service tag filter matched ${taggedTotal}; expected ${expectedTagged}`)
    const offsetsPage = await send(
      'GET',
      service.baseUrl + serviceSearchPath(SELECTIVE_TERM, offsetsPageLimit, 0),
    )
    expectStatus(offsetsPage, 200, `service search "${SELECTIVE_TERM}" with limit ${offsetsPageLimit}`)
    const sampleOffset = Math.min(OFFSET_VARIANTS - 1, Math.floor(expectedSelective / 2))
    const offsetPage = await send(
      'GET',
      service.baseUrl + serviceSearchPath(SELECTIVE_TERM, PAGE_SIZE, sampleOffset),
    )
    expectStatus(offsetPage, 200, `service search "${SELECTIVE_TERM}" at offset ${sampleOffset}`)
    const offsetRecipes = (JSON.parse(offsetPage.body) as { recipes: unknown[] }).recipes.length
    const expectedOffsetRecipes = Math.max(0, Math.min(PAGE_SIZE, expectedSelective - sampleOffset))
    if (offsetRecipes !== expectedOffsetRecipes) {
      throw new Error(
        `service search "${SELECTIVE_TERM}" at offset ${sampleOffset} returned ${offsetRecipes} recipes; expected ${expectedOffsetRecipes}`,
      )
    }
    const sampleId = ids[Math.floor(ids.length / 2)]!
    const got = await send('GET', `${service.baseUrl}/api/recipes/${sampleId}`)
    expectStatus(got, 200, `service get ${sampleId}`)
    const created = await send('POST', `${service.baseUrl}/api/recipes`, JSON.parse(createBodies[0]!))
    expectStatus(created, 201, 'service create')
    serviceBodies = { search, offsets: offsetsPage.body, get: got.body, create: created.body }

    targets.push({
      name: 'service',
      process: service,
      requests: apiRequests(ids, createBodies, 'api', serviceTagIds),
    })
  }

  if (settings.servers.includes('json-server')) {
    // json-server rewrites its whole file on every create. Kept in memory (tmpfs), those writes cannot
    // delay the service's fsyncs in the next measurement through the shared disk's write-back queue.
    const jsonDir = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/recipe-bench-') : tempDir
    if (jsonDir !== tempDir) onExit(() => rmSync(jsonDir, { recursive: true, force: true }))
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
    onFinish(() => jsonServer.stop())
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
    const bodies = serviceBodies ?? bodiesFromCorpus(corpus.recipes, createBodies[0]!, offsetsPageLimit)
    if (!serviceBodies) {
      notes.push(
        'The service was not measured, so the ceiling served bodies built from the data set in the contract shape.',
      )
    }
    const ceiling = await startCeilingServer({ routes: ceilingRoutes(bodies), tempDir, pin })
    onFinish(() => ceiling.stop())
    rss.ceiling = { loaded: residentMiB(ceiling.pid) }
    const ids = Array.from({ length: settings.recipes }, (_, index) => index + 1)
    targets.push({ name: 'ceiling', process: ceiling, requests: apiRequests(ids, createBodies, 'api') })
  }
  for (const line of counts) console.log(`verified ${line}`)

  // Same order in every round, and each round measures every server (runScenarios interleaves them).
  targets.sort((a, b) => settings.servers.indexOf(a.name) - settings.servers.indexOf(b.name))
  const summaries: RecipeSummary[] = await runScenarios({
    scenarios: settings.scenarios,
    contenders: targets,
    warmupS: settings.warmupS,
    durationS: settings.durationS,
    repeats: settings.repeats,
    connections: settings.connections,
    timeoutS: REQUEST_TIMEOUT_S,
    staggerConnections: true,
    scenarioLabels: SCENARIO_LABELS,
    serverLabels: SERVER_LABELS,
  })

  for (const target of targets) rss[target.name]!.after = residentMiB(target.process.pid)

  const serviceTarget = targets.find((target) => target.name === 'service')
  if (rss.service && serviceTarget)
    rss.service.mappedAfter = residentFileMiB(serviceTarget.process.pid, serviceDatabaseFile)
  if (serviceTarget) {
    // Last, as it adds recipes: a schema.org export file of IMPORT_RECIPES recipes, imported in one request.
    const file = JSON.stringify(
      generateCreateBodies(IMPORT_RECIPES).map((recipe, index) => ({
        '@context': 'https://schema.org',
        '@type': 'Recipe',
        name: recipe.title,
        description: recipe.description,
        recipeIngredient: recipe.ingredients,
        recipeInstructions: recipe.instructions.map((text) => ({ '@type': 'HowToStep', text })),
        keywords: tagsAt(index),
        url: `https://example.com/imported/${index}`,
      })),
    )
    const started = performance.now()
    const response = await send('POST', `${serviceTarget.process.baseUrl}/api/imports/files`, file, {
      headers: { 'content-type': 'application/octet-stream' },
      timeoutMs: 120_000,
    })
    importSeconds = (performance.now() - started) / 1000
    expectStatus(response, 200, 'service import')
    const report = JSON.parse(response.body) as { created: unknown[]; skipped: unknown[] }
    importLine = `Importing a ${IMPORT_RECIPES.toLocaleString('en-US')}-recipe schema.org export (${(file.length / 1024).toFixed(0)} KiB, one request): ${importSeconds.toFixed(1)} s, ${report.created.length} created, ${report.skipped.length} skipped`
    console.log(importLine)
  }
  const bundle = initialJavaScriptKiB()
  for (const target of targets) {
    const usage = rss[target.name]!
    const loadedLabel =
      target.name === 'ceiling'
        ? 'after start'
        : `with ${settings.recipes.toLocaleString('en-US')} recipes loaded`
    const held = target.name === 'ceiling' ? '' : ` (holding ${await storedRecipes(target)} recipes)`
    const mapped =
      usage.mappedLoaded !== undefined
        ? ` (of which the mapped database file ${usage.mappedLoaded.toFixed(0)} and ${usage.mappedAfter?.toFixed(0)} MiB)`
        : ''
    memory.push(
      `${SERVER_LABELS[target.name]}: RSS ${usage.loaded.toFixed(0)} MiB ${loadedLabel}, ${usage.after!.toFixed(0)} MiB after the run${held}${mapped}`,
    )
  }

  const service = (scenario: ScenarioKey) =>
    summaries.find((summary) => summary.scenario === scenario && summary.server === 'service')
  const overJson = ratio(summaries, 'selective', 'service', 'json-server')
  const overCeiling = ratio(summaries, 'selective', 'service', 'ceiling')
  const uncachedTarget = (scenario: ScenarioKey, label: string): Target => {
    const share = ratio(summaries, scenario, 'service', 'ceiling')
    const row = service(scenario)
    return {
      name: `${label} ≥ 25% of the ceiling, p99 < 10 ms`,
      measured:
        share === undefined || !row ? 'not measured' : `${(share * 100).toFixed(1)}%, p99 ${row.p99Ms} ms`,
      pass: share === undefined || !row ? undefined : share >= 0.25 && row.p99Ms < 10,
    }
  }
  // The same shares by CPU per request (ceiling ÷ service): what req/s would show on a quiet machine.
  const cpuTarget = (scenario: ScenarioKey, label: string, threshold: number): Target => {
    const share = cpuRatio(summaries, scenario, 'service', 'ceiling')
    return {
      name: `${label} ≥ ${threshold * 100}% of the ceiling by CPU per request`,
      measured: share === undefined ? 'not measured' : `${(share * 100).toFixed(1)}%`,
      pass: share === undefined ? undefined : share >= threshold,
    }
  }
  const getShare = ratio(summaries, 'get', 'service', 'ceiling')
  const targetsResult: Target[] = [
    uncachedTarget('offsets', 'Uncached distinct-page search'),
    cpuTarget('offsets', 'Uncached distinct-page search', 0.25),
    uncachedTarget('folded', 'Uncached accent-folded search'),
    cpuTarget('folded', 'Uncached accent-folded search', 0.25),
    uncachedTarget('tagged', 'Uncached tag filter'),
    cpuTarget('tagged', 'Uncached tag filter', 0.25),
    {
      name: 'Get by id ≥ 40% of the ceiling',
      measured: getShare === undefined ? 'not measured' : `${(getShare * 100).toFixed(1)}%`,
      pass: getShare === undefined ? undefined : getShare >= 0.4,
    },
    cpuTarget('get', 'Get by id', 0.4),
    {
      name: `Service RSS < 200 MB with ${settings.recipes.toLocaleString('en-US')} recipes (after loading and after the run; without the mapped database file's page cache)`,
      measured: rss.service
        ? `${ownMiB(rss.service, 'loaded').toFixed(0)} MiB / ${ownMiB(rss.service, 'after').toFixed(0)} MiB (VmRSS ${rss.service.loaded.toFixed(0)} / ${rss.service.after!.toFixed(0)} MiB)`
        : 'not measured',
      pass: rss.service
        ? Math.max(ownMiB(rss.service, 'loaded'), ownMiB(rss.service, 'after')) < 200
        : undefined,
    },
    {
      name: `Import of a ${IMPORT_RECIPES.toLocaleString('en-US')}-recipe export < 10 s`,
      measured: importSeconds === undefined ? 'not measured' : `${importSeconds.toFixed(1)} s`,
      pass: importSeconds === undefined ? undefined : importSeconds < 10,
    },
    {
      name: 'Web app initial JavaScript < 150 KB gzipped',
      measured: bundle === undefined ? 'not built (npm start builds dist/web)' : `${bundle.toFixed(1)} KiB`,
      pass: bundle === undefined ? undefined : bundle * 1024 < 150_000,
    },
    {
      name: 'Selective search (cached) ≥ 50× json-server throughput',
      measured: overJson === undefined ? 'not measured' : `${overJson.toFixed(1)}×`,
      pass: overJson === undefined ? undefined : overJson >= 50,
    },
    {
      name: 'Selective search (cached) ≥ 40% of the ceiling',
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
  ]
  notes.push(...failureNotes(summaries, { scenarios: SCENARIO_LABELS, servers: SERVER_LABELS }))
  if (settings.recipes !== 100_000) {
    notes.push(
      `Run with ${settings.recipes} recipes instead of 100,000: the targets are defined for 100,000.`,
    )
  }
  const loadAtEnd = formatLoad()
  notes.push(`Load average (1, 5, 15 min) at start: ${loadAtStart}; at end: ${loadAtEnd}.`)
  const runtimeS = Math.round((Date.now() - startedAt) / 1000)

  console.log('')
  console.log(recipeResultsTable({ summaries, scenarioLabels: SCENARIO_LABELS }))
  console.log('')
  for (const line of memory) console.log(line)
  console.log('')
  console.log(targetsTable(targetsResult))
  console.log(`\nbench finished in ${runtimeS} s`)

  if (settings.write) {
    const path = join(packageDir, 'BENCHMARKS.md')
    writeGeneratedSection(
      path,
      resultsSection({
        date: new Date(),
        machine: machineDescription(),
        method: [
          `autocannon ${settings.connections} connections, ${settings.warmupS} s warm-up per scenario and server, then ${settings.repeats} measured run${settings.repeats === 1 ? '' : 's'} of ${settings.durationS} s; medians of the runs. Runs are interleaved: each round measures every server before the next round, and each measurement waits for the measured server to go idle before the next starts.`,
          pin
            ? 'Each server runs alone on core 0 (`taskset -c 0`); the benchmark process with autocannon is pinned to core 1.'
            : 'Processes were not pinned to cores.',
          'req/s counts only 2xx responses; latencies are autocannon percentiles over all responses, in ms.',
          'CPU µs/req is the CPU time (user + system, every thread) the server process used from the start of a run until it was idle again, read from /proc/<pid>/stat, divided by the responses; medians of the runs. "CPU: ceiling ÷ service" is the service’s share of the ceiling by that measure: what the req/s ratio would be with each server CPU-bound on an otherwise idle core, which a loaded machine disturbs far less than req/s.',
          `Searches ask for the first ${PAGE_SIZE} matches (service: \`search=&limit=${PAGE_SIZE}\`, json-server: \`q=&_limit=${PAGE_SIZE}\`); the uncached search cycles through ${(OFFSET_VARIANTS * LIMIT_VARIANTS).toLocaleString('en-US')} offset × limit pages (offsets 0–${OFFSET_VARIANTS - 1}, limits 1–${LIMIT_VARIANTS}; json-server: \`_start=&_limit=\`), and the ceiling answers it with one page of the average size (${offsetsPageLimit} recipes); get by id cycles over ${Math.min(GET_ID_POOL, settings.recipes).toLocaleString('en-US')} ids spread over the whole table; create cycles over ${CREATE_BODY_POOL.toLocaleString('en-US')} generated bodies.`,
          'Each scenario is a fixed list of requests; every connection starts at a different point of it, so connections do not repeat each other’s requests.',
          `Total benchmark time: ${runtimeS} s.`,
        ],
        dataset: [
          `${settings.recipes.toLocaleString('en-US')} generated recipes (seeded PRNG; English with Spanish and accented text).`,
          ...counts.map((line) => `Verified: ${line}.`),
          ...(loadLine ? [`${loadLine}.`] : []),
          ...(importLine ? [`${importLine}.`] : []),
          `Tags: \`quick\` on every 10th recipe, \`family\` on every 3rd; the tag scenario asks for both (every 30th). The ceiling answers both the tag and the accent-folded scenarios with the uncached search's average page.`,
          'json-server reads the same recipes (with ids and timestamps) from its db.json.',
          `Service measured at: ${serviceRevision()}.`,
        ],
        scenarioLabels: SCENARIO_LABELS,
        summaries,
        memory,
        targets: targetsResult,
        notes,
      }),
      '# Recipe manager benchmarks',
    )
    console.log(`updated ${path}`)
  }
  const failed = targetsResult.filter((target) => target.pass === false).map((target) => target.name)
  if (failed.length > 0) throw new TargetsMissed(failed)
}

/** Ends the run with a non-zero status that names the missed targets (after BENCHMARKS.md is written). */
class TargetsMissed extends Error {
  constructor(names: string[]) {
    super(`${names.length} target${names.length === 1 ? '' : 's'} missed: ${names.join('; ')}`)
    // The names are the whole story; a stack trace would only bury them.
    this.stack = this.message
  }
}

/** Recipe ids (in corpus order) and tag ids of the service, loaded over HTTP as a user would. */
async function loadOverHttp(baseUrl: string, recipes: readonly RecipeInput[]) {
  console.log(`loading ${recipes.length} recipes into the service (${LOAD_CONCURRENCY} concurrent POSTs)…`)
  const ids: number[] = new Array(recipes.length)
  const tagIdOf: Record<string, number> = {}
  for (const name of Object.keys(TAG_PLAN)) {
    const response = await send('POST', `${baseUrl}/api/tags`, { name })
    expectStatus(response, 201, `creating tag ${name}`)
    tagIdOf[name] = (JSON.parse(response.body) as { tag: { id: number } }).tag.id
  }
  const loadStarted = performance.now()
  const progress = loadProgress(recipes.length, loadStarted)
  await runPool(recipes.length, LOAD_CONCURRENCY, async (index) => {
    const body = { ...recipes[index], tags: tagsAt(index).map((name) => tagIdOf[name]) }
    const response = await send('POST', `${baseUrl}/api/recipes`, body)
    expectStatus(response, 201, `loading recipe ${index}`)
    ids[index] = (JSON.parse(response.body) as { recipe: { id: number } }).recipe.id
    progress.done()
  })
  return { ids, tagIdOf, seconds: (performance.now() - loadStarted) / 1000 }
}

/**
 * Recipe and tag ids of a service started on a file seeded by scripts/measure-requests.ts, which inserts
 * the corpus in order into an empty database (ids 1 to N). The totals are checked like loaded ones.
 */
async function seededData(baseUrl: string, recipes: number) {
  const counted = await send('GET', `${baseUrl}/api/recipes?limit=1`)
  expectStatus(counted, 200, 'seeded recipe count')
  const total = (JSON.parse(counted.body) as { total: number }).total
  if (total !== recipes) throw new Error(`the seeded file holds ${total} recipes; expected ${recipes}`)
  const listed = await send('GET', `${baseUrl}/api/tags`)
  expectStatus(listed, 200, 'seeded tags')
  const tagIdOf: Record<string, number> = {}
  for (const tag of (JSON.parse(listed.body) as { tags: { id: number; name: string }[] }).tags)
    tagIdOf[tag.name] = tag.id
  for (const name of Object.keys(TAG_PLAN))
    if (tagIdOf[name] === undefined) throw new Error(`the seeded file has no tag ${name}`)
  return { ids: Array.from({ length: recipes }, (_, index) => index + 1), tagIdOf, seconds: Number.NaN }
}

/** Prints how far loading is, about every 5 seconds: 100,000 recipes take well over a minute. */
function loadProgress(total: number, startedAt: number) {
  let loaded = 0
  let lastReport = startedAt
  return {
    done() {
      loaded++
      const now = performance.now()
      if (now - lastReport < 5_000 || loaded === total) return
      lastReport = now
      const rate = loaded / ((now - startedAt) / 1000)
      console.log(
        `  ${loaded.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} recipes loaded (${Math.round(rate).toLocaleString('en-US')}/s, about ${Math.ceil((total - loaded) / rate)} s left)`,
      )
    },
  }
}

/** A search page of the service's shape: matches newest first, `limit` of them from `offset`. */
function searchPageFromCorpus(recipes: readonly RecipeInput[], term: string, offset: number, limit: number) {
  const matching = recipes
    .map((recipe, index) => ({ recipe, index }))
    .filter(({ recipe }) =>
      [recipe.title, recipe.description, ...recipe.ingredients].some((text) =>
        text.toLowerCase().includes(term),
      ),
    )
    .reverse()
  const page = matching
    .slice(offset, offset + limit)
    .map(({ recipe, index }) => wireRecipe(recipe, index + 1, timestampFor(index)))
  return JSON.stringify({ recipes: page, total: matching.length })
}

function bodiesFromCorpus(
  recipes: readonly RecipeInput[],
  createBody: string,
  offsetsPageLimit: number,
): CeilingBodies {
  const search: Record<string, string> = {}
  for (const term of [SELECTIVE_TERM, COMMON_TERM]) {
    search[term] = searchPageFromCorpus(recipes, term, 0, PAGE_SIZE)
  }
  const middle = Math.floor(recipes.length / 2)
  return {
    search,
    offsets: searchPageFromCorpus(recipes, SELECTIVE_TERM, 0, offsetsPageLimit),
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

const measuringS =
  settings.scenarios.length *
  settings.servers.length *
  (settings.warmupS + settings.repeats * settings.durationS)
runBenchmark('recipe-manager bench', main, 10 * 60_000 + measuringS * 2_000)

/** The gzipped size of the web app's JavaScript that index.html loads, from the last build in dist/web. */
function initialJavaScriptKiB(): number | undefined {
  const web = join(packageDir, 'dist/web')
  if (!existsSync(join(web, 'index.html'))) return undefined
  const html = readFileSync(join(web, 'index.html'), 'utf8')
  const scripts = [...html.matchAll(/src="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] as string)
  const known = new Set(readdirSync(join(web, 'assets')).map((name) => `assets/${name}`))
  const bytes = scripts
    .filter((script) => known.has(script))
    .reduce((sum, script) => sum + gzipSync(readFileSync(join(web, script))).length, 0)
  return bytes / 1024
}
