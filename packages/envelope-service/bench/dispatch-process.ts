/**
 * A second service process for `bench:dispatch` on PostgreSQL: it opens the same database as the
 * benchmark's own process and drains the same outbox with the messages job's rounds, under an owner of
 * its own, over SMTP to the same sink, so the two share the queue as two service processes do. Told the
 * database and the sink, it says `ready`; each `drain` runs rounds until none is full and answers with its
 * elapsed time and CPU (every thread); `close` ends it.
 */
import { startTestService } from '../src/testing/harness.js'
import { drainRounds, sinkDelivery } from './dispatch-rounds.js'

interface Start {
  databaseUrl: string
  smtpUrl: string
}

const send = (message: unknown) => process.send?.(message)
const [start] = await new Promise<[Start]>((resolve) => process.once('message', (m) => resolve([m as Start])))
const service = await startTestService(start.databaseUrl)
// The benchmark drives the rounds itself, in both processes.
await service.ctx.jobs.stop()
const smtp = sinkDelivery(start.smtpUrl)
send('ready')

process.on('message', async (message: 'drain' | 'close') => {
  if (message === 'drain') {
    const started = performance.now()
    const cpuBefore = process.cpuUsage()
    const rounds = await drainRounds(service, smtp.dispatch, 'bench-second-process')
    const cpu = process.cpuUsage(cpuBefore)
    send({ elapsedMs: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, rounds })
  }
  if (message === 'close') {
    smtp.close()
    await service.close()
    process.disconnect()
  }
})
