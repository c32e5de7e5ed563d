/**
 * The dashboard's list query at scale: `GET /envelopes` as the sender's web app asks it (a folder, its
 * statuses, a search, a date range, a page of 25, newest change first, with the total), on one account
 * of 100,000 envelopes, on SQLite and on PostgreSQL. Each query runs first as before migration 0034
 * (the baseline: no search-text index, the search scanning the values, the exact count), then with
 * the search-text index and the total counted up to `TOTAL_REACH` past the page (status-list.ts), as
 * the route runs it now; the p50/p95 of both are printed side by side with their ratio, and on SQLite
 * (in this process) the CPU time per query, which other work on the machine disturbs less. The route's
 * own work (parsing, mapping to JSON) is the same either way and is left out: this measures the queries
 * the route runs (`listStatusChanges`: the page and the count).
 *
 * Options (environment): BENCH_ENVELOPES (100000), BENCH_SAMPLES per query (200), BENCH_EXPLAIN=1 (print
 * each query's plans, as the database ran them, before measuring it), BENCH_QUERIES (only
 * the queries whose name contains this text, e.g. `search`), BENCH_DIALECTS
 * (`sqlite,postgres`), BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/test; a scratch schema
 * is created there and dropped after).
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Insertable } from 'kysely'
import { CompiledQuery, sql } from 'kysely'
import { connectDatabase, type Database, type DialectName, migrateToLatest, QueryRecorder } from 'platform'
import type { Schema } from '../src/database.js'
import { TOTAL_REACH } from '../src/envelope-api/status-list.js'
import { listOrderOf } from '../src/envelopes/list-order.js'
import type { ListPlan } from '../src/envelopes/repository.js'
import { searchFilterOf } from '../src/envelopes/search.js'
import { listStatusChanges } from '../src/envelopes/service.js'
import type { EnvelopeRecipientsTable, EnvelopesTable } from '../src/envelopes/tables.js'
import { envelopeSearchTextMigration } from '../src/migrations/0034_envelope_search_text.js'
import { migrations } from '../src/migrations/index.js'
import { scratchSchema } from './scratch-schema.js'

const ENVELOPES = Number(process.env.BENCH_ENVELOPES ?? 100_000)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200)
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as DialectName[]
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const TARGET_P95_MS = 50
const PAGE = 25
/** Only the queries whose name contains this text (all by default). */
const ONLY = (process.env.BENCH_QUERIES ?? '').toLowerCase()
/** Prints each query's plans as the database ran them (`explain analyze`), measured or not. */
const EXPLAIN = process.env.BENCH_EXPLAIN === '1'

/** The schema before migration 0034: the baseline. */
const withoutSearchText = (dialect: DialectName) =>
  Object.fromEntries(Object.entries(migrations(dialect)).filter(([name]) => !name.startsWith('0034_')))
/** How the baseline ran: values scanned for a search, every match counted. */
const BASELINE_PLAN: ListPlan = { searchIndex: false }

/** Envelope statuses in roughly the mix of a busy account: mostly finished, some in flight. */
const STATUS_MIX = [
  ...Array(60).fill('completed'),
  ...Array(18).fill('sent'),
  ...Array(7).fill('delivered'),
  ...Array(5).fill('created'),
  ...Array(5).fill('voided'),
  ...Array(5).fill('declined'),
] as string[]
const FIRST_NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elena', 'Fran', 'Gema', 'Hugo', 'Irene', 'Jon']
const LAST_NAMES = ['Ruiz', 'Soto', 'Vidal', 'Marín', 'Pardo', 'Lago', 'Rey', 'Nieto', 'Ortiz', 'Gil']
const SUBJECTS = ['Service agreement', 'Lease renewal', 'NDA', 'Purchase order', 'Offer letter', 'Invoice']

interface Seeded {
  accountId: string
  callerUserId: string
  /** A recipient name that appears on about one envelope in ten thousand. */
  rareRecipient: string
}

/** 100,000 envelopes (1 to 3 recipients each) in one account, 5% addressed to the caller, over two years. */
async function seed(db: Database<Schema>['db']): Promise<Seeded> {
  const now = Date.now()
  const iso = (ms: number) => new Date(ms).toISOString()
  const accountId = randomUUID()
  const callerUserId = randomUUID()
  const callerEmail = 'sender@bench.test'
  await db
    .insertInto('accounts')
    .values({ id: accountId, name: 'Bench', hourly_limit: 1e9, burst_limit: 1e9, created_at: iso(now) })
    .execute()
  await db
    .insertInto('users')
    .values({ id: callerUserId, name: 'Bench Sender', email: callerEmail, created_at: iso(now) })
    .execute()
  const twoYears = 2 * 365 * 24 * 3600_000
  const batch = 400
  for (let first = 0; first < ENVELOPES; first += batch) {
    const envelopes: Insertable<EnvelopesTable>[] = []
    const recipients: Insertable<EnvelopeRecipientsTable>[] = []
    for (let index = first; index < Math.min(ENVELOPES, first + batch); index += 1) {
      const id = randomUUID()
      const status = STATUS_MIX[index % STATUS_MIX.length] as string
      const changed = iso(now - twoYears + Math.floor((index / ENVELOPES) * twoYears))
      envelopes.push({
        id,
        account_id: accountId,
        sender_user_id: callerUserId,
        status,
        email_subject: `${SUBJECTS[index % SUBJECTS.length]} ${index}`,
        email_blurb: '',
        created_at: changed,
        sent_at: status === 'created' ? null : changed,
        status_changed_at: changed,
        updated_at: changed,
        notification: null,
        event_notification: null,
        delivered_at: null,
        completed_at: status === 'completed' ? changed : null,
        declined_at: null,
        voided_at: null,
        voided_reason: null,
        last_reminder_at: null,
        expiry_warned_at: null,
        workflow: null,
        workflow_resume_at: null,
        folder: index % 97 === 0 ? 'recyclebin' : null,
        deleted_at: index % 97 === 0 ? changed : null,
        audit_head_sequence: null,
        audit_head_hash: null,
      })
      for (let position = 0; position < 1 + (index % 3); position += 1) {
        const rare = index % 10_000 === 7 && position === 0
        const name = rare
          ? 'Zacarías Quintanilla'
          : `${FIRST_NAMES[(index + position) % 10]} ${LAST_NAMES[Math.floor(index / 10) % 10]}`
        const email =
          index % 20 === 0 && position === 0
            ? callerEmail
            : `${name.toLowerCase().replace(/\W+/g, '.')}${index % 500}@bench.test`
        recipients.push({
          envelope_id: id,
          recipient_id: String(position + 1),
          recipient_id_guid: randomUUID(),
          type: 'signer',
          role_name: null,
          routing_order: position + 1,
          name,
          email,
          delivery_method: 'email',
          phone_number: null,
          additional_notifications: '[]',
          client_user_id: null,
          access_code: null,
          sms_auth_phones: null,
          in_person: null,
          tabs: '{}',
          status: status === 'completed' ? 'completed' : 'sent',
          sent_at: changed,
          position,
          delivered_at: null,
          signed_at: null,
          declined_at: null,
          declined_reason: null,
        })
      }
    }
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('envelopes').values(envelopes).execute()
      await tx.insertInto('envelope_recipients').values(recipients).execute()
    })
  }
  return { accountId, callerUserId, rareRecipient: 'quintanilla' }
}

interface ListQuery {
  name: string
  folders: ('inbox' | 'sentitems' | 'draft' | 'recyclebin')[]
  statuses?: string[]
  search?: string
  fromDate?: string
  toDate?: string
  start?: number
}

/** What the dashboard asks: each folder's first page, a deep page, searches, a date range. */
function dashboardQueries(): ListQuery[] {
  return allDashboardQueries().filter((query) => query.name.toLowerCase().includes(ONLY))
}

function allDashboardQueries(): ListQuery[] {
  const day = 24 * 3600_000
  return [
    { name: 'Waiting for others, page 1', folders: ['sentitems'], statuses: ['sent', 'delivered'] },
    { name: 'Completed, page 1', folders: ['sentitems'], statuses: ['completed'] },
    { name: 'Completed, page 200', folders: ['sentitems'], statuses: ['completed'], start: 199 * PAGE },
    { name: 'All sent, page 1', folders: ['sentitems'] },
    { name: 'Action required, page 1', folders: ['inbox'], statuses: ['sent', 'delivered'] },
    { name: 'Drafts, page 1', folders: ['draft'], statuses: ['created'] },
    { name: 'Deleted, page 1', folders: ['recyclebin'] },
    { name: 'All sent, search a subject', folders: ['sentitems'], search: 'lease renewal 4242' },
    { name: 'All sent, search a rare recipient', folders: ['sentitems'], search: 'quintanilla' },
    { name: 'All sent, search a common name', folders: ['sentitems'], search: 'elena' },
    {
      name: 'Completed, last 30 days',
      folders: ['sentitems'],
      statuses: ['completed'],
      fromDate: new Date(Date.now() - 30 * day).toISOString(),
      toDate: new Date(Date.now() + day).toISOString(),
    },
  ]
}

/**
 * Runs `run` once with every statement it sends recorded, then prints each statement's plan as the
 * database runs it: `explain (analyze, buffers)` on PostgreSQL, `explain query plan` on SQLite.
 */
async function explain(
  database: Database<Schema>,
  name: string,
  run: (recorded: Database<Schema>['db']) => Promise<unknown>,
) {
  const recorder = new QueryRecorder(database.db)
  await run(database.db.withPlugin(recorder))
  const prefix = database.dialect === 'postgres' ? 'explain (analyze, buffers) ' : 'explain query plan '
  for (const query of recorder.queries) {
    const { rows } = await database.db.executeQuery(
      CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
    )
    const plan = rows.map((row) => Object.values(row as object).join(' ')).join('\n')
    console.error(`-- ${name}\n${query.sql}\n${plan}\n`)
  }
}

interface Timing {
  /** Wall-clock ms per query, sorted. */
  samples: number[]
  /** This process's CPU ms per query (user and system), the mean: SQLite's whole cost, PostgreSQL's client side. */
  cpuMs: number
}

async function timeQuery(
  database: Database<Schema>,
  seeded: Seeded,
  query: ListQuery,
  plan: ListPlan,
): Promise<Timing> {
  const search = searchFilterOf(query.search)
  const start = query.start ?? 0
  const run = (db = database.db) =>
    listStatusChanges(
      db,
      {
        accountId: seeded.accountId,
        fromDate: query.fromDate ?? '2000-01-01T00:00:00.000Z',
        ...(query.toDate ? { toDate: query.toDate } : {}),
        ...(query.statuses ? { statuses: query.statuses } : {}),
        ...(search !== undefined ? { search } : {}),
        folders: { ids: query.folders, callerUserId: seeded.callerUserId },
        order: listOrderOf('desc', 'status_changed'),
        start,
        count: PAGE,
      },
      plan === BASELINE_PLAN ? plan : { ...plan, countLimit: start + TOTAL_REACH + 1 },
    )
  for (let warm = 0; warm < 5; warm += 1) await run()
  if (EXPLAIN) await explain(database, `${query.name}${plan === BASELINE_PLAN ? ' (baseline)' : ''}`, run)
  const samples: number[] = []
  const cpuBefore = process.cpuUsage()
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const started = performance.now()
    await run()
    samples.push(performance.now() - started)
  }
  const cpu = process.cpuUsage(cpuBefore)
  return { samples: samples.sort((a, b) => a - b), cpuMs: (cpu.user + cpu.system) / 1000 / SAMPLES }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number

async function refreshStatistics(database: Database<Schema>) {
  if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db)
  else await sql`analyze`.execute(database.db)
}

async function benchDialect(dialect: DialectName): Promise<string[]> {
  let url: string
  let cleanup: () => Promise<void>
  if (dialect === 'sqlite') {
    const directory = mkdtempSync(join(tmpdir(), 'dashboard-bench-'))
    url = `sqlite:${join(directory, 'bench.db')}`
    cleanup = async () => rmSync(directory, { recursive: true, force: true })
  } else {
    ;({ url, drop: cleanup } = scratchSchema(POSTGRES_URL, 'dashboard_bench'))
  }
  const database = connectDatabase<Schema>(url)
  try {
    await migrateToLatest(database, withoutSearchText)
    const seeding = performance.now()
    const seeded = await seed(database.db)
    console.error(
      `${dialect}: seeded ${ENVELOPES} envelopes in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
    )
    await refreshStatistics(database)
    const baseline = new Map<string, Timing>()
    for (const query of dashboardQueries())
      baseline.set(query.name, await timeQuery(database, seeded, query, BASELINE_PLAN))
    const migrating = performance.now()
    await envelopeSearchTextMigration(dialect).up(database.db as never)
    console.error(
      `${dialect}: migration 0034 over ${ENVELOPES} envelopes in ${((performance.now() - migrating) / 1000).toFixed(1)} s`,
    )
    await refreshStatistics(database)
    const rows: string[] = []
    for (const query of dashboardQueries()) {
      const before = baseline.get(query.name) as Timing
      const after = await timeQuery(database, seeded, query, {})
      const p95 = quantile(after.samples, 0.95)
      rows.push(
        `| ${dialect} | ${query.name} | ${quantile(before.samples, 0.5).toFixed(1)} | ${quantile(before.samples, 0.95).toFixed(1)} | ` +
          `${quantile(after.samples, 0.5).toFixed(1)} | ${p95.toFixed(1)} | ${(quantile(before.samples, 0.95) / p95).toFixed(2)}× | ` +
          `${before.cpuMs.toFixed(2)} → ${after.cpuMs.toFixed(2)} | ${p95 < TARGET_P95_MS ? 'yes' : 'no'} |`,
      )
      console.error(rows.at(-1))
    }
    return rows
  } finally {
    await database.close()
    await cleanup()
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')
const loadAtStart = load()
const rows: string[] = []
for (const dialect of DIALECTS) rows.push(...(await benchDialect(dialect)))
console.log(
  [
    `Dashboard list, ${ENVELOPES} envelopes in one account, ${SAMPLES} samples per query, page of ${PAGE} with the total (ms)`,
    `Load average (1, 5, 15 min) at the start ${loadAtStart}, at the end ${load()}`,
    '',
    '| database | query | baseline p50 | baseline p95 | p50 | p95 | p95 ratio (baseline / now) | CPU ms per query (baseline → now) | p95 < 50 ms |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
)
