import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../database/connect.js'
import type { JobTables } from './tables.js'

type Db = Kysely<JobTables>

/** `cast(? as bigint)`: PostgreSQL cannot infer a bare parameter's type inside `case`. */
const bigint = (value: number) => sql<number>`cast(${value} as bigint)`

/**
 * Adds the rows of jobs not stored yet. A periodic job already stored keeps its schedule, unless its
 * first run under the current period would come sooner (the period was shortened).
 */
export async function registerJobs(
  db: Db,
  jobs: { name: string; firstRunAt: number | null }[],
): Promise<void> {
  for (const job of jobs) {
    const insert = db.insertInto('jobs').values({ name: job.name, next_run_at: job.firstRunAt, failures: 0 })
    const firstRunAt = job.firstRunAt
    await (firstRunAt === null
      ? insert.onConflict((conflict) => conflict.column('name').doNothing())
      : insert.onConflict((conflict) =>
          conflict.column('name').doUpdateSet({
            next_run_at: sql`case when jobs.next_run_at is null or jobs.next_run_at > ${bigint(firstRunAt)} then ${bigint(firstRunAt)} else jobs.next_run_at end`,
          }),
        )
    ).execute()
  }
}

/**
 * Leases the due jobs among `names` that nobody holds (or whose lease expired) to `owner`, and returns
 * their names. One statement on both databases; on PostgreSQL `for update skip locked` lets concurrent
 * claimers pass over rows another is claiming instead of waiting for them, and the row lock with
 * PostgreSQL's re-check of the condition makes sure a job goes to one claimer only. SQLite runs one
 * writing statement at a time, which gives the same guarantee.
 */
export async function claimDueJobs(
  db: Db,
  dialect: DialectName,
  claim: { names: string[]; owner: string; now: number; leaseMs: number },
): Promise<string[]> {
  if (claim.names.length === 0) return []
  const { now } = claim
  const rows = await db
    .updateTable('jobs')
    .set({
      lease_owner: claim.owner,
      lease_expires_at: now + claim.leaseMs,
      last_started_at: now,
      // A wake due by now is served by this run; one for later stays for the scheduling at the end.
      requested_run_at: sql`case when requested_run_at <= ${bigint(now)} then null else requested_run_at end`,
    })
    .where('name', 'in', (eb) =>
      eb
        .selectFrom('jobs as due')
        .select('due.name')
        .where('due.name', 'in', claim.names)
        .where('due.next_run_at', '<=', now)
        .where((inner) =>
          inner.or([inner('due.lease_expires_at', 'is', null), inner('due.lease_expires_at', '<=', now)]),
        )
        .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked()),
    )
    .returning('name')
    .execute()
  return rows.map((row) => row.name)
}

/** Extends a lease the owner still holds; false when it lost it (expired and taken over). */
export async function renewLease(
  db: Db,
  lease: { name: string; owner: string; expiresAt: number },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lease_expires_at: lease.expiresAt })
    .where('name', '=', lease.name)
    .where('lease_owner', '=', lease.owner)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * Ends a run the owner still holds: releases the lease and schedules the next run at `nextRunAt` (null:
 * when woken), or sooner if a wake asked for it meanwhile. A run whose lease was taken over changes
 * nothing: the new holder owns the schedule.
 */
export async function finishRun(
  db: Db,
  run: { name: string; owner: string; now: number; nextRunAt: number | null; error: string | undefined },
): Promise<void> {
  const planned = run.nextRunAt
  await db
    .updateTable('jobs')
    .set((eb) => ({
      next_run_at:
        planned === null
          ? eb.ref('requested_run_at')
          : sql`case when requested_run_at is not null and requested_run_at < ${bigint(planned)} then requested_run_at else ${bigint(planned)} end`,
      requested_run_at: null,
      lease_owner: null,
      lease_expires_at: null,
      last_finished_at: run.now,
      failures: run.error === undefined ? 0 : eb('failures', '+', 1),
      last_error: run.error ?? null,
    }))
    .where('name', '=', run.name)
    .where('lease_owner', '=', run.owner)
    .execute()
}

/** Makes a job due at `at` (unless it is due sooner), also when it is running now. */
export async function requestRun(db: Db, name: string, at: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      next_run_at: sql`case when next_run_at is null or next_run_at > ${bigint(at)} then ${bigint(at)} else next_run_at end`,
      requested_run_at: sql`case when requested_run_at is null or requested_run_at > ${bigint(at)} then ${bigint(at)} else requested_run_at end`,
    })
    .where('name', '=', name)
    .execute()
}

/** PostgreSQL's NOTIFY on `channel`, with `payload`: delivered to every listener once the caller's transaction commits. */
export async function notifyChannel<DB>(db: Kysely<DB>, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db)
}
