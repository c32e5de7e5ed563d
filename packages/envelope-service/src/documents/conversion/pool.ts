import { AppError } from 'platform'

/**
 * A fixed number of worker slots for conversions: at most `size` run at once (each is a LibreOffice
 * process of a few hundred MiB), the rest wait in arrival order. A slot's number is stable, so a slot
 * can own resources that must not be shared between parallel runs (LibreOffice's profile directory).
 * Past `maxWaiting` waiting tasks the pool answers 503 instead of queueing without bound.
 */
export interface WorkerPool {
  run<T>(task: (slot: number) => Promise<T>): Promise<T>
  /** Tasks running and waiting, for tests and logs. */
  readonly load: { running: number; waiting: number }
}

/** The queue is full: 503 with Retry-After, mapped where every AppError is. */
export class ConversionQueueFullError extends AppError {
  constructor() {
    super('unavailable', 'Too many documents are being converted; retry in a moment', {
      headers: { 'retry-after': '5' },
    })
  }
}

export function createWorkerPool(size: number, maxWaiting: number): WorkerPool {
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`pool size must be a positive integer, not ${size}`)
  const free = Array.from({ length: size }, (_, slot) => slot)
  const waiting: Array<(slot: number) => void> = []

  const release = (slot: number) => {
    const next = waiting.shift()
    if (next) next(slot)
    else free.push(slot)
  }
  const acquire = (): Promise<number> => {
    const slot = free.shift()
    if (slot !== undefined) return Promise.resolve(slot)
    if (waiting.length >= maxWaiting) {
      return Promise.reject(new ConversionQueueFullError())
    }
    return new Promise((resolve) => waiting.push(resolve))
  }

  return {
    async run(task) {
      const slot = await acquire()
      try {
        return await task(slot)
      } finally {
        release(slot)
      }
    },
    get load() {
      return { running: size - free.length, waiting: waiting.length }
    },
  }
}
