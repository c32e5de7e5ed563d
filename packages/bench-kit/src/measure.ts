import { autocannon, type LoadRequest, staggeredClients } from './autocannon.js'
import { CLOCK_TICKS_PER_SECOND, cpuTicks, type ServerProcess, waitUntilIdle } from './processes.js'

/** One load-generator run, reduced to what a report needs. */
export interface Measurement {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Responses that were not 2xx, plus connection errors and timeouts. */
  failures: number
  /**
   * CPU time the server process spent per response (user + system, all its threads, from /proc), in µs:
   * from just before the run to the end of the work it left queued. Unlike req/s it barely depends on
   * what else the machine runs, and a server busy on its own core answers about 1 / this per second.
   * Absent where /proc cannot be read.
   */
  cpuUsPerRequest?: number
  /**
   * CPU time this process (the load generator, autocannon) spent per response during the run, in µs. It
   * is not a constant: against a slower server fewer responses arrive per wake-up, so each costs the
   * generator (and the server) more; where it nears a whole core, the generator, not the server, sets
   * req/s (recipe-manager BENCHMARKS.md, "The load generator's share").
   */
  generatorCpuUsPerRequest?: number
}

/** Medians over the measured runs of one scenario against one server. */
export interface Summary<Scenario extends string = string, Server extends string = string>
  extends Measurement {
  scenario: Scenario
  server: Server
  runs: number
  /** req/s of each warm-up slice, in order (one slice unless the plan warms up until steady). */
  warmup: number[]
}

export interface LoadSettings {
  connections: number
  /** autocannon's per-request timeout in seconds. */
  timeoutS?: number
  /**
   * Start each connection at a different point of a multi-request list (see `staggeredClients`), so a
   * server's response cache cannot answer connections walking the list in step. Off by default.
   */
  staggerConnections?: boolean
}

/**
 * Runs `requests` against `server` for `seconds`, then waits until the server has finished the work the
 * run left queued. req/s counts 2xx responses only.
 */
export async function measure(
  server: ServerProcess,
  requests: LoadRequest[],
  seconds: number,
  settings: LoadSettings,
): Promise<Measurement> {
  const ticksBefore = serverTicks(server.pid)
  const generatorBefore = process.cpuUsage()
  const result = await autocannon({
    url: server.baseUrl,
    connections: settings.connections,
    duration: seconds,
    timeout: settings.timeoutS ?? 30,
    requests,
    ...(settings.staggerConnections ? { setupClient: staggeredClients(requests, settings.connections) } : {}),
  })
  const generator = process.cpuUsage(generatorBefore)
  await waitUntilIdle(server.pid)
  const ticksAfter = serverTicks(server.pid)
  const responses = result['2xx'] + result.non2xx
  return {
    requestsPerSecond: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    ...(ticksBefore === undefined || ticksAfter === undefined || responses === 0
      ? {}
      : { cpuUsPerRequest: ((ticksAfter - ticksBefore) * 1e6) / CLOCK_TICKS_PER_SECOND / responses }),
    ...(responses === 0 ? {} : { generatorCpuUsPerRequest: (generator.user + generator.system) / responses }),
  }
}

/** The server's CPU ticks, or undefined where /proc is missing (not Linux). */
function serverTicks(pid: number): number | undefined {
  try {
    return cpuTicks(pid)
  } catch {
    return undefined
  }
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

export function summarise<Scenario extends string, Server extends string>(
  scenario: Scenario,
  server: Server,
  runs: readonly Measurement[],
  warmup: readonly number[] = [],
): Summary<Scenario, Server> {
  const cpu = runs.map((run) => run.cpuUsPerRequest)
  const generator = runs.map((run) => run.generatorCpuUsPerRequest)
  return {
    scenario,
    server,
    runs: runs.length,
    warmup: [...warmup],
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p99Ms: median(runs.map((run) => run.p99Ms)),
    failures: runs.reduce((total, run) => total + run.failures, 0),
    ...(cpu.length > 0 && cpu.every((value) => value !== undefined)
      ? { cpuUsPerRequest: median(cpu as number[]) }
      : {}),
    ...(generator.length > 0 && generator.every((value) => value !== undefined)
      ? { generatorCpuUsPerRequest: median(generator as number[]) }
      : {}),
  }
}

/** A server under test and how each scenario is expressed against it. */
export interface Contender<Scenario extends string, Server extends string> {
  name: Server
  process: ServerProcess
  requests(scenario: Scenario): LoadRequest[]
}

export interface ScenarioPlan<Scenario extends string, Server extends string> extends LoadSettings {
  scenarios: readonly Scenario[]
  contenders: readonly Contender<Scenario, Server>[]
  /** Length of one warm-up slice. */
  warmupS: number
  /**
   * Keep warming up, slice after slice, until the rate stops rising (`isSteady`) or this many seconds
   * have passed (default: `warmupS`, one slice).
   */
  warmupMaxS?: number
  /** How much faster than the best earlier slice a warm-up slice may be and count as steady (default `STEADY_WITHIN`). */
  steadyWithin?: number
  durationS: number
  repeats: number
  /** Names used in progress lines (default: the keys). */
  scenarioLabels?: Record<Scenario, string>
  serverLabels?: Record<Server, string>
  /** Progress lines (default: console.log). */
  log?: (line: string) => void
}

/** The default `steadyWithin`: a slice at most 10% faster than the best before it counts as level. */
export const STEADY_WITHIN = 0.1

/**
 * Whether a warm-up has reached steady state: neither of its last two slices is faster by more than
 * `within` than the best slice before them. Two slices, because one slice of a few seconds can dip on a
 * shared machine and end the warm-up early. V8 compiles a function with its optimizing tier only after
 * many calls, so a route whose code runs once per request can take tens of seconds of load to reach
 * the speed it then keeps (envelope create: about 20 s on Node 20, see the envelope service's
 * BENCHMARKS.md).
 */
export function isSteady(rates: readonly number[], within: number): boolean {
  if (rates.length < 3) return false
  const best = Math.max(...rates.slice(0, -2))
  return rates.slice(-2).every((rate) => rate <= best * (1 + within))
}

/**
 * Warms `contender` up for `scenario`: one slice of `warmupS`, or, with `warmupMaxS`, slices until the
 * rate stops rising (`isSteady`) or the time is up. Returns each slice's req/s.
 */
async function warmUp<Scenario extends string, Server extends string>(
  plan: ScenarioPlan<Scenario, Server>,
  contender: Contender<Scenario, Server>,
  scenario: Scenario,
): Promise<number[]> {
  const maxS = Math.max(plan.warmupS, plan.warmupMaxS ?? plan.warmupS)
  const rates: number[] = []
  for (let spentS = 0; spentS < maxS; spentS += plan.warmupS) {
    const slice = await measure(contender.process, contender.requests(scenario), plan.warmupS, plan)
    rates.push(slice.requestsPerSecond)
    if (isSteady(rates, plan.steadyWithin ?? STEADY_WITHIN)) break
  }
  return rates
}

const formatRates = (rates: readonly number[]) => rates.map((rate) => rate.toFixed(0)).join(', ')

/**
 * For each scenario: a warm-up per contender (see `warmUp`), then `repeats` rounds, each measuring every
 * contender once in the given order, so a burst of outside load hits all of them alike instead of one
 * contender's whole scenario. Returns the medians per scenario and contender.
 */
export async function runScenarios<Scenario extends string, Server extends string>(
  plan: ScenarioPlan<Scenario, Server>,
): Promise<Summary<Scenario, Server>[]> {
  const log = plan.log ?? ((line: string) => console.log(line))
  const scenarioName = (scenario: Scenario) => plan.scenarioLabels?.[scenario] ?? scenario
  const serverName = (server: Server) => plan.serverLabels?.[server] ?? server
  const summaries: Summary<Scenario, Server>[] = []
  for (const scenario of plan.scenarios) {
    const warmups = new Map<Server, number[]>()
    for (const contender of plan.contenders) {
      const rates = await warmUp(plan, contender, scenario)
      warmups.set(contender.name, rates)
      log(
        `${scenarioName(scenario)} · ${serverName(contender.name)}: warmed up ` +
          `(${rates.length} × ${plan.warmupS} s: ${formatRates(rates)} req/s)`,
      )
    }
    const runs = new Map<Server, Measurement[]>(plan.contenders.map((contender) => [contender.name, []]))
    for (let round = 1; round <= plan.repeats; round++) {
      for (const contender of plan.contenders) {
        const measurement = await measure(
          contender.process,
          contender.requests(scenario),
          plan.durationS,
          plan,
        )
        runs.get(contender.name)?.push(measurement)
        log(
          `${scenarioName(scenario)} · ${serverName(contender.name)} · run ${round}: ${measurement.requestsPerSecond.toFixed(1)} req/s, ` +
            `p50 ${measurement.p50Ms} ms, p99 ${measurement.p99Ms} ms` +
            (measurement.cpuUsPerRequest === undefined
              ? ''
              : `, ${measurement.cpuUsPerRequest.toFixed(0)} µs CPU per request`) +
            (measurement.failures > 0 ? `, ${measurement.failures} failed` : ''),
        )
      }
    }
    for (const contender of plan.contenders) {
      summaries.push(
        summarise(scenario, contender.name, runs.get(contender.name) ?? [], warmups.get(contender.name)),
      )
    }
  }
  return summaries
}

/**
 * `over`'s median CPU per request divided by `subject`'s in `scenario`: what `ratio` would read if both
 * servers were CPU-bound on an otherwise idle core (throughput ≈ 1 / CPU per request), so it holds on a
 * loaded machine where req/s does not. Undefined when either was not measured.
 */
export function cpuRatio<Scenario extends string, Server extends string>(
  summaries: readonly Summary<Scenario, Server>[],
  scenario: Scenario,
  subject: Server,
  over: Server,
): number | undefined {
  const find = (server: Server) =>
    summaries.find((summary) => summary.scenario === scenario && summary.server === server)?.cpuUsPerRequest
  const mine = find(subject)
  const other = find(over)
  if (mine === undefined || other === undefined || mine === 0) return undefined
  return other / mine
}

/** `subject`'s median req/s over `over`'s in `scenario`, or undefined when either was not measured. */
export function ratio<Scenario extends string, Server extends string>(
  summaries: readonly Summary<Scenario, Server>[],
  scenario: Scenario,
  subject: Server,
  over: Server,
): number | undefined {
  const find = (server: Server) =>
    summaries.find((summary) => summary.scenario === scenario && summary.server === server)
  const mine = find(subject)
  const other = find(over)
  if (!mine || !other || other.requestsPerSecond === 0) return undefined
  return mine.requestsPerSecond / other.requestsPerSecond
}
