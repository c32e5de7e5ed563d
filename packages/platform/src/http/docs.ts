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
 * Registers the OpenAPI document generated from the routes' own TypeBox schemas. Must be registered
 * before the routes so every route is collected.
 */
export async function registerDocs(app: FastifyInstance, options: DocsOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.title, version: options.version, description: options.description },
      ...(options.servers ? { servers: options.servers } : {}),
      ...(options.securitySchemes ? { components: { securitySchemes: options.securitySchemes } } : {}),
    },
  })
  await app.register(swaggerUi, { routePrefix: options.routePrefix })
}
