import { setImmediate } from 'node:timers/promises'
import { AppError, InvalidRequestError } from 'platform'
import { isoNow, type ServiceContext } from '../context.js'
import type { DbOrTx } from '../database.js'
import { coded } from '../errors.js'
import { fetchPage } from '../fetching/fetch-page.js'
import { fullImagesOf } from '../recipes/images/repository.js'
import { setRecipeImage } from '../recipes/images/service.js'
import {
  allMatchingRecipes,
  findRecipeIdBySource,
  insertRecipe,
  type RecipeDraft,
  recipeIdsBySourceKey,
} from '../recipes/repository.js'
import { checkRecipeBody, describeProblems } from '../recipes/rules.js'
import { filterOf } from '../recipes/service.js'
import { sourceKeyOf } from '../recipes/source-url.js'
import { insertTag, linkTags, tagsOfRecipes } from '../tags/repository.js'
import { TAG_NAME_MAX } from '../tags/schema.js'
import { allTags } from '../tags/service.js'
import type { Candidate } from './candidate.js'
import { ArchiveTooLargeError, readExport } from './formats.js'
import { recipeFromHtml } from './html.js'
import type { ImportReport } from './schema.js'
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
    throw new InvalidRequestError(
      'The page has no schema.org Recipe (neither JSON-LD nor microdata)',
      coded('no_recipe'),
    )
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

/** Tag ids for names, creating the tags that do not exist yet (names are unique ignoring case). */
async function tagIdsFor(
  tx: DbOrTx,
  names: string[],
  known: Map<string, number>,
  now: string,
): Promise<number[]> {
  const ids: number[] = []
  for (const raw of names) {
    const name = Array.from(raw.trim()).slice(0, TAG_NAME_MAX).join('').trim()
    if (name === '') continue
    let id = known.get(name.toLowerCase())
    if (id === undefined) {
      id = (await insertTag(tx, name, now)).id
      known.set(name.toLowerCase(), id)
    }
    if (!ids.includes(id)) ids.push(id)
  }
  return ids
}

/** An entry of the file that passed the checks, waiting for the write. */
interface Accepted {
  label: string
  /** As the file gave it, for a skip's report. */
  title?: string
  draft: RecipeDraft
  tagNames: string[]
  image?: Uint8Array
  sourceKey?: string
}

type Outcome = ImportReport['created'][number] | { skipped: ImportReport['skipped'][number] }

/** Reads and checks each entry of the file into `outcomes`, letting other requests in between entries. */
async function readEntries(bytes: Uint8Array, outcomes: (Outcome | Accepted)[]): Promise<void> {
  for (const entry of readExport(bytes)) {
    await letOthersIn(outcomes.length)
    const found = entry.candidate
    if (!found) {
      outcomes.push({
        skipped: { label: entry.label, reason: entry.failure ?? 'unreadable', code: 'unreadable' },
      })
      continue
    }
    const { tagNames, image, imageUrl: _imageUrl, ...fields } = found
    const check = checkRecipeBody({ ...fields, tags: [] })
    if (!check.draft) {
      const title = found.title ? { title: found.title } : {}
      const reason = describeProblems(check.problems)
      outcomes.push({
        skipped: { label: entry.label, ...title, reason, code: 'invalid', problems: check.problems },
      })
      continue
    }
    outcomes.push({
      label: entry.label,
      ...(found.title ? { title: found.title } : {}),
      draft: check.draft,
      tagNames,
      ...(image === undefined ? {} : { image }),
      ...(fields.sourceUrl === undefined ? {} : { sourceKey: sourceKeyOf(fields.sourceUrl) }),
    })
  }
}

/**
 * Imports every recipe of an export file. A recipe is skipped, with the reason, when it cannot be read,
 * when it breaks the recipe rules, or when a recipe from the same source link already exists (in the
 * database, or earlier in the same file). The file is read and checked first, the existing source
 * links looked up in one query, and every recipe, link and new tag written in one transaction: one
 * commit for the file instead of one per recipe (13.3 s for 1,000 recipes in the HTTP bench before).
 * Images are stored after the commit, each on its own, as a bad image skips only itself.
 */
export async function importFile(ctx: ServiceContext, bytes: Uint8Array): Promise<ImportReport> {
  const outcomes: (Outcome | Accepted)[] = []
  try {
    await readEntries(bytes, outcomes)
  } catch (error) {
    if (error instanceof ArchiveTooLargeError) {
      throw new AppError('payload_too_large', error.message, coded('archive_too_large'))
    }
    throw error
  }
  const accepted = outcomes.filter((outcome): outcome is Accepted => 'draft' in outcome)
  const sources = await recipeIdsBySourceKey(
    ctx.db,
    accepted.flatMap((item) => (item.sourceKey === undefined ? [] : [item.sourceKey])),
  )
  const known = new Map((await allTags(ctx)).map((tag) => [tag.name.toLowerCase(), tag.id]))
  const now = isoNow(ctx)
  const written = new Map<Accepted, Outcome>()
  try {
    await ctx.db.transaction().execute(async (tx) => {
      for (const [index, item] of accepted.entries()) {
        await letOthersIn(index)
        const existing = item.sourceKey === undefined ? undefined : sources.get(item.sourceKey)
        if (existing !== undefined) {
          const reason = `recipe ${existing} comes from the same source link`
          const title = item.title === undefined ? {} : { title: item.title }
          written.set(item, {
            skipped: { label: item.label, ...title, reason, code: 'duplicate', recipeId: existing },
          })
          continue
        }
        const tagIds = await tagIdsFor(tx, item.tagNames, known, now)
        const record = await insertRecipe(tx, { ...item.draft, tags: tagIds }, now)
        await linkTags(tx, record.id, tagIds)
        if (item.sourceKey !== undefined) sources.set(item.sourceKey, record.id)
        written.set(item, { label: item.label, id: record.id, title: record.title })
      }
    })
  } finally {
    ctx.reads.invalidate()
  }
  const report: ImportReport = { created: [], skipped: [] }
  for (const outcome of outcomes) {
    const result = 'draft' in outcome ? (written.get(outcome) as Outcome) : outcome
    if ('skipped' in result) {
      report.skipped.push(result.skipped)
      continue
    }
    const image = 'draft' in outcome ? outcome.image : undefined
    const imageSkipped = image === undefined ? undefined : await attachImage(ctx, result.id, image)
    report.created.push({ ...result, ...(imageSkipped === undefined ? {} : { imageSkipped }) })
  }
  return report
}

/**
 * Every `RECIPES_PER_TURN` recipes, lets the event loop serve other requests. better-sqlite3 is
 * synchronous, so without a pause an import's checks and its transaction held the process: a get by id
 * waited for the whole import (about 0.5 s for 1,000 recipes, BENCHMARKS.md). Inside the transaction,
 * gets by id read the last commit on SQLite's reader connection and answer; other queries wait for the
 * transaction's connection as before.
 */
async function letOthersIn(done: number) {
  if (done > 0 && done % RECIPES_PER_TURN === 0) await setImmediate()
}
const RECIPES_PER_TURN = 20

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
    const tags = await tagsOfRecipes(ctx.db, ctx.dialect, ids)
    const images = await fullImagesOf(
      ctx.db,
      page.filter((record) => record.image !== undefined).map((record) => record.id),
    )
    for (const record of page)
      exported.push(recipeToSchemaOrg({ ...record, tags: tags.get(record.id) ?? [] }, images.get(record.id)))
  }
  return exported
}
