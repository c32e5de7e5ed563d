import Fastify from 'fastify'
import type { Kysely } from 'kysely'
import { afterAll, beforeEach, expect, it } from 'vitest'
import { connectDatabase, type Database } from '../database/connect.js'
import { migrateToLatest } from '../database/migrate.js'
import { describeEachDatabase } from '../testing/databases.js'
import { jobsMigration } from './migration.js'
import { createJobRunner, type JobRunnerOptions } from './runner.js'
import type { JobTables } from './tables.js'

/** A job's stored state, as the runner left it. */
const findJob = (db: Kysely<JobTables>, name: string) =>
  db.selectFrom('jobs').selectAll().where('name', '=', name).executeTakeFirst()

const MINUTE = 60_000
const T0 = Date.parse('2026-11-22T10:00:00.000Z')
/** Long enough that the background poll never runs during a test: the tests call `runDue`. */
const NO_POLLING = 3_600_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A promise with its resolve function, to hold a job's run open. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

describeEachDatabase('job runner', (databases) => {
  const opened: Database<JobTables>[] = []
  let url: string
  let migrated: Promise<void> | undefined
  let clock: number

  /** Another connection (pool on PostgreSQL) to the test's database, as another process would have. */
  async function connect(): Promise<Kysely<JobTables>> {
    const database = connectDatabase<JobTables>(url)
    opened.push(database)
    migrated ??= migrateToLatest(database, (dialect) => ({ '0001_jobs': jobsMigration(dialect) }))
    await migrated
    return database.db
  }

  async function runner(options: Partial<JobRunnerOptions<JobTables>> = {}) {
    return createJobRunner({
      db: options.db ?? (await connect()),
      dialect: databases.dialect,
      now: () => clock,
      pollMs: NO_POLLING,
      ...options,
    })
  }

  beforeEach(async () => {
    url = await databases.freshUrl()
    migrated = undefined
    clock = T0
  })
  afterAll(async () => {
    for (const database of opened) await database.close()
  })

  it('runs a periodic job once per period, the first a period after it is stored', async () => {
    const jobs = await runner()
    const runs: number[] = []
    jobs.define({ name: 'tick', everyMs: MINUTE, run: async (now) => void runs.push(now) })
    await jobs.start()
    expect(await jobs.runDue()).toEqual([])
    clock = T0 + MINUTE
    expect(await jobs.runDue()).toEqual(['tick'])
    expect(await jobs.runDue()).toEqual([])
    clock = T0 + 2 * MINUTE - 1
    expect(await jobs.runDue()).toEqual([])
    clock = T0 + 2 * MINUTE
    expect(await jobs.runDue()).toEqual(['tick'])
    expect(runs).toEqual([T0 + MINUTE, T0 + 2 * MINUTE])
    expect(await findJob(await connect(), 'tick')).toMatchObject({
      next_run_at: T0 + 3 * MINUTE,
      lease_owner: null,
      lease_expires_at: null,
      last_started_at: T0 + 2 * MINUTE,
      last_finished_at: T0 + 2 * MINUTE,
      failures: 0,
      last_error: null,
    })
    await jobs.stop()
  })

  it('keeps the stored schedule when a process restarts', async () => {
    const db = await connect()
    const first = await runner({ db })
    first.define({ name: 'tick', everyMs: MINUTE, run: async () => {} })
    await first.start()
    await first.stop()
    clock = T0 + MINUTE / 2
    const second = await runner({ db })
    second.define({ name: 'tick', everyMs: MINUTE, run: async () => {} })
    await second.start()
    expect((await findJob(db, 'tick'))?.next_run_at).toBe(T0 + MINUTE)
    clock = T0 + MINUTE
    expect(await second.runDue()).toEqual(['tick'])
    await second.stop()
  })

  it('runs a queued job only when woken', async () => {
    const jobs = await runner()
    let runs = 0
    jobs.define({ name: 'drain', run: async () => void runs++ })
    await jobs.start()
    clock = T0 + 24 * 60 * MINUTE
    expect(await jobs.runDue()).toEqual([])
    await jobs.wake('drain')
    expect(await jobs.runDue()).toEqual(['drain'])
    expect(await jobs.runDue()).toEqual([])
    expect(runs).toBe(1)
    expect((await findJob(await connect(), 'drain'))?.next_run_at).toBeNull()
    await jobs.stop()
  })

  it('runs a job woken during its run once more, right after it', async () => {
    const jobs = await runner()
    let runs = 0
    const second = gate()
    jobs.define({
      name: 'drain',
      run: async () => {
        runs++
        if (runs === 1) await jobs.wake('drain')
        else second.open()
      },
    })
    await jobs.start()
    await jobs.wake('drain')
    expect(await jobs.runDue()).toEqual(['drain'])
    // The next poll is an hour away: the wake itself brings the second run.
    await second.opened
    await sleep(50)
    expect(runs).toBe(2)
    expect(await jobs.runDue()).toEqual([])
    await jobs.stop()
  })

  it('runs a job woken for later at that time, not before', async () => {
    const jobs = await runner()
    jobs.define({ name: 'retry', run: async () => {} })
    await jobs.start()
    await jobs.wake('retry', T0 + MINUTE)
    clock = T0 + MINUTE - 1
    expect(await jobs.runDue()).toEqual([])
    clock = T0 + MINUTE
    expect(await jobs.runDue()).toEqual(['retry'])
    await jobs.stop()
  })

  it('runs a job again at once while it says more work is waiting', async () => {
    const jobs = await runner()
    let batches = 3
    const drained = gate()
    jobs.define({
      name: 'drain',
      run: async () => {
        batches--
        if (batches === 0) drained.open()
        return batches > 0
      },
    })
    await jobs.start()
    await jobs.wake('drain')
    await drained.opened
    await sleep(50)
    expect(batches).toBe(0)
    expect(await jobs.runDue()).toEqual([])
    await jobs.stop()
  })

  it('records a failed run and runs the job again after retryAfterMs', async () => {
    const errors: string[] = []
    const jobs = await runner({ onError: (error, job) => errors.push(`${job}: ${(error as Error).message}`) })
    let fail = true
    jobs.define({
      name: 'flaky',
      everyMs: 60 * MINUTE,
      retryAfterMs: MINUTE,
      run: async () => {
        if (fail) throw new Error('disk full')
      },
    })
    await jobs.start()
    clock = T0 + 60 * MINUTE
    expect(await jobs.runDue()).toEqual(['flaky'])
    expect(errors).toEqual(['flaky: disk full'])
    const db = await connect()
    expect(await findJob(db, 'flaky')).toMatchObject({
      failures: 1,
      last_error: 'Error: disk full',
      next_run_at: T0 + 61 * MINUTE,
      lease_owner: null,
    })
    expect(await jobs.runDue()).toEqual([])
    fail = false
    clock = T0 + 61 * MINUTE
    expect(await jobs.runDue()).toEqual(['flaky'])
    // Back on its period, counted from this run.
    expect(await findJob(db, 'flaky')).toMatchObject({
      failures: 0,
      last_error: null,
      next_run_at: T0 + 121 * MINUTE,
    })
    await jobs.stop()
  })

  it('runs a periodic job once per period across two runners on separate connections', async () => {
    const runs: { period: number; by: string }[] = []
    const runners = await Promise.all(
      ['a', 'b'].map(async (by) => {
        const jobs = await runner({ owner: by })
        jobs.define({
          name: 'sweep',
          everyMs: MINUTE,
          run: async (now) => {
            runs.push({ period: Math.floor((now - T0) / MINUTE), by })
            // Long enough for the other runner's claims to overlap this run.
            await sleep(20)
          },
        })
        await jobs.start()
        return jobs
      }),
    )
    for (let period = 1; period <= 6; period++) {
      clock = T0 + period * MINUTE + 7
      await Promise.all(runners.flatMap((jobs) => [jobs.runDue(), jobs.runDue(), jobs.runDue()]))
    }
    expect(runs.map((run) => run.period)).toEqual([1, 2, 3, 4, 5, 6])
    await Promise.all(runners.map((jobs) => jobs.stop()))
  })

  it('lets another runner take over a lease its holder stopped renewing, once it expires', async () => {
    const held = gate()
    const crashed = await runner({ owner: 'crashed', leaseMs: 30_000 })
    crashed.define({ name: 'sweep', everyMs: MINUTE, run: () => held.opened })
    const survivor = await runner({ owner: 'survivor', leaseMs: 30_000 })
    const survivorRuns: number[] = []
    survivor.define({ name: 'sweep', everyMs: MINUTE, run: async (now) => void survivorRuns.push(now) })
    await crashed.start()
    await survivor.start()
    const db = await connect()

    clock = T0 + MINUTE
    const hung = crashed.runDue()
    while ((await findJob(db, 'sweep'))?.lease_owner !== 'crashed') await sleep(5)
    expect(await survivor.runDue()).toEqual([])
    clock = T0 + MINUTE + 30_000 - 1
    expect(await survivor.runDue()).toEqual([])
    clock = T0 + MINUTE + 30_000
    expect(await survivor.runDue()).toEqual(['sweep'])
    expect(survivorRuns).toEqual([T0 + MINUTE + 30_000])

    // The hung run finishing late changes nothing: the survivor owns the schedule now.
    clock = T0 + MINUTE + 40_000
    held.open()
    await hung
    expect(await findJob(db, 'sweep')).toMatchObject({
      lease_owner: null,
      last_finished_at: T0 + MINUTE + 30_000,
      next_run_at: T0 + 2 * MINUTE + 30_000,
    })
    await Promise.all([crashed.stop(), survivor.stop()])
  })

  it('runs due jobs by itself and a woken job at once', async () => {
    const jobs = await runner()
    const ran = gate()
    jobs.define({ name: 'drain', run: async () => ran.open() })
    await jobs.start()
    const started = Date.now()
    await jobs.wake('drain')
    await ran.opened
    // Without the wake the next poll is an hour away.
    expect(Date.now() - started).toBeLessThan(1_000)
    await jobs.stop()
  })

  it('waits for running jobs on stop, then runs nothing more', async () => {
    const jobs = await runner({ pollMs: 10 })
    let finished = 0
    const running = gate()
    jobs.define({
      name: 'slow',
      everyMs: MINUTE,
      run: async () => {
        running.open()
        await sleep(100)
        finished++
      },
    })
    await jobs.start()
    clock = T0 + MINUTE
    await running.opened
    await jobs.stop()
    expect(finished).toBe(1)
    expect((await findJob(await connect(), 'slow'))?.last_finished_at).toBe(T0 + MINUTE)
    clock = T0 + 10 * MINUTE
    await sleep(50)
    expect(finished).toBe(1)
  })

  it("lets a running job finish before the database closes, stopped from Fastify's onClose", async () => {
    const database = connectDatabase<JobTables>(url)
    await migrateToLatest(database, (dialect) => ({ '0001_jobs': jobsMigration(dialect) }))
    const jobs = createJobRunner({
      db: database.db,
      dialect: databases.dialect,
      now: () => clock,
      pollMs: 10,
    })
    const running = gate()
    jobs.define({
      name: 'slow',
      everyMs: MINUTE,
      run: async () => {
        running.open()
        await sleep(100)
      },
    })
    const app = Fastify()
    // As the services register them: the last registered runs first.
    app.addHook('onClose', () => database.close())
    app.addHook('onClose', () => jobs.stop())
    app.addHook('onReady', () => jobs.start())
    await app.ready()
    clock = T0 + MINUTE
    await running.opened
    await app.close()
    // The run's end was stored through the database before it closed.
    expect(await findJob(await connect(), 'slow')).toMatchObject({
      last_finished_at: T0 + MINUTE,
      lease_owner: null,
    })
  })
})
