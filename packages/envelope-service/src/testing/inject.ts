import type { TestPrincipal, TestService } from './harness.js'

/** A request to `/restapi/v2.1/accounts/{who's account}{path}` with who's token, through `app.inject`. */
export function injectAs(
  service: TestService,
  who: TestPrincipal,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  payload?: object,
) {
  return service.app.inject({
    method,
    url: `/restapi/v2.1/accounts/${who.accountId}${path}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  })
}
