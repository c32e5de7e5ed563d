import type { DbOrTx } from '../database.js'
import { addCounts, findCount } from './repository.js'
import type { RateLimitWindowKind } from './tables.js'
import type { WindowCounts } from './windows.js'

/** Rows per upsert: far below the bind-parameter limits of SQLite and PostgreSQL. */
const WRITE_CHUNK_ROWS = 500

interface LocalWindow {
  accountId: string
  kind: RateLimitWindowKind
  start: number
  /** Calls in the window so far: the stored count, read once, plus this process's calls since. */
  count: number
  /** This process's calls not yet written to the database. */
  unwritten: number
  /** Set while the stored count is read; calls wait for it so that none is numbered before it. */
  loading: Promise<void> | undefined
}

export interface LocalCallCounterOptions {
  /** How long counted calls may wait before they are written. */
  writeEveryMs?: number
  /** Called when a timed write fails; its calls stay counted and are written with the next one. */
  onWriteError?: (error: unknown) => void
}

/**
 * Counts calls in process, for a database this process alone writes (SQLite): the first call in an
 * account's window reads the stored count once, later calls are numbered in memory without a query,
 * and the new calls are written behind with `count = count + n` at most every `writeEveryMs` and on
 * `close`. A crash loses at most the unwritten calls, so calls are then under-counted, never
 * over-counted. Another process writing the same counters is not seen: that needs `createSharedCallCounter`.
 * Windows older than the newest seen are dropped once written, so memory holds about one hour and one
 * burst window per active account; a late call for a dropped window reads the stored count again.
 */
export function createLocalCallCounter(db: DbOrTx, options: LocalCallCounterOptions = {}) {
  const writeEveryMs = options.writeEveryMs ?? 1_000
  const onWriteError = options.onWriteError ?? (() => {})
  // Nested by account and kind rather than one string key: building `account:kind:start` on every call
  // cost 2.8% of a template get (BENCHMARKS.md, "Template get as bytes").
  const windows = new Map<string, Record<RateLimitWindowKind, Map<number, LocalWindow>>>()
  const unwritten = new Set<LocalWindow>()
  const newestStart: Record<RateLimitWindowKind, number> = { hour: -Infinity, burst: -Infinity }
  const droppedBefore: Record<RateLimitWindowKind, number> = { hour: -Infinity, burst: -Infinity }
  let timer: NodeJS.Timeout | undefined
  let writing: Promise<void> | undefined
  let closed = false

  function windowOf(accountId: string, kind: RateLimitWindowKind, start: number): LocalWindow {
    let account = windows.get(accountId)
    if (account === undefined) {
      account = { hour: new Map(), burst: new Map() }
      windows.set(accountId, account)
    }
    const ofKind = account[kind]
    const known = ofKind.get(start)
    if (known) return known
    const window: LocalWindow = { accountId, kind, start, count: 0, unwritten: 0, loading: undefined }
    window.loading = findCount(db, accountId, kind, start).then(
      (stored) => {
        window.count += stored
        window.loading = undefined
      },
      (error: unknown) => {
        // Forget the window so that the next call reads again.
        if (ofKind.get(start) === window) ofKind.delete(start)
        throw error
      },
    )
    ofKind.set(start, window)
    newestStart[kind] = Math.max(newestStart[kind], start)
    return window
  }

  async function count(accountId: string, hourStart: number, burstStart: number): Promise<WindowCounts> {
    let hour = windowOf(accountId, 'hour', hourStart)
    let burst = windowOf(accountId, 'burst', burstStart)
    while (hour.loading || burst.loading) {
      // Counted once the stored counts are in; looked up again in case a window was dropped meanwhile.
      await Promise.all([hour.loading, burst.loading])
      hour = windowOf(accountId, 'hour', hourStart)
      burst = windowOf(accountId, 'burst', burstStart)
    }
    countCall(hour)
    countCall(burst)
    scheduleWrite()
    return { hour: hour.count, burst: burst.count }
  }

  function countCall(window: LocalWindow) {
    window.count += 1
    window.unwritten += 1
    unwritten.add(window)
  }

  function scheduleWrite() {
    if (timer !== undefined || closed) return
    timer = setTimeout(() => {
      timer = undefined
      write().catch(onWriteError)
    }, writeEveryMs)
    // Pending counts alone must not keep the process alive; a graceful stop writes them in `close`.
    timer.unref()
  }

  /** Writes the calls counted so far; one write at a time, so a window is dropped only once stored. */
  function write(): Promise<void> {
    writing ??= writeUnwritten().finally(() => {
      writing = undefined
      if (unwritten.size > 0) scheduleWrite()
    })
    return writing
  }

  async function writeUnwritten() {
    const deltas = [...unwritten].map((window) => {
      const calls = window.unwritten
      window.unwritten = 0
      return { window, accountId: window.accountId, kind: window.kind, windowStart: window.start, calls }
    })
    unwritten.clear()
    for (let from = 0; from < deltas.length; from += WRITE_CHUNK_ROWS) {
      try {
        await addCounts(db, deltas.slice(from, from + WRITE_CHUNK_ROWS))
      } catch (error) {
        // Earlier chunks are stored; this one and the rest are written again later.
        for (const { window, calls } of deltas.slice(from)) {
          window.unwritten += calls
          unwritten.add(window)
        }
        throw error
      }
    }
    dropPastWindows()
  }

  function dropPastWindows() {
    // Scans only after a newer window began; a window kept now goes at the next one.
    if (droppedBefore.hour === newestStart.hour && droppedBefore.burst === newestStart.burst) return
    for (const [accountId, account] of windows) {
      for (const kind of ['hour', 'burst'] as const) {
        for (const [start, window] of account[kind]) {
          const past = start < newestStart[kind]
          if (past && window.unwritten === 0 && window.loading === undefined) account[kind].delete(start)
        }
      }
      if (account.hour.size === 0 && account.burst.size === 0) windows.delete(accountId)
    }
    droppedBefore.hour = newestStart.hour
    droppedBefore.burst = newestStart.burst
  }

  /** Writes every call counted before it was called. */
  async function flush(): Promise<void> {
    // A write in flight may have started before the latest calls: let it finish, then write the rest.
    await writing?.catch(() => {})
    await write()
  }

  return {
    count,
    flush,
    /** Stops the timer and writes the counted calls; rejects if they could not be stored. */
    async close(): Promise<void> {
      closed = true
      clearTimeout(timer)
      timer = undefined
      await flush()
    },
    /** How many windows are held in memory. */
    heldWindows(): number {
      let held = 0
      for (const account of windows.values()) held += account.hour.size + account.burst.size
      return held
    },
  }
}
