/**
 * Measures search query plans on a generated database: `tsx scripts/measure-search.ts <DATABASE_URL> [rows]`.
 * Fills an empty database with generated recipes (about 30% mention "chicken"), then times the total
 * count and the first page of several searches, both without and with the count cache.
 */
import { performance } from 'node:perf_hooks'
import { buildApp } from '../src/app.js'
import { loadRecipeManagerConfig } from '../src/config.js'
import { countRecipes, insertRecipe } from '../src/recipes/repository.js'
import { listRecipesJson } from '../src/recipes/service.js'

const url = process.argv[2] ?? 'sqlite:/tmp/measure-search.db'
const rows = Number(process.argv[3] ?? 100_000)
const config = loadRecipeManagerConfig({ DATABASE_URL: url, PORT: '0', SEED_DEMO_DATA: 'false' })
const { app, ctx } = await buildApp(config, { logLevel: false })

const words = [
  'tomato',
  'garlic',
  'onion',
  'basil',
  'rice',
  'beans',
  'lentejas',
  'crème',
  'jalapeño',
  'queso',
]
const pick = <T>(items: readonly T[], n: number) => items[n % items.length] as T
let seed = 42
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
  return seed / 2 ** 31
}

if ((await countRecipes(ctx.db)) < rows) {
  const started = performance.now()
  for (let batch = 0; batch < rows / 1000; batch++) {
    await ctx.db.transaction().execute(async (tx) => {
      for (let i = 0; i < 1000; i++) {
        const n = batch * 1000 + i
        const ingredients = Array.from(
          { length: 6 },
          (_, k) => `${Math.floor(random() * 500)} g ${pick(words, Math.floor(random() * 1000) + k)}`,
        )
        if (random() < 0.3) ingredients.push('2 chicken breasts')
        if (n % 500 === 0) ingredients.push('a pinch of saffron')
        await insertRecipe(
          tx,
          {
            title: `${pick(words, n)} ${pick(words, n * 7)} number ${n}`,
            description: `A generated recipe with ${pick(words, n * 3)} and ${pick(words, n * 11)}.`,
            ingredients,
            instructions: ['Mix everything.', 'Cook for 20 minutes.'],
            tags: [],
          },
          new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
        )
      }
    })
  }
  console.log(`inserted ${rows} rows in ${Math.round(performance.now() - started)} ms`)
}

async function time(label: string, search: string, offset = 0) {
  const samples: number[] = []
  let total = 0
  for (let i = 0; i < 20; i++) {
    ctx.reads.invalidate()
    const started = performance.now()
    total = (JSON.parse(await listRecipesJson(ctx, { search, offset, limit: 20 })) as { total: number }).total
    samples.push(performance.now() - started)
  }
  const cached: number[] = []
  for (let i = 0; i < 200; i++) {
    const started = performance.now()
    await listRecipesJson(ctx, { search, offset, limit: 20 })
    cached.push(performance.now() - started)
  }
  const p = (values: number[], q: number) =>
    [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]?.toFixed(2)
  console.log(
    `${ctx.dialect} ${label.padEnd(28)} total=${String(total).padStart(6)}  uncached p50=${p(samples, 0.5)} p99=${p(samples, 0.99)} ms  cached p50=${p(cached, 0.5)} p99=${p(cached, 0.99)} ms`,
  )
}

await time('no search', '')
await time('common "chicken"', 'chicken')
await time('common "chicken" offset 5000', 'chicken', 5000)
await time('selective "saffron"', 'saffron')
await time('one row "number 77777"', 'number 77777')
await time('no match "zzzq"', 'zzzq')
await time('accented "CRÈME"', 'CRÈME')
await time('short "ñ"', 'ñ')
await time('short rare "zq"', 'zq')
await app.close()
