/**
 * Message dispatch benchmark (issue 9): 1,000 queued invitations (1,000 sent envelopes, one signer
 * each) drained by the messages job's rounds (`runMessagesRound`, back to back as the job runner runs
 * them while a full batch says more wait) to a local smtp-server listener, then the same invitations
 * again to the development mailbox. Prints messages/s for each; target ≥ 500/s over SMTP.
 * SQLite in a temporary directory unless BENCH_DATABASE_URL names another database.
 * Run: `npm run bench:dispatch -w envelope-service`.
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
import { startSmtpCounter } from './sinks.js'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000)
const TARGET_PER_SECOND = 500

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

/** Drains the queue as the job does; returns the elapsed milliseconds. */
async function drain(service: TestService, dispatch: Dispatch): Promise<number> {
  const started = performance.now()
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
  const elapsed = performance.now() - started
  const left = await service.ctx.db
    .selectFrom('outbox')
    .select('id')
    .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
    .execute()
  if (left.length !== 0) throw new Error(`${left.length} messages left in the outbox after ${rounds} rounds`)
  return elapsed
}

function report(label: string, elapsedMs: number) {
  const perSecond = (MESSAGES / elapsedMs) * 1000
  const verdict = perSecond >= TARGET_PER_SECOND ? 'meets' : 'MISSES'
  console.log(
    `${label}: ${MESSAGES} messages in ${elapsedMs.toFixed(0)} ms = ${perSecond.toFixed(0)} messages/s (${verdict} the ${TARGET_PER_SECOND}/s target)`,
  )
}

const directory = mkdtempSync(join(tmpdir(), 'bench-dispatch-'))
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(directory, 'bench.db')}`
const sink = await startSmtpCounter()
const service = await startTestService(databaseUrl)
// The benchmark drives the rounds itself.
await service.ctx.jobs.stop()
try {
  console.log(
    `dispatch benchmark: ${service.ctx.database.dialect}, Node ${process.version}, ${availableParallelism()} cores, load ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  )
  const setupStarted = performance.now()
  const payloads = await queueInvitations(service)
  console.log(
    `queued ${MESSAGES} invitations in ${(performance.now() - setupStarted).toFixed(0)} ms (not timed)`,
  )

  const smtp = createDelivery(deliverySettingsOf({ SMTP_URL: sink.url, SMTP_FROM: 'no-reply@inkwell.test' }))
  try {
    report('SMTP (smtp-server on 127.0.0.1)', await drain(service, smtp.dispatch))
  } finally {
    smtp.close()
  }
  if (sink.accepted() !== MESSAGES)
    throw new Error(`the SMTP sink accepted ${sink.accepted()} of ${MESSAGES}`)

  await enqueue(
    service.ctx.db,
    payloads.map((payload) => ({ topic: OUTBOX_TOPICS.recipientMessage, payload })),
    Date.now(),
  )
  const mailbox = createDevMailbox(mailboxWriter(service.ctx.db))
  report('development mailbox', await drain(service, createDispatcher({ mailbox })))
} finally {
  await service.close()
  await sink.close()
  rmSync(directory, { recursive: true, force: true })
}
