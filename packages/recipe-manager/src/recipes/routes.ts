import type { FastifyRequest } from 'fastify'
import type { App } from 'platform'
import { cached } from '../cache.js'
import type { ServiceContext } from '../context.js'
import { errorResponses, IdParams, SuccessResponse, sendSerialized } from '../schemas.js'
import { ListRecipesQuery, RecipeBody, RecipeListResponse, RecipeResponse } from './schema.js'
import {
  createRecipe,
  deleteRecipeById,
  filterKey,
  filterOf,
  getRecipeJson,
  listRecipesJson,
  replaceRecipeById,
  toRecipeDraft,
} from './service.js'

const tags = ['recipes']

/**
 * A recipe body is checked by the recipe rules before schema validation, so one 400 names every problem
 * (the schema validator stops at the first). The body then continues trimmed, as it will be stored.
 */
async function checkBodyFirst(request: FastifyRequest) {
  request.body = toRecipeDraft(request.body)
}

export async function recipeRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/recipes',
    {
      schema: {
        tags,
        summary: 'List recipes, newest first, optionally filtered by a search text and by tags',
        querystring: ListRecipesQuery,
        response: { 200: RecipeListResponse, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // Whole responses (JSON text, json.ts) are cached until the next write: repeated searches skip SQL.
      const { offset, limit } = request.query
      const key = `list?${offset}&${limit}&${filterKey(filterOf(request.query))}`
      const body = await cached(
        ctx.reads,
        key,
        () => listRecipesJson(ctx, request.query),
        // V8 stores a string with any non-Latin-1 character at two bytes per character.
        (serialized) => serialized.length * 2,
      )
      return sendSerialized(reply, body)
    },
  )

  app.get(
    '/recipes/:id',
    {
      schema: {
        tags,
        summary: 'Get a recipe',
        params: IdParams,
        response: { 200: RecipeResponse, ...errorResponses(400, 404) },
      },
    },
    // Written from the row as JSON text (json.ts), so the response schema documents it without running.
    async (request, reply) => sendSerialized(reply, await getRecipeJson(ctx, request.params.id)),
  )

  app.post(
    '/recipes',
    {
      schema: {
        tags,
        summary: 'Create a recipe',
        body: RecipeBody,
        response: { 201: RecipeResponse, ...errorResponses(400, 413) },
      },
      preValidation: checkBodyFirst,
    },
    async (request, reply) => reply.code(201).send({ recipe: await createRecipe(ctx, request.body) }),
  )

  app.put(
    '/recipes/:id',
    {
      schema: {
        tags,
        summary: 'Replace a recipe: fields left out of the body are removed',
        params: IdParams,
        body: RecipeBody,
        response: { 200: RecipeResponse, ...errorResponses(400, 404, 413) },
      },
      preValidation: checkBodyFirst,
    },
    async (request) => ({ recipe: await replaceRecipeById(ctx, request.params.id, request.body) }),
  )

  app.delete(
    '/recipes/:id',
    {
      schema: {
        tags,
        summary: 'Delete a recipe and its tag links',
        params: IdParams,
        response: { 200: SuccessResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      await deleteRecipeById(ctx, request.params.id)
      return { success: true as const }
    },
  )
}
