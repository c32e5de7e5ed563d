import type { App } from 'platform'
import type { ServiceContext } from '../context.js'
import { errorResponses, IdParams, SuccessResponse } from '../schemas.js'
import { ListRecipesQuery, RecipeBody, RecipeListResponse, RecipeResponse } from './schema.js'
import { createRecipe, deleteRecipeById, getRecipe, listRecipes, replaceRecipeById } from './service.js'

const tags = ['recipes']

export async function recipeRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/recipes',
    {
      schema: {
        tags,
        summary: 'List recipes, newest first, optionally filtered by a search text',
        querystring: ListRecipesQuery,
        response: { 200: RecipeListResponse, ...errorResponses(400) },
      },
    },
    async (request) => listRecipes(ctx, request.query),
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
    async (request) => ({ recipe: await getRecipe(ctx, request.params.id) }),
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
