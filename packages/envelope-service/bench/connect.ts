/**
 * Connect delivery benchmark (issue 10): the real service (`src/main.ts`) delivering signed events to
 * a node:http receiver in another process that verifies every HMAC. See BENCHMARKS.md, "Connect
 * delivery".
 *
 * 1. Latency: envelopes signed one after the other; from the finish response to `envelope-completed`
 *    at the receiver. Target p99 < 250 ms.
 * 2. Throughput: events queued through the real write path with no service process running, then the
 *    receiver and the service (SQLite: one process; PostgreSQL: two) start; distinct deliveries per
 *    second from the first arrival to the last. Target ≥ 1,000/s. The ceiling: a bare node:http client
 *    posting the same signed bodies to the same receiver with the sender's per-target concurrency.
 *
 * Options (flag or environment variable): --envelopes / BENCH_ENVELOPES (200), --events /
 * BENCH_EVENTS (5000), --queue / BENCH_QUEUE (events: the outbox rows wait, so the fan-out and the
 * sender are measured together; deliveries: they are fanned out before the services start, so the
 * sender is measured alone), --databases / BENCH_DATABASES (sqlite,postgres; PostgreSQL only with
 * BENCH_POSTGRES_URL or TEST_POSTGRES_URL), --phases / BENCH_PHASES (latency,throughput),
 * --write / BENCH_WRITE (false: true fills the generated block of BENCHMARKS.md's Connect section),
 * --profile / BENCH_PROFILE (a directory for the services' `--cpu-prof` profiles).
 * Run: `npm run bench:connect -w envelope-service`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  expectStatus,
  formatLoad,
  freePort,
  onExit,
  onFinish,
  readBenchOptions,
  runBenchmark,
  type ServerProcess,
  send,
  startServer,
} from 'bench-kit'
import { ensureDevelopmentSeal } from '../src/completion/development-seal.js'
import { DEFAULT_PER_TARGET_LIMIT } from '../src/connect/delivery/sender.js'
import { type QueueStage, queueEvents } from './connect-envelopes.js'
import { awaitQueuedDeliveries, baseline, measureLatency } from './connect-measure.js'
import { type BenchReceiver, startBenchReceiver } from './connect-protocol.js'
import { connectReport, connectSection, type DatabaseRun, writeConnectSection } from './connect-report.js'
import { watchRun } from './connect-watch.js'
import { scratchSchema } from './scratch-schema.js'
import { serviceEnv, serviceNodeArgs } from './service-env.js'
import { bootstrapDemo, raiseAccountLimits, tokenRequestBodies } from './setup.js'

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const PHASES = ['latency', 'throughput'] as const
type Phase = (typeof PHASES)[number]
type DatabaseKind = DatabaseRun['database']

function readSettings() {
  const options = readBenchOptions()
  const list = <T extends string>(flag: string, known: readonly T[]): T[] => {
    const names = options
      .text(flag, known.join(','))
      .split(',')
      .map((name) => name.trim())
    for (const name of names) {
      if (!(known as readonly string[]).includes(name)) throw new Error(`unknown ${flag} "${name}"`)
    }
    return known.filter((name) => names.includes(name))
  }
  return {
    envelopes: options.positive('envelopes', 200),
    events: options.positive('events', 5_000),
    databases: list<DatabaseKind>('databases', ['sqlite', 'postgres']),
    phases: list<Phase>('phases', PHASES),
    queue: queueStage(options.text('queue', 'events')),
    write: options.boolean('write', false),
    profileDir: options.text('profile', ''),
    postgresUrl: process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? '',
  }
}

function queueStage(value: string): QueueStage {
  if (value !== 'events' && value !== 'deliveries') throw new Error(`queue must be events or deliveries`)
  return value
}

const settings = readSettings()
const LATENCY_WARMUP = 5

/** A database for one run: a SQLite file in the run's directory, or a schema of its own on PostgreSQL. */
function databaseUrlFor(kind: DatabaseKind, tempDir: string): { url: string; drop: () => Promise<void> } {
  if (kind === 'sqlite') return { url: `sqlite:${join(tempDir, 'envelopes.sqlite')}`, drop: async () => {} }
  return scratchSchema(settings.postgresUrl, 'bench_connect')
}

async function startServices(count: number, env: Record<string, string>, ports: number[]) {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      startServer({
        name: `envelope-service ${index + 1}`,
        nodeArgs: serviceNodeArgs(join(packageDir, 'src/main.ts'), settings.profileDir),
        cwd: packageDir,
        port: ports[index] as number,
        env: { ...env, PORT: String(ports[index]) },
        readyPath: '/healthz',
        // Start-up (tsx, schema compilation) takes tens of seconds on a loaded machine.
        readyTimeoutMs: 180_000,
        // Not pinned: two service processes, the receiver and (on PostgreSQL) the database share the cores.
        pin: false,
      }),
    ),
  )
}

async function benchDatabase(kind: DatabaseKind): Promise<DatabaseRun> {
  const processes = kind === 'postgres' ? 2 : 1
  const tempDir = mkdtempSync(join(tmpdir(), 'connect-bench-'))
  onExit(() => rmSync(tempDir, { recursive: true, force: true }))
  const database = databaseUrlFor(kind, tempDir)
  const ports = await Promise.all(Array.from({ length: processes }, () => freePort()))
  const baseUrl = `http://127.0.0.1:${ports[0]}`
  const env = {
    ...serviceEnv(tempDir, database.url, baseUrl),
    DATA_DIR: tempDir,
    CONNECT_ALLOW_PRIVATE_URLS: 'true',
  }
  const run: DatabaseRun = { database: kind, processes }
  let services: ServerProcess[] = []
  let receiver: BenchReceiver | undefined
  try {
    const credentials = await bootstrapDemo(packageDir, env)
    await raiseAccountLimits(env.DATABASE_URL, credentials.accountId, 1_000_000_000)
    // Made now, not by the first completion round of a service: its RSA key and PKCS#12 encryption
    // would otherwise run during the measurements (and two processes could each write one).
    await ensureDevelopmentSeal(env.SEAL_DEVELOPMENT_FILE, '')
    const receiverPort = await freePort()
    const receiverUrl = `http://127.0.0.1:${receiverPort}/connect`

    let throughputConfiguration: string | undefined
    if (settings.phases.includes('throughput')) {
      const queued = await queueEvents({
        databaseUrl: env.DATABASE_URL,
        env,
        credentials,
        url: receiverUrl,
        events: settings.events,
        stage: settings.queue,
      })
      throughputConfiguration = queued.connectId
      console.log(
        `${kind}: queued ${queued.events} events of ${queued.envelopes} envelopes with no service running` +
          (settings.queue === 'deliveries' ? ', fanned out already' : ''),
      )
      receiver = await startBenchReceiver(receiverPort)
      await receiver.reset({
        secrets: [queued.secret],
        expected: queued.events,
        notify: false,
        keepBodies: true,
      })
      services = await startServices(processes, env, ports)
      for (const service of services) onFinish(() => service.stop())
      const watch = watchRun(
        env.DATABASE_URL,
        services.map((service) => service.pid),
      )
      const timeoutMs = 120_000 + queued.events * 20
      const { throughput, bodies, arrivals } = await awaitQueuedDeliveries(receiver, queued.events, timeoutMs)
      const observed = await watch.stop(arrivals)
      throughput.cpuMsPerDelivery = observed.cpuMsPerDelivery
      if (settings.queue === 'events') throughput.fanOutLagMs = observed.fanOutDoneAt - throughput.firstAt
      console.log(
        `${kind}: ${throughput.deliveries} deliveries in ${(throughput.elapsedMs / 1000).toFixed(2)} s, ` +
          `${throughput.perSecond.toFixed(0)}/s, ${observed.cpuMsPerDelivery.toFixed(2)} ms of service CPU each`,
      )
      const ceiling = await baseline(receiver, bodies, [queued.secret], DEFAULT_PER_TARGET_LIMIT, timeoutMs)
      console.log(
        `${kind}: ceiling ${ceiling.perSecond.toFixed(0)}/s, ${ceiling.cpuMsPerDelivery?.toFixed(2)} ms of client CPU each`,
      )
      run.throughput = { service: throughput, baseline: ceiling, queuedEnvelopes: queued.envelopes }
    } else {
      receiver = await startBenchReceiver(receiverPort)
      services = await startServices(processes, env, ports)
      for (const service of services) onFinish(() => service.stop())
    }

    if (settings.phases.includes('latency')) {
      const [assertion] = await tokenRequestBodies(credentials, 1)
      const granted = await send('POST', `${baseUrl}/oauth/token`, assertion, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      expectStatus(granted, 200, 'token grant')
      const bearer = (JSON.parse(granted.body) as { access_token: string }).access_token
      if (throughputConfiguration) {
        const removed = await send(
          'DELETE',
          `${baseUrl}/restapi/v2.1/accounts/${credentials.accountId}/connect/${throughputConfiguration}`,
          undefined,
          { headers: { authorization: `Bearer ${bearer}` } },
        )
        expectStatus(removed, 200, 'deleting the throughput configuration')
      }
      run.latency = await measureLatency({
        baseUrl,
        accountId: credentials.accountId,
        bearer,
        receiver,
        envelopes: settings.envelopes,
        warmup: LATENCY_WARMUP,
        eventTimeoutMs: 30_000,
      })
    }
    return run
  } finally {
    for (const service of services) await service.stop()
    receiver?.stop()
    await database.drop()
  }
}

async function main(): Promise<void> {
  const startedAt = Date.now()
  const loadAtStart = formatLoad()
  const databases = settings.databases.filter((kind) => kind === 'sqlite' || settings.postgresUrl !== '')
  if (databases.length < settings.databases.length) {
    console.log('PostgreSQL skipped: set BENCH_POSTGRES_URL or TEST_POSTGRES_URL')
  }
  console.log(
    `connect bench: ${settings.envelopes} envelopes (latency), ${settings.events} events (throughput), ` +
      `${databases.join(' and ')}; load average ${loadAtStart}`,
  )
  const runs: DatabaseRun[] = []
  for (const kind of databases) runs.push(await benchDatabase(kind))
  const report = connectReport({
    runs,
    concurrency: DEFAULT_PER_TARGET_LIMIT,
    queue: settings.queue,
    load: { start: loadAtStart, end: formatLoad() },
    runtimeS: Math.round((Date.now() - startedAt) / 1000),
  })
  console.log(`\n${report.console}`)
  if (settings.write) {
    const path = join(packageDir, 'BENCHMARKS.md')
    writeConnectSection(path, connectSection(report))
    console.log(`updated ${path}`)
  }
}

runBenchmark('connect bench', main, 30 * 60_000)
