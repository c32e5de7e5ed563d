import { InvalidRequestError, NotFoundError } from 'platform'
import { cached } from '../cache.js'
import { isoNow, type ServiceContext } from '../context.js'
import { isForeignKeyViolation } from '../database.js'
import { existingTagIds, linkTags, tagsOfRecipes, unlinkAllTags } from '../tags/repository.js'
import { hasControlCharacter, optionalText, requiredText } from '../text.js'
import {
  countMatchingRecipes,
  countRecipes,
  deleteRecipe,
  findRecipe,
  insertRecipe,
  newestMatchingRecipes,
  newestRecipes,
  type RecipeDraft,
  type RecipeRecord,
  replaceRecipe,
  type SearchPlan,
} from './repository.js'
import { type ListRecipesQuery, RECIPE_LIMITS, type Recipe, type RecipeBody } from './schema.js'
import { isTrigramQuery, normalizeQuery } from './search.js'

export const recipeNotFound = (id: number) => new NotFoundError(`Recipe ${id} not found`)

/** Trims and checks what the body schema cannot express; the result is what gets stored. */
export function toRecipeDraft(body: RecipeBody): RecipeDraft {
  const draft: RecipeDraft = {
    title: requiredText('title', body.title, RECIPE_LIMITS.title),
    ingredients: body.ingredients.map((item, index) =>
      requiredText(`ingredients[${index}]`, item, RECIPE_LIMITS.ingredient),
    ),
    instructions: body.instructions.map((item, index) =>
      requiredText(`instructions[${index}]`, item, RECIPE_LIMITS.instruction),
    ),
    tags: [...new Set(body.tags ?? [])],
  }
  const description = optionalText('description', body.description, RECIPE_LIMITS.description)
  if (description !== undefined) draft.description = description
  const notes = optionalText('notes', body.notes, RECIPE_LIMITS.notes)
  if (notes !== undefined) draft.notes = notes
  if (body.servings !== undefined) draft.servings = body.servings
  if (body.sourceUrl !== undefined) draft.sourceUrl = httpUrl(body.sourceUrl)
  return draft
}

function httpUrl(value: string): string {
  const text = requiredText('sourceUrl', value, RECIPE_LIMITS.sourceUrl)
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new InvalidRequestError('sourceUrl must be an http or https URL')
  }
  return text
}

async function withTags(ctx: ServiceContext, records: RecipeRecord[]): Promise<Recipe[]> {
  const tags = await tagsOfRecipes(
    ctx.db,
    records.map((record) => record.id),
  )
  return records.map((record) => ({ ...record, tags: tags.get(record.id) ?? [] }))
}

export async function getRecipe(ctx: ServiceContext, id: number): Promise<Recipe> {
  // Both queries at once: on PostgreSQL that is one round trip of waiting instead of two.
  const [record, tags] = await Promise.all([findRecipe(ctx.db, id), tagsOfRecipes(ctx.db, [id])])
  if (!record) throw recipeNotFound(id)
  return { ...record, tags: tags.get(id) ?? [] }
}

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
      throw new InvalidRequestError('tags refers to a tag that no longer exists')
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

export async function listRecipes(
  ctx: ServiceContext,
  query: ListRecipesQuery,
): Promise<{ recipes: Recipe[]; total: number }> {
  const page = { offset: query.offset, limit: query.limit }
  const normalized = normalizeQuery(query.search ?? '')
  if (normalized === '') {
    const total = await cached(ctx.reads, 'count', () => countRecipes(ctx.db))
    const records = page.offset >= total ? [] : await newestRecipes(ctx.db, page)
    return { recipes: await withTags(ctx, records), total }
  }
  // Stored text never holds control characters, so such a query cannot match.
  if (hasControlCharacter(normalized)) return { recipes: [], total: 0 }

  const trigram = isTrigramQuery(normalized)
  const total = await cached(ctx.reads, `count?${normalized}`, () =>
    countMatchingRecipes(ctx.db, ctx.dialect, normalized, trigram ? 'index' : 'scan'),
  )
  if (page.offset >= total) return { recipes: [], total }
  let plan: SearchPlan = 'scan'
  if (trigram) plan = trigramPlan(page, total, await cached(ctx.reads, 'count', () => countRecipes(ctx.db)))
  const records = await newestMatchingRecipes(ctx.db, ctx.dialect, normalized, plan, page)
  return { recipes: await withTags(ctx, records), total }
}
