/**
 * One row per named job: when it is next due and who holds it. Times are epoch milliseconds.
 * `requested_run_at` keeps a `wake` that arrives while the job runs, so finishing the run does not
 * overwrite it with the next period.
 */
export interface JobsTable {
  name: string
  /** Null: a queued job nobody has woken. */
  next_run_at: number | null
  requested_run_at: number | null
  lease_owner: string | null
  lease_expires_at: number | null
  last_started_at: number | null
  last_finished_at: number | null
  /** Failed runs since the last success. */
  failures: number
  last_error: string | null
}

export interface JobTables {
  jobs: JobsTable
}
