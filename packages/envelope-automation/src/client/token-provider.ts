import { createPrivateKey, type KeyObject } from 'node:crypto'
import { SignJWT } from 'jose'
import { parseJsonObject, TokenExchangeError } from './errors.js'
import type { HttpTransport } from './http.js'
import type { TokenStore } from './token-file.js'

/** The contract's assertion lifetime (Authentication rule 1): one hour. */
export const ASSERTION_LIFETIME_SECONDS = 3600
/** A token is replaced this long before it expires, so no call goes out with a token about to lapse. */
export const TOKEN_REFRESH_MARGIN_MS = 2 * 60_000
const TOKEN_EXCHANGE_TIMEOUT_MS = 30_000

export interface TokenProviderOptions {
  /** Where `/oauth/token` lives: `https://host[:port]`, or `http://...` for a local test server. */
  identityOrigin: string
  /** The JWT audience: the bare identity `host[:port]`, as DocuSign and its SDK use it. */
  audience: string
  integrationKey: string
  userId: string
  privateKeyPem: string
  scope: string
  transport: HttpTransport
  now: () => number
  /** Keeps the token between processes (the CLI); without it the token lives as long as the provider. */
  store?: TokenStore
}

export interface TokenProvider {
  /** A valid access token; at most one exchange is in flight however many callers wait. */
  accessToken(): Promise<string>
  /** Drops `token` from the cache after a 401, unless a newer token already replaced it. */
  invalidate(token: string): void
  /** Exchanges performed so far (the benchmark shows one per run). */
  readonly exchanges: number
}

/**
 * The JWT bearer grant (Authentication rule 1) with the token cached (rule 4): the assertion is RS256,
 * claims iss/sub/aud/iat/exp/scope as DocuSign's SDK builds them, and the token is reused until shortly
 * before `expires_in` runs out.
 */
export function createTokenProvider(options: TokenProviderOptions): TokenProvider {
  let key: KeyObject | undefined
  let cached: { token: string; refreshAt: number } | undefined = options.store?.read()
  let pending: Promise<string> | undefined
  let exchanges = 0

  async function exchange(): Promise<string> {
    key ??= createPrivateKey(options.privateKeyPem)
    const issuedAt = Math.floor(options.now() / 1000)
    const assertion = await new SignJWT({ scope: options.scope })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(options.integrationKey)
      .setSubject(options.userId)
      .setAudience(options.audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_LIFETIME_SECONDS)
      .sign(key)
    exchanges += 1
    const response = await options.transport({
      method: 'POST',
      url: `${options.identityOrigin}/oauth/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
      timeoutMs: TOKEN_EXCHANGE_TIMEOUT_MS,
    })
    const body = parseJsonObject(response.body)
    if (response.status !== 200 || typeof body?.access_token !== 'string') {
      throw TokenExchangeError.fromResponse(response.status, response.body)
    }
    const expiresInSeconds =
      typeof body.expires_in === 'number' ? body.expires_in : ASSERTION_LIFETIME_SECONDS
    cached = {
      token: body.access_token,
      refreshAt: options.now() + Math.max(0, expiresInSeconds * 1000 - TOKEN_REFRESH_MARGIN_MS),
    }
    options.store?.write(cached)
    return body.access_token
  }

  return {
    accessToken() {
      if (cached && options.now() < cached.refreshAt) return Promise.resolve(cached.token)
      pending ??= exchange().finally(() => {
        pending = undefined
      })
      return pending
    },
    invalidate(token) {
      if (cached?.token === token) {
        cached = undefined
        options.store?.clear()
      }
    },
    get exchanges() {
      return exchanges
    },
  }
}
