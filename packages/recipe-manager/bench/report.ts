import { existsSync, readFileSync, writeFileSync } from 'node:fs'

export type ServerName = 'ceiling' | 'json-server' | 'service'
export type ScenarioKey = 'selective' | 'common' | 'get' | 'create'

export const SERVER_LABELS: Record<ServerName, string> = {
  ceiling: 'ceiling (node:http)',
  'json-server': 'json-server 0.17',
  service: 'recipe-manager',
}

/** One autocannon measurement, reduced to what the report needs. */
export interface Measurement {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Responses that were not 2xx, plus connection errors and timeouts. */
  failures: number
}

export interface Summary extends Measurement {
  scenario: ScenarioKey
  server: ServerName
  runs: number
}

export interface Target {
  name: string
  measured: string
  pass: boolean | undefined
}

export interface ReportInput {
  date: string
  machine: string[]
  method: string[]
  dataset: string[]
  scenarioLabels: Record<ScenarioKey, string>
  summaries: Summary[]
  memory: string[]
  targets: Target[]
  notes: string[]
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export function summarise(scenario: ScenarioKey, server: ServerName, runs: readonly Measurement[]): Summary {
  return {
    scenario,
    server,
    runs: runs.length,
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p99Ms: median(runs.map((run) => run.p99Ms)),
    failures: runs.reduce((total, run) => total + run.failures, 0),
  }
}

function formatRate(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1)
}

function formatMs(value: number): string {
  if (value < 1) return '< 1'
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(value >= 10 ? 1 : 2)
}

function formatRatio(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return 'n/a'
  return value >= 10 ? `${Math.round(value).toLocaleString('en-US')}×` : `${value.toFixed(2)}×`
}

function find(summaries: readonly Summary[], scenario: ScenarioKey, server: ServerName): Summary | undefined {
  return summaries.find((summary) => summary.scenario === scenario && summary.server === server)
}

export function ratio(
  summaries: readonly Summary[],
  scenario: ScenarioKey,
  over: ServerName,
): number | undefined {
  const service = find(summaries, scenario, 'service')
  const other = find(summaries, scenario, over)
  if (!service || !other || other.requestsPerSecond === 0) return undefined
  return service.requestsPerSecond / other.requestsPerSecond
}

/** Markdown table of medians: one row per scenario and server, ratios on the service's row. */
export function resultsTable(input: Pick<ReportInput, 'summaries' | 'scenarioLabels'>): string {
  const rows = [
    '| Scenario | Server | req/s | p50 ms | p99 ms | failed | service ÷ ceiling | service ÷ json-server |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ]
  for (const scenario of Object.keys(input.scenarioLabels) as ScenarioKey[]) {
    for (const summary of input.summaries.filter((candidate) => candidate.scenario === scenario)) {
      const isService = summary.server === 'service'
      rows.push(
        [
          '',
          input.scenarioLabels[scenario],
          SERVER_LABELS[summary.server],
          formatRate(summary.requestsPerSecond),
          formatMs(summary.p50Ms),
          formatMs(summary.p99Ms),
          String(summary.failures),
          isService ? formatRatio(ratio(input.summaries, scenario, 'ceiling')) : '',
          isService ? formatRatio(ratio(input.summaries, scenario, 'json-server')) : '',
          '',
        ]
          .join(' | ')
          .trim(),
      )
    }
  }
  return rows.join('\n')
}

export function targetsTable(targets: readonly Target[]): string {
  const rows = ['| Target | Measured | Result |', '|---|---|---|']
  for (const target of targets) {
    const verdict = target.pass === undefined ? 'n/a' : target.pass ? 'PASS' : 'FAIL'
    rows.push(`| ${target.name} | ${target.measured} | ${verdict} |`)
  }
  return rows.join('\n')
}

const list = (lines: readonly string[]) => lines.map((line) => `- ${line}`).join('\n')

export function resultsSection(input: ReportInput): string {
  return [
    `## Results (generated ${input.date})`,
    '',
    'Written by `npm run bench -w recipe-manager`; everything below this heading is replaced on each run.',
    '',
    '### Machine',
    '',
    list(input.machine),
    '',
    '### Method',
    '',
    list(input.method),
    '',
    '### Data set',
    '',
    list(input.dataset),
    '',
    '### Medians',
    '',
    resultsTable(input),
    '',
    '### Memory',
    '',
    list(input.memory),
    '',
    '### Targets',
    '',
    targetsTable(input.targets),
    ...(input.notes.length > 0 ? ['', '### Notes', '', list(input.notes)] : []),
    '',
  ].join('\n')
}

const GENERATED_HEADING = /^## Results \(generated /m

/** Replaces the generated section of BENCHMARKS.md, keeping the hand-written text above it. */
export function writeBenchmarksFile(path: string, section: string): void {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '# Recipe manager benchmarks\n'
  const match = GENERATED_HEADING.exec(current)
  const handWritten = (match ? current.slice(0, match.index) : current).trimEnd()
  writeFileSync(path, `${handWritten}\n\n${section}`)
}
