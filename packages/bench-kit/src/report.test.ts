import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cpuRatio, isSteady, median, ratio, type Summary, summarise } from './measure.js'
import {
  failureNotes,
  generatedHeading,
  resultsTable,
  targetsTable,
  writeGeneratedSection,
} from './report.js'

const run = (requestsPerSecond: number, p50Ms = 1, p99Ms = 5, failures = 0) => ({
  requestsPerSecond,
  p50Ms,
  p99Ms,
  failures,
})

describe('median and summarise', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([])).toBeNaN()
  })

  it('summarises runs by their medians and adds up failures', () => {
    const summary = summarise(
      'get',
      'service',
      [run(100, 1, 9, 1), run(300, 3, 7), run(200, 2, 8, 2)],
      [50, 180, 190],
    )
    expect(summary).toEqual({
      scenario: 'get',
      server: 'service',
      runs: 3,
      warmup: [50, 180, 190],
      requestsPerSecond: 200,
      p50Ms: 2,
      p99Ms: 8,
      failures: 3,
    })
  })
})

describe('isSteady', () => {
  it('waits until two slices in a row are no faster than the best before them', () => {
    expect(isSteady([], 0.1)).toBe(false)
    expect(isSteady([1_000, 1_000], 0.1)).toBe(false)
    // Still rising: the last slices beat the best before them by more than 10%.
    expect(isSteady([460, 660, 860, 800], 0.1)).toBe(false)
    expect(isSteady([460, 660, 860, 800, 1_000], 0.1)).toBe(false)
    // Level: 1,380 and 1,420 are within 10% of 1,346.
    expect(isSteady([460, 860, 1_346, 1_380, 1_420], 0.1)).toBe(true)
    // A dip does not end the warm-up by itself, and a slower pair counts as level.
    expect(isSteady([1_000, 1_050, 800], 0.1)).toBe(true)
    expect(isSteady([1_000, 1_200, 1_000], 0.1)).toBe(false)
  })
})

describe('ratio and resultsTable', () => {
  const summaries: Summary<'get', 'ceiling' | 'service'>[] = [
    summarise('get', 'ceiling', [run(20_000, 0.5, 2)]),
    summarise('get', 'service', [run(8_000, 1, 4)]),
  ]

  it('divides the subject by the reference server', () => {
    expect(ratio(summaries, 'get', 'service', 'ceiling')).toBe(0.4)
    expect(ratio(summaries, 'get', 'service', 'service')).toBe(1)
  })

  it('is undefined when a server was not measured', () => {
    expect(ratio(summaries.slice(1), 'get', 'service', 'ceiling')).toBeUndefined()
  })

  it('renders one row per scenario and server with the ratio on the subject row', () => {
    const table = resultsTable({
      summaries,
      scenarioLabels: { get: 'get by id' },
      serverLabels: { ceiling: 'ceiling', service: 'service' },
      subject: 'service',
      ratioOver: ['ceiling'],
    })
    expect(table.split('\n')).toEqual([
      '| Scenario | Server | req/s | p50 ms | p99 ms | failed | service ÷ ceiling |',
      '|---|---|---:|---:|---:|---:|---:|',
      '| get by id | ceiling | 20,000 | < 1 | 2.00 | 0 | |',
      '| get by id | service | 8,000 | 1.00 | 4.00 | 0 | 0.40× |',
    ])
  })

  it('heads ratio columns with the short labels when given', () => {
    const table = resultsTable({
      summaries,
      scenarioLabels: { get: 'get by id' },
      serverLabels: { ceiling: 'ceiling (node:http)', service: 'my-service' },
      ratioLabels: { ceiling: 'ceiling', service: 'service' },
      subject: 'service',
      ratioOver: ['ceiling'],
    })
    expect(table.split('\n')[0]).toBe(
      '| Scenario | Server | req/s | p50 ms | p99 ms | failed | service ÷ ceiling |',
    )
    expect(table).toContain('| get by id | ceiling (node:http) | 20,000 |')
  })

  it('adds CPU per request and the CPU ratio (reference ÷ subject) when asked', () => {
    const withCpu: Summary<'get', 'ceiling' | 'service'>[] = [
      summarise('get', 'ceiling', [{ ...run(20_000), cpuUsPerRequest: 50 }]),
      summarise('get', 'service', [
        { ...run(2_000), cpuUsPerRequest: 240 },
        { ...run(3_000), cpuUsPerRequest: 200 },
        { ...run(2_500), cpuUsPerRequest: 250 },
      ]),
    ]
    expect(withCpu[1]?.cpuUsPerRequest).toBe(240)
    expect(cpuRatio(withCpu, 'get', 'service', 'ceiling')).toBeCloseTo(50 / 240)
    expect(cpuRatio(summaries, 'get', 'service', 'ceiling')).toBeUndefined()
    const table = resultsTable({
      summaries: withCpu,
      scenarioLabels: { get: 'get by id' },
      serverLabels: { ceiling: 'ceiling', service: 'service' },
      subject: 'service',
      ratioOver: ['ceiling'],
      cpuColumns: true,
    })
    expect(table.split('\n')).toEqual([
      '| Scenario | Server | req/s | p50 ms | p99 ms | failed | service ÷ ceiling | CPU µs/req | CPU: ceiling ÷ service |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|',
      '| get by id | ceiling | 20,000 | 1.00 | 5.00 | 0 | | 50 | |',
      '| get by id | service | 2,500 | 1.00 | 5.00 | 0 | 0.13× | 240 | 0.21× |',
    ])
  })

  it('leaves a summary without CPU when any run lacks it', () => {
    const mixed = summarise('get', 'service', [{ ...run(1), cpuUsPerRequest: 5 }, run(2)])
    expect(mixed.cpuUsPerRequest).toBeUndefined()
  })

  it('marks targets PASS, FAIL or n/a', () => {
    const table = targetsTable([
      { name: 'a', measured: '1', pass: true },
      { name: 'b', measured: '2', pass: false },
      { name: 'c', measured: 'not measured', pass: undefined },
    ])
    expect(table).toContain('| a | 1 | PASS |')
    expect(table).toContain('| b | 2 | FAIL |')
    expect(table).toContain('| c | not measured | n/a |')
  })
})

describe('writeGeneratedSection', () => {
  let dir: string | undefined
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('replaces the generated section and keeps the hand-written text', () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-report-'))
    const path = join(dir, 'BENCHMARKS.md')
    writeFileSync(path, '# Title\n\nHand-written.\n\n## Results (generated 2020-01-01T00:00:00Z)\n\nold\n')
    const section = `${generatedHeading(new Date('2026-01-02T03:04:05.678Z'))}\n\nnew\n`
    writeGeneratedSection(path, section)
    expect(readFileSync(path, 'utf8')).toBe(
      '# Title\n\nHand-written.\n\n## Results (generated 2026-01-02T03:04:05Z)\n\nnew\n',
    )
  })

  it('starts a missing file with the title and refuses a section without the heading', () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-report-'))
    const path = join(dir, 'BENCHMARKS.md')
    writeGeneratedSection(path, `${generatedHeading()}\n`, '# Service benchmarks')
    expect(readFileSync(path, 'utf8')).toMatch(/^# Service benchmarks\n\n## Results \(generated /)
    expect(() => writeGeneratedSection(path, '## Other\n')).toThrow(/must start with/)
  })
})

describe('failureNotes', () => {
  it('names each contender and scenario with failed requests, and nothing else', () => {
    const notes = failureNotes(
      [
        summarise('get', 'ceiling', [run(100)]),
        summarise('get', 'service', [run(90, 1, 5, 2), run(80, 1, 5, 1)]),
      ],
      { scenarios: { get: 'get by id' }, servers: { ceiling: 'ceiling', service: 'the service' } },
    )
    expect(notes).toEqual([
      'the service answered 3 requests of "get by id" with an error, non-2xx status or timeout; only 2xx responses count towards req/s.',
    ])
  })
})
