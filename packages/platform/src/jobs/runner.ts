import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Kysely } from 'kysely'
import type { DialectName } from '../database/connect.js'
import type { JobNotifier } from './notify.js'
import { claimDueJobs, finishRun, registerJobs, renewLease, requestRun } from './repository.js'
import type { JobTables } from './tables.js'

export interface JobDefinition {
  /** Unique per service; the row in `jobs`. */
  name: string
  /**
   * Periodic job: runs every `everyMs` (start to start), first `everyMs` after the job is first stored.
   * Undefined: a queued job, run only when woken (`wake`).
   */
  everyMs?: number
  /** After a failed run the job is due again this much later (default: its period, at most a minute). */
  retryAfterMs?: number
  /**
   * The work. Resolving `true` says more work is waiting (e.g. a drained batch was full): the job is
   * due again at once.
   */
  run(now: number): Promise<unknown>
}

export interface JobRunnerOptions<DB extends JobTables> {
  /** The service's database, migrated with `jobsMigration` (its schema includes `JobTables`). */
  db: Kysely<DB>
  dialect: DialectName
  /** Injectable clock (epoch ms); schedules and leases are computed with it. */
  now?: () => number
  /** How often the process looks for due jobs (default 1 s); `wake` looks at once. */
  pollMs?: number
  /**
   * How long a claim lasts (default 60 s). A running job renews it every third of this, so only a
   * process that stopped (crashed, hung, cut off) loses it, and another process runs the job once it
   * expires.
   */
  leaseMs?: number
  /** Names this process in the `lease_owner` column. */
  owner?: string
  /** A run failed, or looking for due jobs failed; the runner goes on. */
  onError?: (error: unknown, job: string | undefined) => void
  /**
   * Carries wakes to the other processes on the database (PostgreSQL: `createPostgresNotifier`), so
   * they look for due jobs at once instead of at their next poll. The runner starts it with `start`
   * and closes it with `stop`.
   */
  notifier?: JobNotifier
}

export interface JobRunner {
  /** Adds a job; before `start`. */
  define(job: JobDefinition): void
  /** Stores the jobs' rows and starts looking for due jobs every `pollMs`. */
  start(): Promise<void>
  /**
   * Makes a job due at `at` (default now), in every process sharing the database, and looks for due
   * jobs at once in this one (and, through the notifier, in the others). Woken while it runs, the job
   * runs again after the current run.
   */
  wake(name: string, at?: number): Promise<void>
  /** Claims the due jobs and runs them; resolves with their names once they finished. For tests. */
  runDue(): Promise<string[]>
  /** Stops looking for jobs and waits for the running ones to finish (before the database closes). */
  stop(): Promise<void>
}

const DEFAULT_POLL_MS = 1_000
const DEFAULT_LEASE_MS = 60_000
const MAX_DEFAULT_RETRY_MS = 60_000

/**
 * Runs named periodic and queued jobs, shared by every process on one database: a job's row in `jobs`
 * is leased to the process that runs it, so no job runs twice at once, and a periodic job runs once
 * per period whichever process gets it. See the platform section of the README for why this is not
 * pg-boss or graphile-worker.
 */
export function createJobRunner<DB extends JobTables>(options: JobRunnerOptions<DB>): JobRunner {
  // Kysely<DB> is invariant in DB; the runner only touches the `jobs` table every DB here has.
  const db = options.db as unknown as Kysely<JobTables>
  const now = options.now ?? Date.now
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  const onError = options.onError ?? (() => {})
  const jobs = new Map<string, JobDefinition>()
  const running = new Map<string, Promise<void>>()
  /** Jobs this process woke while they ran here: due again once the run ends. */
  const wokenWhileRunning = new Set<string>()
  let started = false
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let timerAt = 0
  let polling: Promise<unknown> | undefined
  let pollAgain = false

  function define(job: JobDefinition) {
    if (started) throw new Error(`Job ${job.name} defined after the job runner started`)
    if (jobs.has(job.name)) throw new Error(`Job ${job.name} is defined twice`)
    jobs.set(job.name, job)
  }

  async function start() {
    if (started) return
    started = true
    const at = now()
    await registerJobs(
      db,
      [...jobs.values()].map((job) => ({
        name: job.name,
        firstRunAt: job.everyMs === undefined ? null : at + job.everyMs,
      })),
    )
    await options.notifier?.listen((name) => {
      if (name === undefined || jobs.has(name)) schedulePoll(0)
    })
    schedulePoll(pollMs)
  }

  /** Sets the poll timer, unless one is already set to fire sooner. Real time, not the injected clock. */
  function schedulePoll(delayMs: number) {
    if (stopped || !started) return
    const at = performance.now() + delayMs
    if (timer !== undefined && timerAt <= at) return
    clearTimeout(timer)
    timerAt = at
    timer = setTimeout(() => {
      timer = undefined
      poll()
    }, delayMs)
    // Background work alone must not keep a process alive; a graceful stop goes through `stop`.
    timer.unref()
  }

  /** One look for due jobs; a poll asked for while one is under way happens right after it. */
  function poll() {
    if (polling) {
      pollAgain = true
      return
    }
    void claimExclusively().catch((error: unknown) => onError(error, undefined))
  }

  /** `claimAndStart`, never two at once in this process, then the next poll is scheduled. */
  function claimExclusively() {
    const claiming = claimAndStart()
    polling = claiming
      .catch(() => {})
      .finally(() => {
        polling = undefined
        if (pollAgain) {
          pollAgain = false
          schedulePoll(0)
        } else {
          schedulePoll(pollMs)
        }
      })
    return claiming
  }

  /** Claims due jobs not running here and starts them; resolves with their names and runs. */
  async function claimAndStart(): Promise<{ name: string; run: Promise<void> }[]> {
    if (stopped) return []
    const idle = [...jobs.keys()].filter((name) => !running.has(name))
    const claimed = await claimDueJobs(db, options.dialect, { names: idle, owner, now: now(), leaseMs })
    return claimed.map((name) => {
      // Started a microtask later, so the job is known to be running before its first line runs.
      const run = Promise.resolve()
        .then(() => execute(jobs.get(name) as JobDefinition))
        .finally(() => running.delete(name))
      running.set(name, run)
      return { name, run }
    })
  }

  async function execute(job: JobDefinition) {
    const startedAt = now()
    const renewal = setInterval(() => {
      renewLease(db, { name: job.name, owner, expiresAt: now() + leaseMs }).catch((error: unknown) =>
        onError(error, job.name),
      )
    }, leaseMs / 3)
    renewal.unref()
    let more = false
    let failure: unknown
    try {
      more = (await job.run(startedAt)) === true
    } catch (error) {
      failure = error
      onError(error, job.name)
    } finally {
      clearInterval(renewal)
    }
    const finishedAt = now()
    const nextRunAt = more ? finishedAt : nextRunAfter(job, startedAt, finishedAt, failure !== undefined)
    try {
      await finishRun(db, {
        name: job.name,
        owner,
        now: finishedAt,
        nextRunAt,
        error: failure === undefined ? undefined : describe(failure),
      })
    } catch (error) {
      // The lease expires and the job runs again, here or elsewhere.
      onError(error, job.name)
    }
    if (wokenWhileRunning.delete(job.name) || more) schedulePoll(0)
  }

  function nextRunAfter(job: JobDefinition, startedAt: number, finishedAt: number, failed: boolean) {
    const periodic = job.everyMs === undefined ? null : startedAt + job.everyMs
    if (!failed) return periodic
    const retryAfterMs =
      job.retryAfterMs ?? Math.min(job.everyMs ?? MAX_DEFAULT_RETRY_MS, MAX_DEFAULT_RETRY_MS)
    const retryAt = finishedAt + retryAfterMs
    return periodic === null ? retryAt : Math.min(periodic, retryAt)
  }

  async function wake(name: string, at: number = now()) {
    if (running.has(name) && at <= now()) wokenWhileRunning.add(name)
    await requestRun(db, name, at)
    // A run for later is found by the regular polls.
    if (at > now()) return
    if (jobs.has(name)) schedulePoll(0)
    await options.notifier?.notify(name).catch((error: unknown) => onError(error, name))
  }

  async function runDue() {
    if (!started) await start()
    // Runs started by the polls finish first, so they cannot take the due jobs from this call.
    while (polling) await polling
    await Promise.allSettled([...running.values()])
    const claimed = await claimExclusively()
    await Promise.all(claimed.map(({ run }) => run))
    return claimed.map(({ name }) => name)
  }

  async function stop() {
    stopped = true
    clearTimeout(timer)
    await polling
    await Promise.allSettled([...running.values()])
    await options.notifier?.close()
  }

  return { define, start, wake, runDue, stop }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}
