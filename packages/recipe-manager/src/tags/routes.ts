import type { App } from 'platform'
import type { ServiceContext } from '../context.js'
import { errorResponses, IdParams, SuccessResponse } from '../schemas.js'
import { TagBody, TagListResponse, TagResponse } from './schema.js'
import { allTags, createTag, deleteTagById, renameTagById } from './service.js'

const tags = ['tags']

export async function tagRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/tags',
    { schema: { tags, summary: 'List all tags, ordered by name', response: { 200: TagListResponse } } },
    async () => ({ tags: await allTags(ctx) }),
  )

  app.post(
    '/tags',
    {
      schema: {
        tags,
        summary: 'Create a tag',
        body: TagBody,
        response: { 201: TagResponse, ...errorResponses(400, 409, 413) },
      },
    },
    async (request, reply) => reply.code(201).send({ tag: await createTag(ctx, request.body.name) }),
  )

  app.put(
    '/tags/:id',
    {
      schema: {
        tags,
        summary: 'Rename a tag',
        params: IdParams,
        body: TagBody,
        response: { 200: TagResponse, ...errorResponses(400, 404, 409, 413) },
      },
    },
    async (request) => ({ tag: await renameTagById(ctx, request.params.id, request.body.name) }),
  )

  app.delete(
    '/tags/:id',
    {
      schema: {
        tags,
        summary: 'Delete a tag and its links to recipes',
        params: IdParams,
        response: { 200: SuccessResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      await deleteTagById(ctx, request.params.id)
      return { success: true as const }
    },
  )
}
