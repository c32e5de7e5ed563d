import { Type } from '@sinclair/typebox'
import type { FastifyReply } from 'fastify'
import { type App, InvalidRequestError, NotFoundError } from 'platform'
import type { ServiceContext } from '../../context.js'
import { errorResponses, Id } from '../../schemas.js'
import { RecipeResponse } from '../schema.js'
import { IMAGE_MAX_BYTES } from './resize.js'
import { deleteRecipeImage, readRecipeImage, setRecipeImage, setRecipeImageFromUrl } from './service.js'

const tags = ['recipe images']

const IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
  'image/tiff',
  'application/octet-stream',
]

const ImageParams = Type.Object({
  id: Id,
  file: Type.String({ description: '`<hash>.webp` or `<hash>-thumb.webp`' }),
})

const uploadSchema = {
  tags,
  summary: "Set or replace a recipe's image",
  description:
    `Send the image's bytes as the body (JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF, with its image/* type or ` +
    `application/octet-stream; at most ${IMAGE_MAX_BYTES / 1024 / 1024} MiB and 50 megapixels), or ` +
    'application/json `{"url": "https://…"}` for the server to download it (10 s, 5 MiB, no private ' +
    'addresses unless IMPORT_ALLOW_PRIVATE_URLS is set). Stored as WebP at most 1200 px on its longer side, ' +
    'with a 400 px square thumbnail.',
  params: Type.Object({ id: Id }),
  // One schema per body type: the bytes pass as they are (checked by the resizer), JSON names an address.
  body: {
    content: {
      ...Object.fromEntries(
        IMAGE_TYPES.map((type) => [type, { schema: { description: 'The image file, as it is' } }]),
      ),
      'application/json': {
        schema: Type.Object({
          url: Type.String({ maxLength: 2048, description: 'An http or https image address' }),
        }),
      },
    },
  },
  response: { 200: RecipeResponse, ...errorResponses(400, 404, 413, 415) },
}

/**
 * An image body arrives as bytes; a JSON body, validated by the schema above, names an address. A request
 * without a body (or an empty JSON one) reaches here with none: Fastify validates only a body it parsed.
 */
async function upload(ctx: ServiceContext, id: number, body: Buffer | { url: string } | undefined) {
  if (Buffer.isBuffer(body)) return { recipe: await setRecipeImage(ctx, id, body) }
  if (body === undefined) {
    throw new InvalidRequestError(
      'Send the image as the request body (with its image/* type), or JSON {"url": "…"} naming its address',
    )
  }
  return { recipe: await setRecipeImageFromUrl(ctx, id, body.url) }
}

export async function recipeImageRoutes(app: App, ctx: ServiceContext) {
  app.addContentTypeParser(
    IMAGE_TYPES,
    { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  )

  for (const method of ['put', 'post'] as const) {
    app[method]('/recipes/:id/image', { schema: uploadSchema }, async (request) =>
      upload(
        ctx,
        (request.params as { id: number }).id,
        request.body as Buffer | { url: string } | undefined,
      ),
    )
  }

  app.delete(
    '/recipes/:id/image',
    {
      schema: {
        tags,
        summary: "Remove a recipe's image",
        params: Type.Object({ id: Id }),
        response: { 200: RecipeResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({ recipe: await deleteRecipeImage(ctx, request.params.id) }),
  )

  app.get(
    '/recipes/:id/image/:file',
    {
      schema: {
        tags,
        summary: "A recipe's image or thumbnail (WebP), at the address given in the recipe's `image`",
        description:
          'The address holds the content hash, so answers are cached for a year (immutable); an address of a replaced image is 404.',
        params: ImageParams,
        produces: ['image/webp'],
        response: errorResponses(400, 404),
      },
    },
    async (request, typedReply) => {
      // The 200 answer is bytes, outside the JSON schemas the reply is typed with.
      const reply = typedReply as unknown as FastifyReply
      const image = await readRecipeImage(ctx, request.params.id, request.params.file)
      if (!image)
        throw new NotFoundError(`Image ${request.params.file} of recipe ${request.params.id} not found`)
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', image.etag)
      if (request.headers['if-none-match'] === image.etag) return reply.code(304).send()
      return reply.type('image/webp').send(image.bytes)
    },
  )
}
