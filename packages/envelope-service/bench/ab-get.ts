/**
 * A/B of the per-request CPU of an authenticated template get between two checkouts of the service:
 * both run at once, pinned to the same core, and are loaded in alternating one-second bursts, so both
 * see the same machine; CPU ticks and answers are summed per side. On a VM whose speed drifts by 20%
 * from minute to minute, this separates changes of a few percent that back-to-back runs cannot.
 *
 * Usage: npm run bench:ab-get -w envelope-service -- --a=<main.ts> --b=<main.ts> [--a-env=K=V,...]
 *   [--b-env=K=V,...] [--bursts=30] [--seconds=1]; a side's main.ts defaults to this checkout's.
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
  freePort,
  onExit,
  onFinish,
  pinSelfToCore,
  runBenchmark,
  send,
  startServer,
} from 'bench-kit'
import { packageDirOf, serviceEnv, serviceNodeArgs } from './service-env.js'
import { bootstrapDemo, raiseAccountLimits, tokenRequestBodies } from './setup.js'

const option = (name: string, fallback: string) => {
  const given = process.argv.find((argument) => argument.startsWith(`--${name}=`))
  return given === undefined ? fallback : given.slice(name.length + 3)
}
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** `K=V,K2=V2` as environment variables. */
const envOf = (list: string): Record<string, string> =>
  Object.fromEntries(
    list
      .split(',')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  )

async function startSide(main: string, extraEnv: Record<string, string>, pin: boolean) {
  const tempDir = mkdtempSync(join(tmpdir(), 'envelope-ab-'))
  onExit(() => rmSync(tempDir, { recursive: true, force: true }))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env = {
    ...serviceEnv(tempDir, `sqlite:${join(tempDir, 'envelopes.sqlite')}`, baseUrl),
    PORT: String(port),
    ...extraEnv,
  }
  const credentials = await bootstrapDemo(packageDirOf(main), env)
  await raiseAccountLimits(env.DATABASE_URL, credentials.accountId, 1_000_000_000)
  const service = await startServer({
    name: main,
    nodeArgs: serviceNodeArgs(main),
    cwd: packageDirOf(main),
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
    {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  )
  expectStatus(granted, 200, 'token grant')
  const token = (JSON.parse(granted.body) as { access_token: string }).access_token
  const requests = credentials.templates.map((template) => ({
    method: 'GET',
    path: `/restapi/v2.1/accounts/${credentials.accountId}/templates/${template.templateId}`,
    headers: { authorization: `Bearer ${token}` },
  }))
  return { service, baseUrl, requests, ticks: 0, answered: 0 }
}

async function main() {
  const pin = canPin()
  if (pin) pinSelfToCore()
  const defaultMain = join(packageDir, 'src/main.ts')
  const sides = [
    await startSide(resolve(option('a', defaultMain)), envOf(option('a-env', '')), pin),
    await startSide(resolve(option('b', defaultMain)), envOf(option('b-env', '')), pin),
  ]
  const bursts = Number(option('bursts', '30'))
  const seconds = Number(option('seconds', '1'))
  for (const side of sides)
    await autocannon({ url: side.baseUrl, connections: 10, duration: 3, requests: side.requests })
  for (let burst = 0; burst < bursts; burst++) {
    for (const side of burst % 2 === 0 ? sides : [...sides].reverse()) {
      const before = cpuTicks(side.service.pid)
      const result = await autocannon({
        url: side.baseUrl,
        connections: 10,
        duration: seconds,
        requests: side.requests,
      })
      side.ticks += cpuTicks(side.service.pid) - before
      side.answered += result['2xx']
    }
  }
  const [a, b] = sides.map((side) => (side.ticks * 1e4) / side.answered) as [number, number]
  console.log(`A ${a.toFixed(1)} µs/request, B ${b.toFixed(1)} µs/request, B/A ${(b / a).toFixed(3)}`)
}

runBenchmark('ab-get', main, 20 * 60_000)
