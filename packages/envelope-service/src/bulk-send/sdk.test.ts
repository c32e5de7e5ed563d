import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OUTBOX_TOPICS } from '../outbox/topics.js'
import type { TestPrincipal } from '../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../testing/sdk.js'
import {
  BULK_ROLE,
  bulkCopies,
  bulkList,
  bulkTemplateBody,
  COMPANY_TAB,
  memberEmail,
} from './testing/fixtures.js'

/** The official DocuSign Node SDK's BulkEnvelopesApi (CommonJS, untyped): the calls these tests make. */
type Call = (...args: unknown[]) => Promise<SdkModel>
interface BulkEnvelopesApi {
  createBulkSendList: Call
  getBulkSendList: Call
  getBulkSendLists: Call
  updateBulkSendList: Call
  deleteBulkSendList: Call
  createBulkSendRequest: Call
  createBulkSendTestRequest: Call
  getBulkSendBatches: Call
  getBulkSendBatchStatus: Call
  updateBulkSendBatchStatus: Call
  getBulkSendBatchEnvelopes: Call
  updateBulkSendBatchAction: Call
}
interface DocuSignSdk extends DocuSignSdkBase {
  BulkEnvelopesApi: new (client: unknown) => BulkEnvelopesApi
  TemplatesApi: new (client: unknown) => { createTemplate: Call }
  EnvelopesApi: new (
    client: unknown,
  ) => {
    listTabs: Call
    listCustomFields: Call
    listRecipients: Call
    createEnvelope: Call
    getEnvelope: Call
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

/** The SDK rejects with the response attached: its status and DocuSign error body. */
async function failure(call: Promise<unknown>): Promise<{ status: number; body: SdkModel }> {
  try {
    await call
  } catch (error) {
    const response = (error as { response?: { status: number; body?: SdkModel; data?: SdkModel } }).response
    return { status: response?.status ?? 0, body: response?.body ?? response?.data ?? {} }
  }
  throw new Error('expected the call to fail')
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`not done: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describeEachDatabase('DocuSign Node SDK BulkEnvelopesApi', (databases) => {
  let sdk: SdkService
  let sender: TestPrincipal
  let bulk: BulkEnvelopesApi
  let templateId: string

  beforeAll(async () => {
    // Polled every 100 ms, so a batch queued by a test is taken up quickly even without a wake.
    sdk = await startSdkService(await databases.freshUrl(), { env: { JOB_POLL_MS: '100' } })
    sender = sdk.principal
    bulk = new docusign.BulkEnvelopesApi(sdk.client)
    const templates = new docusign.TemplatesApi(sdk.client)
    templateId = (
      await templates.createTemplate(sender.accountId, { envelopeTemplate: await bulkTemplateBody() })
    ).templateId
  })
  afterAll(() => sdk?.close())

  it('documents every bulk send route in the OpenAPI document, under the BulkSend tag', async () => {
    const document = (await sdk.service.app.inject('/restapi/docs/json')).json()
    const base = '/restapi/v2.1/accounts/{accountId}'
    const operations = Object.entries(document.paths as Record<string, Record<string, { tags?: string[] }>>)
      .filter(([path]) => path.includes('/bulk_send_'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => {
          expect(operation.tags).toEqual(['BulkSend'])
          return `${method.toUpperCase()} ${path.slice(base.length)}`
        }),
      )
    expect(operations.sort()).toEqual([
      'DELETE /bulk_send_lists/{bulkSendListId}',
      'GET /bulk_send_batch',
      'GET /bulk_send_batch/{bulkSendBatchId}',
      'GET /bulk_send_batch/{bulkSendBatchId}/envelopes',
      'GET /bulk_send_lists',
      'GET /bulk_send_lists/{bulkSendListId}',
      'POST /bulk_send_lists',
      'POST /bulk_send_lists/{bulkSendListId}/send',
      'POST /bulk_send_lists/{bulkSendListId}/test',
      'PUT /bulk_send_batch/{bulkSendBatchId}',
      'PUT /bulk_send_batch/{bulkSendBatchId}/{bulkAction}',
      'PUT /bulk_send_lists/{bulkSendListId}',
    ])
  })

  describe('bulk send lists', () => {
    it('creates, reads, lists, replaces and deletes a list', async () => {
      const created = await bulk.createBulkSendList(sender.accountId, {
        bulkSendingList: bulkList(2, 'crud'),
      })
      expect(created.listId).toEqual(expect.any(String))
      expect(created.name).toBe('2 members')
      expect(created.bulkCopies).toHaveLength(2)
      expect(created.bulkCopies[1].recipients[0]).toMatchObject({
        roleName: BULK_ROLE,
        email: memberEmail('crud', 1),
        tabs: [{ tabLabel: COMPANY_TAB, initialValue: 'Company 1' }],
      })

      const read = await bulk.getBulkSendList(sender.accountId, created.listId)
      expect(read).toMatchObject({ listId: created.listId, name: '2 members' })
      expect(read.bulkCopies[0].customFields).toEqual([{ name: 'memberNumber', value: '0' }])

      const summaries = await bulk.getBulkSendLists(sender.accountId)
      expect(summaries.bulkListSummaries).toContainEqual(
        expect.objectContaining({
          bulkSendListId: created.listId,
          name: '2 members',
          createdByUser: sender.userId,
        }),
      )

      const replaced = await bulk.updateBulkSendList(sender.accountId, created.listId, {
        bulkSendingList: { ...bulkList(3, 'crud'), name: 'Three' },
      })
      expect(replaced).toMatchObject({ listId: created.listId, name: 'Three' })
      expect((await bulk.getBulkSendList(sender.accountId, created.listId)).bulkCopies).toHaveLength(3)
      const otherId = await failure(
        bulk.updateBulkSendList(sender.accountId, created.listId, {
          bulkSendingList: { ...bulkList(1, 'crud'), listId: 'another-list' },
        }),
      )
      expect(otherId).toMatchObject({
        status: 400,
        body: { message: `listId another-list differs from the list in the path, ${created.listId}` },
      })

      const left = await bulk.deleteBulkSendList(sender.accountId, created.listId)
      expect(left.bulkListSummaries.map((list: SdkModel) => list.bulkSendListId)).not.toContain(
        created.listId,
      )
      const gone = await failure(bulk.getBulkSendList(sender.accountId, created.listId))
      expect(gone.status).toBe(404)
      expect(gone.body.errorCode).toBe('BULK_SEND_LIST_NOT_FOUND')
    })

    it('refuses a DocuSign property it does not act on, naming it', async () => {
      const list = bulkList(2, 'refused')
      const copy = list.bulkCopies[1] as SdkModel
      copy.recipients[0].faxNumber = '+15555550100'
      const refused = await failure(bulk.createBulkSendList(sender.accountId, { bulkSendingList: list }))
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({
        errorCode: 'BULK_SEND_PROPERTY_NOT_SUPPORTED',
        message: 'bulkCopies[1].recipients[0].faxNumber is not supported in bulk send lists',
      })
    })

    it('refuses a recipient without an email, and a list without copies', async () => {
      const list = bulkList(1, 'incomplete') as SdkModel
      delete list.bulkCopies[0].recipients[0].email
      const incomplete = await failure(bulk.createBulkSendList(sender.accountId, { bulkSendingList: list }))
      expect(incomplete.status).toBe(400)
      expect(incomplete.body.message).toBe('bulkCopies[0].recipients[0].email is required')
      const empty = await failure(
        bulk.createBulkSendList(sender.accountId, { bulkSendingList: { name: 'Empty', bulkCopies: [] } }),
      )
      expect(empty.status).toBe(400)
      expect(empty.body.message).toBe('bulkCopies must have at least one item')
    })
  })

  describe('test and send', () => {
    it('tests a list against a template: can be sent, or why not', async () => {
      const good = await bulk.createBulkSendList(sender.accountId, { bulkSendingList: bulkList(2, 'test') })
      expect(
        await bulk.createBulkSendTestRequest(sender.accountId, good.listId, {
          bulkSendRequest: { envelopeOrTemplateId: templateId },
        }),
      ).toMatchObject({ canBeSent: true })

      const wrongRole = bulkList(2, 'test') as SdkModel
      wrongRole.bulkCopies[1].recipients[0].roleName = 'Treasurer'
      const bad = await bulk.createBulkSendList(sender.accountId, { bulkSendingList: wrongRole })
      const verdict = await bulk.createBulkSendTestRequest(sender.accountId, bad.listId, {
        bulkSendRequest: { envelopeOrTemplateId: templateId },
      })
      expect(verdict.canBeSent).toBe(false)
      expect(verdict.validationErrors).toEqual(['BULK_SEND_ROLE_NOT_IN_TEMPLATE'])
      expect(verdict.validationErrorDetails).toEqual([
        `bulkCopies[1].recipients[0].roleName 'Treasurer' is not a role of template ${templateId}`,
      ])

      const noTemplate = await bulk.createBulkSendTestRequest(sender.accountId, good.listId, {
        bulkSendRequest: { envelopeOrTemplateId: '00000000-0000-4000-8000-000000000000' },
      })
      expect(noTemplate).toMatchObject({
        canBeSent: false,
        validationErrors: ['BULK_SEND_TEMPLATE_NOT_FOUND'],
      })

      const refused = await failure(
        bulk.createBulkSendRequest(sender.accountId, bad.listId, {
          bulkSendRequest: { envelopeOrTemplateId: templateId },
        }),
      )
      expect(refused.status).toBe(400)
      expect(refused.body.errorCode).toBe('BULK_SEND_ROLE_NOT_IN_TEMPLATE')
    })

    it('sends a list: one envelope per copy with its tab value and custom field, and reports the batch', async () => {
      const list = await bulk.createBulkSendList(sender.accountId, { bulkSendingList: bulkList(5, 'sent') })
      const response = await bulk.createBulkSendRequest(sender.accountId, list.listId, {
        bulkSendRequest: { envelopeOrTemplateId: templateId, batchName: 'November renewals' },
      })
      expect(response).toMatchObject({
        batchName: 'November renewals',
        batchSize: '5',
        envelopeOrTemplateId: templateId,
        queueLimit: '10000',
      })
      const { batchId } = response

      const status = await eventually(
        () => bulk.getBulkSendBatchStatus(sender.accountId, batchId),
        (batch) => batch.sent === '5',
      )
      expect(status).toMatchObject({
        batchId,
        batchName: 'November renewals',
        batchSize: '5',
        queued: '0',
        failed: '0',
        mailingListId: list.listId,
        envelopeIdOrTemplateId: templateId,
        senderUserId: sender.userId,
      })

      const envelopes = await bulk.getBulkSendBatchEnvelopes(sender.accountId, batchId)
      expect(envelopes.totalSetSize).toBe('5')
      expect(envelopes.envelopes.map((envelope: SdkModel) => envelope.status)).toEqual(Array(5).fill('sent'))

      const envelopesApi = new docusign.EnvelopesApi(sdk.client)
      const byEmail = new Map<string, SdkModel>()
      for (const envelope of envelopes.envelopes) {
        const recipients = await envelopesApi.listRecipients(sender.accountId, envelope.envelopeId, {
          includeTabs: 'true',
        })
        byEmail.set(recipients.signers[0].email, { envelope, signer: recipients.signers[0] })
      }
      expect([...byEmail.keys()].sort()).toEqual([0, 1, 2, 3, 4].map((index) => memberEmail('sent', index)))
      const third = byEmail.get(memberEmail('sent', 3)) as SdkModel
      expect(third.signer.tabs.textTabs[0]).toMatchObject({ tabLabel: COMPANY_TAB, value: 'Company 3' })
      const fields = await envelopesApi.listCustomFields(sender.accountId, third.envelope.envelopeId)
      expect(fields.textCustomFields).toContainEqual(
        expect.objectContaining({ name: 'memberNumber', value: '3' }),
      )

      const batches = await bulk.getBulkSendBatches(sender.accountId)
      expect(batches.bulkBatchSummaries).toContainEqual(
        expect.objectContaining({ batchId, batchSize: '5', sent: '5', queued: '0', failed: '0' }),
      )
      expect(batches.batchSizeLimit).toBe('1000')
      const onlyFailed = await bulk.getBulkSendBatches(sender.accountId, { status: 'failed' })
      expect(onlyFailed.bulkBatchSummaries.map((batch: SdkModel) => batch.batchId)).not.toContain(batchId)

      const renamed = await bulk.updateBulkSendBatchStatus(sender.accountId, batchId, {
        bulkSendBatchRequest: { batchName: 'Renewals, sent' },
      })
      expect(renamed).toMatchObject({ batchId, batchName: 'Renewals, sent', sent: '5' })
    })

    it('sends from a draft envelope (DocuSign eg031): each copy fills its roles, the draft stays a draft', async () => {
      const envelopesApi = new docusign.EnvelopesApi(sdk.client)
      const template = await bulkTemplateBody()
      const draft = await envelopesApi.createEnvelope(sender.accountId, {
        envelopeDefinition: {
          status: 'created',
          emailSubject: 'Please sign',
          documents: template.documents,
          recipients: {
            signers: [
              {
                ...(template.recipients as { signers: SdkModel[] }).signers[0],
                name: 'Multi Bulk Recipient::signer',
                email: 'multi-bulk-signer@example.test',
              },
            ],
            carbonCopies: [
              {
                recipientId: '2',
                roleName: 'cc',
                routingOrder: '2',
                name: 'Multi Bulk Recipient::cc',
                email: 'multi-bulk-cc@example.test',
              },
            ],
          },
          customFields: { textCustomFields: [{ name: 'campaign', value: 'winter' }] },
        },
      })
      const copies = bulkCopies(2, 'draft').map((copy, index) => ({
        ...copy,
        // A role named in another case (eg031 writes its `cc` role as `CC`).
        recipients: [
          ...copy.recipients,
          { roleName: 'CC', name: `Copy ${index}`, email: `cc-${index}@example.test` },
        ],
      }))
      const list = await bulk.createBulkSendList(sender.accountId, {
        bulkSendingList: { name: 'from a draft', bulkCopies: copies },
      })
      const { batchId } = await bulk.createBulkSendRequest(sender.accountId, list.listId, {
        bulkSendRequest: { envelopeOrTemplateId: draft.envelopeId },
      })
      await eventually(
        () => bulk.getBulkSendBatchStatus(sender.accountId, batchId),
        (batch) => batch.sent === '2',
      )
      const sent = (await bulk.getBulkSendBatchEnvelopes(sender.accountId, batchId)).envelopes
      const recipients = await envelopesApi.listRecipients(sender.accountId, sent[0].envelopeId, {
        includeTabs: 'true',
      })
      expect(recipients.signers[0]).toMatchObject({
        roleName: BULK_ROLE,
        email: expect.stringMatching(/^draft-/),
      })
      expect(recipients.signers[0].tabs.textTabs[0].value).toMatch(/^Company /)
      expect(recipients.carbonCopies[0]).toMatchObject({
        roleName: 'cc',
        email: expect.stringMatching(/^cc-/),
      })
      const fields = await envelopesApi.listCustomFields(sender.accountId, sent[0].envelopeId)
      expect(fields.textCustomFields).toContainEqual(
        expect.objectContaining({ name: 'campaign', value: 'winter' }),
      )
      expect((await envelopesApi.getEnvelope(sender.accountId, draft.envelopeId)).status).toBe('created')

      const sentEnvelope = await failure(
        bulk.createBulkSendRequest(sender.accountId, list.listId, {
          bulkSendRequest: { envelopeOrTemplateId: sent[0].envelopeId },
        }),
      )
      expect(sentEnvelope.body.errorCode).toBe('BULK_SEND_ENVELOPE_NOT_IN_DRAFT')
    })

    it("resends and voids the batch's envelopes in progress; refuses correct", async () => {
      const list = await bulk.createBulkSendList(sender.accountId, {
        bulkSendingList: bulkList(3, 'actions'),
      })
      const { batchId } = await bulk.createBulkSendRequest(sender.accountId, list.listId, {
        bulkSendRequest: { envelopeOrTemplateId: templateId },
      })
      await eventually(
        () => bulk.getBulkSendBatchStatus(sender.accountId, batchId),
        (batch) => batch.sent === '3',
      )
      const envelopeIds = (await bulk.getBulkSendBatchEnvelopes(sender.accountId, batchId)).envelopes.map(
        (envelope: SdkModel) => envelope.envelopeId,
      )
      // No transport is configured, so each message owed stays in the outbox to be counted.
      const invitations = async () =>
        (
          await sdk.service.ctx.db
            .selectFrom('outbox')
            .select('payload')
            .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
            .execute()
        ).filter((row) => envelopeIds.includes(JSON.parse(row.payload).envelopeId)).length
      expect(await invitations()).toBe(3)

      const resent = await bulk.updateBulkSendBatchAction(sender.accountId, batchId, 'resend', {
        bulkSendBatchActionRequest: {},
      })
      expect(resent).toMatchObject({ batchId, sent: '3' })
      expect(await invitations()).toBe(6)

      const noReason = await failure(
        bulk.updateBulkSendBatchAction(sender.accountId, batchId, 'void', { bulkSendBatchActionRequest: {} }),
      )
      expect(noReason).toMatchObject({ status: 400, body: { message: 'voidReason is required' } })
      await bulk.updateBulkSendBatchAction(sender.accountId, batchId, 'void', {
        bulkSendBatchActionRequest: { action: 'void', voidReason: 'Sent by mistake' },
      })
      const voided = await bulk.getBulkSendBatchEnvelopes(sender.accountId, batchId)
      expect(voided.envelopes.map((envelope: SdkModel) => envelope.status)).toEqual([
        'voided',
        'voided',
        'voided',
      ])
      expect(voided.envelopes[0].voidedReason).toBe('Sent by mistake')

      const correct = await failure(
        bulk.updateBulkSendBatchAction(sender.accountId, batchId, 'correct', {
          bulkSendBatchActionRequest: {},
        }),
      )
      expect(correct).toMatchObject({ status: 400, body: { errorCode: 'BULK_SEND_ACTION_NOT_SUPPORTED' } })
    })

    it('answers 404 for a batch of another account and 400 for an unknown status filter', async () => {
      const missing = await failure(
        bulk.getBulkSendBatchStatus(sender.accountId, '00000000-0000-4000-8000-000000000000'),
      )
      expect(missing.status).toBe(404)
      expect(missing.body.errorCode).toBe('BULK_SEND_BATCH_NOT_FOUND')
      const badFilter = await failure(bulk.getBulkSendBatches(sender.accountId, { status: 'done' }))
      expect(badFilter.status).toBe(400)
      expect(badFilter.body.message).toBe('status must be one of: all, queued, sent, failed')
    })
  })
})
