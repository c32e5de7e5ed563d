/**
 * Group commit: writes are queued and written together, in one transaction, one event-loop turn after
 * the first of them arrives (better-sqlite3 writes synchronously, so without that turn no second write
 * could ever join). Writes that arrive while a batch is being written join the next one. Under load,
 * many writes share one commit: one WAL append and one full-text index flush on SQLite, one fsync on
 * PostgreSQL; a lone write waits only for the turn.
 * Each caller's promise settles only after its own write has committed. When a batch fails, its items
 * are retried one by one, so one bad write never fails the others.
 */
export function createGroupCommit<In, Out>(options: {
  writeBatch: (items: In[]) => Promise<Out[]>
  writeOne: (item: In) => Promise<Out>
  maxBatch: number
}): (item: In) => Promise<Out> {
  let queue: { item: In; resolve: (value: Out) => void; reject: (error: unknown) => void }[] = []
  let writing = false

  async function drain() {
    writing = true
    while (queue.length > 0) {
      const batch = queue.slice(0, options.maxBatch)
      queue = queue.slice(batch.length)
      if (batch.length === 1) {
        const [only] = batch as [(typeof batch)[number]]
        await options.writeOne(only.item).then(only.resolve, only.reject)
        continue
      }
      let results: Out[] | undefined
      try {
        results = await options.writeBatch(batch.map((entry) => entry.item))
      } catch {
        results = undefined
      }
      if (results) {
        for (const [index, entry] of batch.entries()) entry.resolve(results[index] as Out)
        continue
      }
      for (const entry of batch) await options.writeOne(entry.item).then(entry.resolve, entry.reject)
    }
    writing = false
  }

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ item, resolve, reject })
      if (!writing) {
        writing = true
        setImmediate(drain)
      }
    })
}
