import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'

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
  })
  await app.register(swaggerUi, {
    routePrefix: options.routePrefix,
    staticCSP: docsPolicy(options.servers ?? []),
    // "Try it out" calls the address the page was opened on first: a browser that reached the page over
    // the plain-HTTP port for browsers cannot call the HTTPS origin whose certificate it does not trust.
    transformSpecification: (document, request) => {
      const servers = (document.servers ?? []) as { url: string }[]
      const origin = `${request.protocol}://${request.host}`
      if (servers.length === 0 || servers.some((server) => server.url === origin)) return document
      return { ...document, servers: [{ url: origin, description: 'the address of this page' }, ...servers] }
    },
  })
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(options.routePrefix))
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
