import { Type } from '@sinclair/typebox'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { errorResponses, IdParams, SuccessResponse } from '../../schemas.js'
import { TagLinkBody } from '../../tags/schema.js'
import { assignTag, unassignTag } from './service.js'

const RecipeIdParams = Type.Object({ id: IdParams.properties.id }, { description: 'id is the recipe id' })

/** Assigning and removing one tag of a recipe (the contract keeps these under `/tags`). */
export async function recipeTaggingRoutes(app: App, ctx: ServiceContext) {
  const tags = ['tags']
  app.post(
    '/tags/recipes/:id/tags',
    {
      schema: {
        tags,
        summary: 'Assign a tag to a recipe (idempotent)',
        params: RecipeIdParams,
        body: TagLinkBody,
        response: { 200: SuccessResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      await assignTag(ctx, request.params.id, request.body.tagId)
      return { success: true as const }
    },
  )

  app.delete(
    '/tags/recipes/:id/tags',
    {
      schema: {
        tags,
        summary: 'Remove a tag from a recipe (idempotent)',
        params: RecipeIdParams,
        body: TagLinkBody,
        response: { 200: SuccessResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      await unassignTag(ctx, request.params.id, request.body.tagId)
      return { success: true as const }
    },
  )
}
