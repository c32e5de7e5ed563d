import {
  bulletList,
  generatedHeading,
  resultsTable,
  type Summary,
  type Target,
  targetsTable,
} from 'bench-kit'

export type ServerName = 'ceiling' | 'json-server' | 'service'
export type ScenarioKey = 'offsets' | 'folded' | 'tagged' | 'get' | 'selective' | 'common' | 'create'
export type RecipeSummary = Summary<ScenarioKey, ServerName>

export const SERVER_LABELS: Record<ServerName, string> = {
  ceiling: 'ceiling (node:http)',
  'json-server': 'json-server 0.17',
  service: 'recipe-manager',
}

export interface ReportInput {
  date: Date
  machine: string[]
  method: string[]
  dataset: string[]
  scenarioLabels: Record<ScenarioKey, string>
  summaries: RecipeSummary[]
  memory: string[]
  targets: Target[]
  notes: string[]
}

/** Medians table with the service's ratios to the ceiling and to json-server. */
export function recipeResultsTable(input: Pick<ReportInput, 'summaries' | 'scenarioLabels'>): string {
  return resultsTable({
    summaries: input.summaries,
    scenarioLabels: input.scenarioLabels,
    serverLabels: SERVER_LABELS,
    ratioLabels: { service: 'service', ceiling: 'ceiling', 'json-server': 'json-server' },
    subject: 'service',
    ratioOver: ['ceiling', 'json-server'],
    cpuColumns: true,
  })
}

export function resultsSection(input: ReportInput): string {
  return [
    generatedHeading(input.date),
    '',
    'Written by `npm run bench -w recipe-manager`; everything below this heading is replaced on each run.',
    '',
    '### Machine',
    '',
    bulletList(input.machine),
    '',
    '### Method',
    '',
    bulletList(input.method),
    '',
    '### Data set',
    '',
    bulletList(input.dataset),
    '',
    '### Medians',
    '',
    recipeResultsTable(input),
    '',
    '### Memory',
    '',
    bulletList(input.memory),
    '',
    '### Targets',
    '',
    targetsTable(input.targets),
    ...(input.notes.length > 0 ? ['', '### Notes', '', bulletList(input.notes)] : []),
    '',
  ].join('\n')
}
