import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { DELETED_VOID_REASON } from '../envelopes/folder.js'
import { OUTBOX_TOPICS } from '../outbox/topics.js'
import { seedPrincipal, type TestPrincipal, type TestService } from '../testing/harness.js'
import { injectAs } from '../testing/inject.js'
import { startSealedTestService } from '../testing/sealed-service.js'

const DAY_MS = 24 * 60 * 60_000

describeEachDatabase('folders API', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let document: string
  let clock = Date.parse('2026-11-20T10:00:00.000Z')

  beforeAll(async () => {
    service = await startSealedTestService(await databases.freshUrl(), {}, () => clock)
    sender = await seedPrincipal(service.ctx)
    document = await makePdfBase64(1, 'Folder document')
  })
  afterAll(() => service?.close())

  const inject = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object, who = sender) =>
    injectAs(service, who, method, path, payload)

  /** One envelope, created a second after the previous one so that the folders' order is known. */
  async function createEnvelope(
    status: 'created' | 'sent',
    options: { subject?: string; email?: string; caseNumber?: string; who?: TestPrincipal } = {},
  ): Promise<string> {
    clock += 1_000
    const response = await inject(
      'POST',
      '/envelopes',
      {
        status,
        emailSubject: options.subject ?? 'Please sign',
        documents: [{ documentId: '1', name: 'Folder.pdf', fileExtension: 'pdf', documentBase64: document }],
        recipients: {
          signers: [
            {
              recipientId: '1',
              routingOrder: '1',
              name: 'Ana Ruiz',
              email: options.email ?? 'ana@example.test',
              tabs: {
                signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }],
              },
            },
          ],
        },
        customFields: {
          textCustomFields: [{ name: 'CaseNumber', value: options.caseNumber ?? '0000', show: 'false' }],
        },
      },
      options.who,
    )
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId
  }

  async function itemIds(folderId: string, query = ''): Promise<string[]> {
    const response = await inject('GET', `/folders/${folderId}${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json().folders[0].folderItems.map((item: { envelopeId: string }) => item.envelopeId)
  }

  const move = (folderId: string, envelopeIds: string[], who = sender) =>
    inject('PUT', `/folders/${folderId}`, { envelopeIds }, who)

  async function envelopeRow(envelopeId: string) {
    return service.ctx.db
      .selectFrom('envelopes')
      .select(['status', 'voided_reason', 'folder', 'deleted_at', 'version', 'updated_at'])
      .where('id', '=', envelopeId)
      .executeTakeFirstOrThrow()
  }

  async function auditActions(envelopeId: string): Promise<string[]> {
    const rows = await service.ctx.db
      .selectFrom('audit_events')
      .select('entry')
      .where('envelope_id', '=', envelopeId)
      .orderBy('sequence')
      .execute()
    return rows.map((row) => JSON.parse(row.entry).action)
  }

  async function voidedNotices(envelopeId: string): Promise<number> {
    const rows = await service.ctx.db
      .selectFrom('outbox')
      .select('payload')
      .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
      .execute()
    return rows
      .map((row) => JSON.parse(row.payload))
      .filter((payload) => payload.envelopeId === envelopeId && payload.kind === 'voided').length
  }

  describe('GET /folders', () => {
    it("lists DocuSign's four system folders with the caller as owner and what each holds", async () => {
      const other = await seedPrincipal(service.ctx, { accountId: sender.accountId })
      const before = (await inject('GET', '/folders')).json()
      const count = (body: { folders: { type: string; itemCount: string }[] }, type: string) =>
        Number(body.folders.find((folder) => folder.type === type)?.itemCount)
      await createEnvelope('created')
      await createEnvelope('sent')
      await createEnvelope('sent', { who: other, email: `${sender.userId}@example.test` })
      const deleted = await createEnvelope('created')
      expect((await move('recyclebin', [deleted])).statusCode).toBe(200)

      const response = await inject('GET', '/folders')
      expect(response.statusCode, response.body).toBe(200)
      const body = response.json()
      expect(body).toMatchObject({
        resultSetSize: '4',
        totalSetSize: '4',
        startPosition: '0',
        endPosition: '3',
      })
      expect(
        body.folders.map((folder: { name: string; type: string }) => [folder.name, folder.type]),
      ).toEqual([
        ['Draft', 'draft'],
        ['Inbox', 'inbox'],
        ['Deleted Items', 'recyclebin'],
        ['Sent Items', 'sentitems'],
      ])
      expect(body.folders[0]).toMatchObject({
        folderId: 'draft',
        uri: '/folders/draft',
        owner: { userId: sender.userId, userName: 'Test User', email: `${sender.userId}@example.test` },
        hasSubFolders: 'false',
        subFolderCount: '0',
      })
      expect(count(body, 'draft') - count(before, 'draft')).toBe(1)
      expect(count(body, 'sentitems') - count(before, 'sentitems')).toBe(2)
      expect(count(body, 'inbox') - count(before, 'inbox')).toBe(1)
      expect(count(body, 'recyclebin') - count(before, 'recyclebin')).toBe(1)
    })
  })

  describe('GET /folders/{folderId}', () => {
    it('lists the envelopes of the folder as folderItems, most recent first', async () => {
      const first = await createEnvelope('sent', { subject: 'First of two' })
      const second = await createEnvelope('sent', { subject: 'Second of two' })
      const draft = await createEnvelope('created')
      const response = await inject('GET', '/folders/sentitems')
      expect(response.statusCode, response.body).toBe(200)
      const body = response.json()
      const ids = body.folders[0].folderItems.map((item: { envelopeId: string }) => item.envelopeId)
      expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first))
      expect(ids).not.toContain(draft)
      expect(body.totalSetSize).toBe(String(ids.length))
      expect(body.folders[0]).toMatchObject({ folderId: 'sentitems', type: 'sentitems', name: 'Sent Items' })
      expect(
        body.folders[0].folderItems.find((item: { envelopeId: string }) => item.envelopeId === second),
      ).toEqual({
        envelopeId: second,
        envelopeUri: `/envelopes/${second}`,
        recipientsUri: `/envelopes/${second}/recipients`,
        status: 'sent',
        subject: 'Second of two',
        ownerName: 'Test User',
        senderName: 'Test User',
        senderEmail: `${sender.userId}@example.test`,
        senderUserId: sender.userId,
        createdDateTime: new Date(clock - 1_000).toISOString(),
        sentDateTime: new Date(clock - 1_000).toISOString(),
        lastModifiedDateTime: new Date(clock - 1_000).toISOString(),
        folderId: 'sentitems',
        folderUri: '/folders/sentitems',
      })
      expect(await itemIds('Draft')).toContain(draft)
    })

    it('returns 404 FOLDER_NOT_FOUND for a folder that does not exist', async () => {
      const response = await inject('GET', '/folders/templates')
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        errorCode: 'FOLDER_NOT_FOUND',
        message: expect.stringContaining('templates'),
      })
    })

    it('filters by status, and returns 400 for a status that does not exist', async () => {
      const sent = await createEnvelope('sent')
      await inject('PUT', `/envelopes/${sent}`, { status: 'voided', voidedReason: 'Wrong customer' })
      const voided = await itemIds('sentitems', '?status=voided')
      expect(voided).toContain(sent)
      expect(await itemIds('sentitems', '?status=Sent,delivered')).not.toContain(sent)
      expect(await itemIds('sentitems', '?status=any')).toContain(sent)
      const response = await inject('GET', '/folders/sentitems?status=signed-ish')
      expect(response.statusCode).toBe(400)
      expect(response.json().errorCode).toBe('INVALID_REQUEST_PARAMETER')
    })

    it('searches the subject, recipients and custom fields, without wildcards', async () => {
      const bySubject = await createEnvelope('sent', { subject: 'Lease renewal 100% done' })
      const byRecipient = await createEnvelope('sent', { email: 'Zoe.Quill@Example.test' })
      const byField = await createEnvelope('sent', { caseNumber: 'CASE-77_31' })
      expect(await itemIds('sentitems', '?search_text=lease%20RENEWAL')).toEqual([bySubject])
      expect(await itemIds('sentitems', '?search_text=zoe.quill')).toEqual([byRecipient])
      expect(await itemIds('sentitems', '?search_text=case-77_31')).toEqual([byField])
      expect(await itemIds('sentitems', '?search_text=100%25')).toEqual([bySubject])
      // `_` and `%` are literal: no other envelope's subject matches `0_%`.
      expect(await itemIds('sentitems', '?search_text=0_%25')).toEqual([])
    })

    it('lists the last 30 days unless from_date says otherwise, and pages with nextUri and previousUri', async () => {
      const now = clock
      clock = now - 40 * DAY_MS
      const old = await createEnvelope('sent')
      clock = now
      expect(await itemIds('sentitems')).not.toContain(old)
      const from = new Date(now - 41 * DAY_MS).toISOString()
      const to = new Date(now - 39 * DAY_MS).toISOString()
      expect(await itemIds('sentitems', `?from_date=${from}&to_date=${to}`)).toEqual([old])

      const page = (await inject('GET', `/folders/sentitems?count=2&start_position=2`)).json()
      expect(page).toMatchObject({ resultSetSize: '2', startPosition: '2', endPosition: '3' })
      expect(page.previousUri).toMatch(/^\/folders\/sentitems\?.*start_position=0/)
      expect(page.nextUri).toMatch(/^\/folders\/sentitems\?.*start_position=4/)
      expect((await inject('GET', '/folders/sentitems?from_date=yesterday-ish')).statusCode).toBe(400)
    })
  })

  describe('PUT /folders/recyclebin', () => {
    it('deletes a draft without voiding it: it leaves Draft for Deleted Items, audited', async () => {
      const draft = await createEnvelope('created')
      const response = await move('recyclebin', [draft])
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toEqual({})
      expect(await envelopeRow(draft)).toMatchObject({
        status: 'created',
        folder: 'recyclebin',
        deleted_at: new Date(clock).toISOString(),
      })
      expect(await itemIds('draft')).not.toContain(draft)
      expect(await itemIds('recyclebin')).toContain(draft)
      expect(await auditActions(draft)).toEqual(['Deleted'])
    })

    it('voids an envelope in flight through the lifecycle, notifying its recipients', async () => {
      const sent = await createEnvelope('sent')
      expect(await voidedNotices(sent)).toBe(0)
      expect((await move('RecycleBin', [sent])).statusCode).toBe(200)
      expect(await envelopeRow(sent)).toMatchObject({
        status: 'voided',
        voided_reason: DELETED_VOID_REASON,
        folder: 'recyclebin',
      })
      expect(await voidedNotices(sent)).toBe(1)
      expect(await auditActions(sent)).toEqual(['Sent Invitations', 'Voided', 'Deleted'])
      const fetched = (await inject('GET', `/envelopes/${sent}`)).json()
      expect(fetched).toMatchObject({ status: 'voided', voidedReason: DELETED_VOID_REASON })
    })

    it('writes nothing when asked again for an envelope already in the bin', async () => {
      const sent = await createEnvelope('sent')
      await move('recyclebin', [sent])
      const before = await envelopeRow(sent)
      clock += 60_000
      expect((await move('recyclebin', [sent, sent])).statusCode).toBe(200)
      expect(await envelopeRow(sent)).toEqual(before)
      expect(await auditActions(sent)).toEqual(['Sent Invitations', 'Voided', 'Deleted'])
      expect(await voidedNotices(sent)).toBe(1)
    })

    it('moves nothing when one of the envelopes is unknown or another account’s: 404', async () => {
      const mine = await createEnvelope('created')
      const stranger = await seedPrincipal(service.ctx)
      const theirs = await createEnvelope('created', { who: stranger })
      for (const unknown of [theirs, '00000000-0000-4000-8000-000000000000']) {
        const response = await move('recyclebin', [mine, unknown])
        expect(response.statusCode).toBe(404)
        expect(response.json()).toEqual({
          errorCode: 'ENVELOPE_DOES_NOT_EXIST',
          message: expect.stringContaining(unknown),
        })
      }
      expect((await envelopeRow(mine)).folder).toBeNull()
      expect((await envelopeRow(theirs)).folder).toBeNull()
    })

    it('returns 400 without envelopeIds, 404 for an unknown folder, 403 without send_envelopes', async () => {
      expect((await inject('PUT', '/folders/recyclebin', {})).statusCode).toBe(400)
      expect((await inject('PUT', '/folders/recyclebin', { envelopeIds: [] })).statusCode).toBe(400)
      const draft = await createEnvelope('created')
      expect((await move('archive', [draft])).statusCode).toBe(404)
      const reader = await seedPrincipal(service.ctx, { accountId: sender.accountId, permissions: [] })
      expect((await move('recyclebin', [draft], reader)).statusCode).toBe(403)
      expect((await envelopeRow(draft)).folder).toBeNull()
    })
  })

  describe('PUT /folders/{folderId} out of the recycle bin', () => {
    it('restores a deleted envelope to Sent Items, still voided, audited', async () => {
      const sent = await createEnvelope('sent')
      await move('recyclebin', [sent])
      const response = await inject('PUT', '/folders/sentitems', {
        envelopeIds: [sent],
        fromFolderId: 'recyclebin',
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(await envelopeRow(sent)).toMatchObject({ status: 'voided', folder: null, deleted_at: null })
      expect(await itemIds('sentitems')).toContain(sent)
      expect(await itemIds('recyclebin')).not.toContain(sent)
      expect(await auditActions(sent)).toEqual(['Sent Invitations', 'Voided', 'Deleted', 'Restored'])
    })

    it('restores a draft that, once sent, moves to Sent Items with its status', async () => {
      const draft = await createEnvelope('created')
      await move('recyclebin', [draft])
      const fromBin = await inject('PUT', `/envelopes/${draft}`, { status: 'sent' })
      expect(fromBin.statusCode, fromBin.body).toBe(400)
      expect(fromBin.json().message).toMatch(/recycle bin/)
      expect((await envelopeRow(draft)).status).toBe('created')
      await move('draft', [draft])
      expect(await itemIds('draft')).toContain(draft)
      const sent = await inject('PUT', `/envelopes/${draft}`, { status: 'sent' })
      expect(sent.statusCode, sent.body).toBe(200)
      expect(await itemIds('draft')).not.toContain(draft)
      expect(await itemIds('sentitems')).toContain(draft)
    })

    it('keeps an envelope moved to the inbox there', async () => {
      const sent = await createEnvelope('sent')
      await move('inbox', [sent])
      expect(await envelopeRow(sent)).toMatchObject({ status: 'sent', folder: 'inbox', deleted_at: null })
      expect(await itemIds('inbox')).toContain(sent)
      expect(await itemIds('sentitems')).not.toContain(sent)
      expect(await auditActions(sent)).toEqual(['Sent Invitations'])
    })

    it('returns 404 for a fromFolderId that does not exist', async () => {
      const draft = await createEnvelope('created')
      const response = await inject('PUT', '/folders/draft', {
        envelopeIds: [draft],
        fromFolderId: 'nowhere',
      })
      expect(response.statusCode).toBe(404)
    })
  })

  describe('GET /envelopes?folder_ids=...', () => {
    it('lists the envelopes of the folders named, and returns 400 for an unknown one', async () => {
      // After every envelope the earlier tests created (each is created a second after the last).
      const from = new Date(clock + 1).toISOString()
      const kept = await createEnvelope('created')
      const deleted = await createEnvelope('sent')
      await move('recyclebin', [deleted])
      const list = async (query: string) => {
        const response = await inject('GET', `/envelopes?from_date=${from}${query}`)
        expect(response.statusCode, response.body).toBe(200)
        return response.json().envelopes.map((envelope: { envelopeId: string }) => envelope.envelopeId)
      }
      expect(await list('')).toEqual([kept, deleted])
      expect(await list('&folder_ids=recyclebin')).toEqual([deleted])
      expect(await list('&folder_ids=draft,RecycleBin')).toEqual([kept, deleted])
      expect(await list('&folder_ids=sentitems')).toEqual([])
      const response = await inject('GET', `/envelopes?from_date=${from}&folder_ids=archive`)
      expect(response.statusCode).toBe(400)
    })
  })
})
