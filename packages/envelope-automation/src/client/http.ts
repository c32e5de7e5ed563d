import http from 'node:http'
import https from 'node:https'
import { RequestTimeoutError } from './errors.js'

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: string
  headers: Record<string, string>
  body?: string
  timeoutMs: number
}

export interface HttpResponse {
  status: number
  /** Header names lower-cased. */
  headers: Record<string, string>
  body: string
  /** The body as received, for binary content (a PDF). */
  bytes?: Buffer
}

export type HttpTransport = (request: HttpRequest) => Promise<HttpResponse>

/**
 * Requests through node:http/https rather than global fetch: trusting a private CA (the envelope service's
 * development CA) with fetch needs an undici Agent, and undici is not a dependency here. The time-out covers
 * the whole exchange, body included, through an AbortSignal.
 */
export function nodeTransport(options: { ca?: string } = {}): HttpTransport {
  const agent = options.ca ? new https.Agent({ ca: options.ca, keepAlive: true }) : undefined
  return (request) =>
    new Promise<HttpResponse>((resolve, reject) => {
      const url = new URL(request.url)
      const isHttps = url.protocol === 'https:'
      const signal = AbortSignal.timeout(request.timeoutMs)
      const send = isHttps ? https.request : http.request
      const req = send(
        url,
        {
          method: request.method,
          headers:
            request.body === undefined
              ? request.headers
              : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
          signal,
          ...(isHttps && agent ? { agent } : {}),
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('error', (error) => reject(mapAbort(error, request)))
          res.on('end', () => {
            const headers: Record<string, string> = {}
            for (const [name, value] of Object.entries(res.headers)) {
              if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
            }
            const bytes = Buffer.concat(chunks)
            resolve({ status: res.statusCode ?? 0, headers, body: bytes.toString('utf8'), bytes })
          })
        },
      )
      req.on('error', (error) => reject(mapAbort(error, request)))
      if (request.body !== undefined) req.write(request.body)
      req.end()
    })
}

function mapAbort(error: Error, request: HttpRequest): Error {
  if (error.name === 'AbortError' || error.name === 'TimeoutError') {
    return new RequestTimeoutError(request.method, redactQuery(request.url), request.timeoutMs)
  }
  return error
}

function redactQuery(url: string): string {
  return url.split('?')[0] ?? url
}
