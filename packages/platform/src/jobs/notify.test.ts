import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { connectDatabase, type Database } from '../database/connect.js'
import { migrateToLatest } from '../database/migrate.js'
import { describeEachDatabase } from '../testing/databases.js'
import { jobsMigration } from './migration.js'
import { createPostgresNotifier, jobsChannel } from './notify.js'
import { createJobRunner, type JobRunner } from './runner.js'
import type { JobTables } from './tables.js'

/** Never polls during a test: whatever runs was woken. */
const NO_POLLING = 3_600_000
const JOB = 'deliver'

describe('jobsChannel', () => {
  it('names one channel per schema, within PostgreSQL identifier length', () => {
    expect(jobsChannel('tenant_a')).toBe('jobs_tenant_a')
    expect(jobsChannel(undefined)).toBe('jobs_public')
    const long = 'a'.repeat(63)
    expect(jobsChannel(long).length).toBeLessThanOrEqual(63)
    expect(jobsChannel(long)).not.toBe(jobsChannel(`${'a'.repeat(62)}b`))
  })
})

describeEachDatabase('job wake-ups across processes', (databases) => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  /** A process's view of the database: its own pool, runner and (on PostgreSQL) LISTEN connection. */
  async function startProcess(url: string, runs: string[], options: { defineJob: boolean }) {
    const database: Database<JobTables> = connectDatabase<JobTables>(url)
    cleanups.push(() => database.close())
    await migrateToLatest(database, (dialect) => ({ '0001_jobs': jobsMigration(dialect) }))
    const runner: JobRunner = createJobRunner({
      db: database.db,
      dialect: database.dialect,
      pollMs: NO_POLLING,
      notifier: createPostgresNotifier({ url, db: database.db, reconnectMs: 100 }),
    })
    if (options.defineJob) runner.define({ name: JOB, run: async () => runs.push(JOB) })
    await runner.start()
    cleanups.push(() => runner.stop())
    return runner
  }

  async function waitFor(condition: () => boolean, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('timed out waiting')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  it.runIf(databases.dialect === 'postgres')(
    "another process's wake runs the job here at once, not at the next poll",
    async () => {
      const url = await databases.freshUrl()
      const runs: string[] = []
      await startProcess(url, runs, { defineJob: true })
      const other = await startProcess(url, [], { defineJob: false })
      await other.wake(JOB)
      // The poll is an hour away: only the notification can start the run this soon.
      await waitFor(() => runs.length === 1, 10_000)
    },
    30_000,
  )

  it.runIf(databases.dialect === 'postgres')(
    'reconnects after its LISTEN connection is killed, and finds a wake sent while it was down',
    async () => {
      const url = await databases.freshUrl()
      const runs: string[] = []
      await startProcess(url, runs, { defineJob: true })
      const other = await startProcess(url, [], { defineJob: false })
      const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL })
      await admin.connect()
      cleanups.push(() => admin.end())
      const channel = jobsChannel(new URL(url).searchParams.get('schema') ?? undefined)
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen "${channel}"'`,
      )
      expect(killed.rowCount).toBe(2)
      // Sent while nobody listens: lost as a notification, found by the poll after reconnecting.
      await other.wake(JOB)
      await waitFor(() => runs.length === 1, 10_000)
      // The new connections hear later wakes again.
      const listening = async () =>
        (await admin.query(`select 1 from pg_stat_activity where query = 'listen "${channel}"'`)).rowCount
      const deadline = Date.now() + 10_000
      while ((await listening()) !== 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      await other.wake(JOB)
      await waitFor(() => runs.length === 2, 10_000)
    },
    30_000,
  )
})
