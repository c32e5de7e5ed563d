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

/**
 * The signing API headers (`x-signing-token`) of an embedded signer's recipient view, made by `who`
 * with `POST .../envelopes/{envelopeId}/views/recipient`; opening the session spends it.
 */
export async function embeddedSigningHeaders(
  service: TestService,
  who: TestPrincipal,
  envelopeId: string,
  signer: { name: string; email: string; clientUserId: string },
): Promise<Record<string, string>> {
  const view = await injectAs(service, who, 'POST', `/envelopes/${envelopeId}/views/recipient`, {
    returnUrl: 'https://crm.example.test/return',
    authenticationMethod: 'none',
    userName: signer.name,
    email: signer.email,
    clientUserId: signer.clientUserId,
  })
  if (view.statusCode !== 201) throw new Error(`No recipient view (${view.statusCode}): ${view.body}`)
  const url: string = view.json().url
  return { 'x-signing-token': url.slice(url.indexOf('#') + 1) }
}
