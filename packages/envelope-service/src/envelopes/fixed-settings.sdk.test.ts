import { FIXED_ENVELOPE_SETTINGS, FIXED_RECIPIENT_SETTINGS, FIXED_SIGNER_SETTINGS } from 'esign-contract'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import type { TestPrincipal } from '../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  sdkFailure,
  startSdkService,
} from '../testing/sdk.js'

/**
 * The envelope and template settings that ask for what this service always does (esign-contract's
 * `FIXED_ENVELOPE_SETTINGS`), sent as DocuSign integrations send them (`enableWetSign: "false"`,
 * `allowMarkup: "false"`, ...) through the official Node SDK: accepted, answered on every read, and
 * refused, naming the value taken, when they ask for something else.
 */
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    getEnvelope(accountId: string, envelopeId: string): Promise<SdkModel>
    listRecipients(accountId: string, envelopeId: string): Promise<SdkModel>
    listStatusChanges(accountId: string, options: Record<string, string>): Promise<SdkModel>
    update(accountId: string, envelopeId: string, options: { envelope: unknown }): Promise<SdkModel>
  }
  TemplatesApi: new (
    client: unknown,
  ) => {
    createTemplate(accountId: string, options: { envelopeTemplate: unknown }): Promise<SdkModel>
    update(accountId: string, templateId: string, options: { envelopeTemplate: unknown }): Promise<SdkModel>
    get(accountId: string, templateId: string): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK: settings that ask for what the service does', (databases) => {
  let sdk: SdkService
  let sender: TestPrincipal
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>
  let templates: InstanceType<DocuSignSdk['TemplatesApi']>
  let onePage: string

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    sender = sdk.principal
    envelopes = new docusign.EnvelopesApi(sdk.client)
    templates = new docusign.TemplatesApi(sdk.client)
    onePage = await makePdfBase64(1)
  })
  afterAll(() => sdk?.close())

  const documents = () => [
    { documentId: '1', name: 'Lease.pdf', fileExtension: 'pdf', documentBase64: onePage },
  ]
  const asIntegrationsSendThem = {
    enableWetSign: 'false',
    allowMarkup: 'false',
    allowReassign: 'false',
    autoNavigation: 'true',
    signerCanSignOnMobile: 'true',
    signingLocation: 'online',
    allowComments: 'false',
    is21CFRPart11: 'false',
  }

  it('takes them on an envelope and answers them on every read, set or not', async () => {
    const summary = await envelopes.createEnvelope(sender.accountId, {
      envelopeDefinition: {
        status: 'created',
        emailSubject: 'Lease',
        documents: documents(),
        recipients: { signers: [{ recipientId: '1', name: 'Ana', email: 'ana@example.test' }] },
        ...asIntegrationsSendThem,
      },
    })
    expect(await envelopes.getEnvelope(sender.accountId, summary.envelopeId)).toMatchObject(
      asIntegrationsSendThem,
    )
    const plain = await envelopes.createEnvelope(sender.accountId, {
      envelopeDefinition: { status: 'created', emailSubject: 'Plain', documents: documents() },
    })
    expect(await envelopes.getEnvelope(sender.accountId, plain.envelopeId)).toMatchObject(
      FIXED_ENVELOPE_SETTINGS,
    )
    const listed = await envelopes.listStatusChanges(sender.accountId, { fromDate: '2000-01-01' })
    for (const envelope of listed.envelopes) expect(envelope).toMatchObject(FIXED_ENVELOPE_SETTINGS)
  })

  it('takes them stated again on an envelope update, alone or with a send, and changes nothing', async () => {
    const draft = await envelopes.createEnvelope(sender.accountId, {
      envelopeDefinition: {
        status: 'created',
        emailSubject: 'Lease',
        documents: documents(),
        recipients: { signers: [{ recipientId: '1', name: 'Ana', email: 'ana@example.test' }] },
      },
    })
    const alone = await envelopes.update(sender.accountId, draft.envelopeId, {
      envelope: { allowMarkup: 'false', enableWetSign: 'false' },
    })
    expect(alone.envelopeId).toBe(draft.envelopeId)
    expect(await envelopes.getEnvelope(sender.accountId, draft.envelopeId)).toMatchObject({
      status: 'created',
      ...FIXED_ENVELOPE_SETTINGS,
    })

    const refused = await sdkFailure(
      envelopes.update(sender.accountId, draft.envelopeId, { envelope: { allowMarkup: 'true' } }),
    )
    expect(refused?.status).toBe(400)
    expect(refused?.body.message).toBe('allowMarkup must be one of: false')
    const elsewhere = await sdkFailure(
      envelopes.update(sender.accountId, '6a3b1c1e-0000-4000-8000-000000000000', {
        envelope: { allowMarkup: 'false' },
      }),
    )
    expect(elsewhere?.status).toBe(404)
    // A void reason without the status that voids is not dropped beside them.
    const reasonAlone = await sdkFailure(
      envelopes.update(sender.accountId, draft.envelopeId, {
        envelope: { allowMarkup: 'false', voidedReason: 'Wrong lease' },
      }),
    )
    expect(reasonAlone?.status).toBe(400)

    await envelopes.update(sender.accountId, draft.envelopeId, {
      envelope: { status: 'sent', signingLocation: 'online' },
    })
    expect((await envelopes.getEnvelope(sender.accountId, draft.envelopeId)).status).toBe('sent')
  })

  it('takes them on a template, created or updated', async () => {
    const created = await templates.createTemplate(sender.accountId, {
      envelopeTemplate: { name: 'Lease', documents: documents(), ...asIntegrationsSendThem },
    })
    await templates.update(sender.accountId, created.templateId, {
      envelopeTemplate: { signingLocation: 'online', enableWetSign: 'false' },
    })
    expect(await templates.get(sender.accountId, created.templateId)).toMatchObject(FIXED_ENVELOPE_SETTINGS)
  })

  it('refuses another value, naming the one it takes, on envelopes and templates alike', async () => {
    const otherValue = (value: string) =>
      value === 'true' ? 'false' : value === 'false' ? 'true' : 'inPerson'
    const asked = Object.entries(FIXED_ENVELOPE_SETTINGS).map(
      ([name, value]) => [name as keyof typeof FIXED_ENVELOPE_SETTINGS, otherValue(value)] as const,
    )
    for (const [name, value] of asked) {
      const envelope = await sdkFailure(
        envelopes.createEnvelope(sender.accountId, {
          envelopeDefinition: {
            status: 'created',
            emailSubject: 'No',
            documents: documents(),
            [name]: value,
          },
        }),
      )
      expect(envelope?.status).toBe(400)
      expect(envelope?.body.errorCode).toBe('INVALID_REQUEST_PARAMETER')
      expect(envelope?.body.message).toContain(name)
      expect(envelope?.body.message).toBe(`${name} must be one of: ${FIXED_ENVELOPE_SETTINGS[name]}`)
      const template = await sdkFailure(
        templates.createTemplate(sender.accountId, {
          envelopeTemplate: { name: 'No', documents: documents(), [name]: value },
        }),
      )
      expect(template?.status).toBe(400)
      expect(template?.body.message).toContain(name)
    }
  })

  it("takes a recipient's settings of the same kind, as a DocuSign template export writes them", async () => {
    const signerSettings = {
      signInEachLocation: 'false',
      requireUploadSignature: 'false',
      defaultRecipient: 'false',
      agentCanEditEmail: 'false',
      agentCanEditName: 'false',
    }
    const summary = await envelopes.createEnvelope(sender.accountId, {
      envelopeDefinition: {
        status: 'created',
        emailSubject: 'Lease',
        documents: documents(),
        recipients: {
          signers: [{ recipientId: '1', name: 'Ana', email: 'ana@example.test', ...signerSettings }],
          carbonCopies: [
            { recipientId: '2', name: 'Cleo', email: 'cleo@example.test', agentCanEditEmail: 'false' },
          ],
          inPersonSigners: [
            {
              recipientId: '3',
              hostName: 'Hal',
              hostEmail: 'hal@example.test',
              signerName: 'Walk-in',
              canSignOffline: 'false',
              requireSignOnPaper: 'false',
            },
          ],
        },
      },
    })
    const recipients = await envelopes.listRecipients(sender.accountId, summary.envelopeId)
    expect(recipients.signers[0]).toMatchObject({ ...FIXED_RECIPIENT_SETTINGS, ...FIXED_SIGNER_SETTINGS })
    expect(recipients.carbonCopies[0]).toMatchObject(FIXED_RECIPIENT_SETTINGS)
    expect(recipients.carbonCopies[0].signInEachLocation).toBeUndefined()
    expect(recipients.inPersonSigners[0]).toMatchObject(FIXED_SIGNER_SETTINGS)
    expect(recipients.inPersonSigners[0].agentCanEditEmail).toBeUndefined()

    const template = await templates.createTemplate(sender.accountId, {
      envelopeTemplate: {
        name: 'Lease roles',
        documents: documents(),
        recipients: { signers: [{ recipientId: '1', roleName: 'Tenant', ...signerSettings }] },
      },
    })
    const read = await templates.get(sender.accountId, template.templateId)
    expect(read.recipients.signers[0]).toMatchObject({
      ...FIXED_RECIPIENT_SETTINGS,
      ...FIXED_SIGNER_SETTINGS,
    })

    const refused = await sdkFailure(
      envelopes.createEnvelope(sender.accountId, {
        envelopeDefinition: {
          status: 'created',
          emailSubject: 'No',
          documents: documents(),
          recipients: {
            signers: [
              { recipientId: '1', name: 'Ana', email: 'ana@example.test', signInEachLocation: 'true' },
            ],
          },
        },
      }),
    )
    expect(refused?.status).toBe(400)
    expect(refused?.body.message).toContain('signInEachLocation')
  })
})
