import { cpuTicks } from 'bench-kit'
import { connectDatabase } from 'platform'
import type { Schema } from '../src/database.js'
import { OUTBOX_TOPICS } from '../src/outbox/topics.js'
import { epochMs } from './connect-measure.js'

/**
 * Watches a throughput run every 100 ms: the service processes' CPU time (from /proc, so it holds on
 * a machine whose other work slows the wall clock), and the moment the outbox holds no more events,
 * which tells whether the fan-out or the sender bounds the throughput.
 */

const SAMPLE_MS = 100
/** Linux's clock tick: /proc reports CPU time in hundredths of a second. */
const TICK_MS = 10

export function watchRun(databaseUrl: string, pids: readonly number[]) {
  const database = connectDatabase<Schema>(databaseUrl)
  const samples: Array<{ at: number; ticks: number }> = []
  let fanOutDoneAt = Number.NaN
  let stopped = false
  const polling = (async () => {
    while (!stopped) {
      samples.push({ at: epochMs(), ticks: pids.reduce((sum, pid) => sum + cpuTicks(pid), 0) })
      if (Number.isNaN(fanOutDoneAt)) {
        const row = await database.db
          .selectFrom('outbox')
          .select('id')
          .where('topic', '=', OUTBOX_TOPICS.envelopeEvent)
          .limit(1)
          .executeTakeFirst()
        if (!row) fanOutDoneAt = epochMs()
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS))
    }
  })()

  return {
    /**
     * Stops watching. CPU per delivery is the processes' CPU time between the first sample after the
     * first arrival and the first sample after the last, over the deliveries that arrived in between
     * (start-up, before the first arrival, is left out).
     */
    async stop(arrivals: readonly number[]): Promise<{ cpuMsPerDelivery: number; fanOutDoneAt: number }> {
      stopped = true
      await polling
      await database.close()
      const first = arrivals[0] ?? Number.NaN
      const last = arrivals.at(-1) ?? Number.NaN
      const from = samples.find((sample) => sample.at >= first)
      const to = samples.find((sample) => sample.at >= last) ?? samples.at(-1)
      if (!from || !to || to.at <= from.at) return { cpuMsPerDelivery: Number.NaN, fanOutDoneAt }
      const delivered = arrivals.filter((at) => at > from.at && at <= to.at).length
      if (delivered === 0) return { cpuMsPerDelivery: Number.NaN, fanOutDoneAt }
      return { cpuMsPerDelivery: ((to.ticks - from.ticks) * TICK_MS) / delivered, fanOutDoneAt }
    },
  }
}
