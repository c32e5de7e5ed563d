/**
 * Answers to reads (search totals, whole list responses), kept until the next write. Every write bumps
 * the generation after it commits; an answer remembers the generation read before it was computed, so
 * an answer that raced a write is never stored. Holds a bounded number of entries and bytes; the least
 * recently used go first. One process owns its cache: writes made by another process sharing the same
 * PostgreSQL database are not seen until this one writes (the service is single-instance in v1).
 */
export interface ReadCache {
  generation(): number
  /** Call after every write has committed (or failed: a failed write may still have changed rows). */
  invalidate(): void
  get<T>(key: string): T | undefined
  /** `bytes` is the entry's approximate size, counted against the byte budget. */
  set(key: string, generation: number, value: unknown, bytes?: number): void
}

export interface ReadCacheLimits {
  maxEntries: number
  maxBytes: number
}

export function createReadCache(limits: ReadCacheLimits = { maxEntries: 2_000, maxBytes: 16 * 1024 * 1024 }) {
  let generation = 0
  let bytes = 0
  const entries = new Map<string, { value: unknown; bytes: number }>()
  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }
  const cache: ReadCache = {
    generation: () => generation,
    invalidate() {
      generation++
      entries.clear()
      bytes = 0
    },
    get<T>(key: string) {
      const entry = entries.get(key)
      if (entry === undefined) return undefined
      entries.delete(key)
      entries.set(key, entry)
      return entry.value as T
    },
    set(key, entryGeneration, value, entryBytes = 64) {
      if (entryGeneration !== generation || entryBytes > limits.maxBytes) return
      remove(key)
      entries.set(key, { value, bytes: entryBytes })
      bytes += entryBytes
      while (entries.size > limits.maxEntries || bytes > limits.maxBytes) {
        remove(entries.keys().next().value as string)
      }
    },
  }
  return cache
}

/** The cached value, or computes it, stores it (unless a write intervened) and returns it. */
export async function cached<T>(
  cache: ReadCache,
  key: string,
  compute: () => Promise<T>,
  sizeOf?: (value: T) => number,
): Promise<T> {
  const hit = cache.get<T>(key)
  if (hit !== undefined) return hit
  const generation = cache.generation()
  const value = await compute()
  cache.set(key, generation, value, sizeOf?.(value))
  return value
}
