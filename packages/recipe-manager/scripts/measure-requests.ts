/**
 * The service's own cost per request, in process (`app.inject`: no sockets, no load generator), which a
 * loaded machine disturbs far less than an HTTP run: `tsx scripts/measure-requests.ts [sqlite file]`.
 * The first run seeds the bench's corpus (bench/dataset.ts, RECIPES recipes, default 100,000, with its
 * `quick` and `family` tags) into the file (default /tmp/recipe-requests.db) through the repository;
 * later runs reuse it. Then, per scenario, this process's CPU µs per request and the p50/p99 in ms: get
 * by id over ids spread through the table, and the uncached pages of the HTTP bench (`sumac`,
 * `pinones`, both tags; offsets 0–39 × limits 1–100, each page new to the read cache, the total cached
 * as in the bench; COUNTS=every drops the cache before each request, so each also counts), and
 * the import of the bench's 1,000-recipe export into a copy of the file. SCENARIOS picks some
 * (`get,sumac,pinones,tags,import`), REQUESTS the requests per scenario (2,000). PROFILE=<folder>
 * writes a V8 CPU profile of each scenario's measured requests there (`<scenario>.cpuprofile`, for
 * Chrome's DevTools or `node --cpu-prof`'s readers), without start-up and seeding in it.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import {
  FOLDED_TERM,
  generateCorpus,
  generateCreateBodies,
  SELECTIVE_TERM,
  TAG_PLAN,
  tagsAt,
} from '../bench/dataset.js'
import { buildApp } from '../src/app.js'
import { loadRecipeManagerConfig } from '../src/config.js'
import { countRecipes, insertRecipe } from '../src/recipes/repository.js'
import { insertTag, linkTags } from '../src/tags/repository.js'

const file = process.argv[2] ?? '/tmp/recipe-requests.db'
const RECIPES = Number(process.env.RECIPES ?? 100_000)
const REQUESTS = Number(process.env.REQUESTS ?? 2_000)
const SCENARIOS = (process.env.SCENARIOS ?? 'get,sumac,pinones,tags,import').split(',')
/** `every`: each request also counts its total (a new query's first page); else the total is cached. */
const EVERY_COUNT = process.env.COUNTS === 'every'
const PROFILE = process.env.PROFILE

/** Profiles what `work` runs into PROFILE/<name>.cpuprofile (or just runs it without PROFILE). */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (PROFILE === undefined) return work()
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  try {
    return await work()
  } finally {
    const { profile } = await session.post('Profiler.stop')
    mkdirSync(PROFILE, { recursive: true })
    writeFileSync(`${PROFILE}/${name}.cpuprofile`, JSON.stringify(profile))
    session.disconnect()
  }
}

async function open(path: string) {
  const config = loadRecipeManagerConfig({
    DATABASE_URL: `sqlite:${path}`,
    PORT: '0',
    SEED_DEMO_DATA: 'false',
  })
  return buildApp(config, { logLevel: false })
}

const { app, ctx } = await open(file)
const tagIds: Record<string, number> = {}
if ((await countRecipes(ctx.db)) === 0) {
  const started = performance.now()
  const { recipes } = generateCorpus(RECIPES)
  for (const name of Object.keys(TAG_PLAN))
    tagIds[name] = (await insertTag(ctx.db, name, new Date().toISOString())).id
  for (let first = 0; first < recipes.length; first += 1000) {
    await ctx.db.transaction().execute(async (tx) => {
      for (let index = first; index < Math.min(recipes.length, first + 1000); index++) {
        const at = new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString()
        const record = await insertRecipe(
          tx,
          { ...(recipes[index] as (typeof recipes)[number]), tags: [] },
          at,
        )
        await linkTags(
          tx,
          record.id,
          tagsAt(index).map((name) => tagIds[name] as number),
        )
      }
    })
  }
  console.error(`seeded ${RECIPES} recipes in ${((performance.now() - started) / 1000).toFixed(0)} s`)
} else {
  const listed = await app.inject({ method: 'GET', url: '/api/tags' })
  for (const tag of (listed.json() as { tags: { id: number; name: string }[] }).tags)
    tagIds[tag.name] = tag.id
}
const ids = (await ctx.db.selectFrom('recipes').select('id').execute()).map((row) => Number(row.id))

const pages = Array.from({ length: 4000 }, (_, index) => ({
  offset: Math.floor(index / 100),
  limit: (index % 100) + 1,
}))
const spread = (index: number) => (index * 7919) % pages.length
const urls: Record<string, (index: number) => string> = {
  get: (index) => `/api/recipes/${ids[(index * 7919) % ids.length]}`,
  sumac: (index) => {
    const page = pages[spread(index)] as { offset: number; limit: number }
    return `/api/recipes?search=${SELECTIVE_TERM}&offset=${page.offset}&limit=${page.limit}`
  },
  pinones: (index) => {
    const page = pages[spread(index)] as { offset: number; limit: number }
    return `/api/recipes?search=${FOLDED_TERM}&offset=${page.offset}&limit=${page.limit}`
  },
  tags: (index) => {
    const page = pages[spread(index)] as { offset: number; limit: number }
    return `/api/recipes?tag=${tagIds.quick}&tag=${tagIds.family}&offset=${page.offset}&limit=${page.limit}`
  },
}

const lines = [
  `load average at the start ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
]
for (const scenario of SCENARIOS.filter((name) => name in urls)) {
  const url = urls[scenario] as (index: number) => string
  for (let index = 0; index < 200; index++) {
    ctx.reads.invalidate()
    await app.inject({ method: 'GET', url: url(index + REQUESTS) })
  }
  const samples: number[] = []
  const cpu = process.cpuUsage()
  await profiled(scenario, async () => {
    for (let index = 0; index < REQUESTS; index++) {
      if (EVERY_COUNT || index === 0) ctx.reads.invalidate()
      const started = performance.now()
      const response = await app.inject({ method: 'GET', url: url(index) })
      samples.push(performance.now() - started)
      if (response.statusCode !== 200)
        throw new Error(`${url(index)}: ${response.statusCode} ${response.body}`)
    }
  })
  const used = process.cpuUsage(cpu)
  samples.sort((a, b) => a - b)
  const at = (q: number) => (samples[Math.floor(q * samples.length)] as number).toFixed(2)
  lines.push(
    `${scenario}: ${((used.user + used.system) / REQUESTS).toFixed(0)} µs CPU per request, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
  )
  console.error(lines.at(-1))
}
await app.close()

if (SCENARIOS.includes('import')) {
  const copy = `${file}.import-copy`
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${copy}${suffix}`, { force: true })
  copyFileSync(file, copy)
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`)
  const imported = await open(copy)
  const body = JSON.stringify(
    generateCreateBodies(1000).map((recipe, index) => ({
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: recipe.title,
      description: recipe.description,
      recipeIngredient: recipe.ingredients,
      recipeInstructions: recipe.instructions.map((text) => ({ '@type': 'HowToStep', text })),
      keywords: tagsAt(index),
      url: `https://example.com/imported/${index}`,
    })),
  )
  const cpu = process.cpuUsage()
  const started = performance.now()
  const response = await imported.app.inject({
    method: 'POST',
    url: '/api/imports/files',
    headers: { 'content-type': 'application/octet-stream' },
    payload: body,
  })
  const used = process.cpuUsage(cpu)
  const report = response.json() as { created: unknown[]; skipped: unknown[] }
  lines.push(
    `import of 1,000 recipes: ${response.statusCode}, ${report.created.length} created, ${report.skipped.length} skipped, ` +
      `${((performance.now() - started) / 1000).toFixed(2)} s, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU`,
  )
  console.error(lines.at(-1))
  await imported.app.close()
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${copy}${suffix}`, { force: true })
}
lines.push(
  `load average at the end ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
)
console.log(lines.join('\n'))
