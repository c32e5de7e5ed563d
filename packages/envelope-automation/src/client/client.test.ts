import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeEsignServer, startFakeEsignServer } from '../testing/fake-esign-server.js'
import {
  CREATE_ENVELOPE_TIMEOUT_MS,
  createEsignClient,
  type EsignClientOptions,
  identityEndpoint,
  resolvePageUri,
} from './client.js'
import { EnvelopeApiError, RequestTimeoutError, TokenExchangeError } from './errors.js'
import { nodeTransport } from './http.js'

const ACCOUNT_ID = '11111111-2222-3333-4444-555555555555'
const DEFINITION = {
  status: 'sent',
  emailSubject: 'Inkwell: Sign',
  compositeTemplates: [{ compositeTemplateId: '1', serverTemplates: [{ sequence: '1', templateId: 't-1' }] }],
}
const CREATED = {
  envelopeId: 'env-1',
  uri: '/envelopes/env-1',
  statusDateTime: '2026-11-22T10:00:00.000Z',
  status: 'sent',
}

let server: FakeEsignServer
let delays: number[]
let clock: number

beforeAll(async () => {
  server = await startFakeEsignServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  delays = []
  clock = Math.floor(Date.now() / 1000) * 1000
})

function client(overrides: Partial<EsignClientOptions> = {}) {
  return createEsignClient({
    baseUrl: server.baseUrl,
    identityHost: server.origin,
    integrationKey: 'integration-key',
    userId: 'user-guid',
    privateKeyPem: server.privateKeyPem,
    accountId: ACCOUNT_ID,
    now: () => clock,
    random: () => 0.5,
    sleep: async (ms) => {
      delays.push(ms)
    },
    ...overrides,
  })
}

function envelopeCreates() {
  return server.requests.filter((request) => request.method === 'POST')
}

describe('JWT bearer grant (Authentication rule 1)', () => {
  it('signs an RS256 assertion for one hour with iss, sub, aud and scope "signature impersonation"', async () => {
    server.handle(() => ({ status: 201, body: CREATED }))
    await client().createEnvelope(DEFINITION as never)
    expect(server.tokenRequests).toHaveLength(1)
    const [{ assertion, header, form }] = server.tokenRequests as [(typeof server.tokenRequests)[number]]
    expect(header.alg).toBe('RS256')
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer')
    expect(assertion).toMatchObject({
      iss: 'integration-key',
      sub: 'user-guid',
      aud: new URL(server.origin).host,
      scope: 'signature impersonation',
    })
    expect((assertion.exp as number) - (assertion.iat as number)).toBe(3600)
    expect(assertion.nbf).toBeUndefined()
  })

  it('sends the token as a Bearer header with Accept and Content-Type application/json', async () => {
    server.handle(() => ({ status: 201, body: CREATED }))
    await client().createEnvelope(DEFINITION as never)
    const [request] = envelopeCreates()
    expect(request?.path).toBe(`/restapi/v2.1/accounts/${ACCOUNT_ID}/envelopes`)
    expect(request?.headers.authorization).toBe('Bearer token-1')
    expect(request?.headers.accept).toBe('application/json')
    expect(request?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(request?.body ?? '')).toEqual(DEFINITION)
  })

  it('raises a TokenExchangeError carrying the identity error when the grant is refused', async () => {
    server.answerTokenRequestsWith({
      status: 400,
      body: { error: 'consent_required', error_description: '' },
    })
    const failure = await client()
      .createEnvelope(DEFINITION as never)
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TokenExchangeError)
    expect(failure).toMatchObject({ status: 400, error: 'consent_required' })
    expect(server.requests).toHaveLength(0)
  })

  it('rejects a base URL that does not end with /restapi/v2.1', () => {
    expect(() => client({ baseUrl: `${server.origin}/restapi` })).toThrow(/must end with \/restapi\/v2\.1/)
  })
})

describe('token cache (Authentication rule 4)', () => {
  it('reuses one token for many calls instead of one exchange per request', async () => {
    server.handle(() => ({ status: 201, body: CREATED }))
    const esign = client()
    for (let i = 0; i < 5; i++) await esign.createEnvelope(DEFINITION as never)
    expect(envelopeCreates()).toHaveLength(5)
    expect(server.tokenRequests).toHaveLength(1)
    expect(esign.tokenExchanges).toBe(1)
  })

  it('makes concurrent callers share one exchange', async () => {
    server.handle(() => ({ status: 201, body: CREATED }))
    const esign = client()
    await Promise.all(Array.from({ length: 8 }, () => esign.createEnvelope(DEFINITION as never)))
    expect(envelopeCreates()).toHaveLength(8)
    expect(server.tokenRequests).toHaveLength(1)
  })

  it('exchanges again shortly before the token expires, not after', async () => {
    server.handle(() => ({ status: 201, body: CREATED }))
    const esign = client()
    await esign.createEnvelope(DEFINITION as never)
    clock += 3_000_000
    await esign.createEnvelope(DEFINITION as never)
    expect(server.tokenRequests).toHaveLength(1)
    clock += 500_000
    await esign.createEnvelope(DEFINITION as never)
    expect(server.tokenRequests).toHaveLength(2)
    expect(envelopeCreates()[2]?.headers.authorization).toBe('Bearer token-2')
  })
})

describe('create envelope (endpoint 1 rule 3)', () => {
  it('returns the envelope summary on 201', async () => {
    server.handle(() => ({ status: 201, body: CREATED }))
    await expect(client().createEnvelope(DEFINITION as never)).resolves.toEqual(CREATED)
  })

  it('raises a failure carrying the status code and the error body on 400, without retrying', async () => {
    server.handle(() => ({
      status: 400,
      body: { errorCode: 'INVALID_REQUEST_PARAMETER', message: 'Unknown templateId t-1' },
    }))
    const failure = await client()
      .createEnvelope(DEFINITION as never)
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(EnvelopeApiError)
    expect(failure).toMatchObject({
      status: 400,
      errorCode: 'INVALID_REQUEST_PARAMETER',
      detail: 'Unknown templateId t-1',
    })
    expect(JSON.parse((failure as EnvelopeApiError).body)).toEqual({
      errorCode: 'INVALID_REQUEST_PARAMETER',
      message: 'Unknown templateId t-1',
    })
    expect(envelopeCreates()).toHaveLength(1)
    expect(delays).toEqual([])
  })

  it('treats a 200 as a failure too: only 201 means created', async () => {
    server.handle(() => ({ status: 200, body: CREATED }))
    await expect(client().createEnvelope(DEFINITION as never)).rejects.toMatchObject({ status: 200 })
  })

  it('uses a 120,000 ms time-out by default', async () => {
    const timeouts: number[] = []
    const transport = nodeTransport()
    server.handle(() => ({ status: 201, body: CREATED }))
    await client({
      transport: (request) => {
        timeouts.push(request.timeoutMs)
        return transport(request)
      },
    }).createEnvelope(DEFINITION as never)
    expect(CREATE_ENVELOPE_TIMEOUT_MS).toBe(120_000)
    expect(timeouts.at(-1)).toBe(120_000)
  })

  it('raises a RequestTimeoutError when the service never answers', async () => {
    server.handle(() => ({ status: 0, hang: true }))
    const started = Date.now()
    const failure = await client({ createEnvelopeTimeoutMs: 300 })
      .createEnvelope(DEFINITION as never)
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(RequestTimeoutError)
    expect((failure as RequestTimeoutError).timeoutMs).toBe(300)
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})

describe('401 refresh', () => {
  it('exchanges a new token once after a 401 and repeats the call with it', async () => {
    server.handle((request) =>
      request.headers.authorization === 'Bearer token-1'
        ? { status: 401, body: { errorCode: 'USER_AUTHENTICATION_FAILED', message: 'expired' } }
        : { status: 201, body: CREATED },
    )
    await expect(client().createEnvelope(DEFINITION as never)).resolves.toEqual(CREATED)
    expect(server.tokenRequests).toHaveLength(2)
    expect(envelopeCreates().map((request) => request.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ])
    expect(new Set(envelopeCreates().map((request) => request.headers['idempotency-key'])).size).toBe(1)
  })

  it('gives up with the 401 when the fresh token is refused too', async () => {
    server.handle(() => ({ status: 401, body: { errorCode: 'USER_AUTHENTICATION_FAILED', message: 'no' } }))
    await expect(client().createEnvelope(DEFINITION as never)).rejects.toMatchObject({
      status: 401,
      errorCode: 'USER_AUTHENTICATION_FAILED',
    })
    expect(server.tokenRequests).toHaveLength(2)
    expect(envelopeCreates()).toHaveLength(2)
  })
})

describe('retries with backoff', () => {
  it('waits for Retry-After on 429, then succeeds with the same Idempotency-Key', async () => {
    let calls = 0
    server.handle(() =>
      ++calls === 1
        ? {
            status: 429,
            headers: { 'retry-after': '2', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' },
            body: { errorCode: 'BURST_APIINVOCATION_LIMIT_EXCEEDED', message: 'slow down' },
          }
        : { status: 201, body: CREATED },
    )
    await expect(client().createEnvelope(DEFINITION as never)).resolves.toEqual(CREATED)
    expect(delays).toHaveLength(1)
    expect(delays[0]).toBeGreaterThanOrEqual(2_000)
    expect(delays[0]).toBeLessThan(2_500)
    const keys = envelopeCreates().map((request) => request.headers['idempotency-key'])
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])
  })

  it('waits until X-RateLimit-Reset when the hourly budget is spent and no Retry-After is sent', async () => {
    let calls = 0
    const reset = Math.floor(clock / 1000) + 30
    server.handle(() =>
      ++calls === 1
        ? {
            status: 429,
            headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
            body: { errorCode: 'HOURLY_APIINVOCATION_LIMIT_EXCEEDED', message: 'hourly' },
          }
        : { status: 201, body: CREATED },
    )
    await client().createEnvelope(DEFINITION as never)
    expect(delays[0]).toBeGreaterThanOrEqual(30_000)
    expect(delays[0]).toBeLessThan(30_500)
  })

  it('retries a *_LIMIT_EXCEEDED error code whatever its HTTP status', async () => {
    let calls = 0
    server.handle(() =>
      ++calls === 1
        ? { status: 400, body: { errorCode: 'HOURLY_APIINVOCATION_LIMIT_EXCEEDED', message: 'limit' } }
        : { status: 201, body: CREATED },
    )
    await expect(client().createEnvelope(DEFINITION as never)).resolves.toEqual(CREATED)
    expect(envelopeCreates()).toHaveLength(2)
  })

  it('does not wait for a reset further away than the longest acceptable wait', async () => {
    server.handle(() => ({
      status: 429,
      headers: { 'retry-after': '3600' },
      body: { errorCode: 'HOURLY_APIINVOCATION_LIMIT_EXCEEDED', message: 'hourly' },
    }))
    await expect(client().createEnvelope(DEFINITION as never)).rejects.toMatchObject({ status: 429 })
    expect(envelopeCreates()).toHaveLength(1)
    expect(delays).toEqual([])
  })

  it('retries 500 with growing delays and gives up after the last attempt', async () => {
    server.handle(() => ({ status: 500, body: { errorCode: 'INKWELL_GENERIC_ERROR', message: 'boom' } }))
    const failure = await client({ retry: { maxAttempts: 4, baseDelayMs: 100 }, random: () => 0.999 })
      .createEnvelope(DEFINITION as never)
      .catch((error: unknown) => error)
    expect(failure).toMatchObject({ status: 500, errorCode: 'INKWELL_GENERIC_ERROR' })
    expect(envelopeCreates()).toHaveLength(4)
    expect(delays).toEqual([99, 199, 399])
    expect(new Set(envelopeCreates().map((request) => request.headers['idempotency-key'])).size).toBe(1)
  })

  it('never creates a second envelope when a response is lost and the create is retried', async () => {
    const envelopesByKey = new Map<string, string>()
    let calls = 0
    server.handle((request) => {
      const key = String(request.headers['idempotency-key'])
      if (!envelopesByKey.has(key)) envelopesByKey.set(key, `env-${envelopesByKey.size + 1}`)
      const envelopeId = envelopesByKey.get(key) as string
      // The first create is stored but its answer fails, as when a proxy drops the response.
      return ++calls === 1
        ? { status: 502, body: { errorCode: 'BAD_GATEWAY', message: 'upstream' } }
        : { status: 201, body: { ...CREATED, envelopeId } }
    })
    const created = await client().createEnvelope(DEFINITION as never)
    expect(envelopeCreates()).toHaveLength(2)
    expect(envelopesByKey.size).toBe(1)
    expect(created.envelopeId).toBe('env-1')
  })

  it('uses a fresh Idempotency-Key for each separate create', async () => {
    server.handle(() => ({ status: 201, body: CREATED }))
    const esign = client()
    await esign.createEnvelope(DEFINITION as never)
    await esign.createEnvelope(DEFINITION as never)
    const keys = envelopeCreates().map((request) => request.headers['idempotency-key'])
    expect(keys[0]).not.toBe(keys[1])
  })
})

describe('template list (endpoint 2)', () => {
  it('asks for count=100, order=name, order_by=asc and follows nextUri to the last page', async () => {
    const page = (start: number, next: boolean) => ({
      resultSetSize: '1',
      totalSetSize: '3',
      envelopeTemplates: [
        { templateId: `t-${start}`, name: `Template ${start}`, shared: 'true', description: '' },
      ],
      ...(next
        ? { nextUri: `/templates?start_position=${start + 1}&count=100&order=name&order_by=asc` }
        : {}),
    })
    server.handle((request) => {
      const start = Number(new URL(request.path, server.origin).searchParams.get('start_position') ?? 0)
      return { status: 200, body: page(start, start < 2) }
    })
    const templates = await client().listTemplates()
    expect(templates.map((template) => template.templateId)).toEqual(['t-0', 't-1', 't-2'])
    const first = new URL(server.requests[0]?.path ?? '', server.origin)
    expect(first.pathname).toBe(`/restapi/v2.1/accounts/${ACCOUNT_ID}/templates`)
    expect(Object.fromEntries(first.searchParams)).toEqual({ count: '100', order: 'name', order_by: 'asc' })
    expect(server.requests).toHaveLength(3)
    expect(server.requests.every((request) => request.headers['content-type'] === undefined)).toBe(true)
  })
})

describe('addresses', () => {
  it('resolves nextUri below the account, below the REST root, from the host, or absolute', () => {
    const base = 'https://h/restapi/v2.1'
    const account = `${base}/accounts/a`
    expect(resolvePageUri('/templates?start_position=100', base, account)).toBe(
      `${account}/templates?start_position=100`,
    )
    expect(resolvePageUri('/accounts/a/templates?x=1', base, account)).toBe(
      `${base}/accounts/a/templates?x=1`,
    )
    expect(resolvePageUri('/restapi/v2.1/accounts/a/templates?x=1', base, account)).toBe(
      `${base}/accounts/a/templates?x=1`,
    )
    expect(resolvePageUri('https://other/x', base, account)).toBe('https://other/x')
  })

  it('takes a bare identity host as HTTPS with the host as JWT audience, and an origin as given', () => {
    expect(identityEndpoint('account-d.docusign.com')).toEqual({
      origin: 'https://account-d.docusign.com',
      audience: 'account-d.docusign.com',
    })
    expect(identityEndpoint('localhost:8443')).toEqual({
      origin: 'https://localhost:8443',
      audience: 'localhost:8443',
    })
    expect(identityEndpoint('http://127.0.0.1:3000')).toEqual({
      origin: 'http://127.0.0.1:3000',
      audience: '127.0.0.1:3000',
    })
  })
})
