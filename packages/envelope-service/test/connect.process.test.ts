import type { ChildProcess } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { connectDatabase } from 'platform'
import { describe, expect, it } from 'vitest'
import type { Schema } from '../src/database.js'
import { OUTBOX_TOPICS } from '../src/outbox/topics.js'
import { createConfiguration, type Harness, startService } from '../src/testing/connect-receiver.js'
import { createSentEnvelopes } from '../src/testing/sent-envelopes.js'
import {
  countBy,
  kill,
  postgresSchemaUrl,
  scratchDirectory,
  startServiceProcess,
  waitFor,
} from './service-process.js'

/**
 * Connect delivery with real service processes (test/fixtures/serve.ts): one killed with SIGKILL while
 * it delivers to a slow receiver (after a restart every event has arrived, a duplicate only for an
 * attempt in flight at the kill), and two processes on one PostgreSQL schema delivering 1,000 events
 * (each exactly once). An event is named by its envelope, its event and its recipient.
 */

const directory = scratchDirectory('connect-process-')
/** The receivers listen on 127.0.0.1, which Connect refuses unless told otherwise. */
const receiverOnLoopback = { CONNECT_ALLOW_PRIVATE_URLS: 'true' }

/** A receiver that records each event when its request arrives and answers 200 after `delayMs`. */
async function startRecordingReceiver(delayMs: number) {
  const arrived: string[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        event: string
        data: { envelopeId: string; recipientId?: string }
      }
      arrived.push(`${body.data.envelopeId} ${body.event} ${body.data.recipientId ?? ''}`)
      setTimeout(() => response.end('ok'), delayMs)
    })
  })
  // A sender killed with SIGKILL resets its connections: expected here.
  server.on('clientError', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    arrived,
    url: `http://127.0.0.1:${port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Creates `count` sent envelopes with `signers` signers in routing order 1. Returns the names of the
 * events a configuration listing `envelope-sent` and `recipient-sent` receives for them.
 */
async function createEnvelopes({ service, principal }: Harness, count: number, signers: number) {
  const created = await createSentEnvelopes(service, principal, count, { signers })
  return created.flatMap(({ envelopeId, emails }) => [
    `${envelopeId} envelope-sent `,
    ...emails.map((_, signer) => `${envelopeId} recipient-sent ${signer + 1}`),
  ])
}

/** A service in this process that creates the configuration and the envelopes; it runs no jobs. */
async function creatingService(databaseUrl: string, receiverUrl: string, events: string[]): Promise<Harness> {
  const harness = await startService(databaseUrl)
  await harness.service.ctx.jobs.stop()
  await createConfiguration(harness, receiverUrl, { events })
  return harness
}

/** The events not delivered yet: queued deliveries, and events still in the outbox (not fanned out). */
async function pendingEvents(databaseUrl: string): Promise<string[]> {
  const database = connectDatabase<Schema>(databaseUrl)
  try {
    const deliveries = await database.db
      .selectFrom('connect_deliveries')
      .select(['envelope_id', 'event', 'payload'])
      .execute()
    const outbox = await database.db
      .selectFrom('outbox')
      .select('payload')
      .where('topic', '=', OUTBOX_TOPICS.envelopeEvent)
      .execute()
    return [
      ...deliveries.map((row) => {
        const recipientId = (JSON.parse(row.payload) as { data: { recipientId?: string } }).data.recipientId
        return `${row.envelope_id} ${row.event} ${recipientId ?? ''}`
      }),
      ...outbox.map((row) => {
        const event = JSON.parse(row.payload) as { envelopeId: string; event: string; recipientId?: string }
        return `${event.envelopeId} ${event.event} ${event.recipientId ?? ''}`
      }),
    ]
  } finally {
    await database.close()
  }
}

describe('Connect delivery with real service processes', () => {
  // On each database: SQLite's file, and a PostgreSQL schema of its own when TEST_POSTGRES_URL is set.
  const killDatabases: [string, string][] = [
    ['SQLite', `sqlite:${join(directory, 'kill.db')}`],
    ...(process.env.TEST_POSTGRES_URL ? [['PostgreSQL', postgresSchemaUrl()] as [string, string]] : []),
  ]
  it.each(killDatabases)(
    'delivers every event after a SIGKILL mid-delivery and a restart, duplicating only attempts in flight (%s)',
    async (_database, url) => {
      const receiver = await startRecordingReceiver(100)
      const creator = await creatingService(url, receiver.url, ['envelope-sent'])
      const events = (await createEnvelopes(creator, 150, 1).finally(() => creator.service.close())).filter(
        (event) => event.includes(' envelope-sent '),
      )
      const children: ChildProcess[] = []
      try {
        // Leases of attempts end 60 s after the delivery timeout: 5 s here, so the restart below, a few
        // minutes later by its clock, finds them expired.
        const timeouts = { CONNECT_DELIVERY_TIMEOUT_MS: '5000' }
        const first = await startServiceProcess({ ...receiverOnLoopback, DATABASE_URL: url, ...timeouts })
        children.push(first)
        await waitFor(() => receiver.arrived.length >= 30, 60_000, 'the first events')
        await kill(first, 'SIGKILL')
        await new Promise((resolve) => setTimeout(resolve, 200))
        const arrivedBeforeKill = new Set(receiver.arrived)
        const pendingAfterKill = new Set(await pendingEvents(url))
        expect(arrivedBeforeKill.size).toBeLessThan(events.length)
        expect(pendingAfterKill.size).toBeGreaterThan(0)
        // Nothing was lost with the process: every event arrived or is still queued.
        for (const event of events) {
          expect(arrivedBeforeKill.has(event) || pendingAfterKill.has(event), event).toBe(true)
        }

        const second = await startServiceProcess({
          ...receiverOnLoopback,
          DATABASE_URL: url,
          TEST_CLOCK_OFFSET_MS: '180000',
          ...timeouts,
        })
        children.push(second)
        await waitFor(
          async () =>
            new Set(receiver.arrived).size === events.length && (await pendingEvents(url)).length === 0,
          180_000,
          'every event after the restart',
        )
        const counts = countBy(receiver.arrived)
        expect([...counts.keys()].sort()).toEqual([...events].sort())
        for (const [event, count] of counts) {
          if (count === 1) continue
          // Sent before the kill but not marked delivered: the only case where a duplicate is allowed.
          expect(arrivedBeforeKill.has(event) && pendingAfterKill.has(event), event).toBe(true)
          expect(count, event).toBe(2)
        }
      } finally {
        await Promise.all(children.map((child) => kill(child, 'SIGKILL')))
        await receiver.close()
      }
    },
    360_000,
  )

  describe.skipIf(!process.env.TEST_POSTGRES_URL)('on PostgreSQL', () => {
    const url = postgresSchemaUrl()

    it('two processes on one schema deliver 1,000 events, each exactly once', async () => {
      const receiver = await startRecordingReceiver(0)
      const children: ChildProcess[] = []
      try {
        // Migrated first, so the two processes do not race to create the schema.
        const creator = await creatingService(url, receiver.url, ['envelope-sent', 'recipient-sent'])
        children.push(
          ...(await Promise.all(
            [1, 2].map(() => startServiceProcess({ ...receiverOnLoopback, DATABASE_URL: url })),
          )),
        )
        // Created while both processes run: 100 envelopes of 9 signers, 10 events each.
        const events = await createEnvelopes(creator, 100, 9).finally(() => creator.service.close())
        expect(events).toHaveLength(1_000)
        await waitFor(
          async () => receiver.arrived.length >= 1_000 && (await pendingEvents(url)).length === 0,
          180_000,
          'every event',
        )
        // Anything sent twice would arrive within the next rounds.
        await new Promise((resolve) => setTimeout(resolve, 1_500))
        const counts = countBy(receiver.arrived)
        expect([...counts.keys()].sort()).toEqual([...events].sort())
        expect([...counts].filter(([, count]) => count !== 1)).toEqual([])
        expect(receiver.arrived).toHaveLength(1_000)
      } finally {
        await Promise.all(children.map((child) => kill(child, 'SIGTERM')))
        await receiver.close()
      }
    }, 360_000)
  })
})
