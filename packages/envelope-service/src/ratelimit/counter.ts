import type { DbOrTx } from '../database.js'
import { countCalls } from './repository.js'
import type { WindowCounts } from './windows.js'

interface Batch {
  accountId: string
  hourStart: number
  burstStart: number
  waiters: { resolve(counts: WindowCounts): void; reject(error: unknown): void }[]
}

/**
 * Counts calls exactly while sharing database writes between concurrent calls: the calls of one
 * account that arrive in the same event-loop turn become one `count = count + n` upsert, and each
 * call is given its own ordinal from the range the database returned. Across processes the upsert
 * is atomic, so every call in every process gets a distinct ordinal and exactly `limit` calls fit
 * in a window. Under load one write serves many calls; an idle service writes once per call.
 */
export function createCallCounter(db: DbOrTx) {
  const pending = new Map<string, Batch>()
  let flushScheduled = false

  function flush() {
    flushScheduled = false
    const batches = [...pending.values()]
    pending.clear()
    for (const batch of batches) void write(batch)
  }

  async function write(batch: Batch) {
    const calls = batch.waiters.length
    try {
      const totals = await countCalls(db, batch.accountId, batch, calls)
      batch.waiters.forEach((waiter, index) => {
        const before = calls - 1 - index
        waiter.resolve({ hour: totals.hour - before, burst: totals.burst - before })
      })
    } catch (error) {
      for (const waiter of batch.waiters) waiter.reject(error)
    }
  }

  return function count(accountId: string, hourStart: number, burstStart: number): Promise<WindowCounts> {
    const key = `${accountId}\u0000${hourStart}\u0000${burstStart}`
    let batch = pending.get(key)
    if (batch === undefined) {
      batch = { accountId, hourStart, burstStart, waiters: [] }
      pending.set(key, batch)
    }
    const waiters = batch.waiters
    const counted = new Promise<WindowCounts>((resolve, reject) => waiters.push({ resolve, reject }))
    if (!flushScheduled) {
      flushScheduled = true
      setImmediate(flush)
    }
    return counted
  }
}

export type CallCounter = ReturnType<typeof createCallCounter>
