import { Agent as HttpAgent, request as httpRequest, type RequestOptions } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { urlToHttpOptions } from 'node:url'
import { assertPublicAddresses, publicAddressLookup } from '../../network/url-policy.js'

/**
 * POSTs one Connect body. Redirects are not followed (a 3xx is just a failed attempt), one timeout
 * covers connecting and the whole response, and unless private targets are allowed every address the
 * host resolves to is checked when the socket connects (`publicAddressLookup`), so a name that
 * resolves to an internal address is refused at delivery even if it looked public when stored.
 */

export interface PostResult {
  /** 0 when no response came. */
  statusCode: number
  /** The start of the response body, or why there was none. */
  response: string
  durationMs: number
}

export type PostJson = (url: string, body: string, headers: Record<string, string>) => Promise<PostResult>

const RESPONSE_EXCERPT_CHARS = 1_000

/** Bounds the parsed-URL cache (targets are few; this only guards against unbounded growth). */
const MAX_PARSED_URLS = 10_000

interface ParsedTarget {
  secure: boolean
  options: RequestOptions
}

export function createHttpPoster(options: {
  timeoutMs: number
  allowPrivate: boolean
  lookup?: LookupFunction
}): {
  post: PostJson
  close: () => void
} {
  const lookup = options.allowPrivate ? undefined : (options.lookup ?? publicAddressLookup())
  // Keep-alive: a busy receiver gets one connection per concurrent delivery, not one per event.
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) }
  // A target URL is parsed (and a literal address checked) once, not per attempt (`new URL` showed in
  // the sender's profile). Only the URL's own text is cached; a host name still goes through
  // `lookup` whenever a socket connects, so DNS is checked at delivery time.
  const parsed = new Map<string, ParsedTarget>()
  const parse = (url: string): ParsedTarget => {
    let target = parsed.get(url)
    if (target) return target
    const parsedUrl = new URL(url)
    const host = parsedUrl.hostname.replace(/^\[|\]$/g, '')
    // A literal address never goes through `lookup`: check it here.
    if (!options.allowPrivate && isIP(host) !== 0) assertPublicAddresses([host])
    target = { secure: parsedUrl.protocol === 'https:', options: urlToHttpOptions(parsedUrl) }
    if (parsed.size >= MAX_PARSED_URLS) parsed.clear()
    parsed.set(url, target)
    return target
  }
  const post: PostJson = (url, body, headers) => {
    const startedAt = performance.now()
    const elapsed = () => Math.round(performance.now() - startedAt)
    return new Promise<PostResult>((resolve) => {
      const fail = (reason: string) => resolve({ statusCode: 0, response: reason, durationMs: elapsed() })
      let target: ParsedTarget
      try {
        target = parse(url)
      } catch (error) {
        fail((error as Error).message)
        return
      }
      const { secure } = target
      const send = secure ? httpsRequest : httpRequest
      const request = send({
        ...target.options,
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
        ...(lookup ? { lookup } : {}),
      })
      const timer = setTimeout(() => {
        request.destroy(new Error(`no complete response within ${options.timeoutMs} ms`))
      }, options.timeoutMs)
      request.on('error', (error) => {
        clearTimeout(timer)
        fail(error.message)
      })
      request.on('response', (response) => {
        let excerpt = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          if (excerpt.length < RESPONSE_EXCERPT_CHARS)
            excerpt += chunk.slice(0, RESPONSE_EXCERPT_CHARS - excerpt.length)
        })
        response.on('end', () => {
          clearTimeout(timer)
          resolve({ statusCode: response.statusCode ?? 0, response: excerpt, durationMs: elapsed() })
        })
        response.on('error', (error) => {
          clearTimeout(timer)
          fail(error.message)
        })
      })
      request.end(body)
    })
  }
  return {
    post,
    close: () => {
      agents.http.destroy()
      agents.https.destroy()
    },
  }
}
