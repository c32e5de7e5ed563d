import type { DbOrTx } from '../database.js'
import { countCalls } from './repository.js'
import type { WindowCounts } from './windows.js'

/** Numbers an account's calls in its current hour and burst windows, for the rate limiter. */
export interface CallCounter {
  /** The call's place in each window, this call included. */
  count(accountId: string, hourStart: number, burstStart: number): Promise<WindowCounts>
  /** Stores what is counted and not yet stored; before the database closes. */
  close(): Promise<void>
}

interface Batch {
  accountId: string
  hourStart: number
  burstStart: number
  waiters: { resolve(counts: WindowCounts): void; reject(error: unknown): void }[]
}

/**
 * Counts calls exactly while sharing database writes between concurrent calls (group commit): the
 * calls of one account's windows that arrive while no write for them is in flight go out together
 * on the next event-loop turn as one `count = count + n` upsert; calls arriving during a write wait
 * for it and then go out together. Each call gets its own ordinal from the range the database
 * returned. The upsert is atomic, so across processes every call gets a distinct ordinal and exactly
 * `limit` calls fit in a window. An idle service writes once per call; under load one write serves
 * many calls, and a busy row is never contended by one process's own concurrent writes.
 */
export function createSharedCallCounter(db: DbOrTx): CallCounter {
  const pending = new Map<string, Batch>()
  const writing = new Set<string>()
  let flushScheduled = false

  function scheduleFlush() {
    if (flushScheduled) return
    flushScheduled = true
    setImmediate(flush)
  }

  function flush() {
    flushScheduled = false
    for (const [key, batch] of pending) {
      if (writing.has(key)) continue
      pending.delete(key)
      void write(key, batch)
    }
  }

  async function write(key: string, batch: Batch) {
    writing.add(key)
    const calls = batch.waiters.length
    try {
      const totals = await countCalls(db, batch.accountId, batch, calls)
      batch.waiters.forEach((waiter, index) => {
        const later = calls - 1 - index
        waiter.resolve({ hour: totals.hour - later, burst: totals.burst - later })
      })
    } catch (error) {
      for (const waiter of batch.waiters) waiter.reject(error)
    } finally {
      writing.delete(key)
      if (pending.has(key)) scheduleFlush()
    }
  }

  function count(accountId: string, hourStart: number, burstStart: number): Promise<WindowCounts> {
    const key = `${accountId}\u0000${hourStart}\u0000${burstStart}`
    let batch = pending.get(key)
    if (batch === undefined) {
      batch = { accountId, hourStart, burstStart, waiters: [] }
      pending.set(key, batch)
    }
    const waiters = batch.waiters
    const counted = new Promise<WindowCounts>((resolve, reject) => waiters.push({ resolve, reject }))
    if (!writing.has(key)) scheduleFlush()
    return counted
  }

  // Every call is stored before it is answered: nothing to store at close.
  return { count, close: async () => {} }
}
