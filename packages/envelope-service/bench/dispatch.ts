/**
 * Message dispatch benchmark (issue 9): 1,000 queued invitations (1,000 sent envelopes, one signer
 * each) drained by the messages job's rounds (`runMessagesRound`, back to back as the job runner runs
 * them while a full batch says more wait) to a local smtp-server listener in a process of its own, then
 * the same invitations again to the development mailbox (the baseline: the job's own reads and writes,
 * no SMTP). The first SMTP run is the process's first (cold: nothing compiled yet, no SMTP connection);
 * the next runs send the same invitations again, queued afresh, and the target is judged on their median.
 * Prints messages/s and the process's CPU per message (every thread, the SMTP thread included) for each
 * run; target ≥ 500/s over SMTP. SQLite in a temporary directory, or with BENCH_DATABASE_URL a PostgreSQL
 * database, in a schema of its own dropped at the end. Run: `npm run bench:dispatch -w envelope-service`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { mailboxWriter } from '../src/devmailbox/service.js'
import { deliverySettingsOf } from '../src/notifications/config.js'
import { createDelivery, createDispatcher, type Dispatch } from '../src/notifications/dispatch.js'
import { createDevMailbox } from '../src/notifications/mailbox.js'
import { runMessagesRound } from '../src/notifications/outbox-job.js'
import { enqueue } from '../src/outbox/repository.js'
import { OUTBOX_TOPICS } from '../src/outbox/topics.js'
import { seedPrincipal, startTestService, type TestService } from '../src/testing/harness.js'
import { createSentEnvelopes } from '../src/testing/sent-envelopes.js'
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

/** Drains the queue as the job does, timed and with the process's CPU time. */
async function drain(service: TestService, dispatch: Dispatch): Promise<Run> {
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  let rounds = 0
  for (;;) {
    rounds++
    const more = await runMessagesRound({
      db: service.ctx.db,
      dialect: service.ctx.database.dialect,
      now: Date.now,
      publicUrl: service.ctx.publicUrl,
      dispatch,
      owner: 'bench',
    })
    if (!more) break
  }
  const elapsedMs = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  const left = await service.ctx.db
    .selectFrom('outbox')
    .select('id')
    .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
    .execute()
  if (left.length !== 0) throw new Error(`${left.length} messages left in the outbox after ${rounds} rounds`)
  return {
    perSecond: (MESSAGES / elapsedMs) * 1000,
    cpuMsPerMessage: (cpu.user + cpu.system) / 1000 / MESSAGES,
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

  const smtp = createDelivery(deliverySettingsOf({ SMTP_URL: sink.url, SMTP_FROM: 'no-reply@inkwell.test' }))
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
} finally {
  await service.close()
  await sink.close()
  await scratch.drop()
  rmSync(directory, { recursive: true, force: true })
}
