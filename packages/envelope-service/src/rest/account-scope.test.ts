import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { seedPrincipal, startTestService, type TestService } from '../testing/harness.js'

describeEachDatabase('account-scoped REST authentication', (databases) => {
  let service: TestService
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
  })
  afterAll(() => service.close())

  it('returns 401 USER_AUTHENTICATION_FAILED without a token', async () => {
    const response = await service.app.inject('/restapi/v2.1/accounts/00000000-0000-0000-0000-000000000000')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ errorCode: 'USER_AUTHENTICATION_FAILED' })
  })

  it('returns 401 for an unknown token', async () => {
    const response = await service.app.inject({
      url: '/restapi/v2.1/accounts/00000000-0000-0000-0000-000000000000',
      headers: { authorization: 'Bearer not-a-token' },
    })
    expect(response.statusCode).toBe(401)
  })

  it('returns 403 USER_LACKS_PERMISSIONS for another account', async () => {
    const alice = await seedPrincipal(service.ctx)
    const bob = await seedPrincipal(service.ctx)
    const response = await service.app.inject({
      url: `/restapi/v2.1/accounts/${bob.accountId}`,
      headers: alice.headers,
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ errorCode: 'USER_LACKS_PERMISSIONS' })
  })

  it('lets a member read the account', async () => {
    const alice = await seedPrincipal(service.ctx)
    const response = await service.app.inject({
      url: `/restapi/v2.1/accounts/${alice.accountId}`,
      headers: alice.headers,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ accountIdGuid: alice.accountId, accountName: 'Test Account' })
  })
})
