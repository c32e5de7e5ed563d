import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import type { TestPrincipal, TestService } from '../../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../../testing/sdk.js'

/** The official DocuSign Node SDK (CommonJS, untyped): the lifecycle calls these tests make. */
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    update(accountId: string, envelopeId: string, options: Record<string, unknown>): Promise<SdkModel>
    getEnvelope(accountId: string, envelopeId: string): Promise<SdkModel>
    createRecipientView(
      accountId: string,
      envelopeId: string,
      options: { recipientViewRequest: unknown },
    ): Promise<SdkModel>
    listRecipients(accountId: string, envelopeId: string): Promise<SdkModel>
    listAuditEvents(accountId: string, envelopeId: string): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK against the envelope lifecycle', (databases) => {
  let sdk: SdkService
  let service: TestService
  let sender: TestPrincipal
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    ;({ service, principal: sender } = sdk)
    envelopes = new docusign.EnvelopesApi(sdk.client)
  })
  afterAll(() => sdk?.close())

  /** A sent envelope with one signer, embedded (`clientUserId: 'crm-ana'`) unless told otherwise. */
  async function sentEnvelope({ embedded = true } = {}): Promise<string> {
    const summary = await envelopes.createEnvelope(sender.accountId, {
      envelopeDefinition: {
        status: 'sent',
        emailSubject: 'Embedded signing',
        documents: [
          {
            documentId: '1',
            name: 'Contract.pdf',
            fileExtension: 'pdf',
            documentBase64: await makePdfBase64(1),
          },
        ],
        recipients: {
          signers: [
            {
              recipientId: '1',
              name: 'Ana Ruiz',
              email: 'ana@example.test',
              ...(embedded ? { clientUserId: 'crm-ana' } : {}),
              tabs: {
                signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }],
              },
            },
          ],
        },
      },
    })
    return summary.envelopeId
  }

  it('creates a recipient view with createRecipientView', async () => {
    const envelopeId = await sentEnvelope()
    const view = await envelopes.createRecipientView(sender.accountId, envelopeId, {
      recipientViewRequest: {
        returnUrl: 'https://crm.example.test/done',
        authenticationMethod: 'none',
        userName: 'Ana Ruiz',
        email: 'ana@example.test',
        clientUserId: 'crm-ana',
      },
    })
    expect(view.url).toMatch(/^https:\/\/localhost:8443\/signing\/#[A-Za-z0-9_-]{43}$/)
    const links = await service.ctx.db
      .selectFrom('signing_links')
      .select(['kind', 'return_url'])
      .where('envelope_id', '=', envelopeId)
      .where('kind', '=', 'recipient_view')
      .execute()
    expect(links).toEqual([{ kind: 'recipient_view', return_url: 'https://crm.example.test/done' }])
  })

  it('voids with update and reads the voided trail with listAuditEvents', async () => {
    const envelopeId = await sentEnvelope()
    const summary = await envelopes.update(sender.accountId, envelopeId, {
      envelope: { status: 'voided', voidedReason: 'Replaced by a new contract' },
    })
    expect(summary.envelopeId).toBe(envelopeId)
    const audit = await envelopes.listAuditEvents(sender.accountId, envelopeId)
    const actions = audit.auditEvents.map(
      (event: SdkModel) => event.eventFields.find((field: SdkModel) => field.name === 'Action')?.value,
    )
    expect(actions).toContain('Voided')

    const failure = await envelopes
      .update(sender.accountId, envelopeId, { envelope: { status: 'voided', voidedReason: 'Again' } })
      .then(
        () => undefined,
        (error: { response?: { status: number; data: SdkModel } }) => error.response,
      )
    expect(failure?.status).toBe(400)
    expect(failure?.data.errorCode).toBe('ENVELOPE_CANNOT_VOID_INVALID_STATE')
  })

  it("changes a draft's subject and message with update, and is refused once it is sent", async () => {
    const created = await envelopes.createEnvelope(sender.accountId, {
      envelopeDefinition: {
        status: 'created',
        emailSubject: 'Draft subject',
        documents: [
          {
            documentId: '1',
            name: 'Draft.pdf',
            fileExtension: 'pdf',
            documentBase64: await makePdfBase64(1),
          },
        ],
        recipients: { signers: [{ recipientId: '1', name: 'Ana Ruiz', email: 'ana@example.test' }] },
      },
    })
    const { envelopeId } = created
    const summary = await envelopes.update(sender.accountId, envelopeId, {
      envelope: { emailSubject: 'Renewal, second draft', emailBlurb: 'Read section 4 first.' },
    })
    expect(summary.envelopeId).toBe(envelopeId)
    const read = await envelopes.getEnvelope(sender.accountId, envelopeId)
    expect(read).toMatchObject({
      status: 'created',
      emailSubject: 'Renewal, second draft',
      emailBlurb: 'Read section 4 first.',
    })

    await envelopes.update(sender.accountId, envelopeId, { envelope: { status: 'sent' } })
    const refused = await envelopes
      .update(sender.accountId, envelopeId, { envelope: { emailSubject: 'After sending' } })
      .then(
        () => undefined,
        (error: { response?: { status: number; data: SdkModel } }) => error.response,
      )
    expect(refused?.status).toBe(400)
    expect(refused?.data.errorCode).toBe('ENVELOPE_INVALID_STATUS')
    expect((await envelopes.getEnvelope(sender.accountId, envelopeId)).emailSubject).toBe(
      'Renewal, second draft',
    )
  })

  it('resends with update(resendEnvelope)', async () => {
    // An embedded signer is sent nothing, so a resend reaches a remote one.
    const envelopeId = await sentEnvelope({ embedded: false })
    const summary = await envelopes.update(sender.accountId, envelopeId, { resendEnvelope: 'true' })
    expect(summary.envelopeId).toBe(envelopeId)
    const resent = await service.ctx.db
      .selectFrom('audit_events')
      .select('entry')
      .where('envelope_id', '=', envelopeId)
      .execute()
    expect(resent.filter((row) => JSON.parse(row.entry).action === 'Resent')).toHaveLength(1)
  })
})
