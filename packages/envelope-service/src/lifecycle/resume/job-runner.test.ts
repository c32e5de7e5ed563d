import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listAuditEntries } from '../../audit/repository.js'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import { eventually, PATIENCE_MS } from '../../testing/eventually.js'
import {
  seedPrincipal,
  startTestService,
  type TestPrincipal,
  type TestService,
} from '../../testing/harness.js'
import { runWorkflowRound, WORKFLOW_JOB } from './job.js'

/**
 * The workflow job as it runs in production: defined in app.ts, started with the service, claimed and
 * run by the platform job runner on its own poll. Only the clock is the test's: it jumps past a
 * scheduled send and the runner, polling every 50 ms of real time, must find the job due on that clock
 * and send the envelope. Then (PostgreSQL) two processes on one database run their rounds at the same
 * instant over the same due envelopes: each envelope goes out once.
 */

const START = Date.parse('2026-11-23T09:00:00.000Z')
const MINUTE = 60_000
describeEachDatabase('workflow job on the job runner', ({ dialect, freshUrl }) => {
  let url: string
  let clock = START
  let service: TestService
  let principal: TestPrincipal
  let pdf: string

  beforeAll(async () => {
    pdf = await makePdfBase64(1, 'Sign here')
    url = await freshUrl()
    service = await startTestService(url, { JOB_POLL_MS: '50' }, () => clock)
    principal = await seedPrincipal(service.ctx)
  }, 60_000)
  afterAll(() => service?.close())

  async function createScheduled(delay: string): Promise<string> {
    const response = await service.app.inject({
      method: 'POST',
      url: `/restapi/v2.1/accounts/${principal.accountId}/envelopes`,
      headers: principal.headers,
      payload: {
        status: 'sent',
        emailSubject: 'Scheduled',
        documents: [{ documentId: '1', name: 'Contract', fileExtension: 'pdf', documentBase64: pdf }],
        recipients: {
          signers: [{ recipientId: '1', routingOrder: '1', name: 'Ann', email: 'ann@example.test' }],
        },
        workflow: { scheduledSending: { rules: [{ delay }] } },
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId as string
  }

  const recipientStatus = async (envelopeId: string) =>
    (
      await service.ctx.db
        .selectFrom('envelope_recipients')
        .select('status')
        .where('envelope_id', '=', envelopeId)
        .executeTakeFirstOrThrow()
    ).status

  const auditCount = async (envelopeId: string, action: string) =>
    (await listAuditEntries(service.ctx.db, envelopeId)).filter((entry) => entry.action === action).length

  it(
    'the started service runs workflow.resume-due on its runner and sends a scheduled envelope when the injected clock reaches its time',
    async () => {
      const envelopeId = await createScheduled('0.00:10:00')
      clock = START + 9 * MINUTE
      // The job runs on the stepped clock (its row records the run) but the send is not due yet.
      const early = await eventually(
        () =>
          service.ctx.db
            .selectFrom('jobs')
            .select('last_finished_at')
            .where('name', '=', WORKFLOW_JOB)
            .executeTakeFirstOrThrow(),
        (row) => Number(row.last_finished_at ?? 0) >= clock,
      )
      expect(Number(early.last_finished_at)).toBeGreaterThanOrEqual(clock)
      expect(await recipientStatus(envelopeId)).toBe('created')

      clock = START + 10 * MINUTE
      expect(
        await eventually(
          () => recipientStatus(envelopeId),
          (status) => status === 'sent',
        ),
      ).toBe('sent')
      expect(await auditCount(envelopeId, 'Scheduled Send Released')).toBe(1)
      expect(await auditCount(envelopeId, 'Sent Invitations')).toBe(1)
    },
    PATIENCE_MS * 3,
  )

  // SQLite serves one process (a second writer meets 'database is locked'); workflow.test.ts covers a
  // second process taking over there, one after the other.
  describe.skipIf(dialect === 'sqlite')('two processes', () => {
    it(
      'running their rounds at the same instant over the same due envelopes send each envelope once',
      async () => {
        await service.ctx.jobs.stop()
        const other = await startTestService(url, {}, () => clock)
        try {
          await other.ctx.jobs.stop()
          const base = clock
          const envelopeIds: string[] = []
          for (let i = 0; i < 6; i++) envelopeIds.push(await createScheduled('0.00:05:00'))
          clock = base + 5 * MINUTE
          const [mine, theirs] = await Promise.all([
            runWorkflowRound(service.ctx),
            runWorkflowRound(other.ctx),
          ])
          expect(mine.resumed + theirs.resumed).toBe(envelopeIds.length)
          for (const envelopeId of envelopeIds) {
            expect(await recipientStatus(envelopeId)).toBe('sent')
            expect(await auditCount(envelopeId, 'Scheduled Send Released')).toBe(1)
            expect(await auditCount(envelopeId, 'Sent Invitations')).toBe(1)
          }
        } finally {
          await other.close()
        }
      },
      PATIENCE_MS * 2,
    )
  })
})
