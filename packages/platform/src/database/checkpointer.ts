import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/**
 * WAL pages the writing connection lets pile up before it checkpoints by itself: far above what the
 * background checkpointer leaves behind, so it only matters when that one stalls or dies.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000

export interface Checkpointer {
  /** Stops the worker after a last checkpoint that also truncates the WAL file. */
  stop(): Promise<void>
}

/**
 * Plain CommonJS so the worker needs no TypeScript loader: it opens its own connection to the file
 * and moves committed WAL pages into the database every `everyMs` (PASSIVE: it never blocks the writer
 * or readers, it copies what it can). A file deleted while open (a test removing its temporary directory
 * before closing the database, an operator removing the file) has nothing left to keep short: the worker
 * then ends quietly instead of reporting "disk I/O error" or "directory does not exist" every 200 ms.
 */
const WORKER_SOURCE = `
const { existsSync } = require('node:fs')
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
let db
let timer
const finish = () => {
  clearInterval(timer)
  db?.close()
  parentPort.close()
}
const failed = (error) => {
  if (!existsSync(workerData.filename)) return finish()
  parentPort.postMessage({ error: String(error && error.message || error) })
}
const checkpoint = (mode) => {
  try {
    db.pragma('wal_checkpoint(' + mode + ')')
  } catch (error) {
    failed(error)
  }
}
try {
  db = new Database(workerData.filename, { fileMustExist: true })
  db.pragma('busy_timeout = 5000')
  timer = setInterval(() => checkpoint('PASSIVE'), workerData.everyMs)
  parentPort.on('message', (message) => {
    if (message !== 'stop') return
    checkpoint('TRUNCATE')
    finish()
  })
} catch (error) {
  failed(error)
  finish()
}
`

/**
 * Checkpoints a WAL-mode SQLite file from a worker thread. In WAL mode every commit appends pages to
 * the log, and by default the committing connection copies them into the database every 1,000 pages,
 * fsyncing the log and the database on the way: the request that happens to commit then waits for the
 * disk, and the event loop with it. Here a worker with its own connection does that work on a timer;
 * the service's connection only appends. Checkpointing is not needed for durability (a committed
 * transaction is in the log), only to keep the log short and reads fast.
 */
export function startCheckpointer(
  filename: string,
  options: { everyMs?: number; onError?: (message: string) => void } = {},
): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      filename,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      everyMs: options.everyMs ?? 200,
    },
  })
  // A forgotten database must not keep the process alive.
  worker.unref()
  let stopped: Promise<void> | undefined
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  worker.on('message', (message: { error?: string }) => {
    if (message.error !== undefined) options.onError?.(message.error)
  })
  worker.on('error', (error) => options.onError?.(error.message))
  return {
    stop() {
      if (stopped === undefined) {
        // Posting to a worker that already died is a no-op; `exited` has then settled already.
        // Referenced again so the process waits for the last checkpoint instead of exiting under it.
        worker.ref()
        worker.postMessage('stop')
        stopped = exited
      }
      return stopped
    },
  }
}
