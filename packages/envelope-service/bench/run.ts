/**
 * Envelope service benchmark: the real service on SQLite, run as `npm start` runs it (the bundle, built
 * first), against a bare node:http server returning the same bytes (the ceiling), for token grants,
 * template list, template get and composite envelope create. See BENCHMARKS.md.
 *
 * Options (flag or environment variable): --duration / BENCH_DURATION seconds per measurement (10),
 * --warmup / BENCH_WARMUP seconds per warm-up slice (3), --warmup-max / BENCH_WARMUP_MAX seconds of
 * warm-up at most (45; slices go on until the rate stops rising), --repeats / BENCH_REPEATS (3),
 * --connections / BENCH_CONNECTIONS (10), --scenarios / BENCH_SCENARIOS (token,list,get,create),
 * --write / BENCH_WRITE (true: update BENCHMARKS.md; a run of fewer scenarios writes only those),
 * --profile / BENCH_PROFILE (a directory: the service runs with `--cpu-prof` and writes its CPU profile
 * there on exit; summarise it with `npm run profile-summary -w envelope-service -- <file.cpuprofile>`),
 * --bulk / BENCH_BULK (true: then bulk send against one-by-one creates, bench/bulk-send.ts) with
 * --bulk-copies / BENCH_BULK_COPIES (1000).
 */
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type CeilingRoute,
  type Contender,
  canPin,
  expectStatus,
  formatLoad,
  type LoadRequest,
  onFinish,
  pinSelfToCore,
  readBenchOptions,
  readLoadSettings,
  residentMiB,
  runBenchmark,
  runScenarios,
  send,
  startCeilingServer,
  waitUntilIdle,
  writeGeneratedSection,
} from 'bench-kit'
import { bulkSendReport, measureBulkSend, writeBulkSendReport } from './bulk-send.js'
import {
  reportSection,
  resultsReport,
  SCENARIO_LABELS,
  SCENARIOS,
  type Scenario,
  SERVER_LABELS,
  type Server,
} from './report.js'
import { grantToken, serviceMain, startBenchService } from './service-env.js'
import { type DemoCredentials, envelopeDefinition, tokenRequestBodies } from './setup.js'

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** Distinct signed assertions the token scenario cycles through. */
const ASSERTION_POOL = 2_000
/** Distinct envelope bodies the create scenario cycles through. */
const ENVELOPE_BODY_POOL = 1_000

function parseScenarios(list: string): Scenario[] {
  const names = list.split(',').map((name) => name.trim())
  for (const name of names) {
    if (!(SCENARIOS as readonly string[]).includes(name)) {
      throw new Error(`unknown scenario "${name}"; known: ${SCENARIOS.join(', ')}`)
    }
  }
  return SCENARIOS.filter((scenario) => names.includes(scenario))
}

function readSettings() {
  const options = readBenchOptions()
  return {
    ...readLoadSettings(options),
    warmupMaxS: options.positive('warmup-max', 45),
    write: options.boolean('write', true),
    scenarios: parseScenarios(options.text('scenarios', SCENARIOS.join(','))),
    profileDir: options.text('profile', ''),
    bulk: options.boolean('bulk', true),
    bulkCopies: options.positive('bulk-copies', 1000),
  }
}

interface Fixture {
  credentials: DemoCredentials
  accessToken: string
  tokenBodies: string[]
  envelopeBodies: string[]
  paths: Record<'token' | 'list' | 'create', string> & { get: string[] }
}

/**
 * How each scenario is sent; the ceiling gets the same requests (it ignores headers and bodies).
 * Variants are fixed request lists, which autocannon encodes once and cycles through on every
 * connection: rewriting each request in `setupRequest` costs the load generator enough CPU to cap the
 * ceiling well below what it serves.
 */
function scenarioRequests(fixture: Fixture) {
  const bearer = { authorization: `Bearer ${fixture.accessToken}` }
  const requests: Record<Scenario, LoadRequest[]> = {
    token: fixture.tokenBodies.map((body) => ({
      method: 'POST',
      path: fixture.paths.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })),
    list: [{ method: 'GET', path: fixture.paths.list, headers: bearer }],
    get: fixture.paths.get.map((path) => ({ method: 'GET', path, headers: bearer })),
    create: fixture.envelopeBodies.map((body) => ({
      method: 'POST',
      path: fixture.paths.create,
      headers: { ...bearer, 'content-type': 'application/json' },
      body,
    })),
  }
  return (scenario: Scenario): LoadRequest[] => requests[scenario]
}

/** Calls every scenario once on the service, checks the answers, and returns them as ceiling routes. */
async function sampleResponses(baseUrl: string, fixture: Fixture): Promise<CeilingRoute[]> {
  const bearer = { authorization: `Bearer ${fixture.accessToken}` }
  const token = await send('POST', baseUrl + fixture.paths.token, fixture.tokenBodies[0], {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  expectStatus(token, 200, 'token grant')
  const list = await send('GET', baseUrl + fixture.paths.list, undefined, { headers: bearer })
  expectStatus(list, 200, 'template list')
  const listed = JSON.parse(list.body) as { resultSetSize: string }
  if (listed.resultSetSize !== String(fixture.credentials.templates.length)) {
    throw new Error(`template list returned ${listed.resultSetSize} templates`)
  }
  const routes: CeilingRoute[] = [
    { method: 'POST', path: fixture.paths.token, status: 200, body: token.body },
    { method: 'GET', path: fixture.paths.list, status: 200, body: list.body },
  ]
  for (const path of fixture.paths.get) {
    const got = await send('GET', baseUrl + path, undefined, { headers: bearer })
    expectStatus(got, 200, `template get ${path}`)
    routes.push({ method: 'GET', path, status: 200, body: got.body })
  }
  const created = await send('POST', baseUrl + fixture.paths.create, fixture.envelopeBodies[0], {
    headers: { ...bearer, 'content-type': 'application/json' },
  })
  expectStatus(created, 201, 'envelope create')
  routes.push({ method: 'POST', path: fixture.paths.create, status: 201, body: created.body })
  return routes
}

const settings = readSettings()

async function main(): Promise<void> {
  const startedAt = Date.now()
  const loadAtStart = formatLoad()
  const pin = canPin()
  if (pin) pinSelfToCore()
  console.log(
    `envelope-service bench: warm-up in ${settings.warmupS}s slices until steady (at most ${settings.warmupMaxS}s) + ` +
      `${settings.repeats}×${settings.durationS}s, ` +
      `${settings.connections} connections; pinning ${pin ? 'servers core 0, load generator core 1' : 'off'}; ` +
      `load average ${loadAtStart}`,
  )

  // What `npm start` runs: the bundle, built from this checkout's sources.
  const bench = await startBenchService({
    main: serviceMain(undefined),
    pin,
    ...(settings.profileDir ? { profileDir: settings.profileDir } : {}),
  })
  const { service, baseUrl, tempDir, credentials } = bench
  const tokenBodies = await tokenRequestBodies(credentials, ASSERTION_POOL + 1)
  const accessToken = await grantToken(bench, tokenBodies.pop())
  const account = `/restapi/v2.1/accounts/${credentials.accountId}`
  const fixture: Fixture = {
    credentials,
    accessToken,
    tokenBodies,
    envelopeBodies: Array.from({ length: ENVELOPE_BODY_POOL }, (_, index) =>
      JSON.stringify(envelopeDefinition(credentials, index)),
    ),
    paths: {
      token: '/oauth/token',
      list: `${account}/templates?count=100`,
      get: credentials.templates.map((template) => `${account}/templates/${template.templateId}`),
      create: `${account}/envelopes`,
    },
  }
  const routes = await sampleResponses(baseUrl, fixture)
  await waitUntilIdle(service.pid)
  const rssAtStart = residentMiB(service.pid)

  const ceiling = await startCeilingServer({ routes, tempDir, pin })
  onFinish(() => ceiling.stop())
  const ceilingRss = residentMiB(ceiling.pid)

  const requests = scenarioRequests(fixture)
  const contenders: Contender<Scenario, Server>[] = [
    { name: 'ceiling', process: ceiling, requests },
    { name: 'service', process: service, requests },
  ]
  const summaries = await runScenarios({
    scenarios: settings.scenarios,
    contenders,
    warmupS: settings.warmupS,
    warmupMaxS: settings.warmupMaxS,
    durationS: settings.durationS,
    repeats: settings.repeats,
    connections: settings.connections,
    scenarioLabels: SCENARIO_LABELS,
    serverLabels: SERVER_LABELS,
  })

  const report = resultsReport({
    settings,
    pin,
    summaries,
    templateCount: credentials.templates.length,
    bodySizes: Object.fromEntries(
      routes.map((route) => [`${route.method} ${route.path}`, route.body.length]),
    ),
    memory: [
      `envelope-service: RSS ${rssAtStart.toFixed(0)} MiB after start-up and sampling, ${residentMiB(service.pid).toFixed(0)} MiB after the run`,
      `ceiling (node:http under tsx): RSS ${ceilingRss.toFixed(0)} MiB after start`,
    ],
    load: { start: loadAtStart, end: formatLoad() },
    runtimeS: Math.round((Date.now() - startedAt) / 1000),
    fixture: { assertions: tokenBodies.length, envelopeBodies: ENVELOPE_BODY_POOL },
  })
  console.log(`\n${report.console}`)
  if (settings.write) {
    const path = join(packageDir, 'BENCHMARKS.md')
    writeGeneratedSection(path, reportSection(report), '# Envelope service benchmarks')
    console.log(`updated ${path}`)
  }
  if (settings.bulk) {
    const bulk = bulkSendReport(
      await measureBulkSend(bench, accessToken, {
        copies: settings.bulkCopies,
        connections: settings.connections,
      }),
    )
    console.log(`\n${bulk}`)
    if (settings.write) writeBulkSendReport(join(packageDir, 'BENCHMARKS.md'), bulk)
  }
}

const plannedS = settings.scenarios.length * 2 * (settings.warmupMaxS + settings.repeats * settings.durationS)
runBenchmark('envelope-service bench', main, 5 * 60_000 + plannedS * 2_000)
