import { Type } from '@sinclair/typebox'
import { Brand, BrandRequest, BrandsRequest, BrandsResponse } from 'esign-contract'
import type { FastifyRequest } from 'fastify'
import { type App, InvalidRequestError } from 'platform'
import type { ServiceContext } from '../context.js'
import { requirePermission } from '../rest/account-scope.js'
import {
  createBrand,
  deleteBrand,
  deleteSeveralBrands,
  getAccountBrand,
  listAccountBrands,
  updateBrand,
} from './service.js'

const tags = ['Brands']
const security = [{ bearer: [] }]
const BrandParams = Type.Object({ accountId: Type.String(), brandId: Type.String({ maxLength: 64 }) })
const NoBody = Type.Unsafe<undefined>({ description: 'No body, as DocuSign answers.' })
const BrandQuery = Type.Object({
  include_logos: Type.Optional(
    Type.String({ maxLength: 10, description: 'Accepted; brands have no logos here' }),
  ),
  include_external_references: Type.Optional(
    Type.String({ maxLength: 10, description: 'Accepted; links and landing pages are always answered' }),
  ),
  exclude_distributor_brand: Type.Optional(
    Type.String({ maxLength: 10, description: 'Accepted; there are no distributor brands' }),
  ),
})

/**
 * Logos and resource files (DocuSign's brand logos, resources and export file) are not part of this
 * service: refused before their bodies are read, so an image upload is a 400 that says so.
 */
async function refuseFiles(request: FastifyRequest) {
  throw new InvalidRequestError(
    `Brand logos and resource files are not supported by this service (${request.method} ${request.routeOptions.url})`,
  )
}

/** DocuSign's AccountBrands: list, create, get, update, delete one or several. Changes need `administer`. */
export async function brandRoutes(app: App, ctx: ServiceContext) {
  const admin = { preHandler: requirePermission('administer') }

  app.get(
    '/brands',
    {
      schema: {
        tags,
        summary: "List the account's brands (brandsResponse)",
        security,
        querystring: BrandQuery,
        response: { 200: BrandsResponse },
      },
    },
    async (request) => listAccountBrands(ctx.db, request.principal.accountId),
  )

  app.post(
    '/brands',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Create a brand; answers brandsResponse with it',
        security,
        body: BrandRequest,
        response: { 201: BrandsResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createBrand(ctx.db, request.principal.accountId, request.body, ctx.now())),
  )

  app.delete(
    '/brands',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete several brands (brandsRequest): all or none',
        security,
        body: BrandsRequest,
        response: { 200: BrandsResponse },
      },
    },
    async (request) =>
      deleteSeveralBrands(
        ctx.db,
        request.principal.accountId,
        request.body.brands.map((brand) => brand.brandId),
      ),
  )

  app.get(
    '/brands/:brandId',
    {
      schema: {
        tags,
        summary: 'Get a brand',
        security,
        params: BrandParams,
        querystring: BrandQuery,
        response: { 200: Brand },
      },
    },
    async (request) => getAccountBrand(ctx.db, request.principal.accountId, request.params.brandId),
  )

  app.put(
    '/brands/:brandId',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Change a brand: the properties given replace the stored ones',
        security,
        params: BrandParams,
        body: Type.Partial(BrandRequest),
        response: { 200: Brand },
      },
    },
    async (request) => updateBrand(ctx.db, request.principal.accountId, request.params.brandId, request.body),
  )

  app.delete(
    '/brands/:brandId',
    {
      ...admin,
      schema: { tags, summary: 'Delete a brand', security, params: BrandParams, response: { 200: NoBody } },
    },
    async (request, reply) => {
      await deleteBrand(ctx.db, request.principal.accountId, request.params.brandId)
      return reply.code(200).send()
    },
  )

  const refused = { onRequest: refuseFiles, schema: { tags, security, hide: true } }
  for (const url of ['/brands/:brandId/logos/:logoType', '/brands/:brandId/resources/:resourceContentType']) {
    app.route({ method: ['GET', 'PUT', 'DELETE'], url, ...refused, handler: async () => undefined })
  }
  app.route({ method: 'GET', url: '/brands/:brandId/resources', ...refused, handler: async () => undefined })
  app.route({ method: 'GET', url: '/brands/:brandId/file', ...refused, handler: async () => undefined })
}
