import { InvalidRequestError } from 'platform'
import type { ServiceContext } from '../context.js'
import { fetchPage } from '../fetching/fetch-page.js'
import { fullImagesOf } from '../recipes/images/repository.js'
import { setRecipeImage } from '../recipes/images/service.js'
import { allMatchingRecipes, findRecipeIdBySource } from '../recipes/repository.js'
import { checkRecipeBody, describeProblems } from '../recipes/rules.js'
import { createRecipe, filterOf } from '../recipes/service.js'
import { sourceKeyOf } from '../recipes/source-url.js'
import { tagsOfRecipes } from '../tags/repository.js'
import { TAG_NAME_MAX } from '../tags/schema.js'
import { allTags, createTag } from '../tags/service.js'
import type { Candidate } from './candidate.js'
import { readExport } from './formats.js'
import { recipeFromHtml } from './html.js'
import { recipeToSchemaOrg } from './schema-org.js'

/** A recipe read from a page, for a person to review in the form before saving it. */
export interface ImportDraft {
  draft: Omit<Candidate, 'tagNames' | 'image' | 'imageUrl'>
  tagNames: string[]
  /** The page's image, for the client to have downloaded once the recipe is saved. */
  imageUrl?: string
  /** A recipe already taken from the same page (same normalized source link). */
  duplicateOf?: number
}

async function toDraft(ctx: ServiceContext, found: Candidate | undefined): Promise<ImportDraft> {
  if (!found) {
    throw new InvalidRequestError('The page has no schema.org Recipe (neither JSON-LD nor microdata)')
  }
  const { tagNames, image: _image, imageUrl, ...draft } = found
  const duplicateOf =
    draft.sourceUrl === undefined ? undefined : await findRecipeIdBySource(ctx.db, draft.sourceUrl)
  return {
    draft,
    tagNames,
    ...(imageUrl === undefined ? {} : { imageUrl }),
    ...(duplicateOf === undefined ? {} : { duplicateOf }),
  }
}

export async function draftFromUrl(ctx: ServiceContext, url: string): Promise<ImportDraft> {
  const page = await fetchPage(url, ctx.config.IMPORT_ALLOW_PRIVATE_URLS)
  return toDraft(ctx, await recipeFromHtml(page.html, page.url))
}

export const draftFromHtml = async (ctx: ServiceContext, html: string, url?: string) =>
  toDraft(ctx, await recipeFromHtml(html, url))

export interface ImportReport {
  /** `imageSkipped`: the recipe was created, but the image it carried could not be read. */
  created: { label: string; id: number; title: string; imageSkipped?: string }[]
  skipped: { label: string; title?: string; reason: string }[]
}

/** Tag ids for names, creating the tags that do not exist yet (names are unique ignoring case). */
async function tagIdsFor(
  ctx: ServiceContext,
  names: string[],
  known: Map<string, number>,
): Promise<number[]> {
  const ids: number[] = []
  for (const raw of names) {
    const name = Array.from(raw.trim()).slice(0, TAG_NAME_MAX).join('').trim()
    if (name === '') continue
    let id = known.get(name.toLowerCase())
    if (id === undefined) {
      id = (await createTag(ctx, name)).id
      known.set(name.toLowerCase(), id)
    }
    if (!ids.includes(id)) ids.push(id)
  }
  return ids
}

/**
 * Imports every recipe of an export file. A recipe is skipped, with the reason, when it cannot be read,
 * when it breaks the recipe rules, or when a recipe from the same source link already exists (in the
 * database, or earlier in the same file).
 */
export async function importFile(ctx: ServiceContext, bytes: Uint8Array): Promise<ImportReport> {
  const report: ImportReport = { created: [], skipped: [] }
  const known = new Map((await allTags(ctx)).map((tag) => [tag.name.toLowerCase(), tag.id]))
  const sources = new Map<string, number>()
  for (const entry of readExport(bytes)) {
    const found = entry.candidate
    if (!found) {
      report.skipped.push({ label: entry.label, reason: entry.failure ?? 'unreadable' })
      continue
    }
    const skip = (reason: string) =>
      report.skipped.push({ label: entry.label, ...(found.title ? { title: found.title } : {}), reason })
    const { tagNames, image, imageUrl: _imageUrl, ...fields } = found
    const check = checkRecipeBody({ ...fields, tags: [] })
    if (!check.draft) {
      skip(describeProblems(check.problems))
      continue
    }
    if (fields.sourceUrl !== undefined) {
      const key = sourceKeyOf(fields.sourceUrl)
      const existing = sources.get(key) ?? (await findRecipeIdBySource(ctx.db, fields.sourceUrl))
      if (existing !== undefined) {
        skip(`recipe ${existing} comes from the same source link`)
        continue
      }
    }
    const recipe = await createRecipe(ctx, { ...check.draft, tags: await tagIdsFor(ctx, tagNames, known) })
    if (recipe.sourceUrl !== undefined) sources.set(sourceKeyOf(recipe.sourceUrl), recipe.id)
    const imageSkipped = image === undefined ? undefined : await attachImage(ctx, recipe.id, image)
    report.created.push({
      label: entry.label,
      id: recipe.id,
      title: recipe.title,
      ...(imageSkipped === undefined ? {} : { imageSkipped }),
    })
  }
  return report
}

/** Stores an imported recipe's image; why not, when it cannot be read (the recipe stays). */
async function attachImage(ctx: ServiceContext, recipeId: number, image: Uint8Array) {
  try {
    await setRecipeImage(ctx, recipeId, image)
    return undefined
  } catch (error) {
    if (error instanceof InvalidRequestError) return error.message
    throw error
  }
}

/** The recipes matching a list query (all of them without one), as schema.org JSON, newest first. */
export async function exportRecipes(ctx: ServiceContext, query: { search?: string; tag?: number[] }) {
  const filter = filterOf(query)
  const exported: Record<string, unknown>[] = []
  for await (const page of allMatchingRecipes(ctx.db, ctx.dialect, filter)) {
    const ids = page.map((record) => record.id)
    const tags = await tagsOfRecipes(ctx.db, ids)
    const images = await fullImagesOf(
      ctx.db,
      page.filter((record) => record.image !== undefined).map((record) => record.id),
    )
    for (const record of page)
      exported.push(recipeToSchemaOrg({ ...record, tags: tags.get(record.id) ?? [] }, images.get(record.id)))
  }
  return exported
}
