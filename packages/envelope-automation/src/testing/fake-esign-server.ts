import { generateKeyPairSync } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { importSPKI, jwtVerify } from 'jose'

export interface RecordedRequest {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: string
}

export interface ScriptedResponse {
  status: number
  headers?: Record<string, string>
  body?: unknown
  /** Never answer (the client's time-out must fire). */
  hang?: boolean
}

export type RestHandler = (request: RecordedRequest) => ScriptedResponse

/**
 * A real HTTP server standing in for DocuSign in the client's tests: it verifies JWT assertions with the
 * test key and issues numbered tokens, records every REST request, and answers REST calls through a
 * handler each test scripts.
 */
export async function startFakeEsignServer() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const privateKeyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string
  const verificationKey = await importSPKI(
    publicKey.export({ type: 'spki', format: 'pem' }) as string,
    'RS256',
  )
  const tokenRequests: {
    assertion: Record<string, unknown>
    header: Record<string, unknown>
    form: URLSearchParams
  }[] = []
  const requests: RecordedRequest[] = []
  const issuedTokens: string[] = []
  let handler: RestHandler = () => ({
    status: 404,
    body: { errorCode: 'RESOURCE_NOT_FOUND', message: 'no handler' },
  })
  let tokenResponse: ScriptedResponse | undefined

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const send = (response: ScriptedResponse) => {
        if (response.hang) return
        res.writeHead(response.status, { 'content-type': 'application/json', ...response.headers })
        res.end(response.body === undefined ? '' : JSON.stringify(response.body))
      }
      if (req.url === '/oauth/token') {
        const form = new URLSearchParams(body)
        try {
          const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', verificationKey, {
            algorithms: ['RS256'],
          })
          tokenRequests.push({ assertion: payload, header: protectedHeader, form })
        } catch {
          send({
            status: 400,
            body: { error: 'invalid_grant', error_description: 'no_valid_keys_or_signatures' },
          })
          return
        }
        if (tokenResponse) return send(tokenResponse)
        const token = `token-${issuedTokens.length + 1}`
        issuedTokens.push(token)
        return send({ status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: 3600 } })
      }
      const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body }
      requests.push(recorded)
      send(handler(recorded))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    origin,
    baseUrl: `${origin}/restapi/v2.1`,
    privateKeyPem,
    tokenRequests,
    requests,
    issuedTokens,
    handle(next: RestHandler) {
      handler = next
    },
    answerTokenRequestsWith(response: ScriptedResponse | undefined) {
      tokenResponse = response
    },
    reset() {
      tokenRequests.length = 0
      requests.length = 0
      issuedTokens.length = 0
      tokenResponse = undefined
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeEsignServer = Awaited<ReturnType<typeof startFakeEsignServer>>
