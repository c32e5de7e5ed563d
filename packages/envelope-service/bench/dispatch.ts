/**
 * Message dispatch benchmark (issue 9): 1,000 queued invitations (1,000 sent envelopes, one signer
 * each) drained by the messages job's rounds (`runMessagesRound`, back to back as the job runner runs
 * them while a full batch says more wait) to a local smtp-server listener, then the same invitations
 * again to the development mailbox. Prints messages/s for each; target ≥ 500/s over SMTP.
 * SQLite in a temporary directory unless BENCH_DATABASE_URL names another database.
 * Run: `npm run bench:dispatch -w envelope-service`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import { mailboxWriter } from '../src/devmailbox/service.js'
import { makePdfBase64 } from '../src/documents/test-pdfs.js'
import { deliverySettingsOf } from '../src/notifications/config.js'
import { createDelivery, createDispatcher, type Dispatch } from '../src/notifications/dispatch.js'
import { createDevMailbox } from '../src/notifications/mailbox.js'
import { runMessagesRound } from '../src/notifications/outbox-job.js'
import { enqueue } from '../src/outbox/repository.js'
import { OUTBOX_TOPICS } from '../src/outbox/topics.js'
import { seedPrincipal, startTestService, type TestService } from '../src/testing/harness.js'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000)
const TARGET_PER_SECOND = 500

/** An SMTP listener that accepts and counts messages without parsing them (the sink must not be the bottleneck). */
async function startCountingSink() {
  let accepted = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume()
      stream.on('end', () => {
        accepted++
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    accepted: () => accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function queueInvitations(service: TestService): Promise<unknown[]> {
  const principal = await seedPrincipal(service.ctx)
  const pdf = await makePdfBase64(1, 'Sign here')
  let next = 0
  const create = async () => {
    while (next < MESSAGES) {
      const index = next++
      const response = await service.app.inject({
        method: 'POST',
        url: `/restapi/v2.1/accounts/${principal.accountId}/envelopes`,
        headers: principal.headers,
        payload: {
          status: 'sent',
          emailSubject: 'Please sign',
          emailBlurb: 'Benchmark invitation.',
          documents: [{ documentId: '1', name: 'Doc', fileExtension: 'pdf', documentBase64: pdf }],
          recipients: {
            signers: [
              {
                recipientId: '1',
                routingOrder: '1',
                name: `Signer ${index}`,
                email: `s${index}@example.test`,
              },
            ],
          },
        },
      })
      if (response.statusCode !== 201) throw new Error(`creating an envelope failed: ${response.body}`)
    }
  }
  await Promise.all(Array.from({ length: 8 }, create))
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
const sink = await startCountingSink()
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
