import { AppError } from 'platform'
import { describe, expect, it } from 'vitest'
import { createWorkerPool } from './pool.js'

/** A task that runs until released, recording which slot it got. */
function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, opened }
}

describe('worker pool', () => {
  it('runs at most `size` tasks at once, the others in arrival order, each on a slot of its own', async () => {
    const pool = createWorkerPool(2, 10)
    const gates = Array.from({ length: 5 }, gate)
    const started: number[] = []
    const slots: number[] = []
    let running = 0
    let most = 0
    const done = gates.map((g, index) =>
      pool.run(async (slot) => {
        started.push(index)
        slots.push(slot)
        running++
        most = Math.max(most, running)
        await g.opened
        running--
        return index
      }),
    )
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    expect(pool.load).toEqual({ running: 2, waiting: 3 })
    for (const g of gates) {
      g.open()
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4])
    expect(started).toEqual([0, 1, 2, 3, 4])
    expect(most).toBe(2)
    expect(new Set(slots)).toEqual(new Set([0, 1]))
    expect(pool.load).toEqual({ running: 0, waiting: 0 })
  })

  it('frees the slot when a task fails', async () => {
    const pool = createWorkerPool(1, 1)
    await expect(pool.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await pool.run(async (slot) => slot)).toBe(0)
  })

  it('answers 503 with Retry-After once `maxWaiting` tasks wait', async () => {
    const pool = createWorkerPool(1, 1)
    const g = gate()
    const first = pool.run(() => g.opened)
    const second = pool.run(async () => 'second')
    const refused = await pool.run(async () => 'third').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect((refused as AppError).statusCode).toBe(503)
    expect((refused as AppError).headers['retry-after']).toBe('5')
    g.open()
    await first
    expect(await second).toBe('second')
  })
})
