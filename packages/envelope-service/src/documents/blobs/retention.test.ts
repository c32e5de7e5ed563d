import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  seedPrincipal,
  startTestService,
  type TestPrincipal,
  type TestService,
} from '../../testing/harness.js'
import { makePdf } from '../test-pdfs.js'
import { BLOB_GRACE_MS, blobIdOf, deleteUnreferencedBlobs, getBlob, putBlob } from './repository.js'

const MINUTE = 60_000
const NEVER = String(100 * 365 * 24 * 60 * MINUTE)

describeEachDatabase('document blob retention', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let clock = Date.parse('2026-11-22T08:00:00.000Z')
  beforeAll(async () => {
    // The sweep job would race the sweeps these tests make themselves as the clock moves by hours.
    service = await startTestService(
      await databases.freshUrl(),
      { BLOB_SWEEP_INTERVAL_MS: NEVER },
      () => clock,
    )
    sender = await seedPrincipal(service.ctx)
  })
  afterAll(() => service.close())

  const call = (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    service.app.inject({
      method,
      url: `/restapi/v2.1/accounts/${sender.accountId}${path}`,
      headers: sender.headers,
      ...(payload ? { payload } : {}),
    })
  const templateBody = (name: string, pdf: Uint8Array) => ({
    name,
    documents: [
      {
        documentId: '1',
        name: `${name}.pdf`,
        fileExtension: 'pdf',
        documentBase64: Buffer.from(pdf).toString('base64'),
      },
    ],
    recipients: { signers: [{ recipientId: '1', roleName: 'Signer', routingOrder: '1' }] },
  })
  const createTemplate = async (name: string, pdf: Uint8Array) => {
    const response = await call('POST', '/templates', templateBody(name, pdf))
    expect(response.statusCode, response.body).toBe(201)
    return (response.json() as { templateId: string }).templateId
  }
  const stored = async (pdf: Uint8Array) => (await getBlob(service.ctx.db, blobIdOf(pdf))) !== undefined

  it('deletes only documents nothing refers to any more, once the grace period has passed', async () => {
    const [kept, sent, replaced, replacement] = await Promise.all(
      ['kept', 'sent', 'replaced', 'replacement'].map((title) => makePdf(1, title)),
    )
    await createTemplate('Kept', kept as Uint8Array)
    // An envelope keeps its documents after its template is gone.
    const sentTemplate = await createTemplate('Sent', sent as Uint8Array)
    const envelope = await call('POST', '/envelopes', {
      status: 'created',
      templateId: sentTemplate,
      templateRoles: [{ roleName: 'Signer', name: 'Ana', email: 'ana@example.test' }],
    })
    expect(envelope.statusCode, envelope.body).toBe(201)
    expect((await call('DELETE', `/templates/${sentTemplate}`)).statusCode).toBe(200)
    // A template update leaves the document it replaced behind.
    const updated = await createTemplate('Updated', replaced as Uint8Array)
    const update = await call(
      'PUT',
      `/templates/${updated}`,
      templateBody('Updated', replacement as Uint8Array),
    )
    expect(update.statusCode, update.body).toBe(200)

    clock += BLOB_GRACE_MS - MINUTE
    expect(await deleteUnreferencedBlobs(service.ctx.db, clock - BLOB_GRACE_MS)).toBe(0)
    clock += 2 * MINUTE
    expect(await deleteUnreferencedBlobs(service.ctx.db, clock - BLOB_GRACE_MS)).toBe(1)
    expect(await stored(replaced as Uint8Array)).toBe(false)
    for (const pdf of [kept, sent, replacement]) expect(await stored(pdf as Uint8Array)).toBe(true)
  })

  it('counts the grace period from the last time the same bytes were stored', async () => {
    const pdf = await makePdf(2, 'stored twice')
    await putBlob(service.ctx.db, pdf, clock)
    clock += 50 * MINUTE
    await putBlob(service.ctx.db, pdf, clock)
    clock += 20 * MINUTE
    expect(await deleteUnreferencedBlobs(service.ctx.db, clock - BLOB_GRACE_MS)).toBe(0)
    clock += 45 * MINUTE
    expect(await deleteUnreferencedBlobs(service.ctx.db, clock - BLOB_GRACE_MS)).toBe(1)
    expect(await stored(pdf)).toBe(false)
  })

  it('sweeps as a job of the runner, every BLOB_SWEEP_INTERVAL_MS', async () => {
    const url = await databases.freshUrl()
    let at = clock
    const swept = await startTestService(url, { BLOB_SWEEP_INTERVAL_MS: String(10 * MINUTE) }, () => at)
    try {
      const pdf = await makePdf(3, 'swept')
      await putBlob(swept.ctx.db, pdf, at - BLOB_GRACE_MS - MINUTE)
      expect(await swept.ctx.jobs.runDue()).toEqual([])
      expect(await getBlob(swept.ctx.db, blobIdOf(pdf))).toBeDefined()
      at += 10 * MINUTE
      // The background poll may have run the job already; this makes sure it ran.
      await swept.ctx.jobs.runDue()
      expect(await getBlob(swept.ctx.db, blobIdOf(pdf))).toBeUndefined()
      const job = await swept.ctx.db
        .selectFrom('jobs')
        .select(['last_started_at', 'next_run_at'])
        .where('name', '=', 'blob-sweep')
        .executeTakeFirstOrThrow()
      expect(job).toEqual({ last_started_at: at, next_run_at: at + 10 * MINUTE })
    } finally {
      await swept.close()
    }
  })
})
