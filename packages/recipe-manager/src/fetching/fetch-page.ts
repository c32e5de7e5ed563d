import { lookup as dnsLookup } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'
import { InvalidRequestError } from 'platform'
import { coded, type RecipeErrorCode } from '../errors.js'

/**
 * Fetching a recipe page (or its image) for an import, as the server: http(s) only, at most MAX_REDIRECTS redirects,
 * PAGE_TIMEOUT_MS in all, PAGE_MAX_BYTES of body. Unless `allowPrivate`, a host that is or resolves to
 * a loopback, private, link-local or otherwise non-public address is refused, checked on the address
 * actually connected to (so a name cannot resolve to a public address when checked and a private one
 * when used).
 */
export const PAGE_TIMEOUT_MS = 10_000
export const PAGE_MAX_BYTES = 5 * 1024 * 1024
const MAX_REDIRECTS = 3

export class PageFetchError extends InvalidRequestError {
  constructor(message: string, code: RecipeErrorCode) {
    super(message, coded(code))
  }
}

const isNonPublic = (address: string) => ipaddr.process(address).range() !== 'unicast'

const refusal = (host: string) =>
  new PageFetchError(
    `url points to a private or loopback address (${host}), which this server does not fetch`,
    'url_refused',
  )

/** A DNS lookup that fails for non-public addresses. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4)
    const list = addresses as { address: string; family: number }[]
    const blocked = list.find((entry) => isNonPublic(entry.address))
    if (blocked) return callback(refusal(hostname), '', 4)
    if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list)
    const first = list[0] as { address: string; family: number }
    callback(null, first.address, first.family)
  })
}

export interface FetchedPage {
  url: string
  html: string
}

export async function fetchPage(raw: string, allowPrivate: boolean): Promise<FetchedPage> {
  const fetched = await fetchResource(raw, allowPrivate, PAGE_KIND)
  return { url: fetched.url, html: fetched.bytes.toString('utf8') }
}

/** What is fetched: the Accept header, and the noun error messages use (`the page`, `the image`). */
interface ResourceKind {
  accept: string
  noun: string
}

const PAGE_KIND: ResourceKind = { accept: 'text/html,application/xhtml+xml', noun: 'the page' }
const IMAGE_KIND: ResourceKind = { accept: 'image/*', noun: 'the image' }

/** A recipe page's image, under the same address policy, time and size limits as the page itself. */
export const fetchImage = async (raw: string, allowPrivate: boolean): Promise<Buffer> =>
  (await fetchResource(raw, allowPrivate, IMAGE_KIND)).bytes

async function fetchResource(
  raw: string,
  allowPrivate: boolean,
  kind: ResourceKind,
): Promise<{ url: string; bytes: Buffer }> {
  const deadline = Date.now() + PAGE_TIMEOUT_MS
  let url = checkedUrl(raw, allowPrivate)
  for (let redirects = 0; ; redirects++) {
    const response = await get(url, allowPrivate, deadline, kind)
    const location = response.headers.location
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.resume()
      if (redirects === MAX_REDIRECTS)
        throw new PageFetchError('url redirects too many times', 'fetch_redirects')
      url = checkedUrl(new URL(location, url).toString(), allowPrivate)
      continue
    }
    if (response.statusCode !== 200) {
      response.resume()
      throw new PageFetchError(`${kind.noun} answered HTTP ${response.statusCode}`, 'fetch_status')
    }
    return { url: url.toString(), bytes: await body(response, deadline, kind) }
  }
}

function checkedUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new PageFetchError('url must be an absolute http or https URL', 'url_invalid')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PageFetchError('url must use http or https', 'url_invalid')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!allowPrivate && (host === 'localhost' || (isIP(host) !== 0 && isNonPublic(host)))) throw refusal(host)
  return url
}

function get(
  url: URL,
  allowPrivate: boolean,
  deadline: number,
  kind: ResourceKind,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      headers: { accept: kind.accept, 'user-agent': 'recipe-manager-import/0.1' },
      ...(allowPrivate ? {} : { lookup: publicLookup }),
      timeout: Math.max(1, deadline - Date.now()),
    })
    request.on('response', resolve)
    request.on('timeout', () =>
      request.destroy(new PageFetchError(`${kind.noun} did not answer in time`, 'fetch_timeout')),
    )
    request.on('error', (error) =>
      reject(
        error instanceof PageFetchError
          ? error
          : new PageFetchError(`${kind.noun} could not be fetched (${error.message})`, 'fetch_failed'),
      ),
    )
    request.end()
  })
}

function body(response: IncomingMessage, deadline: number, kind: ResourceKind): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const timer = setTimeout(
      () => response.destroy(new PageFetchError(`${kind.noun} did not answer in time`, 'fetch_timeout')),
      Math.max(1, deadline - Date.now()),
    )
    response.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > PAGE_MAX_BYTES)
        response.destroy(
          new PageFetchError(`${kind.noun} is larger than ${PAGE_MAX_BYTES} bytes`, 'fetch_too_large'),
        )
      else chunks.push(chunk)
    })
    response.on('end', () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks))
    })
    response.on('error', (error) => {
      clearTimeout(timer)
      reject(
        error instanceof PageFetchError
          ? error
          : new PageFetchError(`${kind.noun} could not be read`, 'fetch_failed'),
      )
    })
  })
}
