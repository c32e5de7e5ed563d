/**
 * CPU time per authenticated template get: the service's own CPU (all threads, from /proc/<pid>/stat)
 * over a load run of the bench's template-get scenario, divided by the requests answered. It varies far
 * less with the machine's load than req/s does, so it is the measure for A/B comparisons of the
 * per-request path on a shared machine (BENCHMARKS.md).
 *
 * Usage: npm run bench:get-cpu -w envelope-service -- [--seconds=8] [--rounds=5] [--warmup=3]
 *   [--connections=10] [--main=<path to another checkout's main.ts>] [--profile=<dir>]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  autocannon,
  canPin,
  cpuTicks,
  expectStatus,
  formatLoad,
  freePort,
  onExit,
  onFinish,
  pinSelfToCore,
  runBenchmark,
  send,
  startServer,
  waitUntilIdle,
} from 'bench-kit'
import { serviceEnv, serviceNodeArgs } from './service-env.js'
import { bootstrapDemo, raiseAccountLimits, tokenRequestBodies } from './setup.js'

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const option = (name: string, fallback: string) =>
  process.argv.find((argument) => argument.startsWith(`--${name}=`))?.split('=')[1] ?? fallback
const settings = {
  seconds: Number(option('seconds', '8')),
  rounds: Number(option('rounds', '5')),
  warmup: Number(option('warmup', '3')),
  connections: Number(option('connections', '10')),
  main: resolve(option('main', join(packageDir, 'src/main.ts'))),
  profile: option('profile', ''),
}
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100

async function main() {
  const pin = canPin()
  if (pin) pinSelfToCore()
  const tempDir = mkdtempSync(join(tmpdir(), 'envelope-get-cpu-'))
  onExit(() => rmSync(tempDir, { recursive: true, force: true }))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env = {
    ...serviceEnv(tempDir, `sqlite:${join(tempDir, 'envelopes.sqlite')}`, baseUrl),
    PORT: String(port),
  }
  const credentials = await bootstrapDemo(resolve(dirname(settings.main), '..'), env)
  await raiseAccountLimits(env.DATABASE_URL, credentials.accountId, 1_000_000_000)
  const service = await startServer({
    name: 'envelope-service',
    nodeArgs: serviceNodeArgs(settings.main, settings.profile),
    cwd: resolve(dirname(settings.main), '..'),
    port,
    env,
    readyPath: '/healthz',
    pin,
  })
  onFinish(() => service.stop())
  const granted = await send(
    'POST',
    `${baseUrl}/oauth/token`,
    (await tokenRequestBodies(credentials, 1))[0],
    { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  )
  expectStatus(granted, 200, 'token grant')
  const token = (JSON.parse(granted.body) as { access_token: string }).access_token
  const requests = credentials.templates.map((template) => ({
    method: 'GET',
    path: `/restapi/v2.1/accounts/${credentials.accountId}/templates/${template.templateId}`,
    headers: { authorization: `Bearer ${token}` },
  }))
  for (const request of requests) {
    expectStatus(
      await send('GET', baseUrl + request.path, undefined, { headers: request.headers }),
      200,
      'template get',
    )
  }
  const run = (seconds: number) =>
    autocannon({ url: baseUrl, connections: settings.connections, duration: seconds, requests })
  console.log(`get-cpu: ${settings.main}, load ${formatLoad()}`)
  await run(settings.warmup)
  await waitUntilIdle(service.pid)
  const perRequest: number[] = []
  for (let round = 1; round <= settings.rounds; round++) {
    const before = cpuTicks(service.pid)
    const result = await run(settings.seconds)
    const ticks = cpuTicks(service.pid) - before
    const answered = result['2xx']
    const us = (ticks * 1e6) / TICKS_PER_SECOND / answered
    perRequest.push(us)
    console.log(
      `round ${round}: ${(answered / result.duration).toFixed(0)} req/s, ${result.non2xx + result.errors} failed, ` +
        `CPU ${us.toFixed(1)} µs/request`,
    )
  }
  const sorted = [...perRequest].sort((a, b) => a - b)
  console.log(
    `median CPU: ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} µs/request; load ${formatLoad()}`,
  )
}

runBenchmark('get-cpu', main, 10 * 60_000)
