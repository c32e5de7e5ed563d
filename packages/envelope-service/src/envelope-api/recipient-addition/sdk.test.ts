import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { listAuditEntries } from '../../audit/repository.js'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import { signEnvelope } from '../../testing/connect-receiver.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  sdkFailure,
  startSdkService,
} from '../../testing/sdk.js'

/** The official DocuSign Node SDK's `EnvelopesApi.createRecipient`. */
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    createRecipient(
      accountId: string,
      envelopeId: string,
      options: { recipients: unknown; resendEnvelope?: string },
    ): Promise<SdkModel>
    listRecipients(
      accountId: string,
      envelopeId: string,
      options?: { includeTabs?: string },
    ): Promise<SdkModel>
    getEnvelope(accountId: string, envelopeId: string): Promise<SdkModel>
    update(accountId: string, envelopeId: string, options: { envelope: unknown }): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

const signHere = { documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }

describeEachDatabase('DocuSign Node SDK: createRecipient', (databases) => {
  let sdk: SdkService
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>
  let accountId: string
  let documentBase64: string

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl(), { env: { DEV_MAILBOX: 'true' } })
    accountId = sdk.principal.accountId
    envelopes = new docusign.EnvelopesApi(sdk.client)
    documentBase64 = await makePdfBase64(1, 'Sign')
  })
  afterAll(() => sdk?.close())

  /** Signer 1 at order 1 and, when asked, signer 2 at order 2. */
  async function envelope(status: 'created' | 'sent', subject: string, second = false): Promise<string> {
    const summary = await envelopes.createEnvelope(accountId, {
      envelopeDefinition: {
        status,
        emailSubject: subject,
        documents: [{ documentId: '1', name: 'Contract.pdf', fileExtension: 'pdf', documentBase64 }],
        recipients: {
          signers: [
            {
              recipientId: '1',
              routingOrder: '1',
              name: 'Ana Ruiz',
              email: 'ana@example.test',
              tabs: { signHereTabs: [signHere] },
            },
            ...(second
              ? [
                  {
                    recipientId: '2',
                    routingOrder: '2',
                    name: 'Ben Soto',
                    email: 'ben@example.test',
                    tabs: { signHereTabs: [signHere] },
                  },
                ]
              : []),
          ],
        },
      },
    })
    return summary.envelopeId
  }
  const auditActions = async (envelopeId: string) =>
    (await listAuditEntries(sdk.service.ctx.db, envelopeId)).map((entry) => entry.action)

  it('adds a signer with tabs and a carbon copy to a draft, keeping the caller’s ids', async () => {
    const envelopeId = await envelope('created', 'Draft gains recipients')
    const added = await envelopes.createRecipient(accountId, envelopeId, {
      recipients: {
        signers: [
          {
            recipientId: '7',
            routingOrder: '2',
            name: 'Gil Nuevo',
            email: 'gil@example.test',
            tabs: { signHereTabs: [{ anchorString: 'Sign', anchorXOffset: '0', anchorYOffset: '0' }] },
          },
        ],
        carbonCopies: [
          { recipientId: '9', routingOrder: '3', name: 'Cora Copy', email: 'cora@example.test' },
        ],
      },
    })
    expect(added.signers.map((signer: SdkModel) => [signer.recipientId, signer.status])).toEqual([
      ['7', 'created'],
    ])
    expect(added.signers[0].tabs.signHereTabs[0].anchorString).toBe('Sign')
    expect(added.carbonCopies.map((copy: SdkModel) => copy.recipientId)).toEqual(['9'])
    expect(added.recipientCount).toBe('2')

    const all = await envelopes.listRecipients(accountId, envelopeId)
    expect(all.signers.map((signer: SdkModel) => signer.recipientId)).toEqual(['1', '7'])
    expect(all.carbonCopies.map((copy: SdkModel) => copy.recipientId)).toEqual(['9'])
    expect(await auditActions(envelopeId)).toEqual(['Recipient Added', 'Recipient Added'])
  })

  it('numbers a recipient sent without an id after the envelope’s own', async () => {
    const envelopeId = await envelope('created', 'Draft numbered', true)
    const added = await envelopes.createRecipient(accountId, envelopeId, {
      recipients: { certifiedDeliveries: [{ name: 'Dee Livery', email: 'dee@example.test' }] },
    })
    expect(added.certifiedDeliveries[0].recipientId).toBe('3')
  })

  it('invites an added signer whose turn it is, who receives the invitation and signs', async () => {
    const envelopeId = await envelope('sent', 'Added signer signs')
    const added = await envelopes.createRecipient(accountId, envelopeId, {
      recipients: {
        signers: [
          {
            recipientId: '2',
            routingOrder: '1',
            name: 'Nora Nueva',
            email: 'nora@example.test',
            tabs: { signHereTabs: [signHere] },
          },
        ],
      },
      resendEnvelope: 'true',
    })
    expect(added.signers[0].status).toBe('sent')
    await signEnvelope(sdk, 'Added signer signs', 'nora@example.test')
    await signEnvelope(sdk, 'Added signer signs', 'ana@example.test')
    await expect
      .poll(async () => (await envelopes.getEnvelope(accountId, envelopeId)).status)
      .toBe('completed')
    const recipients = await envelopes.listRecipients(accountId, envelopeId)
    expect(recipients.signers.map((signer: SdkModel) => [signer.recipientId, signer.status])).toEqual([
      ['1', 'completed'],
      ['2', 'completed'],
    ])
  })

  it('keeps a later recipient waiting for its turn', async () => {
    const envelopeId = await envelope('sent', 'Later signer waits')
    const added = await envelopes.createRecipient(accountId, envelopeId, {
      recipients: {
        signers: [{ recipientId: '5', routingOrder: '4', name: 'Lia Later', email: 'lia@example.test' }],
      },
    })
    expect(added.signers[0].status).toBe('created')
    const recipients = await envelopes.listRecipients(accountId, envelopeId)
    expect(recipients.signers.map((signer: SdkModel) => [signer.recipientId, signer.status])).toEqual([
      ['1', 'sent'],
      ['5', 'created'],
    ])
    expect(recipients.currentRoutingOrder).toBe('1')
  })

  it('refuses a recipientId the envelope has with INVALID_RECIPIENT_ID, and changes nothing', async () => {
    const envelopeId = await envelope('sent', 'Clash')
    const refused = await sdkFailure(
      envelopes.createRecipient(accountId, envelopeId, {
        recipients: { signers: [{ recipientId: '1', name: 'Other', email: 'other@example.test' }] },
      }),
    )
    expect(refused).toMatchObject({ status: 400, body: { errorCode: 'INVALID_RECIPIENT_ID' } })
    expect(refused?.body.message).toContain('recipients.signers[0].recipientId 1')
    expect((await envelopes.listRecipients(accountId, envelopeId)).signers).toHaveLength(1)
  })

  it.each([
    ['an invalid email', { signers: [{ name: 'X', email: 'not-an-email' }] }, 'recipients.signers[0].email'],
    [
      'SMS without a phone',
      { signers: [{ name: 'X', email: 'x@example.test', deliveryMethod: 'SMS' }] },
      'phoneNumber',
    ],
    [
      'an unreachable phone',
      {
        signers: [
          {
            name: 'X',
            email: 'x@example.test',
            deliveryMethod: 'SMS',
            phoneNumber: { countryCode: '1', number: '12' },
          },
        ],
      },
      'phoneNumber',
    ],
    [
      'a tab on a missing page',
      {
        signers: [
          { name: 'X', email: 'x@example.test', tabs: { signHereTabs: [{ ...signHere, pageNumber: '9' }] } },
        ],
      },
      'pageNumber',
    ],
    ['a carbon copy with tabs', { carbonCopies: [{ name: 'X', email: 'x@example.test', tabs: {} }] }, 'tabs'],
    ['no name on a sent envelope', { signers: [{ email: 'x@example.test' }] }, 'has no name'],
    [
      'an unsupported property',
      { signers: [{ name: 'X', email: 'x@example.test', faxNumber: '1' }] },
      'faxNumber',
    ],
    ['an unsupported list', { agents: [{ name: 'X', email: 'x@example.test' }] }, 'agents'],
    ['no recipient at all', {}, 'at least one recipient'],
  ])('refuses %s with a 400 naming it', async (_, recipients, named) => {
    const envelopeId = await envelope('sent', 'Refusals')
    const refused = await sdkFailure(envelopes.createRecipient(accountId, envelopeId, { recipients }))
    expect(refused?.status).toBe(400)
    expect(refused?.body.errorCode).toEqual(expect.any(String))
    expect(refused?.body.message).toContain(named)
    expect((await envelopes.listRecipients(accountId, envelopeId)).signers).toHaveLength(1)
  })

  it('refuses a voided envelope with ENVELOPE_INVALID_STATUS and an unknown one with 404', async () => {
    const envelopeId = await envelope('sent', 'Voided')
    await envelopes.update(accountId, envelopeId, { envelope: { status: 'voided', voidedReason: 'no' } })
    const recipients = { signers: [{ name: 'X', email: 'x@example.test' }] }
    expect(await sdkFailure(envelopes.createRecipient(accountId, envelopeId, { recipients }))).toMatchObject({
      status: 400,
      body: { errorCode: 'ENVELOPE_INVALID_STATUS' },
    })
    expect(
      await sdkFailure(
        envelopes.createRecipient(accountId, '00000000-0000-0000-0000-000000000000', { recipients }),
      ),
    ).toMatchObject({ status: 404 })
    expect(
      await sdkFailure(
        envelopes.createRecipient(accountId, envelopeId, { recipients, resendEnvelope: 'maybe' }),
      ),
    ).toMatchObject({ status: 400 })
  })
})
