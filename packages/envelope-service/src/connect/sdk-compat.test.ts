import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'

// biome-ignore lint/suspicious/noExplicitAny: the SDK's models are untyped JSON objects.
type SdkModel = Record<string, any>

/** The official DocuSign Node SDK (CommonJS, untyped): the ConnectApi calls these tests make. */
interface DocuSignSdk {
  ApiClient: new () => {
    setBasePath(path: string): void
    addDefaultHeader(name: string, value: string): void
  }
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
const docusign = createRequire(import.meta.url)('docusign-esign') as DocuSignSdk

describeEachDatabase('DocuSign Node SDK ConnectApi', (databases) => {
  let service: TestService
  let admin: TestPrincipal
  let connect: InstanceType<DocuSignSdk['ConnectApi']>

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    await service.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = service.app.server.address() as AddressInfo
    admin = await seedPrincipal(service.ctx, { permissions: ['administer'] })
    const client = new docusign.ApiClient()
    client.setBasePath(`http://127.0.0.1:${port}/restapi`)
    client.addDefaultHeader('Authorization', `Bearer ${admin.accessToken}`)
    connect = new docusign.ConnectApi(client)
  })
  afterAll(() => service.close())

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
