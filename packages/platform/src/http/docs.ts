import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlib } from 'node:zlib'
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { shareRepeatedSchemas } from './shared-schemas.js'

export interface DocsOptions {
  title: string
  version: string
  description: string
  /** Where the interactive page is served; the document is at `${routePrefix}/json`. */
  routePrefix: string
  servers?: { url: string; description?: string }[]
  securitySchemes?: NonNullable<
    NonNullable<FastifyDynamicSwaggerOptions['openapi']>['components']
  >['securitySchemes']
}

/**
 * Registers the OpenAPI document generated from the routes' own TypeBox schemas, its interactive page, and
 * `/` leading to that page. Must be registered before the routes so every route is collected.
 */
export async function registerDocs(app: FastifyInstance, options: DocsOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.title, version: options.version, description: options.description },
      ...(options.servers ? { servers: options.servers } : {}),
      ...(options.securitySchemes ? { components: { securitySchemes: options.securitySchemes } } : {}),
    },
    transform: ({ schema, url }) => ({ schema: schema && withDefaultedQueryOptional(schema), url }),
    // Shapes the routes share are written once, in components, instead of at every use (shared-schemas.ts).
    transformObject: (documents) =>
      'openapiObject' in documents ? shareRepeatedSchemas(documents.openapiObject) : documents.swaggerObject,
  })
  await app.register(swaggerUi, {
    routePrefix: options.routePrefix,
    staticCSP: docsPolicy(options.servers ?? []),
    // The shared shapes (components) are reached from each operation; listing them all again at the foot of
    // the page would draw the largest part of the document a second time before the page answers.
    uiConfig: { defaultModelsExpandDepth: -1 },
    // "Try it out" calls the address the page was opened on first: a browser that reached the page over
    // the plain-HTTP port for browsers cannot call the HTTPS origin whose certificate it does not trust.
    transformSpecification: (document, request) => {
      const servers = (document.servers ?? []) as { url: string }[]
      const origin = `${request.protocol}://${request.host}`
      if (servers.length === 0 || servers.some((server) => server.url === origin)) return document
      return { ...document, servers: [{ url: origin, description: 'the address of this page' }, ...servers] }
    },
  })
  installDocumentDelivery(app, options.routePrefix)
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(options.routePrefix))
}

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)
/** Brotli at a middle quality: the envelope document (294 KB) shrinks about fifteenfold in a few ms. */
const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }

/** Prefers brotli, then gzip, among what the client accepts (a zero quality refuses an encoding). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name?.trim().toLowerCase()),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('x-gzip')) return 'gzip'
  return undefined
}

/**
 * The OpenAPI document (`<prefix>/json`) is large (294 KB for the envelope service, its shared shapes written once) and the same on every
 * request from one origin: it is sent compressed (brotli or gzip, as the client accepts), with an ETag so a
 * browser that has it revalidates with a 304 instead of downloading it again, and each compressed form is
 * kept (by ETag) so it is compressed once. The page itself gets a viewport so that it fits a phone.
 */
function installDocumentDelivery(app: FastifyInstance, prefix: string) {
  const documentUrl = `${prefix}/json`
  const compressed = new Map<string, Promise<Buffer>>()
  // A callback hook that lets every other response through at once: an async hook costs each response of
  // the service a promise and a microtask turn (recipe-manager BENCHMARKS.md, "Get by id: what sits under it").
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.routeOptions.url
    if (url !== prefix && url !== `${prefix}/` && url !== documentUrl) return done(null, payload)
    deliver(request, reply, payload).then((body) => done(null, body), done)
  })

  async function deliver(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const url = request.routeOptions.url
    if ((url === prefix || url === `${prefix}/`) && typeof payload === 'string') {
      return payload.replace(
        '<meta charset="UTF-8">',
        '<meta charset="UTF-8">\n      <meta name="viewport" content="width=device-width, initial-scale=1">',
      )
    }
    if (url !== documentUrl || typeof payload !== 'string' || reply.statusCode !== 200) return payload
    const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`
    reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding')
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
      reply.code(304)
      return ''
    }
    const encoding = chooseEncoding(request.headers['accept-encoding'])
    if (!encoding) return payload
    const key = `${encoding} ${etag}`
    let body = compressed.get(key)
    if (!body) {
      body = encoding === 'br' ? brotli(payload, BROTLI_OPTIONS) : gzipped(payload)
      // One entry per encoding and origin is all a service ever needs; a changed document replaces them.
      if (compressed.size >= 8) compressed.clear()
      compressed.set(key, body)
    }
    reply.header('content-encoding', encoding)
    return body
  }
}

/** The digest Chromium reports for the inline style Swagger UI 5 applies; docs.test.ts checks no other is. */
const SWAGGER_UI_INLINE_STYLE = 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='

/**
 * The docs page's content security policy. Swagger UI's page has no inline script (its start-up code is
 * the served `swagger-initializer.js`) and styles itself from served CSS, through the DOM (which `style-src`
 * does not govern) and one inline style, so everything comes from this origin; "Try it out" may also call the
 * document's servers. Never framed (clickjacking a "Try it out" with a pasted token).
 */
export function docsPolicy(servers: readonly { url: string }[]): string {
  const origins = [...new Set(servers.map((server) => new URL(server.url).origin))]
  return [
    "default-src 'none'",
    "script-src 'self'",
    // The one inline style Swagger UI's bundle applies, allowed by its digest alone.
    `style-src 'self' 'unsafe-hashes' '${SWAGGER_UI_INLINE_STYLE}'`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...origins].join(' '),
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * A query parameter with a default may be left out (the validator fills it in), so the document must not
 * mark it required: generated clients would force every caller to send it. The handler's type keeps it
 * required, because it always arrives filled in.
 */
function withDefaultedQueryOptional<S extends { querystring?: unknown }>(schema: S): S {
  const query = schema.querystring as
    | { required?: string[]; properties?: Record<string, { default?: unknown }> }
    | undefined
  if (!query?.required || !query.properties) return schema
  const properties = query.properties
  const required = query.required.filter((name) => properties[name]?.default === undefined)
  return { ...schema, querystring: { ...query, required } }
}
