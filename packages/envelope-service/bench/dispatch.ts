/**
 * Message dispatch benchmark (issue 9): 1,000 queued invitations (1,000 sent envelopes, one signer
 * each) drained by the messages job's rounds (`runMessagesRound`, back to back as the job runner runs
 * them while a full batch says more wait) to a local smtp-server listener in a process of its own, then
 * the same invitations again to the development mailbox (the baseline: the job's own reads and writes,
 * no SMTP). The first SMTP run is the process's first (cold: nothing compiled yet, no SMTP connection);
 * the next runs send the same invitations again, queued afresh, and the target is judged on their median.
 * Prints messages/s and the process's CPU per message (every thread, the SMTP thread included) for each
 * run; target ≥ 500/s over SMTP. SQLite in a temporary directory, or with BENCH_DATABASE_URL a PostgreSQL
 * database, in a schema of its own dropped at the end; there the same invitations are then drained by this
 * process and a second service process at once (`dispatch-process.ts`), compared with one process in
 * the same run. Run: `npm run bench:dispatch -w envelope-service`.
 */
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { mailboxWriter } from '../src/devmailbox/service.js'
import { createDispatcher, type Dispatch } from '../src/notifications/dispatch.js'
import { createDevMailbox } from '../src/notifications/mailbox.js'
import { enqueue } from '../src/outbox/repository.js'
import { OUTBOX_TOPICS } from '../src/outbox/topics.js'
import { seedPrincipal, startTestService, type TestService } from '../src/testing/harness.js'
import { createSentEnvelopes } from '../src/testing/sent-envelopes.js'
import { drainRounds, sinkDelivery } from './dispatch-rounds.js'
import { scratchSchema } from './scratch-schema.js'
import { startSmtpCounterProcess } from './sinks.js'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000)
/** Runs after the first, for SMTP and for the mailbox. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const TARGET_PER_SECOND = 500

interface Run {
  perSecond: number
  cpuMsPerMessage: number
}

async function queueInvitations(service: TestService): Promise<unknown[]> {
  const principal = await seedPrincipal(service.ctx)
  await createSentEnvelopes(service, principal, MESSAGES, { emailBlurb: 'Benchmark invitation.' })
  const rows = await service.ctx.db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
    .execute()
  if (rows.length !== MESSAGES)
    throw new Error(`expected ${MESSAGES} queued invitations, found ${rows.length}`)
  return rows.map((row) => JSON.parse(row.payload) as unknown)
}

async function checkDrained(service: TestService, rounds: number) {
  const left = await service.ctx.db
    .selectFrom('outbox')
    .select('id')
    .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
    .execute()
  if (left.length !== 0) throw new Error(`${left.length} messages left in the outbox after ${rounds} rounds`)
}

/** Drains the queue as the job does, timed and with the process's CPU time. */
async function drain(service: TestService, dispatch: Dispatch): Promise<Run> {
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const rounds = await drainRounds(service, dispatch, 'bench')
  const elapsedMs = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  await checkDrained(service, rounds)
  return {
    perSecond: (MESSAGES / elapsedMs) * 1000,
    cpuMsPerMessage: (cpu.user + cpu.system) / 1000 / MESSAGES,
  }
}

interface SecondProcess {
  drain(): Promise<{ elapsedMs: number; cpuMs: number; rounds: number }>
  close(): Promise<void>
}

/** `dispatch-process.ts`: a second service process on the same database, draining the same outbox. */
async function startSecondProcess(databaseUrl: string, smtpUrl: string): Promise<SecondProcess> {
  const child = fork(new URL('./dispatch-process.ts', import.meta.url), { execArgv: process.execArgv })
  child.send({ databaseUrl, smtpUrl })
  await once(child, 'message')
  return {
    async drain() {
      child.send('drain')
      const [result] = (await once(child, 'message')) as [Awaited<ReturnType<SecondProcess['drain']>>]
      return result
    },
    async close() {
      child.send('close')
      await once(child, 'exit')
    },
  }
}

/**
 * The same invitations drained by this process and a second one at once (PostgreSQL, the scale-out
 * store): messages/s from the start until both are done, CPU per message of both processes together.
 */
async function drainWithTwo(service: TestService, dispatch: Dispatch, second: SecondProcess): Promise<Run> {
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const [rounds, theirs] = await Promise.all([drainRounds(service, dispatch, 'bench'), second.drain()])
  const elapsedMs = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  await checkDrained(service, rounds + theirs.rounds)
  return {
    perSecond: (MESSAGES / elapsedMs) * 1000,
    cpuMsPerMessage: ((cpu.user + cpu.system) / 1000 + theirs.cpuMs) / MESSAGES,
  }
}

function report(label: string, run: Run) {
  console.log(
    `${label}: ${run.perSecond.toFixed(0)} messages/s, ${run.cpuMsPerMessage.toFixed(2)} ms of CPU per message`,
  )
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const directory = mkdtempSync(join(tmpdir(), 'bench-dispatch-'))
// On PostgreSQL, a schema of its own for the run.
const scratch = process.env.BENCH_DATABASE_URL
  ? scratchSchema(process.env.BENCH_DATABASE_URL, 'bench_dispatch')
  : { url: `sqlite:${join(directory, 'bench.db')}`, drop: async () => {} }
const databaseUrl = scratch.url
const sink = await startSmtpCounterProcess()
const service = await startTestService(databaseUrl)
// The benchmark drives the rounds itself.
await service.ctx.jobs.stop()
try {
  console.log(
    `dispatch benchmark: ${service.ctx.database.dialect}, Node ${process.version}, ${availableParallelism()} cores, load ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}, ${MESSAGES} invitations per run`,
  )
  const setupStarted = performance.now()
  const payloads = await queueInvitations(service)
  console.log(
    `queued ${MESSAGES} invitations in ${(performance.now() - setupStarted).toFixed(0)} ms (not timed)`,
  )
  const requeue = () =>
    enqueue(
      service.ctx.db,
      payloads.map((payload) => ({ topic: OUTBOX_TOPICS.recipientMessage, payload })),
      Date.now(),
    )

  const smtp = sinkDelivery(sink.url)
  const smtpRuns: Run[] = []
  try {
    report('SMTP (smtp-server on 127.0.0.1), first run after start', await drain(service, smtp.dispatch))
    for (let run = 2; run <= RUNS + 1; run++) {
      await requeue()
      smtpRuns.push(await drain(service, smtp.dispatch))
      report(`SMTP, run ${run}`, smtpRuns.at(-1)!)
    }
  } finally {
    smtp.close()
  }
  const accepted = await sink.accepted()
  if (accepted !== MESSAGES * (RUNS + 1))
    throw new Error(`the SMTP sink accepted ${accepted} of ${MESSAGES * (RUNS + 1)}`)

  const mailbox = createDispatcher({ mailbox: createDevMailbox(mailboxWriter(service.ctx.db)) })
  const mailboxRuns: Run[] = []
  for (let run = 1; run <= RUNS; run++) {
    await requeue()
    mailboxRuns.push(await drain(service, mailbox))
    report(`development mailbox, run ${run}`, mailboxRuns.at(-1)!)
  }

  const smtpRate = median(smtpRuns.map((run) => run.perSecond))
  const mailboxRate = median(mailboxRuns.map((run) => run.perSecond))
  const verdict = smtpRate >= TARGET_PER_SECOND ? 'meets' : 'MISSES'
  console.log(
    `median after the first run: SMTP ${smtpRate.toFixed(0)} messages/s (${verdict} the ${TARGET_PER_SECOND}/s target), development mailbox ${mailboxRate.toFixed(0)}/s; SMTP ÷ mailbox ${(smtpRate / mailboxRate).toFixed(2)}×`,
  )

  if (service.ctx.database.dialect === 'postgres') {
    // Two service processes on one PostgreSQL share the outbox: each message claimed by one of them,
    // sent once. The sink's count after these runs checks it (none lost, none twice).
    const acceptedBefore = await sink.accepted()
    const second = await startSecondProcess(databaseUrl, sink.url)
    const ours = sinkDelivery(sink.url)
    const oneRuns: Run[] = []
    const twoRuns: Run[] = []
    try {
      await requeue()
      report(
        "SMTP, two processes, the second process's first run",
        await drainWithTwo(service, ours.dispatch, second),
      )
      // One process and two alternated, so both meet the same moments of the machine and the same warmth.
      for (let run = 1; run <= RUNS; run++) {
        await requeue()
        oneRuns.push(await drain(service, ours.dispatch))
        report(`SMTP, one process, alternated run ${run}`, oneRuns.at(-1)!)
        await requeue()
        twoRuns.push(await drainWithTwo(service, ours.dispatch, second))
        report(`SMTP, two processes, alternated run ${run}`, twoRuns.at(-1)!)
      }
    } finally {
      ours.close()
      await second.close()
    }
    const expected = MESSAGES * (1 + 2 * RUNS)
    const sent = (await sink.accepted()) - acceptedBefore
    if (sent !== expected) throw new Error(`two processes: the SMTP sink accepted ${sent} of ${expected}`)
    const oneRate = median(oneRuns.map((run) => run.perSecond))
    const twoRate = median(twoRuns.map((run) => run.perSecond))
    console.log(
      `alternated medians: two processes ${twoRate.toFixed(0)} messages/s, one process ${oneRate.toFixed(0)}/s: ${(twoRate / oneRate).toFixed(2)}×; every message sent once (${sent} of ${expected})`,
    )
  }
} finally {
  await service.close()
  await sink.close()
  await scratch.drop()
  rmSync(directory, { recursive: true, force: true })
}
