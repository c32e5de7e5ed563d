/**
 * `startSmtpCounter` in a process of its own, for `startSmtpCounterProcess`: a mail relay is another
 * program, and a counting sink in the benchmark's own process would take event-loop time and CPU from
 * the service it measures. Tells its parent the URL, answers `accepted` with the count, ends on `close`.
 */
import { startSmtpCounter } from './sinks.js'

const sink = await startSmtpCounter()
const send = (message: unknown) => process.send?.(message)
send({ url: sink.url })
process.on('message', async (message: 'accepted' | 'close') => {
  if (message === 'accepted') send({ accepted: sink.accepted() })
  if (message === 'close') {
    await sink.close()
    process.disconnect()
  }
})
