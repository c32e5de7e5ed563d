/**
 * A/B of the per-request CPU of an authenticated template get between two builds of the service: both
 * run at once, pinned to the same core, and are loaded in alternating one-second bursts, so both see
 * the same machine; CPU ticks and answers are summed per side. Its own noise on a drifting VM can still
 * exceed a few percent (BENCHMARKS.md, "Template get as bytes"): run it more than once, sides swapped.
 *
 * Usage: npm run bench:ab-get -w envelope-service -- [--a=<entry>] [--b=<entry>] [--a-env=K=V,...]
 *   [--b-env=K=V,...] [--bursts=30] [--seconds=1]; a side defaults to this checkout's bundle (built
 *   first, as `npm start` runs it); an entry ending in .ts runs under tsx.
 */
import { resolve } from 'node:path'
import { autocannon, canPin, cpuTicks, pinSelfToCore, runBenchmark } from 'bench-kit'
import { grantToken, serviceMain, startBenchService } from './service-env.js'

const option = (name: string, fallback: string) => {
  const given = process.argv.find((argument) => argument.startsWith(`--${name}=`))
  return given === undefined ? fallback : given.slice(name.length + 3)
}
/** `K=V,K2=V2` as environment variables. */
const envOf = (list: string): Record<string, string> =>
  Object.fromEntries(
    list
      .split(',')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  )

async function startSide(main: string, extraEnv: Record<string, string>, pin: boolean) {
  const bench = await startBenchService({ main, pin, env: extraEnv, name: main })
  const token = await grantToken(bench)
  const { accountId, templates } = bench.credentials
  const requests = templates.map((template) => ({
    method: 'GET',
    path: `/restapi/v2.1/accounts/${accountId}/templates/${template.templateId}`,
    headers: { authorization: `Bearer ${token}` },
  }))
  return { service: bench.service, baseUrl: bench.baseUrl, requests, ticks: 0, answered: 0 }
}

async function main() {
  const pin = canPin()
  if (pin) pinSelfToCore()
  const given = { a: option('a', ''), b: option('b', '') }
  const bundle = given.a && given.b ? '' : serviceMain(undefined)
  const sides = [
    await startSide(given.a ? resolve(given.a) : bundle, envOf(option('a-env', '')), pin),
    await startSide(given.b ? resolve(given.b) : bundle, envOf(option('b-env', '')), pin),
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
