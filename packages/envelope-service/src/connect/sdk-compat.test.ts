import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestPrincipal } from '../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../testing/sdk.js'

/** The official DocuSign Node SDK (CommonJS, untyped): the ConnectApi calls these tests make. */
interface DocuSignSdk extends DocuSignSdkBase {
  ConnectApi: new (
    client: unknown,
  ) => {
    createConfiguration(
      accountId: string,
      options: { connectCustomConfiguration: unknown },
    ): Promise<SdkModel>
    getConfiguration(accountId: string, connectId: string): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK ConnectApi', (databases) => {
  let sdk: SdkService
  let admin: TestPrincipal
  let connect: InstanceType<DocuSignSdk['ConnectApi']>

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl(), { principal: { permissions: ['administer'] } })
    admin = sdk.principal
    connect = new docusign.ConnectApi(sdk.client)
  })
  afterAll(() => sdk?.close())

  it('getConfiguration reads the configuration from ConnectConfigResults.configurations', async () => {
    const created = await connect.createConfiguration(admin.accountId, {
      connectCustomConfiguration: {
        name: 'CRM hook',
        urlToPublishTo: 'https://hooks.example.com/docusign',
        events: ['envelope-completed'],
        allUsers: 'true',
        configurationType: 'custom',
        deliveryMode: 'SIM',
      },
    })
    const read = await connect.getConfiguration(admin.accountId, created.connectId)
    expect(read.totalRecords).toBe('1')
    expect(read.configurations).toHaveLength(1)
    expect(read.configurations[0]).toMatchObject({
      connectId: created.connectId,
      name: 'CRM hook',
      urlToPublishTo: 'https://hooks.example.com/docusign',
      events: ['envelope-completed'],
      allowEnvelopePublish: 'true',
    })
  })

  it("creates a configuration from the SDK model's older envelopeEvents/recipientEvents strings", async () => {
    const created = await connect.createConfiguration(admin.accountId, {
      connectCustomConfiguration: {
        name: 'legacy hook',
        urlToPublishTo: 'https://hooks.example.com/legacy',
        allUsers: 'true',
        envelopeEvents: ['Sent', 'Completed'],
        recipientEvents: ['Completed'],
      },
    })
    const [read] = (await connect.getConfiguration(admin.accountId, created.connectId)).configurations
    expect(read.events).toEqual(['envelope-sent', 'envelope-completed', 'recipient-completed'])
  })
})
