import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { autocannon, canPin, cpuTicks, pinSelfToCore, runBenchmark } from 'bench-kit'
import { grantToken, startBenchService } from './service-env.js'

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
