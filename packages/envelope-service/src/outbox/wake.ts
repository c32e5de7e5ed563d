/**
 * Wakes the jobs that drain the outbox once a transaction that wrote outbox rows has committed, with
 * at most one wake per job under way and one queued behind it.
 *
 * Every envelope create commits an invitation and Connect events, so under load every create asked
 * the job runner to wake two jobs, and each wake is a write to the job's row (`requestRun`: the row
 * is what tells the other processes, and a process that restarts, that the job is due). At a few
 * hundred creates a second those writes queued on SQLite's one connection beside the creates, and a
 * group commit of ten envelopes was followed by twenty identical `UPDATE jobs`.
 *
 * Coalescing keeps the guarantee a wake gives: a wake asked for while another for the same job is
 * under way is not dropped but merged into one more wake, started when the one under way has finished,
 * that is after every commit whose wake it stands for. So the job still runs after each commit that
 * owes it work; the requests in between share one row write instead of one each.
 */
export function createOutboxWaker(options: {
  /** The job runner's `wake`. */
  wake: (job: string) => Promise<void>
  /** Which job drains each topic; topics without one wake nothing. */
  jobOfTopic: Readonly<Record<string, string>>
  onError: (error: unknown, job: string) => void
}): (topics: readonly string[]) => void {
  const underWay = new Set<string>()
  const queued = new Set<string>()

  function start(job: string) {
    underWay.add(job)
    options
      .wake(job)
      .catch((error: unknown) => options.onError(error, job))
      .finally(() => {
        underWay.delete(job)
        if (queued.delete(job)) start(job)
      })
  }

  return (topics) => {
    for (const topic of topics) {
      const job = options.jobOfTopic[topic]
      if (job === undefined) continue
      if (underWay.has(job)) queued.add(job)
      else start(job)
    }
  }
}
