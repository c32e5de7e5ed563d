import type { ChildProcess } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { connectDatabase } from 'platform'
import { SMTPServer } from 'smtp-server'
import { describe, expect, it } from 'vitest'
import type { Schema } from '../src/database.js'
import { OUTBOX_TOPICS } from '../src/outbox/topics.js'
import { seedPrincipal, startTestService, type TestService } from '../src/testing/harness.js'
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
 * The messages job with real service processes: one killed with SIGKILL while it sends (after a restart
 * every invitation has gone out, a duplicate only for a message in flight at the kill), and two processes
 * on one PostgreSQL schema (every invitation exactly once).
 */

const directory = scratchDirectory('messages-process-')

/** An SMTP listener that takes `delayMs` to accept each message and records every recipient and login. */
async function startSlowSink(delayMs: number) {
  const delivered: { to: string; user: string }[] = []
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData(stream, session, callback) {
      stream.resume()
      stream.on('end', () => {
        setTimeout(() => {
          for (const recipient of session.envelope.rcptTo) {
            delivered.push({ to: recipient.address, user: String(session.user ?? '') })
          }
          callback()
        }, delayMs)
      })
    },
  })
  // A client killed with SIGKILL resets its connections: expected here, not a failure of the sink.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    delivered,
    urlFor: (user: string) => `smtp://${user}:secret@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Creates `count` sent envelopes, one signer each (`signer-<i>@example.test`), through the REST API.
 * Returns the recipient's address by envelope id.
 */
async function createEnvelopes(service: TestService, count: number): Promise<Map<string, string>> {
  const principal = await seedPrincipal(service.ctx)
  const created = await createSentEnvelopes(service, principal, count, {
    email: (index) => `signer-${index}@example.test`,
  })
  return new Map(created.map(({ envelopeId, emails }) => [envelopeId, emails[0] as string]))
}

/** A service in this process for creating envelopes; its jobs are stopped, so only the service processes send. */
async function creatingService(databaseUrl: string): Promise<TestService> {
  const service = await startTestService(databaseUrl)
  await service.ctx.jobs.stop()
  return service
}

/** The envelope ids of the invitations still in the outbox. */
async function pendingEnvelopes(databaseUrl: string): Promise<string[]> {
  const database = connectDatabase<Schema>(databaseUrl)
  try {
    const rows = await database.db
      .selectFrom('outbox')
      .select('payload')
      .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
      .execute()
    return rows.map((row) => (JSON.parse(row.payload) as { envelopeId: string }).envelopeId)
  } finally {
    await database.close()
  }
}

describe('invitations with real service processes', () => {
  // On each database: SQLite's file, and a PostgreSQL schema of its own when TEST_POSTGRES_URL is set.
  const killDatabases: [string, string][] = [
    ['SQLite', `sqlite:${join(directory, 'kill.db')}`],
    ...(process.env.TEST_POSTGRES_URL ? [['PostgreSQL', postgresSchemaUrl()] as [string, string]] : []),
  ]
  it.each(killDatabases)(
    'sends every invitation after a SIGKILL mid-send and a restart, duplicating only those in flight (%s)',
    async (_database, url) => {
      const creator = await creatingService(url)
      const addresses = await createEnvelopes(creator, 200).finally(() => creator.close())
      expect(await pendingEnvelopes(url)).toHaveLength(200)
      const sink = await startSlowSink(50)
      const children: ChildProcess[] = []
      try {
        const first = await startServiceProcess({ DATABASE_URL: url, SMTP_URL: sink.urlFor('first') })
        children.push(first)
        await waitFor(() => sink.delivered.length >= 30, 60_000, 'the first invitations')
        await kill(first, 'SIGKILL')
        // A message whose data was already sent may still be accepted by the sink after the kill.
        await new Promise((resolve) => setTimeout(resolve, 200))
        const deliveredBeforeKill = new Set(sink.delivered.map(({ to }) => to))
        const pendingAfterKill = new Set((await pendingEnvelopes(url)).map((id) => addresses.get(id)!))
        expect(deliveredBeforeKill.size).toBeLessThan(200)
        expect(pendingAfterKill.size).toBeGreaterThan(0)
        // Every invitation not yet delivered is still queued: nothing was lost with the process.
        for (const address of addresses.values()) {
          expect(deliveredBeforeKill.has(address) || pendingAfterKill.has(address), address).toBe(true)
        }

        // The restart runs a minute later by its clock, so the dead process's leases have run out.
        const second = await startServiceProcess({
          DATABASE_URL: url,
          SMTP_URL: sink.urlFor('second'),
          TEST_CLOCK_OFFSET_MS: '61000',
        })
        children.push(second)
        await waitFor(
          async () =>
            new Set(sink.delivered.map(({ to }) => to)).size === 200 &&
            (await pendingEnvelopes(url)).length === 0,
          60_000,
          'every invitation after the restart',
        )
        const counts = countBy(sink.delivered.map(({ to }) => to))
        expect([...counts.keys()].sort()).toEqual([...addresses.values()].sort())
        const duplicated = [...counts].filter(([, count]) => count > 1).map(([address]) => address)
        for (const address of duplicated) {
          // Sent before the kill but not yet marked sent: the only case where a duplicate is allowed.
          expect(deliveredBeforeKill.has(address) && pendingAfterKill.has(address), address).toBe(true)
          expect(counts.get(address)).toBe(2)
        }
        expect(sink.delivered.filter(({ user }) => user === 'second').length).toBeGreaterThan(0)
      } finally {
        await Promise.all(children.map((child) => kill(child, 'SIGKILL')))
        await sink.close()
      }
    },
    180_000,
  )

  describe.skipIf(!process.env.TEST_POSTGRES_URL)('on PostgreSQL', () => {
    const url = postgresSchemaUrl()

    it('two processes on one schema deliver every invitation exactly once', async () => {
      const sink = await startSlowSink(5)
      const children: ChildProcess[] = []
      try {
        // Migrated first, so the two processes do not race to create the schema.
        const creator = await creatingService(url)
        children.push(
          ...(await Promise.all(
            ['one', 'two'].map((user) =>
              startServiceProcess({ DATABASE_URL: url, SMTP_URL: sink.urlFor(user) }),
            ),
          )),
        )
        // Created while both processes run: each polls the shared job and outbox rows.
        const addresses = await createEnvelopes(creator, 300).finally(() => creator.close())
        await waitFor(
          async () => sink.delivered.length >= 300 && (await pendingEnvelopes(url)).length === 0,
          60_000,
          'every invitation',
        )
        // Anything sent twice would arrive within the next rounds.
        await new Promise((resolve) => setTimeout(resolve, 1_500))
        const counts = countBy(sink.delivered.map(({ to }) => to))
        expect([...counts.keys()].sort()).toEqual([...addresses.values()].sort())
        expect([...counts.values()].every((count) => count === 1)).toBe(true)
        expect(sink.delivered).toHaveLength(300)
        const byProcess = countBy(sink.delivered.map(({ user }) => user))
        expect((byProcess.get('one') ?? 0) + (byProcess.get('two') ?? 0)).toBe(300)
      } finally {
        await Promise.all(children.map((child) => kill(child, 'SIGTERM')))
        await sink.close()
      }
    }, 180_000)
  })
})
