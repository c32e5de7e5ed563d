import type { OAuthClient } from '../clients/repository.js'
import { INKWELL_APP_CALLBACK_PATH, INKWELL_APP_CLIENT_ID } from '../first-party.js'

/**
 * Whether `requested` is a redirect URI of the client: exactly one of its registered URIs (after URL
 * normalisation), or, for the first-party app only, `/app/callback` on the origin the request came to
 * (the app is served by this service under whatever name it is reached).
 */
export function redirectUriAllowed(client: OAuthClient, requested: string, requestOrigin: string): boolean {
  let url: URL
  try {
    url = new URL(requested)
  } catch {
    return false
  }
  if (url.hash !== '') return false
  if (client.id === INKWELL_APP_CLIENT_ID) {
    return url.origin === requestOrigin && url.pathname === INKWELL_APP_CALLBACK_PATH && url.search === ''
  }
  return client.redirectUris.includes(url.toString())
}

/** `redirect_uri` with `params` added to its query (codes, errors, `state`). */
export function redirectTo(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri)
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value)
  return url.toString()
}
