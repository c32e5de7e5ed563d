import { describe, expect, it } from 'vitest'
import { cached, createReadCache } from './cache.js'

describe('createReadCache', () => {
  it('serves an answer until the next write', () => {
    const cache = createReadCache()
    cache.set('q', cache.generation(), 5)
    expect(cache.get('q')).toBe(5)
    cache.invalidate()
    expect(cache.get('q')).toBeUndefined()
  })

  it('never stores an answer computed while a write committed', () => {
    const cache = createReadCache()
    const generation = cache.generation()
    cache.invalidate()
    cache.set('q', generation, 5)
    expect(cache.get('q')).toBeUndefined()
  })

  it('evicts the least recently used entry beyond its entry limit', () => {
    const cache = createReadCache({ maxEntries: 2, maxBytes: 1_000 })
    cache.set('a', 0, 1)
    cache.set('b', 0, 2)
    cache.get('a')
    cache.set('c', 0, 3)
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3])
  })

  it('evicts beyond its byte budget and never stores an entry larger than the budget', () => {
    const cache = createReadCache({ maxEntries: 10, maxBytes: 100 })
    cache.set('a', 0, 'a', 60)
    cache.set('b', 0, 'b', 60)
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, 'b'])
    cache.set('huge', 0, 'x', 101)
    expect(cache.get('huge')).toBeUndefined()
    expect(cache.get('b')).toBe('b')
  })
})

describe('cached', () => {
  it('computes once, then serves the stored answer', async () => {
    const cache = createReadCache()
    let computed = 0
    const compute = async () => ++computed
    expect(await cached(cache, 'k', compute)).toBe(1)
    expect(await cached(cache, 'k', compute)).toBe(1)
    cache.invalidate()
    expect(await cached(cache, 'k', compute)).toBe(2)
  })

  it('returns but does not keep an answer that a write overtook', async () => {
    const cache = createReadCache()
    const answer = await cached(cache, 'k', async () => {
      cache.invalidate()
      return 'stale'
    })
    expect(answer).toBe('stale')
    expect(cache.get('k')).toBeUndefined()
  })
})
