import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { blobIdOf } from '../documents/blobs/repository.js'
import { makePdf } from '../documents/test-pdfs.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { recycleBinPurgeJob } from './purge-job.js'

const DAY_MS = 24 * 60 * 60_000
const T0 = Date.parse('2026-11-01T09:00:00.000Z')
const base = (accountId: string) => `/restapi/v2.1/accounts/${accountId}`

describeEachDatabase('recycle-bin purge', (databases) => {
  let sealDirectory: string
  beforeAll(() => {
    sealDirectory = mkdtempSync(join(tmpdir(), 'purge-seal-'))
  })
  afterAll(() => rmSync(sealDirectory, { recursive: true, force: true }))

  async function start(url: string, clock: () => number, env: Record<string, string> = {}) {
    return startTestService(
      url,
      { SEAL_DEVELOPMENT_FILE: join(sealDirectory, 'seal.p12'), RECYCLE_BIN_RETENTION_DAYS: '30', ...env },
      clock,
    )
  }

  /** Creates an envelope whose one document has the given text, so that its blob is known. */
  async function createEnvelope(
    service: TestService,
    who: TestPrincipal,
    status: 'created' | 'sent',
    documentTitle: string,
    headers: Record<string, string> = {},
  ): Promise<{ envelopeId: string; blobId: string }> {
    const bytes = await makePdf(1, documentTitle)
    const response = await service.app.inject({
      method: 'POST',
      url: `${base(who.accountId)}/envelopes`,
      headers: { ...who.headers, ...headers },
      payload: {
        status,
        emailSubject: documentTitle,
        documents: [
          {
            documentId: '1',
            name: 'Doc.pdf',
            fileExtension: 'pdf',
            documentBase64: Buffer.from(bytes).toString('base64'),
          },
        ],
        recipients: { signers: [{ recipientId: '1', name: 'Ana Ruiz', email: 'ana@example.test' }] },
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    return { envelopeId: response.json().envelopeId, blobId: blobIdOf(bytes) }
  }

  async function move(service: TestService, who: TestPrincipal, folderId: string, envelopeIds: string[]) {
    const response = await service.app.inject({
      method: 'PUT',
      url: `${base(who.accountId)}/folders/${folderId}`,
      headers: who.headers,
      payload: { envelopeIds },
    })
    expect(response.statusCode, response.body).toBe(200)
  }

  describe('the purge job', () => {
    let service: TestService
    let clock = T0
    let databaseUrl: string
    let account: TestPrincipal
    const job = (svc: TestService) =>
      recycleBinPurgeJob(svc.ctx.db, { retentionMs: 30 * DAY_MS, everyMs: 60 * 60_000 })

    beforeAll(async () => {
      databaseUrl = await databases.freshUrl()
      // The runner's own purge waits ten years here: these tests run the job themselves.
      service = await start(databaseUrl, () => clock, {
        RECYCLE_BIN_PURGE_INTERVAL_MS: String(3650 * DAY_MS),
      })
      account = await seedPrincipal(service.ctx)
    })
    /** Access tokens last an hour of the moving clock: a member with a token issued now. */
    const sender = () => seedPrincipal(service.ctx, { accountId: account.accountId })
    afterAll(() => service?.close())

    const exists = async (table: 'envelopes' | 'document_blobs', id: string) =>
      (await service.ctx.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !==
      undefined
    const rowsOf = async (envelopeId: string) => {
      const count = async (table: 'envelope_documents' | 'envelope_recipients' | 'audit_events') =>
        (
          await service.ctx.db
            .selectFrom(table)
            .select('envelope_id')
            .where('envelope_id', '=', envelopeId)
            .execute()
        ).length
      return {
        documents: await count('envelope_documents'),
        recipients: await count('envelope_recipients'),
        audit: await count('audit_events'),
      }
    }

    it('purges what stayed in the bin past the retention, with its rows and its own blobs only', async () => {
      clock = T0
      const draft = await createEnvelope(service, await sender(), 'created', 'Purged draft', {
        'idempotency-key': 'purge-1',
      })
      const sent = await createEnvelope(service, await sender(), 'sent', 'Purged sent envelope')
      const sharedDeleted = await createEnvelope(service, await sender(), 'created', 'Shared document')
      const sharedKept = await createEnvelope(service, await sender(), 'created', 'Shared document')
      const restored = await createEnvelope(service, await sender(), 'created', 'Restored draft')
      await move(service, await sender(), 'recyclebin', [
        draft.envelopeId,
        sent.envelopeId,
        sharedDeleted.envelopeId,
      ])
      await move(service, await sender(), 'recyclebin', [restored.envelopeId])
      clock = T0 + 10 * DAY_MS
      const later = await createEnvelope(service, await sender(), 'created', 'Deleted later')
      await move(service, await sender(), 'recyclebin', [later.envelopeId])
      await move(service, await sender(), 'draft', [restored.envelopeId])
      expect(await rowsOf(sent.envelopeId)).toEqual({ documents: 1, recipients: 1, audit: 3 })

      clock = T0 + 30 * DAY_MS - 1
      expect(await job(service).run(clock)).toBe(false)
      expect(await exists('envelopes', draft.envelopeId)).toBe(true)

      clock = T0 + 31 * DAY_MS
      expect(await job(service).run(clock)).toBe(false)
      for (const purged of [draft, sent, sharedDeleted]) {
        expect(await exists('envelopes', purged.envelopeId)).toBe(false)
        expect(await rowsOf(purged.envelopeId)).toEqual({ documents: 0, recipients: 0, audit: 0 })
      }
      for (const kept of [sharedKept, restored, later])
        expect(await exists('envelopes', kept.envelopeId)).toBe(true)
      expect(await exists('document_blobs', draft.blobId)).toBe(false)
      expect(await exists('document_blobs', sent.blobId)).toBe(false)
      expect(await exists('document_blobs', sharedKept.blobId)).toBe(true)
      const keys = await service.ctx.db
        .selectFrom('envelope_idempotency_keys')
        .select('envelope_id')
        .where('envelope_id', '=', draft.envelopeId)
        .execute()
      expect(keys).toEqual([])
      const fetched = await service.app.inject({
        method: 'GET',
        url: `${base(account.accountId)}/envelopes/${draft.envelopeId}`,
        headers: (await sender()).headers,
      })
      expect(fetched.statusCode).toBe(404)

      clock = T0 + 41 * DAY_MS
      await job(service).run(clock)
      expect(await exists('envelopes', later.envelopeId)).toBe(false)
    })

    it('purges each envelope once when two processes run it at the same moment', async () => {
      clock = T0 + 50 * DAY_MS
      const envelopes = []
      for (let index = 0; index < 6; index++) {
        envelopes.push(await createEnvelope(service, await sender(), 'created', `Concurrent purge ${index}`))
      }
      await move(
        service,
        await sender(),
        'recyclebin',
        envelopes.map((envelope) => envelope.envelopeId),
      )
      const other = await start(databaseUrl, () => clock, {
        RECYCLE_BIN_PURGE_INTERVAL_MS: String(3650 * DAY_MS),
      })
      try {
        const purged: string[] = []
        const record = (svc: TestService) =>
          recycleBinPurgeJob(svc.ctx.db, {
            retentionMs: 30 * DAY_MS,
            everyMs: 60 * 60_000,
            onPurged: (result) => purged.push(...result.envelopes.map((envelope) => envelope.envelopeId)),
          })
        const at = T0 + 81 * DAY_MS
        if (databases.dialect === 'postgres') {
          await Promise.all([record(service).run(at), record(other).run(at)])
        } else {
          // better-sqlite3 blocks its thread while it waits for a lock, so two connections in one process
          // cannot interleave transactions; one after the other, the second must find nothing left.
          await record(service).run(at)
          await record(other).run(at)
        }
        expect(purged.sort()).toEqual(envelopes.map((envelope) => envelope.envelopeId).sort())
        for (const envelope of envelopes) expect(await exists('envelopes', envelope.envelopeId)).toBe(false)
      } finally {
        await other.close()
      }
    })
  })

  describe('on the job runner', () => {
    it('runs on its own once the injected clock passes the retention', async () => {
      let clock = T0
      const service = await start(await databases.freshUrl(), () => clock)
      try {
        const sender = await seedPrincipal(service.ctx)
        const { envelopeId } = await createEnvelope(service, sender, 'sent', 'Runner purge')
        await move(service, sender, 'recyclebin', [envelopeId])
        const stillThere = async () =>
          (await service.ctx.db
            .selectFrom('envelopes')
            .select('id')
            .where('id', '=', envelopeId)
            .executeTakeFirst()) !== undefined
        clock = T0 + 29 * DAY_MS
        await service.ctx.jobs.runDue()
        expect(await stillThere()).toBe(true)
        clock = T0 + 31 * DAY_MS
        await vi.waitFor(async () => expect(await stillThere()).toBe(false), {
          timeout: 45_000,
          interval: 200,
        })
      } finally {
        await service.close()
      }
    }, 90_000)
  })
})
