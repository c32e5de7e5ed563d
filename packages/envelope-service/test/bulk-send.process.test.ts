import type { ChildProcess } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { connectDatabase } from 'platform'
import { SMTPServer } from 'smtp-server'
import { describe, expect, it } from 'vitest'
import { BULK_SEND_JOB } from '../src/bulk-send/service.js'
import { bulkList, bulkTemplateBody, memberEmail } from '../src/bulk-send/testing/fixtures.js'
import type { Schema } from '../src/database.js'
import { seedPrincipal, startTestService } from '../src/testing/harness.js'
import { countBy, kill, postgresSchemaUrl, startServiceProcess, waitFor } from './service-process.js'

/**
 * A 1,000-copy bulk send batch with two service processes on one PostgreSQL schema, the one creating
 * the envelopes killed with SIGKILL halfway: the other takes the job over once the dead process's lease
 * runs out, every copy becomes exactly one envelope, and the SMTP listener receives every invitation
 * exactly once.
 *
 * The killed process has no SMTP transport: a process killed while it talks SMTP may send a message in
 * flight a second time (delivery is at least once, messages.process.test.ts). So the invitations are all
 * sent by the surviving process, and a duplicate at the listener can only come from a copy made twice.
 */

const COPIES = 1_000

/** An SMTP listener recording the recipients of every message it accepts. */
async function startSink() {
  const delivered: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume()
      stream.on('end', () => {
        for (const recipient of session.envelope.rcptTo) delivered.push(recipient.address)
        callback()
      })
    },
  })
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    delivered,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe.skipIf(!process.env.TEST_POSTGRES_URL)('bulk send with two service processes on PostgreSQL', () => {
  const url = postgresSchemaUrl()

  it(`sends all ${COPIES} copies once each through a SIGKILL of the process creating them`, async () => {
    const sink = await startSink()
    const children: ChildProcess[] = []
    const database = connectDatabase<Schema>(url)
    try {
      // Migrates the schema, and queues the batch with its own jobs stopped: only the processes send.
      const creator = await startTestService(url)
      await creator.ctx.jobs.stop()
      const sender = await seedPrincipal(creator.ctx)
      const call = async (path: string, body: object) => {
        const response = await creator.app.inject({
          method: 'POST',
          url: `/restapi/v2.1/accounts/${sender.accountId}${path}`,
          headers: sender.headers,
          payload: body,
        })
        expect(response.statusCode, response.body).toBe(201)
        return response.json()
      }
      const { templateId } = await call('/templates', await bulkTemplateBody())
      const { listId } = await call('/bulk_send_lists', bulkList(COPIES, 'process'))

      // Two processes on the schema. The surviving one's clock runs 15 s behind, so the first one takes
      // the batch as it is queued and is killed working on it; the survivor takes the job over once the
      // dead process's lease has run out by its clock.
      const [creating, surviving] = await Promise.all([
        startServiceProcess({ DATABASE_URL: url, JOB_POLL_MS: '200' }),
        startServiceProcess({
          DATABASE_URL: url,
          SMTP_URL: sink.url,
          JOB_POLL_MS: '200',
          TEST_CLOCK_OFFSET_MS: '-15000',
        }),
      ])
      children.push(creating, surviving)
      const { batchId } = await call(`/bulk_send_lists/${listId}/send`, { envelopeOrTemplateId: templateId })
      await creator.close()

      const copiesWith = async (status: string) =>
        Number(
          (
            await database.db
              .selectFrom('bulk_send_copies')
              .select((eb) => eb.fn.countAll().as('count'))
              .where('batch_id', '=', batchId)
              .where('status', '=', status)
              .executeTakeFirstOrThrow()
          ).count,
        )
      // Killed while it holds the job (the lease names its process), so it dies working on the batch.
      const holdsTheJob = async () => {
        const job = await database.db
          .selectFrom('jobs')
          .select('lease_owner')
          .where('name', '=', BULK_SEND_JOB)
          .executeTakeFirstOrThrow()
        return job.lease_owner?.split(':')[1] === String(creating.pid)
      }
      await waitFor(
        async () => (await copiesWith('sent')) >= 200 && (await holdsTheJob()),
        60_000,
        'the first process working on the batch',
      )
      await kill(creating, 'SIGKILL')
      const sentAtKill = await copiesWith('sent')
      expect(sentAtKill).toBeLessThan(COPIES)

      await waitFor(
        async () => (await copiesWith('sent')) === COPIES && sink.delivered.length >= COPIES,
        // The dead process's lease runs out a minute after its last renewal, by the survivor's clock.
        240_000,
        'every copy sent and every invitation delivered',
      )
      // Anything sent twice would arrive within the next rounds.
      await new Promise((resolve) => setTimeout(resolve, 2_000))

      expect(await copiesWith('failed')).toBe(0)
      const envelopes = await database.db
        .selectFrom('envelopes')
        .select('id')
        .where('account_id', '=', sender.accountId)
        .execute()
      expect(envelopes).toHaveLength(COPIES)
      const recorded = await database.db
        .selectFrom('bulk_send_copies')
        .select('envelope_id')
        .where('batch_id', '=', batchId)
        .execute()
      expect(new Set(recorded.map((copy) => copy.envelope_id))).toEqual(
        new Set(envelopes.map((row) => row.id)),
      )

      const counts = countBy(sink.delivered)
      expect([...counts.keys()].sort()).toEqual(
        Array.from({ length: COPIES }, (_, index) => memberEmail('process', index)).sort(),
      )
      expect([...counts.values()].every((count) => count === 1)).toBe(true)
      expect(sink.delivered).toHaveLength(COPIES)
    } finally {
      await Promise.all(children.map((child) => kill(child, 'SIGKILL')))
      await database.close()
      await sink.close()
    }
  }, 480_000)
})
