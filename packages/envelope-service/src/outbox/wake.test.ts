import { afterEach, describe, expect, it, vi } from 'vitest'
import { createOutboxWaker } from './wake.js'

/** A job runner's `wake` whose calls finish only when the test says so. */
function controlledWake() {
  const calls: { job: string; finish: () => void }[] = []
  const wake = (job: string) =>
    new Promise<void>((resolve) => {
      calls.push({ job, finish: resolve })
    })
  return { calls, wake }
}

const jobOfTopic = { 'recipient.message': 'messages', 'envelope.event': 'connect' }
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('createOutboxWaker', () => {
  it('wakes each job of the topics at once', () => {
    const { calls, wake } = controlledWake()
    const wakeOutbox = createOutboxWaker({ wake, jobOfTopic, onError: () => {} })
    wakeOutbox(['recipient.message', 'envelope.event', 'recipient.message', 'unknown.topic'])
    expect(calls.map((call) => call.job)).toEqual(['messages', 'connect'])
  })

  it('merges the wakes asked for while one is under way into one wake after it', async () => {
    const { calls, wake } = controlledWake()
    const wakeOutbox = createOutboxWaker({ wake, jobOfTopic, onError: () => {} })
    wakeOutbox(['recipient.message'])
    for (let commit = 0; commit < 10; commit++) wakeOutbox(['recipient.message'])
    expect(calls).toHaveLength(1)
    calls[0]?.finish()
    await settle()
    // The commits made while the first wake ran are covered by a wake that starts after them.
    expect(calls).toHaveLength(2)
    calls[1]?.finish()
    await settle()
    expect(calls).toHaveLength(2)
    wakeOutbox(['recipient.message'])
    expect(calls).toHaveLength(3)
  })

  it('reports a failed wake and keeps waking', async () => {
    const errors: string[] = []
    let attempt = 0
    const wakeOutbox = createOutboxWaker({
      wake: async () => {
        if (attempt++ === 0) throw new Error('database busy')
      },
      jobOfTopic,
      onError: (error, job) => errors.push(`${job}: ${(error as Error).message}`),
    })
    wakeOutbox(['envelope.event'])
    await settle()
    wakeOutbox(['envelope.event'])
    await settle()
    expect(errors).toEqual(['connect: database busy'])
    expect(attempt).toBe(2)
  })

  describe('with an interval', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it('wakes at once after a quiet spell and gives the commits within the interval one wake at its end', async () => {
      vi.useFakeTimers()
      const { calls, wake } = controlledWake()
      const wakeOutbox = createOutboxWaker({ wake, jobOfTopic, onError: () => {}, minIntervalMs: 25 })
      wakeOutbox(['recipient.message'])
      expect(calls).toHaveLength(1)
      calls[0]?.finish()
      await vi.advanceTimersByTimeAsync(5)
      // Finished, but the interval runs: these commits wait for its end, together.
      for (let commit = 0; commit < 10; commit++) wakeOutbox(['recipient.message'])
      expect(calls).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(19)
      expect(calls).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(calls.map((call) => call.job)).toEqual(['messages', 'messages'])
      // A commit while that wake is under way gets one more wake, after it and after the interval.
      wakeOutbox(['recipient.message'])
      calls[1]?.finish()
      await vi.advanceTimersByTimeAsync(24)
      expect(calls).toHaveLength(2)
      await vi.advanceTimersByTimeAsync(1)
      expect(calls).toHaveLength(3)
      calls[2]?.finish()
      // Quiet again: the next commit wakes at once.
      await vi.advanceTimersByTimeAsync(100)
      wakeOutbox(['recipient.message'])
      expect(calls).toHaveLength(4)
    })

    it('keeps one interval per job', async () => {
      vi.useFakeTimers()
      const { calls, wake } = controlledWake()
      const wakeOutbox = createOutboxWaker({ wake, jobOfTopic, onError: () => {}, minIntervalMs: 25 })
      wakeOutbox(['recipient.message'])
      calls[0]?.finish()
      await vi.advanceTimersByTimeAsync(1)
      wakeOutbox(['recipient.message', 'envelope.event'])
      expect(calls.map((call) => call.job)).toEqual(['messages', 'connect'])
      await vi.advanceTimersByTimeAsync(25)
      expect(calls.map((call) => call.job)).toEqual(['messages', 'connect', 'messages'])
    })
  })
})
