import { InvalidRequestError, NotFoundError } from 'platform'
import { cached } from '../cache.js'
import { hasControlCharacter } from '../characters.js'
import { isoNow, type ServiceContext } from '../context.js'
import { isForeignKeyViolation } from '../database.js'
import { coded } from '../errors.js'
import { existingTagIds, linkTags, tagLinkCounts, tagsOfRecipes, unlinkAllTags } from '../tags/repository.js'
import { recipeAnswerJson, recipeListJson } from './json.js'
import {
  countMatchingRecipes,
  countOrEstimateMatches,
  countRecipes,
  deleteRecipe,
  estimateRecipeCount,
  findCommittedRecipeWithTags,
  findRecipeWithTags,
  hasIndexPlan,
  insertRecipe,
  type MatchTotal,
  newestMatchingRecipes,
  newestRecipes,
  type RecipeDraft,
  type RecipeFilter,
  type RecipeReadRow,
  type RecipeRecord,
  type RecipeRow,
  replaceRecipe,
  type SearchPlan,
  toRecipe,
} from './repository.js'
import { checkRecipeBody, describeProblems } from './rules.js'
import type { ListRecipesQuery, Recipe, RecipeBody } from './schema.js'
import { fold, isTrigramQuery } from './search.js'

export const recipeNotFound = (id: number) => new NotFoundError(`Recipe ${id} not found`)

/** The draft to store, or a 400 naming every problem of the body at once. */
export function toRecipeDraft(body: unknown): RecipeDraft {
  const { draft, problems } = checkRecipeBody(body)
  if (draft === undefined)
    throw new InvalidRequestError(describeProblems(problems), coded('invalid', problems))
  return draft
}

async function withTags(ctx: ServiceContext, records: RecipeRecord[]): Promise<Recipe[]> {
  const tags = await tagsOfRecipes(
    ctx.db,
    ctx.dialect,
    records.map((record) => record.id),
  )
  return records.map((record) => ({ ...record, tags: tags.get(record.id) ?? [] }))
}

async function readRecipe(ctx: ServiceContext, id: number): Promise<RecipeReadRow> {
  const row = ctx.reader
    ? findCommittedRecipeWithTags(ctx.reader, ctx.db, id)
    : await findRecipeWithTags(ctx.db, ctx.dialect, id)
  if (!row) throw recipeNotFound(id)
  return row
}

export const getRecipe = async (ctx: ServiceContext, id: number): Promise<Recipe> =>
  toRecipe(await readRecipe(ctx, id))

/** Get by id's answer, `{"recipe": …}`, as JSON text (json.ts). */
export const getRecipeJson = async (ctx: ServiceContext, id: number): Promise<string> =>
  recipeAnswerJson(await readRecipe(ctx, id))

/** Creates the recipe, or replaces every field of an existing one when `id` is given. */
async function writeRecipe(ctx: ServiceContext, body: RecipeBody, id?: number): Promise<Recipe> {
  const draft = toRecipeDraft(body)
  const now = isoNow(ctx)
  let record: RecipeRecord
  try {
    // An untagged recipe is a single insert, which can share a commit with concurrent ones.
    if (id === undefined && draft.tags.length === 0) {
      record = await ctx.insertRecipe(draft, now)
      return { ...record, tags: [] }
    }
    record = await ctx.db.transaction().execute(async (tx) => {
      const known = await existingTagIds(tx, draft.tags)
      const unknown = draft.tags.findIndex((tagId) => !known.has(tagId))
      if (unknown >= 0) {
        throw new InvalidRequestError(
          `tags[${unknown}] is ${draft.tags[unknown]}, which is not an existing tag`,
          coded('unknown_tag'),
        )
      }
      const written =
        id === undefined ? await insertRecipe(tx, draft, now) : await replaceRecipe(tx, id, draft, now)
      if (!written) throw recipeNotFound(id as number)
      if (id !== undefined) await unlinkAllTags(tx, written.id)
      await linkTags(tx, written.id, draft.tags)
      return written
    })
  } catch (error) {
    // A listed tag deleted by a concurrent request between the check and the link.
    if (isForeignKeyViolation(error))
      throw new InvalidRequestError('tags refers to a tag that no longer exists', coded('unknown_tag'))
    throw error
  } finally {
    ctx.reads.invalidate()
  }
  const [recipe] = await withTags(ctx, [record])
  return recipe as Recipe
}

export const createRecipe = (ctx: ServiceContext, body: RecipeBody) => writeRecipe(ctx, body)

export const replaceRecipeById = (ctx: ServiceContext, id: number, body: RecipeBody) =>
  writeRecipe(ctx, body, id)

export async function deleteRecipeById(ctx: ServiceContext, id: number): Promise<void> {
  const deleted = await deleteRecipe(ctx.db, id)
  ctx.reads.invalidate()
  if (!deleted) throw recipeNotFound(id)
}

/**
 * Picks the cheaper way to a page of trigram-query matches. A newest-first walk expects to test
 * (offset + limit) × recipes ÷ matches rows; the index visits and sorts every match, which costs about
 * as much per match as the walk does per SCAN_ROWS_PER_MATCH rows (measured on 100,000 recipes).
 */
const SCAN_BUDGET = 4_000
const SCAN_ROWS_PER_MATCH = 4

export function trigramPlan(
  page: { offset: number; limit: number },
  matches: number,
  recipes: number,
): SearchPlan {
  const walked = ((page.offset + page.limit) * recipes) / matches
  return walked <= SCAN_BUDGET || walked <= matches * SCAN_ROWS_PER_MATCH ? 'scan' : 'index'
}

/** The filter of a list query: folded text (none when blank) and distinct tag ids. */
export function filterOf(query: Pick<ListRecipesQuery, 'search' | 'tag'>): RecipeFilter {
  // The query is folded as the stored text was, so `creme` finds `crème` and the reverse.
  const text = fold(query.search ?? '')
  const tagIds = [...new Set(query.tag ?? [])].sort((a, b) => a - b)
  return text === '' ? { tagIds } : { text, tagIds }
}

/** A key naming the filter, for the read cache. */
export const filterKey = (filter: RecipeFilter) => `${filter.tagIds.join(',')}|${filter.text ?? ''}`

/** The page's answer with its recipes' tags, read in one query for the page. */
async function pageJson(ctx: ServiceContext, rows: RecipeRow[], total: number, estimated: boolean) {
  const tags = await tagsOfRecipes(
    ctx.db,
    ctx.dialect,
    rows.map((row) => Number(row.id)),
  )
  return recipeListJson(rows, tags, total, estimated)
}

/** A list page's answer (`RecipeListResponse`) as JSON text (json.ts). */
export async function listRecipesJson(ctx: ServiceContext, query: ListRecipesQuery): Promise<string> {
  const page = { offset: query.offset, limit: query.limit }
  const filter = filterOf(query)
  if (filter.text === undefined && filter.tagIds.length === 0) {
    const total = await recipeCount(ctx)
    const rows = page.offset >= total ? [] : await newestRecipes(ctx.db, page)
    return pageJson(ctx, rows, total, false)
  }
  // Stored text never holds control characters, so such a query cannot match.
  if (filter.text !== undefined && hasControlCharacter(filter.text))
    return recipeListJson([], new Map(), 0, false)

  const { total, estimated } = await cached(ctx.reads, `count?${filterKey(filter)}`, () =>
    totalOf(ctx, filter),
  )
  // Past an estimated total there may still be matches: the page query says.
  if (!estimated && page.offset >= total) return recipeListJson([], new Map(), total, false)
  const rows =
    filter.text !== undefined && isTrigramQuery(filter.text)
      ? await newestMatchingRecipes(
          ctx.db,
          ctx.dialect,
          filter,
          trigramPlan(page, total, await recipeCountForPlan(ctx)),
          page,
        )
      : filter.tagIds.length > 0
        ? await newestMatchingRecipes(
            ctx.db,
            ctx.dialect,
            await rarestTagFirst(ctx, filter),
            'tag-walk',
            page,
          )
        : await newestMatchingRecipes(ctx.db, ctx.dialect, filter, 'scan', page)
  return pageJson(ctx, rows, total, estimated)
}

/** How many recipes there are: the unfiltered list's total, counted once per write (read cache). */
const recipeCount = (ctx: ServiceContext): Promise<number> =>
  cached(ctx.reads, 'count', () => countRecipes(ctx.db))

/**
 * About how many recipes there are, for the plan choice. SQLite counts them exactly and shares the
 * unfiltered list's cached count, so a write costs one count, not two; PostgreSQL reads its estimate.
 */
const recipeCountForPlan = (ctx: ServiceContext): Promise<number> =>
  ctx.dialect === 'sqlite'
    ? recipeCount(ctx)
    : cached(ctx.reads, 'recipes-estimate', () => estimateRecipeCount(ctx.db))

/**
 * On PostgreSQL, a text filter's total is exact up to this many matches and estimated above (README,
 * "Listing and paging"): the keystroke-to-results target waits for the total of a common term.
 */
const EXACT_TOTAL_UP_TO = 1_000

async function totalOf(ctx: ServiceContext, filter: RecipeFilter): Promise<MatchTotal> {
  if (ctx.dialect === 'postgres' && filter.text !== undefined) {
    return countOrEstimateMatches(ctx.db, filter, EXACT_TOTAL_UP_TO)
  }
  // Tags alone: count the rarest tag's links having the others, on the links' index only (repository's
  // tagWalk): 2 ms for the bench's two tags at 100,000 recipes on SQLite, where the index plan's
  // grouping of both tags' links took 8 ms.
  if (filter.text === undefined && filter.tagIds.length > 0) {
    const walk = await rarestTagFirst(ctx, filter)
    return { total: await countMatchingRecipes(ctx.db, ctx.dialect, walk, 'tag-walk'), estimated: false }
  }
  const plan = hasIndexPlan(filter) ? 'index' : 'scan'
  return { total: await countMatchingRecipes(ctx.db, ctx.dialect, filter, plan), estimated: false }
}

/** The filter with its rarest tag first, the one a `tag-walk` walks (fewest links to read). */
async function rarestTagFirst(ctx: ServiceContext, filter: RecipeFilter): Promise<RecipeFilter> {
  if (filter.tagIds.length < 2) return filter
  const counts = await cached(ctx.reads, `links?${filter.tagIds.join(',')}`, () =>
    tagLinkCounts(ctx.db, filter.tagIds),
  )
  const tagIds = [...filter.tagIds].sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0))
  return { ...filter, tagIds }
}
