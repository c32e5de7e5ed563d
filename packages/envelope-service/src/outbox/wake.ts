/**
 * Wakes the jobs that drain the outbox once a transaction that wrote outbox rows has committed: the
 * first commit after a quiet spell wakes its job at once, and the commits that follow within
 * `minIntervalMs` of that wake share one more wake at the end of the interval.
 *
 * Every envelope create commits an invitation, so under load every create asked the job runner to
 * wake the messages job. Each wake is a write to the job's row (`requestRun`: the row is what tells the
 * other processes, and a process that restarts, that the job is due), and each wake ran the job: a
 * claim of the job, a claim of the outbox, a finish, for one or two messages. At 500 creates a second
 * that was about four `UPDATE jobs` and most of a job round per create (BENCHMARKS.md, "Create, third
 * pass"). With an interval the job runs at most about 1000 / `minIntervalMs` times a second and takes
 * the messages of all the commits in between in one round.
 *
 * No commit's wake is dropped: a wake asked for while another is under way, or while the interval runs,
 * is merged into one wake that starts after both, that is after every commit it stands for. So the job
 * still runs after each commit that owes it work; a message waits at most `minIntervalMs` longer.
 */
export function createOutboxWaker(options: {
  /** The job runner's `wake`. */
  wake: (job: string) => Promise<void>
  /** Which job drains each topic; topics without one wake nothing. */
  jobOfTopic: Readonly<Record<string, string>>
  onError: (error: unknown, job: string) => void
  /** Least time between the starts of two wakes of one job (`OUTBOX_WAKE_INTERVAL_MS`); 0: none. */
  minIntervalMs?: number
  /** Injectable clock, for tests. */
  now?: () => number
}): (topics: readonly string[]) => void {
  const minIntervalMs = options.minIntervalMs ?? 0
  const now = options.now ?? Date.now
  const underWay = new Set<string>()
  const queued = new Set<string>()
  const lastStart = new Map<string, number>()
  const delayed = new Set<string>()

  function start(job: string) {
    underWay.add(job)
    lastStart.set(job, now())
    options
      .wake(job)
      .catch((error: unknown) => options.onError(error, job))
      .finally(() => {
        underWay.delete(job)
        if (queued.delete(job)) request(job)
      })
  }

  function request(job: string) {
    if (delayed.has(job)) return
    if (underWay.has(job)) {
      queued.add(job)
      return
    }
    const wait = (lastStart.get(job) ?? Number.NEGATIVE_INFINITY) + minIntervalMs - now()
    if (wait <= 0) {
      start(job)
      return
    }
    delayed.add(job)
    // Not kept alive for this: a stopping process's periodic job run, or the next process, finds the rows.
    setTimeout(() => {
      delayed.delete(job)
      start(job)
    }, wait).unref()
  }

  return (topics) => {
    for (const topic of topics) {
      const job = options.jobOfTopic[topic]
      if (job !== undefined) request(job)
    }
  }
}
