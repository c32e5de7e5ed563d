import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { strToU8, zipSync } from 'fflate'
import { describeEachDatabase } from 'platform/testing'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recipeBody, startTestService, type TestService } from '../../testing/harness.js'

/** A real photo-sized JPEG: a gradient, so the encoder has something to compress. */
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#2a6"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer()

describeEachDatabase('recipe images', (databases) => {
  let service: TestService
  let images: Server
  let imageBase: string
  let photo: Buffer

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), { IMPORT_ALLOW_PRIVATE_URLS: 'true' })
    photo = await jpeg(2400, 1600)
    images = createServer((request, response) => {
      if (request.url === '/photo.jpg') response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo)
      else response.writeHead(404).end()
    })
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
    imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`
    return async () => {
      await service.close()
      await new Promise((resolve) => images.close(resolve))
    }
  })

  const create = async (overrides: Record<string, unknown> = {}) =>
    (await service.app.inject({ method: 'POST', url: '/api/recipes', payload: recipeBody(overrides) })).json()
      .recipe as { id: number }

  const upload = (
    id: number,
    body: Buffer | string,
    contentType = 'image/jpeg',
    method: 'PUT' | 'POST' = 'PUT',
  ) =>
    service.app.inject({
      method,
      url: `/api/recipes/${id}/image`,
      headers: { 'content-type': contentType },
      body,
    })

  describe('PUT /api/recipes/:id/image', () => {
    it('stores the image at most 1200 px wide with a 400 px thumbnail, both WebP, and lists it with the recipe', async () => {
      const { id } = await create()
      const response = await upload(id, photo)
      expect(response.statusCode).toBe(200)
      const { image } = response.json().recipe
      expect(image).toMatchObject({ width: 1200, height: 800 })
      expect(image.url).toMatch(new RegExp(`^/api/recipes/${id}/image/[0-9a-f]{20}\\.webp$`))
      expect(image.thumbnailUrl).toBe(image.url.replace('.webp', '-thumb.webp'))

      const full = await service.app.inject({ method: 'GET', url: image.url })
      expect(full.statusCode).toBe(200)
      expect(full.headers['content-type']).toBe('image/webp')
      expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(await sharp(full.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 1200,
        height: 800,
      })
      const thumbnail = await service.app.inject({ method: 'GET', url: image.thumbnailUrl })
      expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 400,
        height: 400,
      })

      const listed = await service.app.inject({ method: 'GET', url: '/api/recipes?limit=100' })
      expect(listed.json().recipes.find((recipe: { id: number }) => recipe.id === id).image).toEqual(image)
      expect(
        (await service.app.inject({ method: 'GET', url: `/api/recipes/${id}` })).json().recipe.image,
      ).toEqual(image)
    })

    it('answers 304 to a client that has the image (ETag)', async () => {
      const { id } = await create()
      const { image } = (await upload(id, photo)).json().recipe
      const first = await service.app.inject({ method: 'GET', url: image.url })
      const again = await service.app.inject({
        method: 'GET',
        url: image.url,
        headers: { 'if-none-match': first.headers.etag as string },
      })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
    })

    it('replaces the image: new addresses, and the old ones are 404', async () => {
      const { id } = await create()
      const before = (await upload(id, photo, 'image/jpeg', 'POST')).json().recipe.image
      const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#08f' } })
        .png()
        .toBuffer()
      const after = (await upload(id, png, 'image/png')).json().recipe.image
      expect(after).toMatchObject({ width: 300, height: 200 })
      expect(after.url).not.toBe(before.url)
      expect((await service.app.inject({ method: 'GET', url: before.url })).statusCode).toBe(404)
      expect((await service.app.inject({ method: 'GET', url: after.url })).statusCode).toBe(200)
    })

    it('keeps a WebP that already fits byte for byte', async () => {
      const { id } = await create()
      const webp = await sharp(photo).resize(600).webp().toBuffer()
      const { image } = (await upload(id, webp, 'image/webp')).json().recipe
      expect((await service.app.inject({ method: 'GET', url: image.url })).rawPayload.equals(webp)).toBe(true)
    })

    it('refuses what is not an image with 400, an unknown type with 415, a body over 10 MiB with 413', async () => {
      const { id } = await create()
      const text = await upload(id, 'not an image at all', 'image/png')
      expect(text.statusCode).toBe(400)
      expect(text.json()).toEqual({
        success: false,
        error: 'image is not a JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF image',
        code: 'image_unreadable',
      })
      expect((await upload(id, 'x', 'text/plain')).statusCode).toBe(415)
      const huge = await upload(id, Buffer.alloc(10 * 1024 * 1024 + 1), 'image/jpeg')
      expect(huge.statusCode).toBe(413)
      expect(huge.json()).toMatchObject({ success: false, code: 'payload_too_large' })
      expect((await upload(id, Buffer.alloc(0), 'image/jpeg')).statusCode).toBe(400)
      // No body at all (it was a 500), or an empty JSON one: a 400 that says what to send.
      for (const method of ['PUT', 'POST'] as const) {
        const none = await service.app.inject({ method, url: `/api/recipes/${id}/image` })
        expect(none.statusCode).toBe(400)
        expect(none.json()).toMatchObject({ success: false, code: 'invalid_request' })
        expect(none.json().error).toContain('Send the image as the request body')
        const emptyJson = await service.app.inject({
          method,
          url: `/api/recipes/${id}/image`,
          headers: { 'content-type': 'application/json' },
        })
        expect(emptyJson.statusCode).toBe(400)
        expect(emptyJson.json()).toMatchObject({ success: false, code: 'invalid_request' })
      }
      expect(
        (await service.app.inject({ method: 'GET', url: `/api/recipes/${id}` })).json().recipe.image,
      ).toBe(undefined)
    })

    it('is 404 for a missing recipe and 400 for a malformed id', async () => {
      const missing = await upload(987654, photo)
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ success: false, error: 'Recipe 987654 not found', code: 'not_found' })
      expect((await upload(0, photo)).statusCode).toBe(400)
    })

    it('downloads an image from an address given as JSON', async () => {
      const { id } = await create()
      const response = await service.app.inject({
        method: 'PUT',
        url: `/api/recipes/${id}/image`,
        payload: { url: `${imageBase}/photo.jpg` },
      })
      expect(response.statusCode).toBe(200)
      expect(response.json().recipe.image).toMatchObject({ width: 1200, height: 800 })
      const gone = await service.app.inject({
        method: 'PUT',
        url: `/api/recipes/${id}/image`,
        payload: { url: `${imageBase}/gone.jpg` },
      })
      expect(gone.statusCode).toBe(400)
      expect(gone.json().error).toBe('the image answered HTTP 404')
      const noUrl = await service.app.inject({ method: 'PUT', url: `/api/recipes/${id}/image`, payload: {} })
      expect(noUrl.statusCode).toBe(400)
    })
  })

  describe('DELETE /api/recipes/:id/image', () => {
    it('removes the image, and deleting the recipe removes its image', async () => {
      const { id } = await create()
      const { image } = (await upload(id, photo)).json().recipe
      const removed = await service.app.inject({ method: 'DELETE', url: `/api/recipes/${id}/image` })
      expect(removed.statusCode).toBe(200)
      expect(removed.json().recipe.image).toBe(undefined)
      expect((await service.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404)

      const second = (await upload(id, photo)).json().recipe.image
      await service.app.inject({ method: 'DELETE', url: `/api/recipes/${id}` })
      expect((await service.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(404)
      const left = await service.ctx.db
        .selectFrom('recipe_images')
        .select('recipe_id')
        .where('recipe_id', '=', id)
        .execute()
      expect(left).toEqual([])
    })
  })

  describe('export and import', () => {
    it('exports the image as a data URL and imports it back as the same image', async () => {
      const { id } = await create({ title: 'Con foto', sourceUrl: 'https://example.com/con-foto' })
      const { image } = (await upload(id, photo)).json().recipe
      const exported = await service.app.inject({
        method: 'GET',
        url: '/api/recipes/export?search=con%20foto',
      })
      const [json] = exported.json()
      expect(json.image).toMatch(/^data:image\/webp;base64,/)

      const target = await startTestService(await databases.freshUrl())
      try {
        const imported = await target.app.inject({
          method: 'POST',
          url: '/api/imports/files',
          headers: { 'content-type': 'application/octet-stream' },
          body: exported.rawPayload,
        })
        const [created] = imported.json().created
        expect(created.imageSkipped).toBe(undefined)
        const copy = (await target.app.inject({ method: 'GET', url: `/api/recipes/${created.id}` })).json()
          .recipe
        expect(copy.image.url.split('/').pop()).toBe(image.url.split('/').pop())
        const bytes = (await target.app.inject({ method: 'GET', url: copy.image.url })).rawPayload
        expect(bytes.equals((await service.app.inject({ method: 'GET', url: image.url })).rawPayload)).toBe(
          true,
        )
      } finally {
        await target.close()
      }
    })

    it("reads Mealie's images/original.webp, Tandoor's image file and Paprika's photo_data", async () => {
      const webp = await sharp(photo).resize(300).webp().toBuffer()
      const mealie = zipSync({
        'recipes/pan/pan.json': strToU8(
          JSON.stringify({
            name: 'Pan de Mealie',
            recipe_ingredient: [{ note: 'harina' }],
            recipe_instructions: [{ text: 'Hornear.' }],
          }),
        ),
        'recipes/pan/images/original.webp': webp,
      })
      const tandoor = zipSync({
        'export.zip': zipSync({
          'recipe.json': strToU8(
            JSON.stringify({
              name: 'Pan de Tandoor',
              keywords: [],
              steps: [{ instruction: 'Hornear.', ingredients: [{ amount: 1, food: { name: 'harina' } }] }],
            }),
          ),
          'image.jpg': photo,
        }),
      })
      const paprika = zipSync({
        'Pan.paprikarecipe': (await import('fflate')).gzipSync(
          strToU8(
            JSON.stringify({
              name: 'Pan de Paprika',
              ingredients: 'harina',
              directions: 'Hornear.',
              photo_data: photo.toString('base64'),
            }),
          ),
        ),
      })
      for (const [file, title] of [
        [mealie, 'Pan de Mealie'],
        [tandoor, 'Pan de Tandoor'],
        [paprika, 'Pan de Paprika'],
      ] as const) {
        const response = await service.app.inject({
          method: 'POST',
          url: '/api/imports/files',
          headers: { 'content-type': 'application/zip' },
          body: Buffer.from(file),
        })
        expect(response.statusCode).toBe(200)
        const [created] = response.json().created
        expect({ title: created.title, skipped: created.imageSkipped }).toEqual({ title, skipped: undefined })
        const recipe = (await service.app.inject({ method: 'GET', url: `/api/recipes/${created.id}` })).json()
          .recipe
        expect(recipe.image.width).toBeGreaterThan(0)
      }
    })

    it('creates the recipe and says so when its image cannot be read', async () => {
      const file = JSON.stringify([
        {
          '@type': 'Recipe',
          name: 'Foto rota',
          recipeIngredient: ['a'],
          recipeInstructions: ['b'],
          image: 'data:image/png;base64,AAAA',
        },
      ])
      const response = await service.app.inject({
        method: 'POST',
        url: '/api/imports/files',
        headers: { 'content-type': 'application/octet-stream' },
        body: file,
      })
      expect(response.json().created[0]).toMatchObject({
        title: 'Foto rota',
        imageSkipped: 'image is not a JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF image',
      })
    })
  })
})

describeEachDatabase('recipe images without private addresses', (databases) => {
  let service: TestService
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
  })
  afterAll(() => service.close())

  it('refuses to download an image from a loopback address', async () => {
    const created = await service.app.inject({ method: 'POST', url: '/api/recipes', payload: recipeBody() })
    const response = await service.app.inject({
      method: 'PUT',
      url: `/api/recipes/${created.json().recipe.id}/image`,
      payload: { url: 'http://127.0.0.1:9/photo.jpg' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe(
      'url points to a private or loopback address (127.0.0.1), which this server does not fetch',
    )
  })
})
