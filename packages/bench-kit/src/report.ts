import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { cpuRatio, ratio, type Summary } from './measure.js'

export function formatRate(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1)
}

/** autocannon latencies have 1 ms resolution: below that reads "< 1". */
export function formatMs(value: number): string {
  if (value < 1) return '< 1'
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(value >= 10 ? 1 : 2)
}

export function formatRatio(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return 'n/a'
  return value >= 10 ? `${Math.round(value).toLocaleString('en-US')}×` : `${value.toFixed(2)}×`
}

export function formatPercent(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? 'n/a' : `${(value * 100).toFixed(1)}%`
}

export interface ResultsTableInput<Scenario extends string, Server extends string> {
  summaries: readonly Summary<Scenario, Server>[]
  /** Row order and labels. */
  scenarioLabels: Record<Scenario, string>
  serverLabels: Record<Server, string>
  /** The server whose rows carry the ratio columns. */
  subject: Server
  /** One ratio column per reference server: subject's req/s ÷ that server's. */
  ratioOver: readonly Server[]
  /** Shorter server names for the ratio column headings (default: `serverLabels`). */
  ratioLabels?: Partial<Record<Server, string>>
  /** How ratios are written (default `formatRatio`, e.g. 0.42×). */
  formatRatioCell?: (value: number | undefined) => string
  /**
   * Adds the server's CPU µs per request and, on the subject's rows, one CPU ratio per reference server
   * (`cpuRatio`: the reference's CPU per request ÷ the subject's). Off by default.
   */
  cpuColumns?: boolean
}

/** CPU µs per request: whole microseconds, or "n/a" when it was not measured. */
function formatCpuUs(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return 'n/a'
  return value >= 10 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1)
}

/** Markdown table of medians: one row per scenario and server, ratios on the subject's rows. */
export function resultsTable<Scenario extends string, Server extends string>(
  input: ResultsTableInput<Scenario, Server>,
): string {
  const format = input.formatRatioCell ?? formatRatio
  const headLabel = (server: Server) => input.ratioLabels?.[server] ?? input.serverLabels[server]
  const ratioHeads = input.ratioOver
    .map((over) => ` ${headLabel(input.subject)} ÷ ${headLabel(over)} |`)
    .join('')
  const cpuHeads = input.cpuColumns
    ? ` CPU µs/req |${input.ratioOver.map((over) => ` CPU: ${headLabel(over)} ÷ ${headLabel(input.subject)} |`).join('')}`
    : ''
  const cpuRule = input.cpuColumns ? `---:|${input.ratioOver.map(() => '---:|').join('')}` : ''
  const rows = [
    `| Scenario | Server | req/s | p50 ms | p99 ms | failed |${ratioHeads}${cpuHeads}`,
    `|---|---|---:|---:|---:|---:|${input.ratioOver.map(() => '---:|').join('')}${cpuRule}`,
  ]
  for (const scenario of Object.keys(input.scenarioLabels) as Scenario[]) {
    for (const summary of input.summaries.filter((candidate) => candidate.scenario === scenario)) {
      const isSubject = summary.server === input.subject
      const cells = [
        input.scenarioLabels[scenario],
        input.serverLabels[summary.server],
        formatRate(summary.requestsPerSecond),
        formatMs(summary.p50Ms),
        formatMs(summary.p99Ms),
        String(summary.failures),
        ...input.ratioOver.map((over) =>
          isSubject ? format(ratio(input.summaries, scenario, input.subject, over)) : '',
        ),
        ...(input.cpuColumns
          ? [
              formatCpuUs(summary.cpuUsPerRequest),
              ...input.ratioOver.map((over) =>
                isSubject ? format(cpuRatio(input.summaries, scenario, input.subject, over)) : '',
              ),
            ]
          : []),
      ]
      rows.push(`| ${cells.join(' | ')} |`.replace(/ {2}\|/g, ' |'))
    }
  }
  return rows.join('\n')
}

/** A target with what was measured; `pass` undefined when it could not be judged. */
export interface Target {
  name: string
  measured: string
  pass: boolean | undefined
}

export function targetsTable(targets: readonly Target[]): string {
  const rows = ['| Target | Measured | Result |', '|---|---|---|']
  for (const target of targets) {
    const verdict = target.pass === undefined ? 'n/a' : target.pass ? 'PASS' : 'FAIL'
    rows.push(`| ${target.name} | ${target.measured} | ${verdict} |`)
  }
  return rows.join('\n')
}

/** One sentence per contender and scenario that had failed requests; none when all succeeded. */
export function failureNotes<Scenario extends string, Server extends string>(
  summaries: readonly Summary<Scenario, Server>[],
  labels: { scenarios: Record<Scenario, string>; servers: Record<Server, string> },
): string[] {
  return summaries
    .filter((summary) => summary.failures > 0)
    .map(
      (summary) =>
        `${labels.servers[summary.server]} answered ${summary.failures} requests of "${labels.scenarios[summary.scenario]}" with an error, non-2xx status or timeout; only 2xx responses count towards req/s.`,
    )
}

/** Markdown bullet list. */
export const bulletList = (lines: readonly string[]) => lines.map((line) => `- ${line}`).join('\n')

/** Load averages (1, 5, 15 min), e.g. "0.42, 0.80, 1.10". */
export const formatLoad = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')

/** CPU model, core count, memory and Node version, one line each. */
export function machineDescription(): string[] {
  const cpuModel =
    /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model
  return [
    `CPU: ${cpuModel ?? 'unknown'}, ${cpus().length} cores`,
    `Memory: ${Math.round(totalmem() / 2 ** 30)} GiB`,
    `Node ${process.version} on ${process.platform} ${process.arch}`,
  ]
}

/** The generated part of a BENCHMARKS.md starts with this heading; everything above it is hand-written. */
export const GENERATED_HEADING_PREFIX = '## Results (generated '

/** The heading that starts a generated section, stamped with `date` (ISO 8601). */
export const generatedHeading = (date = new Date()) =>
  `${GENERATED_HEADING_PREFIX}${date.toISOString().replace(/\.\d+Z$/, 'Z')})`

/**
 * Replaces the generated section of a BENCHMARKS.md (from the first line starting with
 * GENERATED_HEADING_PREFIX to the end), keeping the hand-written text above it. `section` must start
 * with `generatedHeading()`. A missing file starts with `title`.
 */
export function writeGeneratedSection(path: string, section: string, title = '# Benchmarks'): void {
  if (!section.startsWith(GENERATED_HEADING_PREFIX)) {
    throw new Error(`a generated section must start with "${GENERATED_HEADING_PREFIX}"`)
  }
  const current = existsSync(path) ? readFileSync(path, 'utf8') : `${title}\n`
  const at = current.search(new RegExp(`^${escapeRegExp(GENERATED_HEADING_PREFIX)}`, 'm'))
  const handWritten = (at === -1 ? current : current.slice(0, at)).trimEnd()
  writeFileSync(path, `${handWritten}\n\n${section.trimEnd()}\n`)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
