import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../testing/sdk.js'

/** The official DocuSign Node SDK's `AccountsApi.listSettings`. */
interface DocuSignSdk extends DocuSignSdkBase {
  AccountsApi: new (client: unknown) => { listSettings(accountId: string): Promise<SdkModel> }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('DocuSign Node SDK: listSettings', (databases) => {
  let sdk: SdkService

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
  })
  afterAll(() => sdk?.close())

  it("answers DocuSign's accountSettingsInformation with what the service supports", async () => {
    const settings = await new docusign.AccountsApi(sdk.client).listSettings(sdk.principal.accountId)
    expect(settings).toMatchObject({
      allowInPerson: 'true',
      allowEnvelopeCorrect: 'true',
      enableSMSAuthentication: 'true',
      enableResponsiveSigning: 'false',
      phoneAuthRecipientMayProvidePhoneNumber: 'false',
    })
    const { accountNotification, ...flags } = settings
    expect(Object.values(flags).every((value) => value === 'true' || value === 'false')).toBe(true)
    expect(accountNotification).toMatchObject({ expirations: { expireEnabled: 'true', expireAfter: '120' } })
  })

  it('is 401 without a token', async () => {
    const client = new docusign.ApiClient()
    const { address, port } = sdk.service.app.server.address() as { address: string; port: number }
    client.setBasePath(`http://${address}:${port}/restapi`)
    const status = await new docusign.AccountsApi(client).listSettings(sdk.principal.accountId).then(
      () => 200,
      // biome-ignore lint/suspicious/noExplicitAny: the SDK rejects with an axios error.
      (error: any) => error.response?.status,
    )
    expect(status).toBe(401)
  })
})
