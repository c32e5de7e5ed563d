import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync, strToU8, zipSync } from 'fflate'
import { describeEachDatabase } from 'platform/testing'
import { beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../testing/harness.js'

/** Pages served on 127.0.0.1 for URL imports; `/moved` redirects to the JSON-LD page. */
const PAGES: Record<string, string> = {
  '/jsonld': `<!doctype html><html><head><title>x</title>
    <script type="application/ld+json">{ broken json</script>
    <script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebPage', name: 'A blog' },
        {
          '@type': ['Recipe', 'NewsArticle'],
          name: 'Tarta de queso &amp; arándanos',
          description: '<p>Cremosa, sin horno.</p>',
          image: ['/img/tarta.jpg'],
          recipeYield: ['8', '8 porciones'],
          recipeIngredient: ['200 g de galletas', '500 g de queso crema', '1/2 taza de arándanos'],
          recipeInstructions: [
            {
              '@type': 'HowToSection',
              name: 'Base',
              itemListElement: [{ '@type': 'HowToStep', text: 'Tritura las galletas.' }],
            },
            { '@type': 'HowToStep', text: 'Bate el queso.<br>Vierte sobre la base.' },
          ],
          keywords: 'postre, sin horno',
          recipeCategory: 'Postre',
        },
      ],
    })}</script></head><body></body></html>`,
  '/microdata': `<!doctype html><html><body>
    <div itemscope itemtype="https://schema.org/Recipe">
      <h1 itemprop="name">Lentejas</h1>
      <meta itemprop="recipeYield" content="4">
      <ul><li itemprop="recipeIngredient">300 g de lentejas</li><li itemprop="recipeIngredient">1 cebolla</li></ul>
      <div itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep"><span itemprop="text">Cuece 40 minutos.</span></div>
      <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Ana</span></div>
    </div></body></html>`,
  '/plain': '<!doctype html><html><body><h1>No recipe here</h1></body></html>',
}

describeEachDatabase('imports and export', (databases) => {
  let service: TestService
  let pages: Server
  let pageBase: string

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), { IMPORT_ALLOW_PRIVATE_URLS: 'true' })
    pages = createServer((request, response) => {
      if (request.url === '/moved') {
        response.writeHead(302, { location: '/jsonld' }).end()
        return
      }
      const page = PAGES[request.url ?? '']
      response
        .writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
        .end(page ?? 'not found')
    })
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve))
    pageBase = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`
    return async () => {
      await new Promise((resolve) => pages.close(resolve))
      await service.close()
    }
  })

  const post = (url: string, payload: unknown) =>
    service.app.inject({ method: 'POST', url, payload: payload as object })
  const upload = (bytes: Uint8Array) =>
    service.app.inject({
      method: 'POST',
      url: '/api/imports/files',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from(bytes),
    })

  describe('POST /api/imports/url', () => {
    it('reads JSON-LD (in @graph, after a broken block) into a draft, following a redirect', async () => {
      const response = await post('/api/imports/url', { url: `${pageBase}/moved` })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        draft: {
          title: 'Tarta de queso & arándanos',
          description: 'Cremosa, sin horno.',
          ingredients: ['200 g de galletas', '500 g de queso crema', '1/2 taza de arándanos'],
          instructions: ['Tritura las galletas.', 'Bate el queso.\nVierte sobre la base.'],
          servings: 8,
          sourceUrl: `${pageBase}/jsonld`,
        },
        tagNames: ['postre', 'sin horno'],
        // The page's relative image address, resolved against the page.
        imageUrl: `${pageBase}/img/tarta.jpg`,
      })
    })

    it('falls back to microdata, ignoring the properties of nested items', async () => {
      const response = await post('/api/imports/url', { url: `${pageBase}/microdata` })
      expect(response.json()).toEqual({
        draft: {
          title: 'Lentejas',
          ingredients: ['300 g de lentejas', '1 cebolla'],
          instructions: ['Cuece 40 minutos.'],
          servings: 4,
          sourceUrl: `${pageBase}/microdata`,
        },
        tagNames: [],
      })
    })

    it('flags a page already imported, by its normalized source link', async () => {
      const { draft } = (await post('/api/imports/url', { url: `${pageBase}/microdata` })).json()
      const saved = (
        await post('/api/recipes', { ...draft, sourceUrl: `${pageBase}/microdata/?utm_source=x#top` })
      ).json()
      const again = (await post('/api/imports/url', { url: `${pageBase}/microdata` })).json()
      expect(again.duplicateOf).toBe(saved.recipe.id)
    })

    it.each([
      ['/plain', 'The page has no schema.org Recipe (neither JSON-LD nor microdata)', 'no_recipe'],
      ['/missing', 'the page answered HTTP 404', 'fetch_status'],
    ])('returns 400 for %s', async (path, message, code) => {
      const response = await post('/api/imports/url', { url: `${pageBase}${path}` })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ success: false, error: message, code })
    })

    it('returns 400 for a URL that is not http(s)', async () => {
      const response = await post('/api/imports/url', { url: 'file:///etc/passwd' })
      expect(response.json()).toEqual({
        success: false,
        error: 'url must use http or https',
        code: 'url_invalid',
      })
    })
  })

  describe('URL imports without IMPORT_ALLOW_PRIVATE_URLS', () => {
    let strict: TestService
    beforeAll(async () => {
      strict = await startTestService(await databases.freshUrl())
      return () => strict.close()
    })

    it.each(['127.0.0.1', 'localhost', '[::1]', '10.1.2.3', '[::ffff:127.0.0.1]'])(
      'refuses a loopback or private host: %s',
      async (host) => {
        const response = await strict.app.inject({
          method: 'POST',
          url: '/api/imports/url',
          payload: { url: `http://${host}:${new URL(pageBase).port}/jsonld` },
        })
        expect(response.statusCode).toBe(400)
        expect(response.json().error).toMatch(/private or loopback address/)
        expect(response.json().code).toBe('url_refused')
      },
    )
  })

  it('POST /api/imports/html reads pasted HTML', async () => {
    const response = await post('/api/imports/html', {
      html: PAGES['/jsonld'],
      url: 'https://example.com/tarta',
    })
    expect(response.json().draft.sourceUrl).toBe('https://example.com/tarta')
    expect(response.json().draft.title).toBe('Tarta de queso & arándanos')
  })

  describe('POST /api/imports/files', () => {
    const titles = async (report: { created: { id: number }[] }) =>
      Promise.all(
        report.created.map(
          async (each) => (await service.app.inject(`/api/recipes/${each.id}`)).json().recipe,
        ),
      )

    it('lets a get by id answer while a large import is still writing', async () => {
      // The import reads the clock once, after checking the file and just before its transaction: the
      // clock below tells the test when that is, and the get is asked for from there.
      let importWriting: (() => void) | undefined
      const writing = new Promise<void>((resolve) => {
        importWriting = resolve
      })
      let armed = false
      const own = await startTestService(await databases.freshUrl(), {}, () => {
        if (armed) importWriting?.()
        return Date.UTC(2026, 11, 5, 12)
      })
      try {
        const existing = await own.app.inject({
          method: 'POST',
          url: '/api/recipes',
          payload: { title: 'Ya estaba', ingredients: ['a'], instructions: ['b'] },
        })
        const file = Array.from({ length: 300 }, (_, index) => ({
          '@type': 'Recipe',
          name: `Importada ${index}`,
          recipeIngredient: ['agua'],
          recipeInstructions: ['Hierve.'],
        }))
        // Two gets at once leave two connections open in a PostgreSQL pool, so the get below finds one
        // idle beside the import's transaction: on a loaded CI machine, opening it then took longer than
        // the whole import (on SQLite gets read on the reader connection, and this changes nothing).
        await Promise.all([1, 2].map(() => own.app.inject(`/api/recipes/${existing.json().recipe.id}`)))
        const finished: string[] = []
        armed = true
        const importing = own.app
          .inject({
            method: 'POST',
            url: '/api/imports/files',
            headers: { 'content-type': 'application/octet-stream' },
            payload: Buffer.from(JSON.stringify(file)),
          })
          .then((response) => {
            finished.push('import')
            return response
          })
        await writing
        const got = await own.app.inject(`/api/recipes/${existing.json().recipe.id}`)
        finished.push('get')
        expect(got.json().recipe.title).toBe('Ya estaba')
        expect((await importing).json().created).toHaveLength(300)
        // The import pauses every few recipes (service.ts `letOthersIn`), so the get did not wait for it.
        expect(finished).toEqual(['get', 'import'])
      } finally {
        await own.close()
      }
    })

    it('imports a schema.org JSON list (Nextcloud Cookbook shape), reporting what it skipped', async () => {
      const file = [
        {
          '@context': 'http://schema.org',
          '@type': 'Recipe',
          name: 'Pancakes',
          recipeYield: 4,
          recipeIngredient: ['1 cup flour', '1 egg'],
          recipeInstructions: ['Mix.', 'Fry.'],
          keywords: 'breakfast,sweet',
          url: 'https://example.com/pancakes',
        },
        { '@type': 'Recipe', name: 'No steps', recipeIngredient: ['water'] },
        {
          '@type': 'Recipe',
          name: 'Pancakes again',
          recipeIngredient: ['x'],
          recipeInstructions: 'y',
          url: 'https://EXAMPLE.com/pancakes/',
        },
      ]
      const response = await upload(strToU8(JSON.stringify(file)))
      expect(response.statusCode).toBe(200)
      const report = response.json()
      expect(report.skipped).toEqual([
        {
          label: 'file[1]',
          title: 'No steps',
          reason: 'instructions must have at least one item',
          // As data too, for a client to word in its reader's language.
          code: 'invalid',
          problems: [{ field: 'instructions', rule: 'noItems' }],
        },
        {
          label: 'file[2]',
          title: 'Pancakes again',
          reason: `recipe ${report.created[0].id} comes from the same source link`,
          code: 'duplicate',
          recipeId: report.created[0].id,
        },
      ])
      const [pancakes] = await titles(report)
      expect(pancakes).toMatchObject({
        title: 'Pancakes',
        servings: 4,
        ingredients: ['1 cup flour', '1 egg'],
        instructions: ['Mix.', 'Fry.'],
        tags: [{ name: 'breakfast' }, { name: 'sweet' }],
      })
    })

    it('imports a Mealie export zip', async () => {
      const recipe = {
        id: 'c4d2',
        slug: 'chili',
        name: 'Chili',
        description: 'Hot',
        recipe_yield: '6 servings',
        recipe_ingredient: [
          { quantity: 1, unit: { name: 'kg' }, food: { name: 'beef' }, note: '', display: '1 kg beef' },
          { quantity: 0.5, unit: { name: 'cup' }, food: { name: 'beans' }, note: 'drained', display: '' },
        ],
        recipe_instructions: [
          { id: 'a', title: '', text: 'Brown the beef.' },
          { id: 'b', title: '', text: 'Simmer.' },
        ],
        tags: [{ id: 't', name: 'Spicy', slug: 'spicy' }],
        recipe_category: [{ id: 'c', name: 'Dinner', slug: 'dinner' }],
        notes: [{ title: 'Tip', text: 'Better the next day.' }],
        org_url: 'https://example.com/chili',
      }
      const zip = zipSync({
        'recipes/chili/chili.json': strToU8(JSON.stringify(recipe)),
        'recipes/chili/images/original.webp': new Uint8Array([1, 2]),
      })
      const report = (await upload(zip)).json()
      expect(report.skipped).toEqual([])
      expect((await titles(report))[0]).toMatchObject({
        title: 'Chili',
        description: 'Hot',
        servings: 6,
        ingredients: ['1 kg beef', '1/2 cup beans drained'],
        instructions: ['Brown the beef.', 'Simmer.'],
        notes: 'Tip: Better the next day.',
        sourceUrl: 'https://example.com/chili',
        tags: [{ name: 'Dinner' }, { name: 'Spicy' }],
      })
    })

    it('imports a Paprika .paprikarecipes file (a zip of gzipped JSON), skipping an unreadable entry', async () => {
      const recipe = {
        uid: 'ABC',
        name: 'Gazpacho',
        ingredients: '1 kg tomatoes\n1 cucumber\n\n',
        directions: '1. Blend everything.\n\n2. Chill.',
        servings: '4 bowls',
        source_url: 'https://example.com/gazpacho',
        notes: 'Serve cold.',
        categories: ['Summer', 'Soup'],
        photo_data: null,
      }
      const zip = zipSync({
        'Gazpacho.paprikarecipe': gzipSync(strToU8(JSON.stringify(recipe))),
        'Broken.paprikarecipe': strToU8('not gzip'),
      })
      const report = (await upload(zip)).json()
      expect(report.skipped).toEqual([
        { label: 'Broken.paprikarecipe', reason: expect.any(String), code: 'unreadable' },
      ])
      expect((await titles(report))[0]).toMatchObject({
        title: 'Gazpacho',
        ingredients: ['1 kg tomatoes', '1 cucumber'],
        instructions: ['Blend everything.', 'Chill.'],
        servings: 4,
        notes: 'Serve cold.',
        tags: [{ name: 'Soup' }, { name: 'Summer' }],
      })
    })

    it('imports a Tandoor export (a zip of zips holding recipe.json)', async () => {
      const recipe = {
        name: 'Hummus',
        description: 'Smooth',
        keywords: [{ name: 'vegan', description: '' }],
        working_time: 10,
        waiting_time: 0,
        servings: 4,
        servings_text: 'bowls',
        source_url: 'https://example.com/hummus',
        internal: true,
        steps: [
          {
            name: '',
            instruction: 'Blend the chickpeas.',
            ingredients: [
              { food: { name: 'Dips' }, unit: null, amount: 0, note: '', is_header: true, no_amount: true },
              {
                food: { name: 'chickpeas' },
                unit: { name: 'g' },
                amount: 400,
                note: 'cooked',
                is_header: false,
                no_amount: false,
              },
              {
                food: { name: 'tahini' },
                unit: { name: 'tbsp' },
                amount: 2.5,
                note: '',
                is_header: false,
                no_amount: false,
              },
              { food: { name: 'salt' }, unit: null, amount: 0, note: '', is_header: false, no_amount: true },
            ],
            time: 0,
            order: 0,
          },
          { name: '', instruction: 'Serve with oil.', ingredients: [], time: 0, order: 1 },
        ],
      }
      const inner = zipSync({
        'recipe.json': strToU8(JSON.stringify(recipe)),
        'image.jpg': new Uint8Array([1]),
      })
      const report = (
        await upload(zipSync({ '1.zip': inner, 'empty.zip': zipSync({ 'image.jpg': new Uint8Array([1]) }) }))
      ).json()
      expect(report.skipped).toEqual([
        { label: 'empty.zip', reason: 'no recipe.json inside', code: 'unreadable' },
      ])
      expect((await titles(report))[0]).toMatchObject({
        title: 'Hummus',
        ingredients: ['400 g chickpeas, cooked', '2 1/2 tbsp tahini', 'salt'],
        instructions: ['Blend the chickpeas.', 'Serve with oil.'],
        servings: 4,
        tags: [{ name: 'vegan' }],
      })
    })

    it('refuses a file that unpacks to more than 256 MiB with 413, whatever holds it, and imports nothing', async () => {
      const recipe = strToU8(JSON.stringify({ '@type': 'Recipe', name: 'Bomb', recipeIngredient: ['x'] }))
      const MiB = 1024 * 1024
      // The sizes the archive declares are what unpacking allocates (fflate stops there), so each test
      // file declares the large size rather than holding it: the refusal comes before anything is inflated.
      const declaring = (zip: Uint8Array, size: number) => {
        const bytes = Buffer.from(zip)
        const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
        bytes.writeUInt32LE(size, central + 24)
        return new Uint8Array(bytes)
      }
      const gzipDeclaring = (size: number) => {
        const bytes = Buffer.from(gzipSync(recipe))
        bytes.writeUInt32LE(size, bytes.length - 4)
        return new Uint8Array(bytes)
      }
      const before = (await service.app.inject({ url: '/api/recipes?limit=1' })).json().total
      const files = {
        'a zip entry': declaring(zipSync({ 'recipes/bomb/bomb.json': recipe }), 300 * MiB),
        'gzipped Paprika recipes': zipSync(
          { '1.paprikarecipe': gzipDeclaring(200 * MiB), '2.paprikarecipe': gzipDeclaring(200 * MiB) },
          { level: 0 },
        ),
        "Tandoor's nested zips": zipSync(
          {
            '1.zip': declaring(zipSync({ 'recipe.json': recipe }), 150 * MiB),
            '2.zip': declaring(zipSync({ 'recipe.json': recipe }), 150 * MiB),
          },
          { level: 0 },
        ),
      }
      for (const [what, file] of Object.entries(files)) {
        const refused = await upload(file)
        expect(refused.statusCode, what).toBe(413)
        expect(refused.json(), what).toEqual({
          success: false,
          error: 'the file expands to more than 256 MiB when unpacked; split the export into smaller files',
          code: 'archive_too_large',
        })
      }
      expect((await service.app.inject({ url: '/api/recipes?limit=1' })).json().total).toBe(before)
      // Under the limit, the same shapes import.
      const fine = zipSync({
        '1.paprikarecipe': gzipSync(
          strToU8(JSON.stringify({ name: 'Fine', ingredients: 'x', directions: 'y' })),
        ),
      })
      expect((await upload(fine)).json().created).toHaveLength(1)
    })

    it('returns 400 for an empty body and reports a file in no known format', async () => {
      expect((await upload(new Uint8Array())).statusCode).toBe(400)
      expect((await upload(strToU8('{"hello": 1}'))).json()).toEqual({
        created: [],
        skipped: [{ label: 'file', reason: 'not a recipe in a known format', code: 'unreadable' }],
      })
    })
  })

  describe('GET /api/recipes/export', () => {
    let empty: TestService
    beforeAll(async () => {
      empty = await startTestService(await databases.freshUrl())
      return () => empty.close()
    })

    it('exports schema.org JSON that imports back into an empty database without loss', async () => {
      const tag = (await post('/api/tags', { name: 'Con, coma' })).json().tag
      await post('/api/recipes', {
        title: 'Crème brûlée "clásica"',
        description: 'Postre & más',
        ingredients: ['1 1/2 tazas de crema', '½ taza de azúcar'],
        instructions: ['Calienta.', 'Hornea\n45 minutos.'],
        servings: 6,
        sourceUrl: 'https://example.com/creme',
        notes: 'Línea 1\n\nLínea 2',
        tags: [tag.id],
      })
      const exported = await service.app.inject('/api/recipes/export')
      expect(exported.headers['content-disposition']).toBe('attachment; filename="recipes.json"')
      const report = (
        await empty.app.inject({
          method: 'POST',
          url: '/api/imports/files',
          headers: { 'content-type': 'application/octet-stream' },
          payload: exported.rawPayload,
        })
      ).json()
      expect(report.skipped).toEqual([])
      const strip = (recipe: Record<string, unknown>) => {
        const { id, createdAt, updatedAt, tags, ...rest } = recipe
        return { ...rest, tags: (tags as { name: string }[]).map((each) => each.name) }
      }
      const all = async (target: TestService) =>
        (await target.app.inject('/api/recipes?limit=100'))
          .json()
          .recipes.map(strip)
          .sort((a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title))
      expect(await all(empty)).toEqual(await all(service))
    })

    it('exports only the recipes matching search and tags', async () => {
      const body = (await service.app.inject('/api/recipes/export?search=creme')).json()
      expect(body.map((recipe: { name: string }) => recipe.name)).toEqual(['Crème brûlée "clásica"'])
    })
  })
})
