import { describe, expect, it } from 'vitest'
import { newTimeOrderedId } from './ids.js'

describe('newTimeOrderedId', () => {
  it('is a version 7 GUID carrying the creation time', () => {
    const now = Date.parse('2026-11-22T10:30:45.123Z')
    const id = newTimeOrderedId(now)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(now)
  })

  it('sorts by creation time and differs within one millisecond', () => {
    const ids = [newTimeOrderedId(1_000), newTimeOrderedId(2_000), newTimeOrderedId(2_000)]
    expect([...ids].sort()).toEqual(ids.slice(0, 1).concat([...ids.slice(1)].sort()))
    expect(new Set(ids).size).toBe(3)
  })
})
