/**
 * Bulk send throughput: a list of `copies` sent as one batch (the job creates the envelopes) against
 * the same envelopes created one by one through `POST /envelopes`, by one client waiting for each
 * answer and by `connections` clients at once. Envelopes per second for each, and the ratios. Part of
 * `npm run bench` (bench/run.ts, `--bulk`); `npm run bench:bulk` runs it alone on a fresh service.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { canPin, expectStatus, formatLoad, runBenchmark, send } from 'bench-kit'
import { bulkTemplateBody, COMPANY_TAB, bulkCopies as makeCopies } from '../src/bulk-send/testing/fixtures.js'
import { type BenchService, grantToken, serviceMain, startBenchService } from './service-env.js'

export interface BulkSendResult {
  copies: number
  connections: number
  oneByOne: number
  concurrent: number
  batch: number
  load: { start: string; end: string }
}

const GENERATED_START = '<!-- bulk-bench:generated:start -->'
const GENERATED_END = '<!-- bulk-bench:generated:end -->'

/** Envelopes per second of `count` creates over `seconds`. */
const rate = (count: number, seconds: number) => count / seconds

export async function measureBulkSend(
  bench: BenchService,
  accessToken: string,
  options: { copies: number; connections: number },
): Promise<BulkSendResult> {
  const loadAtStart = formatLoad()
  const account = `${bench.baseUrl}/restapi/v2.1/accounts/${bench.credentials.accountId}`
  const headers = { authorization: `Bearer ${accessToken}` }
  const post = async (path: string, body: unknown, status: number) => {
    const response = await send('POST', `${account}${path}`, body, { headers, timeoutMs: 120_000 })
    expectStatus(response, status, `POST ${path}`)
    return JSON.parse(response.body) as Record<string, string>
  }
  const { templateId } = await post('/templates', await bulkTemplateBody(), 201)
  /** The `POST /envelopes` body making the same envelope as a copy. */
  const envelopeBody = (copy: ReturnType<typeof makeCopies>[number]) => {
    const recipient = copy.recipients[0]
    return {
      status: 'sent',
      templateId,
      templateRoles: [
        {
          roleName: recipient?.roleName,
          name: recipient?.name,
          email: recipient?.email,
          tabs: { textTabs: [{ tabLabel: COMPANY_TAB, value: recipient?.tabs?.[0]?.initialValue }] },
        },
      ],
      customFields: { textCustomFields: copy.customFields },
    }
  }
  const bodies = (prefix: string) => makeCopies(options.copies, prefix).map(envelopeBody)

  const sequential = bodies('one-by-one')
  let started = performance.now()
  for (const body of sequential) await post('/envelopes', body, 201)
  const oneByOne = rate(options.copies, (performance.now() - started) / 1000)

  const concurrentBodies = bodies('concurrent')
  started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (next < concurrentBodies.length) await post('/envelopes', concurrentBodies[next++], 201)
    }),
  )
  const concurrent = rate(options.copies, (performance.now() - started) / 1000)

  const { listId } = await post(
    '/bulk_send_lists',
    { name: 'bench', bulkCopies: makeCopies(options.copies, 'batch') },
    201,
  )
  started = performance.now()
  const { batchId } = await post(`/bulk_send_lists/${listId}/send`, { envelopeOrTemplateId: templateId }, 201)
  for (;;) {
    const status = await send('GET', `${account}/bulk_send_batch/${batchId}`, undefined, { headers })
    expectStatus(status, 200, 'batch status')
    const { sent, failed } = JSON.parse(status.body) as { sent: string; failed: string }
    if (Number(failed) > 0) throw new Error(`${failed} copies of the batch failed`)
    if (Number(sent) === options.copies) break
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const batch = rate(options.copies, (performance.now() - started) / 1000)
  return { ...options, oneByOne, concurrent, batch, load: { start: loadAtStart, end: formatLoad() } }
}

const format = (value: number) => Math.round(value).toLocaleString('en-US')

export function bulkSendReport(result: BulkSendResult): string {
  const at = new Date().toISOString().replace(/\.\d+Z$/, 'Z')
  return [
    GENERATED_START,
    `### Bulk send results (generated ${at})`,
    '',
    `Written by \`npm run bench -w envelope-service\` (or \`bench:bulk\`); replaced on each run. ` +
      `${format(result.copies)} envelopes each way, one signer each, from the same template with a tab value and a custom field.`,
    '',
    '| How | envelopes/s | batch ÷ this |',
    '|---|---:|---:|',
    `| \`POST /envelopes\` one by one (one client, waiting for each answer) | ${format(result.oneByOne)} | ${(result.batch / result.oneByOne).toFixed(2)} |`,
    `| \`POST /envelopes\`, ${result.connections} clients at once | ${format(result.concurrent)} | ${(result.batch / result.concurrent).toFixed(2)} |`,
    `| one bulk send batch (send to \`sent\` = ${format(result.copies)}) | ${format(result.batch)} | 1.00 |`,
    '',
    `Load average (1, 5, 15 min) at start: ${result.load.start}; at end: ${result.load.end}.`,
    GENERATED_END,
  ].join('\n')
}

/** Replaces the generated block in BENCHMARKS.md (inside "Bulk send"). */
export function writeBulkSendReport(path: string, report: string): void {
  const current = readFileSync(path, 'utf8')
  const start = current.indexOf(GENERATED_START)
  const end = current.indexOf(GENERATED_END)
  if (start === -1 || end === -1) throw new Error(`${path} has no bulk send block to replace`)
  writeFileSync(path, current.slice(0, start) + report + current.slice(end + GENERATED_END.length))
}

export async function runBulkSendBench(): Promise<void> {
  const copies = Number(process.env.BENCH_BULK_COPIES ?? 1000)
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
  const bench = await startBenchService({ main: serviceMain(undefined), pin: canPin() })
  const result = await measureBulkSend(bench, await grantToken(bench), { copies, connections })
  const report = bulkSendReport(result)
  console.log(report)
  if (process.env.BENCH_WRITE !== 'false') {
    writeBulkSendReport(join(import.meta.dirname, '..', 'BENCHMARKS.md'), report)
  }
}

if (process.argv[1]?.endsWith('bulk-send.ts')) runBenchmark('bulk send bench', runBulkSendBench, 10 * 60_000)
