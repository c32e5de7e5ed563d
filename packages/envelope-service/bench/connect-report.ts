import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { bulletList, formatRate, machineDescription, type Target, targetsTable } from 'bench-kit'
import { type Latency, percentile, type Throughput } from './connect-measure.js'

/**
 * The Connect benchmark's tables, and the generated part of BENCHMARKS.md's "Connect delivery"
 * section: between two HTML comments, so the envelope benchmark's own generated section (from its
 * heading to the end of the file) is left alone.
 */

export const LATENCY_TARGET_P99_MS = 250
export const THROUGHPUT_TARGET_PER_SECOND = 1_000

export interface DatabaseRun {
  database: 'sqlite' | 'postgres'
  processes: number
  latency?: Latency
  throughput?: { service: Throughput; baseline: Throughput; queuedEnvelopes: number }
}

export interface ConnectReportInput {
  runs: DatabaseRun[]
  concurrency: number
  /** What waited when the services started: outbox events, or deliveries already fanned out. */
  queue: 'events' | 'deliveries'
  load: { start: string; end: string }
  runtimeS: number
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a')
const label = (run: DatabaseRun) =>
  `${run.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${run.processes} process${run.processes > 1 ? 'es' : ''}`

function latencyTable(runs: readonly DatabaseRun[]): string | undefined {
  const measured = runs.filter((run) => run.latency)
  if (measured.length === 0) return undefined
  const rows = [
    '| Database | envelopes | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|',
  ]
  for (const run of measured) {
    const samples = run.latency?.samplesMs ?? []
    rows.push(
      `| ${label(run)} | ${samples.length} | ${ms(percentile(samples, 50))} | ${ms(percentile(samples, 95))} | ${ms(percentile(samples, 99))} | ${ms(Math.max(...samples))} |`,
    )
  }
  return rows.join('\n')
}

function throughputTable(runs: readonly DatabaseRun[]): string | undefined {
  const measured = runs.filter((run) => run.throughput)
  if (measured.length === 0) return undefined
  const rows = [
    '| Database | sender | deliveries | seconds | deliveries/s | sender CPU ms per delivery | service ÷ ceiling (deliveries/s) |',
    '|---|---|---:|---:|---:|---:|---:|',
  ]
  const notes: string[] = []
  for (const run of measured) {
    if (!run.throughput) continue
    const { service, baseline } = run.throughput
    const cells = (name: string, result: Throughput, ratio: string) =>
      `| ${label(run)} | ${name} | ${result.deliveries.toLocaleString('en-US')} | ${(result.elapsedMs / 1000).toFixed(2)} | ${formatRate(result.perSecond)} | ${result.cpuMsPerDelivery === undefined ? 'n/a' : result.cpuMsPerDelivery.toFixed(3)} | ${ratio} |`
    rows.push(cells('ceiling (node:http client)', baseline, ''))
    rows.push(
      cells('envelope-service', service, `${((service.perSecond / baseline.perSecond) * 100).toFixed(1)}%`),
    )
    if (service.fanOutLagMs !== undefined) {
      notes.push(
        `${label(run)}: the fan-out had turned the last queued event into deliveries ${(service.fanOutLagMs / 1000).toFixed(2)} s after the first arrival (the last arrived after ${(service.elapsedMs / 1000).toFixed(2)} s).`,
      )
    }
  }
  return [rows.join('\n'), ...(notes.length > 0 ? ['', bulletList(notes)] : [])].join('\n')
}

function targets(runs: readonly DatabaseRun[]): Target[] {
  const list: Target[] = []
  for (const run of runs) {
    if (run.latency) {
      const p99 = percentile(run.latency.samplesMs, 99)
      list.push({
        name: `Finish to envelope-completed p99 < ${LATENCY_TARGET_P99_MS} ms (${label(run)})`,
        measured: `${ms(p99)} ms over ${run.latency.samplesMs.length} envelopes`,
        pass: Number.isFinite(p99) ? p99 < LATENCY_TARGET_P99_MS : undefined,
      })
    }
    if (run.throughput) {
      const rate = run.throughput.service.perSecond
      list.push({
        name: `≥ ${THROUGHPUT_TARGET_PER_SECOND.toLocaleString('en-US')} deliveries/s (${label(run)})`,
        measured: `${formatRate(rate)}/s over ${run.throughput.service.deliveries.toLocaleString('en-US')} events`,
        pass: Number.isFinite(rate) ? rate >= THROUGHPUT_TARGET_PER_SECOND : undefined,
      })
    }
  }
  return list
}

export function connectReport(input: ConnectReportInput) {
  const latency = latencyTable(input.runs)
  const throughput = throughputTable(input.runs)
  const targetRows = targetsTable(targets(input.runs))
  const tables = [latency, throughput].filter((table): table is string => table !== undefined)
  return { input, tables, targetRows, console: [...tables, targetRows].join('\n\n') }
}

export const GENERATED_START = '<!-- connect-bench:generated:start -->'
export const GENERATED_END = '<!-- connect-bench:generated:end -->'

export function connectSection(report: ReturnType<typeof connectReport>, at = new Date()): string {
  const { input } = report
  return [
    GENERATED_START,
    `### Connect results (generated ${at.toISOString().replace(/\.\d+Z$/, 'Z')})`,
    '',
    'Written by `npm run bench:connect -w envelope-service -- --write`; replaced on each such run.',
    '',
    bulletList([
      ...machineDescription(),
      `Load average (1, 5, 15 min) at start: ${input.load.start}; at end: ${input.load.end}.`,
      `Throughput queue: ${input.queue === 'events' ? 'outbox events (fan-out and sender together)' : 'deliveries fanned out before the services started (the sender alone)'}.`,
      `Baseline and per-target concurrency: ${input.concurrency}. Total benchmark time: ${input.runtimeS} s.`,
    ]),
    ...report.tables.flatMap((table) => ['', table]),
    '',
    report.targetRows,
    ...(Number(input.load.start.split(',')[0]) > 1
      ? [
          '',
          'The 1-minute load average was above 1 when this run started: other work competed for the two cores. Re-run on an idle machine for representative numbers.',
        ]
      : []),
    GENERATED_END,
  ].join('\n')
}

/** Replaces the text between the markers; the markers must be in the file (the hand-written part holds them). */
export function writeConnectSection(path: string, section: string): void {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : ''
  const start = current.indexOf(GENERATED_START)
  const end = current.indexOf(GENERATED_END)
  if (start === -1 || end < start) {
    throw new Error(`${path} has no "${GENERATED_START}" … "${GENERATED_END}" block to fill`)
  }
  writeFileSync(path, current.slice(0, start) + section + current.slice(end + GENERATED_END.length))
}
