import { randomUUID } from 'node:crypto'
import type {
  EnvelopeDefinition,
  EnvelopeSummary,
  EnvelopeTemplate,
  TemplateList,
  TemplateListItem,
} from 'esign-contract'
import { DEFAULT_RETRY_POLICY, isRetryable, type RetryPolicy, retryDelayMs } from './backoff.js'
import { EnvelopeApiError, parseJsonObject } from './errors.js'
import { type HttpResponse, type HttpTransport, nodeTransport } from './http.js'
import type { TokenStore } from './token-file.js'
import { createTokenProvider, type TokenProvider } from './token-provider.js'

/** Endpoint 1 rule 3: the automation layer waits 120 s for an envelope to be created. */
export const CREATE_ENVELOPE_TIMEOUT_MS = 120_000
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000
export const DEFAULT_SCOPE = 'signature impersonation'
/** Page size of the template dropdown's list call (endpoint 2). */
export const TEMPLATE_PAGE_SIZE = 100

/** The connection as the CRM's named credential describes it (Authentication rule 2). */
export interface NamedCredential {
  /** REST root; ends with `/restapi/v2.1`. */
  baseUrl: string
  /** Identity host: a bare `host[:port]` (HTTPS, as DocuSign's) or an origin such as `http://127.0.0.1:3000`. */
  identityHost: string
  integrationKey: string
  userId: string
  privateKeyPem: string
  /** Defaults to `signature impersonation`. */
  scope?: string
}

export interface EsignClientOptions extends NamedCredential {
  accountId: string
  /** PEM of a CA to trust besides the system ones (the envelope service's development CA). */
  ca?: string
  createEnvelopeTimeoutMs?: number
  requestTimeoutMs?: number
  retry?: Partial<RetryPolicy>
  transport?: HttpTransport
  /** Keeps the access token between processes (the CLI's token file). */
  tokenStore?: TokenStore
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  random?: () => number
}

export interface EsignClient {
  /** The account every call is made in. */
  readonly accountId: string
  /**
   * Creates (and with `status: "sent"` sends) an envelope; resolves on 201 only. Every attempt carries the
   * same `Idempotency-Key`, so a retried create never makes a second envelope.
   */
  createEnvelope(
    definition: EnvelopeDefinition,
    options?: { idempotencyKey?: string },
  ): Promise<EnvelopeSummary>
  /** Every template the user can see, by name ascending, following `nextUri` across pages. */
  listTemplates(): Promise<TemplateListItem[]>
  getTemplate(templateId: string): Promise<EnvelopeTemplate>
  /** A GET below the account (`/envelopes/{id}/recipients`, ...), the parsed JSON body on 200. */
  getJson(accountPath: string): Promise<Record<string, unknown>>
  /** The envelope's documents as one PDF (the signed documents once it is completed). */
  getCombinedPdf(envelopeId: string): Promise<Buffer>
  readonly tokenExchanges: number
}

export function createEsignClient(options: EsignClientOptions): EsignClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  if (!baseUrl.endsWith('/restapi/v2.1')) {
    throw new Error(`baseUrl must end with /restapi/v2.1 (got ${options.baseUrl})`)
  }
  const accountBase = `${baseUrl}/accounts/${encodeURIComponent(options.accountId)}`
  const transport = options.transport ?? nodeTransport(options.ca ? { ca: options.ca } : {})
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const random = options.random ?? Math.random
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry }
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
  const identity = identityEndpoint(options.identityHost)
  const tokens: TokenProvider = createTokenProvider({
    identityOrigin: identity.origin,
    audience: identity.audience,
    integrationKey: options.integrationKey,
    userId: options.userId,
    privateKeyPem: options.privateKeyPem,
    scope: options.scope ?? DEFAULT_SCOPE,
    transport,
    now,
    ...(options.tokenStore ? { store: options.tokenStore } : {}),
  })

  interface CallRequest {
    method: 'GET' | 'POST'
    url: string
    body?: string
    expectedStatus: number
    timeoutMs: number
    idempotencyKey?: string
    accept?: string
  }

  async function call(request: CallRequest): Promise<Record<string, unknown>> {
    const response = await exchange(request)
    const parsed = parseJsonObject(response.body)
    if (parsed) return parsed
    throw new EnvelopeApiError(
      response.status,
      'INVALID_RESPONSE',
      'the body is not a JSON object',
      response.body,
    )
  }

  /** One request with the token, the 401 refresh and the retries; the response with the expected status. */
  async function exchange(request: CallRequest): Promise<HttpResponse> {
    let refreshedAfter401 = false
    for (let attempt = 1; ; attempt++) {
      const token = await tokens.accessToken()
      const response: HttpResponse = await transport({
        method: request.method,
        url: request.url,
        headers: {
          authorization: `Bearer ${token}`,
          accept: request.accept ?? 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(request.idempotencyKey ? { 'idempotency-key': request.idempotencyKey } : {}),
        },
        ...(request.body === undefined ? {} : { body: request.body }),
        timeoutMs: request.timeoutMs,
      })
      if (response.status === request.expectedStatus) return response
      const failure = EnvelopeApiError.fromResponse(response.status, response.body)
      // A token can be revoked or expire early on the server's side: one fresh token, then give up.
      if (response.status === 401 && !refreshedAfter401) {
        refreshedAfter401 = true
        tokens.invalidate(token)
        attempt -= 1
        continue
      }
      if (!isRetryable(response.status, failure.errorCode)) throw failure
      const delay = retryDelayMs(
        attempt,
        { status: response.status, errorCode: failure.errorCode, headers: response.headers },
        policy,
        now(),
        random,
      )
      if (delay === undefined) throw failure
      await sleep(delay)
    }
  }

  return {
    accountId: options.accountId,
    async createEnvelope(definition, createOptions = {}) {
      const body = await call({
        method: 'POST',
        url: `${accountBase}/envelopes`,
        body: JSON.stringify(definition),
        expectedStatus: 201,
        timeoutMs: options.createEnvelopeTimeoutMs ?? CREATE_ENVELOPE_TIMEOUT_MS,
        idempotencyKey: createOptions.idempotencyKey ?? randomUUID(),
      })
      if (typeof body.envelopeId !== 'string') {
        throw new EnvelopeApiError(
          201,
          'INVALID_RESPONSE',
          'the 201 body has no envelopeId',
          JSON.stringify(body),
        )
      }
      return body as unknown as EnvelopeSummary
    },

    async listTemplates() {
      const query = new URLSearchParams({ count: String(TEMPLATE_PAGE_SIZE), order: 'name', order_by: 'asc' })
      const templates: TemplateListItem[] = []
      let url: string | undefined = `${accountBase}/templates?${query}`
      const seen = new Set<string>()
      while (url !== undefined && !seen.has(url)) {
        seen.add(url)
        const page = (await call({
          method: 'GET',
          url,
          expectedStatus: 200,
          timeoutMs: requestTimeoutMs,
        })) as unknown as TemplateList
        templates.push(...(page.envelopeTemplates ?? []))
        url = page.nextUri ? resolvePageUri(page.nextUri, baseUrl, accountBase) : undefined
      }
      return templates
    },

    async getTemplate(templateId) {
      const body = await call({
        method: 'GET',
        url: `${accountBase}/templates/${encodeURIComponent(templateId)}`,
        expectedStatus: 200,
        timeoutMs: requestTimeoutMs,
      })
      return body as unknown as EnvelopeTemplate
    },

    getJson(accountPath) {
      return call({
        method: 'GET',
        url: `${accountBase}${accountPath}`,
        expectedStatus: 200,
        timeoutMs: requestTimeoutMs,
      })
    },

    async getCombinedPdf(envelopeId) {
      const response = await exchange({
        method: 'GET',
        url: `${accountBase}/envelopes/${encodeURIComponent(envelopeId)}/documents/combined`,
        expectedStatus: 200,
        timeoutMs: requestTimeoutMs,
        accept: 'application/pdf',
      })
      return response.bytes ?? Buffer.from(response.body, 'utf8')
    },

    get tokenExchanges() {
      return tokens.exchanges
    },
  }
}

/**
 * `nextUri` is relative. DocuSign has used both a path below the REST root (`/accounts/...`) and one below
 * the account (`/templates?...`, as this project's service answers); a `/restapi/...` path is from the host.
 */
export function resolvePageUri(uri: string, baseUrl: string, accountBase: string): string {
  if (/^https?:\/\//.test(uri)) return uri
  if (uri.startsWith('/restapi/')) return new URL(uri, baseUrl).toString()
  if (uri.startsWith('/accounts/')) return `${baseUrl}${uri}`
  return `${accountBase}${uri.startsWith('/') ? uri : `/${uri}`}`
}

/** The token endpoint's origin and the JWT audience (the bare host, as DocuSign expects) of an identity host. */
export function identityEndpoint(identityHost: string): { origin: string; audience: string } {
  const url = new URL(/^https?:\/\//.test(identityHost) ? identityHost : `https://${identityHost}`)
  return { origin: url.origin, audience: url.host }
}
