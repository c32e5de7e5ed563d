import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import type { TestPrincipal, TestService } from '../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkApiClient,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../testing/sdk.js'
import { ensureDemoTemplates } from './demo-templates.js'

/** The official DocuSign Node SDK (CommonJS, untyped): the part these tests call. */
interface DocuSignSdk extends DocuSignSdkBase {
  TemplatesApi: new (
    client: unknown,
  ) => {
    listTemplates(accountId: string, options: Record<string, string>): Promise<SdkModel>
    get(accountId: string, templateId: string): Promise<SdkModel>
    createTemplate(accountId: string, options: { envelopeTemplate: unknown }): Promise<SdkModel>
  }
  ConnectApi: new (
    client: unknown,
  ) => {
    createConfiguration(
      accountId: string,
      options: { connectCustomConfiguration: unknown },
    ): Promise<SdkModel>
    listConfigurations(accountId: string): Promise<SdkModel>
    updateConfiguration(
      accountId: string,
      options: { connectCustomConfiguration: unknown },
    ): Promise<SdkModel>
    deleteConfiguration(accountId: string, connectId: string): Promise<unknown>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK against templates and Connect', (databases) => {
  let sdk: SdkService
  let service: TestService
  let admin: TestPrincipal
  let client: SdkApiClient

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl(), { env: { CONNECT_ALLOW_PRIVATE_URLS: 'true' } })
    ;({ service, principal: admin, client } = sdk)
  })
  afterAll(() => sdk?.close())

  it('lists templates with the CRM call and reads one, without nulls', async () => {
    const demos = await ensureDemoTemplates(service.ctx.db, admin, service.ctx.now())
    const templates = new docusign.TemplatesApi(client)
    const list = await templates.listTemplates(admin.accountId, {
      count: '100',
      order: 'name',
      orderBy: 'asc',
    })
    expect(list.resultSetSize).toBe('3')
    expect(list.totalSetSize).toBe('3')
    expect(list.envelopeTemplates.map((t: { name: string }) => t.name)).toEqual([
      'Autorización de Servicios',
      'Case Intake Form',
      'Service Agreement',
    ])
    const detail = await templates.get(admin.accountId, demos[0]?.templateId as string)
    expect(JSON.stringify(detail)).not.toContain('null')
    expect(detail.recipients.signers.map((s: { roleName: string }) => s.roleName)).toEqual([
      'Signing Recipient #1',
      'Service Coordinator',
    ])
    expect(Number(detail.documents[0].pages)).toBeGreaterThan(1)
  })

  it('creates a template through the SDK', async () => {
    const templates = new docusign.TemplatesApi(client)
    const summary = await templates.createTemplate(admin.accountId, {
      envelopeTemplate: {
        name: 'From the SDK',
        shared: 'true',
        documents: [
          { documentId: '1', name: 'Doc', fileExtension: 'pdf', documentBase64: await makePdfBase64(2) },
        ],
        recipients: { signers: [{ recipientId: '1', roleName: 'Signer', routingOrder: '1' }] },
      },
    })
    expect(summary.templateId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(summary.name).toBe('From the SDK')
    const stored = await templates.get(admin.accountId, summary.templateId as string)
    expect(stored.name).toBe('From the SDK')
  })

  it('manages Connect configurations through the SDK', async () => {
    const connect = new docusign.ConnectApi(client)
    const created = await connect.createConfiguration(admin.accountId, {
      connectCustomConfiguration: {
        name: 'hook',
        urlToPublishTo: 'http://127.0.0.1:9/hook',
        events: ['envelope-completed'],
        allUsers: 'true',
        includeHMAC: 'true',
        configurationType: 'custom',
        deliveryMode: 'SIM',
        allowEnvelopePublish: 'true',
        eventData: { version: 'restv2.1', format: 'json', includeData: ['custom_fields'] },
      },
    })
    expect(created.connectId).toMatch(/^[0-9]+$/)
    expect(created.allowEnvelopePublish).toBe('true')
    const listed = await connect.listConfigurations(admin.accountId)
    expect(listed.totalRecords).toBe('1')
    const updated = await connect.updateConfiguration(admin.accountId, {
      connectCustomConfiguration: {
        connectId: created.connectId,
        name: 'hook 2',
        urlToPublishTo: 'http://127.0.0.1:9/hook',
        events: ['envelope-completed', 'envelope-voided'],
        allowEnvelopePublish: 'false',
      },
    })
    expect(updated.name).toBe('hook 2')
    expect(updated.allowEnvelopePublish).toBe('false')
    await connect.deleteConfiguration(admin.accountId, created.connectId)
    expect((await connect.listConfigurations(admin.accountId)).totalRecords).toBe('0')
  })
})
