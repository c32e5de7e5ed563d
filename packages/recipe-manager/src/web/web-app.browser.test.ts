import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { App } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import {
  DESKTOP,
  launchChromium,
  PHONE,
  screenshotFolder,
  seriousAxeViolations,
} from 'platform/testing/browser'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { loadRecipeManagerConfig } from '../config.js'

/**
 * Screenshots go to a scratch folder, so a test run leaves the tree as it was; `UPDATE_SCREENSHOTS=1`
 * writes them to docs/screenshots/ (the ones the README shows).
 */
const SCREENSHOTS = screenshotFolder(new URL('../../docs/screenshots/', import.meta.url))

/** A recipe page as sites publish them: schema.org JSON-LD with an image, keywords and HowToSteps. */
const RECIPE_PAGE = `<!doctype html><html><head><title>Tarta</title><script type="application/ld+json">${JSON.stringify(
  {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: 'Tarta de queso',
    image: { '@type': 'ImageObject', url: '/img/tarta.jpg' },
    description: 'Sin horno.',
    recipeYield: '8 porciones',
    recipeIngredient: ['200 g de galletas', '500 g de queso crema'],
    recipeInstructions: [
      { '@type': 'HowToStep', text: 'Tritura las galletas.' },
      { '@type': 'HowToStep', text: 'Bate el queso y enfría.' },
    ],
    keywords: 'Postre, sin horno',
  },
)}</script></head><body><h1>Tarta de queso</h1></body></html>`

/** A photo-like JPEG: a warm background with a green disc. */
const photo = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#3a7d44"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer()

let browser: Browser

// The app is served from dist/web, built there by the suite's global setup as `npm start` builds it.
beforeAll(async () => {
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

describeEachDatabase('recipe web app in Chromium', (databases) => {
  let app: App
  let base: string
  let context: BrowserContext
  let page: Page
  let pages: Server
  let pageUrl: string
  const tag: Record<string, number> = {}
  const recipe: Record<string, number> = {}

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    })
    return (await response.json()) as {
      tag: { id: number }
      recipe: { id: number } & Record<string, unknown>
      tags: { name: string }[]
    }
  }

  beforeAll(async () => {
    const config = loadRecipeManagerConfig({
      DATABASE_URL: await databases.freshUrl(),
      PORT: '0',
      SEED_DEMO_DATA: 'false',
      // The recipe page to import is served on 127.0.0.1.
      IMPORT_ALLOW_PRIVATE_URLS: 'true',
    })
    const pageImage = await photo(1600, 1000, '#e9c46a')
    pages = createServer((request, response) => {
      if (request.url === '/img/tarta.jpg')
        response.writeHead(200, { 'content-type': 'image/jpeg' }).end(pageImage)
      else if (request.url === '/plain')
        response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Blog</title><p>No recipe.</p>')
      else if (request.url === '/gone') response.writeHead(404).end()
      else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(RECIPE_PAGE)
    })
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve))
    pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/tarta`
    ;({ app } = await buildApp(config, { logLevel: false }))
    base = await app.listen({ port: 0, host: '127.0.0.1' })
    for (const name of ['Postre', 'Rápido', 'Vegano'])
      tag[name] = (await api('POST', '/api/tags', { name })).tag.id
    // 24 fillers, so the list has two pages; then the recipes the tests look for, newest.
    for (let index = 1; index <= 24; index++) {
      await api('POST', '/api/recipes', {
        title: `Receta de relleno ${index}`,
        ingredients: ['agua'],
        instructions: ['Hervir.'],
      })
    }
    const created = async (key: string, body: Record<string, unknown>) => {
      recipe[key] = (await api('POST', '/api/recipes', body)).recipe.id
    }
    await created('creme', {
      title: 'Crème brûlée',
      description: 'Postre francés con costra de caramelo.',
      ingredients: ['1 1/2 cups cream', '½ taza de azúcar', '4 yemas', 'Vainilla al gusto'],
      instructions: ['Calienta la crema.', 'Mezcla con las yemas y el azúcar.', 'Hornea y carameliza.'],
      servings: 4,
      tags: [tag.Postre],
      notes: 'Mejor de un día para otro.',
      sourceUrl: 'https://example.com/creme',
    })
    await fetch(`${base}/api/recipes/${recipe.creme}/image`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: await photo(1800, 1200, '#d4a373'),
    })
    await created('fruit', {
      title: 'Ensalada de fruta',
      ingredients: ['2 manzanas', '1 plátano'],
      instructions: ['Corta y mezcla.'],
      tags: [tag.Postre, tag.Rápido, tag.Vegano],
    })
    await created('toast', {
      title: 'Tostada con tomate',
      ingredients: ['1 pan', '1 tomate'],
      instructions: ['Tuesta el pan.', 'Ralla el tomate encima.'],
      tags: [tag.Rápido, tag.Vegano],
    })
    // bypassCSP: axe-core is added to the page as an inline script, which the app's policy forbids.
    context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', bypassCSP: true })
    page = await context.newPage()
    // A missing element fails its own step, named, well before the test's time is up.
    page.setDefaultTimeout(8_000)
  }, 120_000)

  afterAll(async () => {
    await context?.close()
    await app?.close()
    await new Promise((resolve) => pages?.close(resolve))
  })

  const titles = () => page.locator('.recipe-card h2').allTextContents()
  const shoot = async (name: string) => {
    if (databases.dialect !== 'sqlite') return
    await page.screenshot({ path: `${SCREENSHOTS}${name}-desktop.png`, fullPage: true })
    await page.setViewportSize(PHONE)
    await page.screenshot({ path: `${SCREENSHOTS}${name}-phone.png`, fullPage: true })
    await page.setViewportSize(DESKTOP)
  }

  describe('browse', () => {
    it('searches as you type, ignoring accents, with the query in the address', async () => {
      await page.goto(base)
      await page.getByText('27 recipes').waitFor()
      await shoot('browse')
      await page.getByLabel('Search recipes').pressSequentially('creme', { delay: 30 })
      // On a busy machine a pause between keys already searches "cr": wait for the whole word. The box
      // first, so a lost keystroke fails naming what the box holds; then the address, which follows the
      // box after the typing pause and, on a loaded CI machine, once took longer than a step's 8 s.
      expect(await page.getByLabel('Search recipes').inputValue()).toBe('creme')
      await expect
        .poll(() => new URL(page.url()).searchParams.get('q'), { message: 'the query in the address' })
        .toBe('creme')
      await page.getByText('1 recipe', { exact: true }).waitFor()
      expect(await titles()).toEqual(['Crème brûlée'])
      expect(new URL(page.url()).searchParams.get('q')).toBe('creme')
      const drawn = await page.evaluate(() => {
        const typed = performance.getEntriesByName('recipes-typed').at(-1)?.startTime ?? 0
        const shown = performance.getEntriesByName('recipes-drawn').at(-1)?.startTime ?? 0
        return shown - typed
      })
      console.info(`keystroke to results drawn (${databases.dialect}, 27 recipes): ${drawn.toFixed(0)} ms`)
      expect(await seriousAxeViolations(page)).toEqual([])
    })

    it('filters by two tags, and Back undoes one filter at a time', async () => {
      await page.goto(base)
      await page.getByRole('button', { name: 'Rápido' }).click()
      await page.getByText('2 recipes', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Postre' }).click()
      await page.getByText('1 recipe', { exact: true }).waitFor()
      expect(await titles()).toEqual(['Ensalada de fruta'])
      expect(new URL(page.url()).searchParams.getAll('tag')).toEqual([String(tag.Rápido), String(tag.Postre)])
      expect(await page.getByRole('button', { name: 'Postre' }).getAttribute('aria-pressed')).toBe('true')
      await page.goBack()
      await page.getByText('2 recipes', { exact: true }).waitFor()
      expect(await titles()).toEqual(['Tostada con tomate', 'Ensalada de fruta'])
    })

    it('pages, and Back returns to the first page', async () => {
      await page.goto(base)
      await page.getByText('Page 1 of 2').waitFor()
      await page.getByRole('link', { name: 'Next' }).click()
      await page.getByText('Page 2 of 2').waitFor()
      expect(await titles()).toEqual([
        'Receta de relleno 7',
        ...[6, 5, 4, 3, 2, 1].map((n) => `Receta de relleno ${n}`),
      ])
      await page.goBack()
      await page.getByText('Page 1 of 2').waitFor()
      expect((await titles())[0]).toBe('Tostada con tomate')
    })
  })

  describe('a recipe', () => {
    it('scales ingredients with the servings, fractions included', async () => {
      await page.goto(`${base}/recipes/${recipe.creme}`)
      await page.getByRole('heading', { level: 1, name: 'Crème brûlée' }).waitFor()
      const servings = page.getByRole('spinbutton', { name: 'Servings' })
      expect(await servings.inputValue()).toBe('4')
      await servings.fill('8')
      expect(await page.locator('.ingredients li').allTextContents()).toEqual([
        '3 cups cream',
        '1 taza de azúcar',
        '8 yemas',
        'Vainilla al gusto',
      ])
      await servings.fill('2')
      expect(await page.locator('.ingredients li').allTextContents()).toEqual([
        '3/4 cups cream',
        '¼ taza de azúcar',
        '2 yemas',
        'Vainilla al gusto',
      ])
      await servings.fill('4')
      await shoot('recipe')
      expect(await seriousAxeViolations(page)).toEqual([])
    })

    it('cooks one step at a time in cook mode, ingredients ticked off', async () => {
      await page.goto(`${base}/recipes/${recipe.creme}`)
      await page.getByRole('button', { name: 'Cook mode' }).click()
      await page.getByText('Step 1 of 3').waitFor()
      expect(await page.locator('.cook-text').textContent()).toBe('Calienta la crema.')
      await page.getByRole('button', { name: 'Next step' }).click()
      await page.getByText('Step 2 of 3').waitFor()
      expect(await page.locator('.cook-text').textContent()).toBe('Mezcla con las yemas y el azúcar.')
      const cream = page.getByRole('checkbox', { name: '1 1/2 cups cream' })
      await cream.check()
      expect(await cream.isChecked()).toBe(true)
      expect(await page.locator('.cook-text').evaluate((node) => getComputedStyle(node).fontSize)).toBe(
        `${1.9 * 17}px`,
      )
      await shoot('cook-mode')
      expect(await seriousAxeViolations(page)).toEqual([])
      await page.getByRole('button', { name: 'Leave cook mode' }).click()
      await page.getByRole('heading', { level: 2, name: 'Ingredients' }).waitFor()
    })

    it('prints the recipe without the app bar and buttons', async () => {
      await page.goto(`${base}/recipes/${recipe.creme}`)
      await page.getByRole('heading', { level: 1, name: 'Crème brûlée' }).waitFor()
      await page.emulateMedia({ media: 'print' })
      try {
        expect(await page.locator('.top-bar').isVisible()).toBe(false)
        expect(await page.getByRole('button', { name: 'Cook mode' }).isVisible()).toBe(false)
        expect(await page.getByRole('heading', { name: 'Steps' }).isVisible()).toBe(true)
        expect(await page.getByText('1 1/2 cups cream').isVisible()).toBe(true)
      } finally {
        await page.emulateMedia({ media: 'screen' })
      }
    })
  })

  describe('create and edit', () => {
    it('shows every problem before sending, then creates the recipe', async () => {
      await page.goto(`${base}/new`)
      await page.getByRole('heading', { name: 'New recipe' }).waitFor()
      await page.getByLabel('Source link', { exact: true }).fill('ftp://example.com')
      await page.getByRole('button', { name: 'Save' }).click()
      const summary = page.getByRole('alert')
      await summary.getByText('Fix 4 problems before saving:').waitFor()
      expect(await summary.locator('li').allTextContents()).toEqual([
        'Title: required.',
        'Ingredient 1: required.',
        'Step 1: required.',
        'Source link: enter a web address starting with http:// or https://.',
      ])
      expect(await page.getByLabel('Title', { exact: true }).getAttribute('aria-invalid')).toBe('true')
      await shoot('form-problems')
      expect(await seriousAxeViolations(page)).toEqual([])

      await page.getByLabel('Title', { exact: true }).fill('Gazpacho')
      await page.getByLabel('Ingredient 1', { exact: true }).fill('1 kg de tomates')
      await page.getByRole('button', { name: 'Add ingredient' }).click()
      await page.getByLabel('Ingredient 2', { exact: true }).fill('1 pepino')
      await page.getByRole('button', { name: 'Add ingredient' }).click()
      await page.getByLabel('Ingredient 3', { exact: true }).fill('Aceite de oliva')
      await page.getByRole('button', { name: 'Move Ingredient 3 up' }).click()
      await page.getByLabel('Step 1', { exact: true }).fill('Tritura todo y enfría.')
      await page.getByLabel('Source link', { exact: true }).fill('https://example.com/gazpacho')
      await page.getByLabel('New tag', { exact: true }).fill('Verano')
      await page.getByRole('button', { name: 'Create tag' }).click()
      await page.getByRole('checkbox', { name: 'Verano' }).waitFor()
      expect(await page.getByRole('checkbox', { name: 'Verano' }).isChecked()).toBe(true)
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByRole('heading', { level: 1, name: 'Gazpacho' }).waitFor()
      const id = Number(new URL(page.url()).pathname.split('/').at(-1))
      const saved = (await api('GET', `/api/recipes/${id}`)).recipe
      expect(saved).toMatchObject({
        title: 'Gazpacho',
        ingredients: ['1 kg de tomates', 'Aceite de oliva', '1 pepino'],
        instructions: ['Tritura todo y enfría.'],
        tags: [{ name: 'Verano' }],
      })
      recipe.gazpacho = id
    })

    it('shows the server message when the server still refuses', async () => {
      await page.goto(`${base}/recipes/${recipe.toast}/edit`)
      await page.getByLabel('Title', { exact: true }).waitFor()
      // The tag is deleted behind the form's back: the rules pass, the server refuses the unknown tag.
      const doomed = (await api('POST', '/api/tags', { name: 'Efímera' })).tag.id
      await page.reload()
      await page.getByRole('checkbox', { name: 'Efímera' }).check()
      await api('DELETE', `/api/tags/${doomed}`)
      await page.getByRole('button', { name: 'Save' }).click()
      await page
        .getByRole('alert')
        .getByText(
          'The server refused the recipe: One of its tags no longer exists. Reload the page and choose the tags again.',
        )
        .waitFor()
    })

    it('edits a recipe: title, reordered steps, one step removed', async () => {
      await page.goto(`${base}/recipes/${recipe.toast}/edit`)
      await page.getByRole('heading', { name: 'Edit “Tostada con tomate”' }).waitFor()
      await page.getByLabel('Title', { exact: true }).fill('Pan con tomate')
      await page.getByRole('button', { name: 'Add step' }).click()
      await page.getByLabel('Step 3', { exact: true }).fill('Aliña con aceite.')
      await page.getByRole('button', { name: 'Move Step 2 up' }).click()
      await page.getByRole('button', { name: 'Remove Step 2' }).click()
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByRole('heading', { level: 1, name: 'Pan con tomate' }).waitFor()
      expect(await page.locator('.steps li').allTextContents()).toEqual([
        'Ralla el tomate encima.',
        'Aliña con aceite.',
      ])
    })

    it('adds an image from a file, shows it with the title as its text, then removes it', async () => {
      await page.goto(`${base}/recipes/${recipe.fruit}/edit`)
      await page.getByRole('heading', { name: 'Edit “Ensalada de fruta”' }).waitFor()
      await page.getByLabel('Choose an image').setInputFiles({
        name: 'fruta.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo(900, 600, '#f4a261'),
      })
      await page.getByRole('img', { name: 'Ensalada de fruta' }).waitFor()
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByRole('heading', { level: 1, name: 'Ensalada de fruta', exact: true }).waitFor()
      const shown = page.getByRole('img', { name: 'Ensalada de fruta' })
      await shown.waitFor()
      expect(await shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(
        900,
      )
      expect((await api('GET', `/api/recipes/${recipe.fruit}`)).recipe.image).toMatchObject({
        width: 900,
        height: 600,
      })

      await page.goto(`${base}/recipes/${recipe.fruit}/edit`)
      await page.getByRole('button', { name: 'Remove the image' }).click()
      expect(await page.getByLabel('Choose an image').count()).toBe(1)
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByRole('heading', { level: 1, name: 'Ensalada de fruta', exact: true }).waitFor()
      expect(await page.getByRole('img', { name: 'Ensalada de fruta' }).count()).toBe(0)
      expect((await api('GET', `/api/recipes/${recipe.fruit}`)).recipe.image).toBe(undefined)
    })

    it('refuses a file that is not an image before sending it', async () => {
      await page.goto(`${base}/recipes/${recipe.fruit}/edit`)
      await page.getByRole('heading', { name: 'Edit “Ensalada de fruta”' }).waitFor()
      await page.getByLabel('Choose an image').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not an image'),
      })
      await page.getByRole('alert').getByText('This file is not an image.').waitFor()
    })

    it('deletes a recipe after confirmation', async () => {
      await page.goto(`${base}/recipes/${recipe.gazpacho}`)
      await page.getByRole('button', { name: 'Delete' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByText('Delete “Gazpacho”? This cannot be undone.').waitFor()
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      expect(await page.getByRole('heading', { level: 1, name: 'Gazpacho' }).isVisible()).toBe(true)
      await page.getByRole('button', { name: 'Delete' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
      await page.getByRole('heading', { level: 1, name: 'Recipes' }).waitFor()
      expect((await fetch(`${base}/api/recipes/${recipe.gazpacho}`)).status).toBe(404)
    })

    it('treats a recipe deleted meanwhile (another tab) as deleted', async () => {
      const { id } = (
        await api('POST', '/api/recipes', { title: 'Efímera', ingredients: ['x'], instructions: ['y'] })
      ).recipe
      await page.goto(`${base}/recipes/${id}`)
      await page.getByRole('heading', { level: 1, name: 'Efímera' }).waitFor()
      await api('DELETE', `/api/recipes/${id}`)
      await page.getByRole('button', { name: 'Delete' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
      await page.getByRole('heading', { level: 1, name: 'Recipes' }).waitFor()
    })
  })

  describe('tags', () => {
    it('creates, renames and deletes tags, showing how many recipes use each', async () => {
      await page.goto(`${base}/tags`)
      await page.getByRole('heading', { name: 'Tags' }).waitFor()
      await page.getByText('used by 2 recipes').first().waitFor()
      await page.getByLabel('New tag', { exact: true }).fill('Cena')
      await page.getByRole('button', { name: 'Create tag' }).click()
      const created = page.locator('.tag-row').filter({ has: page.locator('input[value="Cena"]') })
      await created.getByText('used by 0 recipes').waitFor()
      // Typing changes the input's value attribute: find the row again by the input's id.
      const inputId = await created.locator('input').getAttribute('id')
      const cena = page.locator('.tag-row').filter({ has: page.locator(`#${inputId}`) })
      await cena.getByLabel('Tag name').fill('Cena ligera')
      await cena.getByRole('button', { name: 'Rename' }).click()
      await page.locator('input[value="Cena ligera"]').waitFor()
      await shoot('tags')
      // A name already taken is refused in the reader's words, not the API's English.
      await page.getByLabel('New tag', { exact: true }).fill('postre')
      await page.getByRole('button', { name: 'Create tag' }).click()
      await page.getByRole('alert').getByText('A tag with this name already exists.').waitFor()
      expect(await seriousAxeViolations(page)).toEqual([])
      const vegano = page.locator('.tag-row').filter({ has: page.locator('input[value="Vegano"]') })
      await vegano.getByRole('button', { name: 'Delete' }).click()
      await page
        .getByRole('dialog')
        .getByText('Delete the tag “Vegano”? It is removed from 2 recipes.')
        .waitFor()
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
      await page.locator('input[value="Vegano"]').waitFor({ state: 'detached' })
      expect((await api('GET', '/api/tags')).tags.map((each) => each.name)).toEqual([
        'Cena ligera',
        'Postre',
        'Rápido',
        'Verano',
      ])
    })
  })

  describe('import', () => {
    it('reads a page by its address into the form, then flags the same page on a second import', async () => {
      await page.goto(`${base}/import`)
      await page.getByLabel('Page address').fill(pageUrl)
      await page.getByRole('button', { name: 'Read recipe' }).first().click()
      await page.getByRole('heading', { name: 'New recipe' }).waitFor()
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Tarta de queso')
      expect(await page.getByLabel('Ingredient 2', { exact: true }).inputValue()).toBe('500 g de queso crema')
      expect(await page.getByLabel('Servings').inputValue()).toBe('8')
      // "Postre" exists and is chosen; "sin horno" is offered.
      expect(await page.getByRole('checkbox', { name: 'Postre' }).isChecked()).toBe(true)
      await page.getByText('The page’s image will be downloaded when you save.').waitFor()
      await page.getByRole('button', { name: '+ sin horno' }).click()
      await page.getByRole('checkbox', { name: 'sin horno' }).waitFor()
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByRole('heading', { level: 1, name: 'Tarta de queso' }).waitFor()
      // The page's image was downloaded by the service when the recipe was saved.
      const image = page.getByRole('img', { name: 'Tarta de queso' })
      await image.waitFor()
      expect(
        await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
      ).toBe(1200)
      const id = Number(new URL(page.url()).pathname.split('/').at(-1))
      expect((await api('GET', `/api/recipes/${id}`)).recipe).toMatchObject({
        image: { width: 1200, height: 750 },
        sourceUrl: pageUrl,
        instructions: ['Tritura las galletas.', 'Bate el queso y enfría.'],
        tags: [{ name: 'Postre' }, { name: 'sin horno' }],
      })

      await page.goto(`${base}/import`)
      await page.getByLabel('Page address').fill(pageUrl)
      await page.getByRole('button', { name: 'Read recipe' }).first().click()
      await page.getByText('You already have a recipe from this page:').waitFor()
      expect(await page.getByRole('link', { name: `#${id}` }).getAttribute('href')).toBe(`/recipes/${id}`)
      await shoot('import-review')
      expect(await seriousAxeViolations(page)).toEqual([])
      await api('DELETE', `/api/recipes/${id}`)
      const added = (await api('GET', '/api/tags')).tags.find(
        (each) => each.name === 'sin horno',
      ) as unknown as { id: number }
      await api('DELETE', `/api/tags/${added.id}`)
    })

    it('says in the reader’s language why a page was not read', async () => {
      await page.goto(`${base}/import`)
      await page.getByLabel('Language').selectOption('es')
      const origin = new URL(pageUrl).origin
      for (const [path, why] of [
        ['/plain', 'No se encontró ninguna receta en esta página.'],
        ['/gone', 'El sitio respondió con un error.'],
      ]) {
        await page.getByLabel('Dirección de la página').fill(`${origin}${path}`)
        await page.getByRole('button', { name: 'Leer receta' }).first().click()
        await page.getByRole('alert').getByText(`La importación no funcionó: ${why}`).waitFor()
      }
      await page.getByLabel('Idioma').selectOption('en')
    })

    it('imports an export file and shows what was created and skipped', async () => {
      await page.goto(`${base}/import`)
      const file = [
        { '@type': 'Recipe', name: 'Sopa fría', recipeIngredient: ['agua'], recipeInstructions: ['Enfría.'] },
        { '@type': 'Recipe', name: 'Sin pasos', recipeIngredient: ['agua'] },
      ]
      await page.getByLabel('Export file', { exact: true }).setInputFiles({
        name: 'recipes.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(file)),
      })
      await page.getByRole('button', { name: 'Import file' }).click()
      await page.getByText('1 recipe imported:').waitFor()
      await page.getByText('Sin pasos: Steps: required.').waitFor()
      await shoot('import-report')
      expect(await seriousAxeViolations(page)).toEqual([])
      // The reasons are the reader's language, not the API's English.
      await page.getByLabel('Language').selectOption('es')
      await page.getByText('Sin pasos: Pasos: obligatorio.').waitFor()
      await page.getByText('1 omitida:').waitFor()
      // On a phone the chosen file's name does not widen the page past the screen.
      await page.setViewportSize(PHONE)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await page.setViewportSize(DESKTOP)
      await page.getByLabel('Idioma').selectOption('en')
      const created = page.getByRole('link', { name: 'Sopa fría' })
      const id = Number((await created.getAttribute('href'))?.split('/').at(-1))
      await api('DELETE', `/api/recipes/${id}`)
    })
  })

  it('speaks Spanish when chosen, with Spanish plurals', async () => {
    await page.goto(base)
    await page.getByLabel('Language').selectOption('es')
    await page.getByRole('heading', { level: 1, name: 'Recetas' }).waitFor()
    await page.getByText('27 recetas').waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es')
    await page.getByLabel('Buscar recetas').fill('brulee')
    await page.getByText('1 receta', { exact: true }).waitFor()
    await page.getByLabel('Idioma').selectOption('en')
  })

  it('opens a recipe viewed before while offline (service worker)', async () => {
    const offline = await browser.newContext({ viewport: PHONE, locale: 'en-US', serviceWorkers: 'allow' })
    try {
      const tab = await offline.newPage()
      await tab.goto(base)
      await tab.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
      // Once the worker controls the page, the recipe it reads is kept.
      await tab.reload()
      await tab.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
      await tab.getByRole('link', { name: 'Crème brûlée' }).click()
      await tab.getByRole('heading', { level: 1, name: 'Crème brûlée' }).waitFor()
      await offline.setOffline(true)
      await tab.reload()
      await tab.getByRole('heading', { level: 1, name: 'Crème brûlée' }).waitFor()
      expect(await tab.getByText('1 1/2 cups cream').isVisible()).toBe(true)
      await tab.goto(`${base}/recipes/${recipe.fruit}`)
      await tab.getByText('Something went wrong while loading').waitFor()
    } finally {
      await offline.close()
    }
  })
})
