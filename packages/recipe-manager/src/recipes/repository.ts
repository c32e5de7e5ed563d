import { type RawBuilder, type Selectable, sql } from 'kysely'
import { createGroupCommit, type DialectName, type SqliteReader } from 'platform'
import type { Db, DbOrTx } from '../database.js'
import { reusableQuery } from '../repository.js'
import type { Tag } from '../tags/schema.js'
import type { RecipeDraft } from './rules.js'
import { fts5Phrase, isTrigramQuery, likeContains, searchTextOf } from './search.js'
import { sourceKeyOf } from './source-url.js'
import type { RecipesTable } from './tables.js'

export type { RecipeDraft }

/** A recipe's own fields. Absent optional fields are absent properties, never null. */
type RecipeFields = Omit<RecipeDraft, 'tags'>

/** Where a recipe's image is served, and its size in pixels (of the full image). */
export interface RecipeImageRef {
  url: string
  thumbnailUrl: string
  width: number
  height: number
}

/** A stored recipe without its tags. */
export interface RecipeRecord extends RecipeFields {
  id: number
  createdAt: string
  updatedAt: string
  image?: RecipeImageRef
}

/** The image's addresses hold its hash, so they can be cached for good: a new image has new ones. */
export const imagePaths = (recipeId: number, hash: string) => ({
  url: `/api/recipes/${recipeId}/image/${hash}.webp`,
  thumbnailUrl: `/api/recipes/${recipeId}/image/${hash}-thumb.webp`,
})

const columns = [
  'id',
  'title',
  'description',
  'ingredients',
  'instructions',
  'servings',
  'source_url',
  'notes',
  'created_at',
  'updated_at',
  'image_hash',
  'image_width',
  'image_height',
] as const

/** A recipe's columns as stored: `ingredients` and `instructions` are JSON text. */
export type RecipeRow = Pick<Selectable<RecipesTable>, (typeof columns)[number]>

/**
 * A recipe as get by id reads it: its columns and its tags as JSON text, `[{"id":…,"name":…}, …]`
 * ordered by name, aggregated by the database in the same statement. recipes/json.ts writes the answer
 * from it without parsing either.
 */
export type RecipeReadRow = RecipeRow & { tags_json: string }

/** The row as an object of the API's Recipe shape (for answers that are not written from text). */
export const toRecipe = (row: RecipeReadRow): RecipeRecord & { tags: Tag[] } => ({
  ...toRecord(row),
  tags: JSON.parse(row.tags_json) as Tag[],
})

/**
 * The JSON text of the recipe's tags, ordered by name (a correlated subquery on `recipeId`), written
 * without spaces as JSON.stringify writes it. On SQLite the inner select orders the rows the aggregate
 * reads; on PostgreSQL the text is put together, as `json_build_object` would put spaces in it.
 */
const tagsJson = (dialect: DialectName, recipeId: RawBuilder<unknown>) =>
  dialect === 'sqlite'
    ? sql<string>`(select json_group_array(json_object('id', tagged.id, 'name', tagged.name)) from (
        select tags.id, tags.name from recipe_tags join tags on tags.id = recipe_tags.tag_id
        where recipe_tags.recipe_id = ${recipeId} order by tags.name_key, tags.id) as tagged)`
    : sql<string>`(select '[' || coalesce(string_agg('{"id":' || tags.id || ',"name":' || to_json(tags.name)::text || '}',
        ',' order by tags.name_key, tags.id), '') || ']'
        from recipe_tags join tags on tags.id = recipe_tags.tag_id where recipe_tags.recipe_id = ${recipeId})`

/**
 * The recipe columns of the `recipes` table, built once: a page query built them anew on every request
 * (13 references parsed, about 2% of an uncached page's CPU in the profile).
 */
const recipeColumns = sql.join(columns.map((column) => sql.ref(`recipes.${column}`)))

/** The rows of a page query (`columns` of recipes, newest first). */
async function pageRows(db: DbOrTx, page: RawBuilder<unknown>): Promise<RecipeRow[]> {
  const { rows } = await sql<RecipeRow>`${page}`.execute(db)
  return rows
}

function toRecord(row: RecipeRow): RecipeRecord {
  const record: RecipeRecord = {
    id: Number(row.id),
    title: row.title,
    ingredients: JSON.parse(row.ingredients) as string[],
    instructions: JSON.parse(row.instructions) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
  if (row.description !== null) record.description = row.description
  if (row.servings !== null) record.servings = Number(row.servings)
  if (row.source_url !== null) record.sourceUrl = row.source_url
  if (row.notes !== null) record.notes = row.notes
  if (row.image_hash !== null) {
    record.image = {
      ...imagePaths(record.id, row.image_hash),
      width: Number(row.image_width),
      height: Number(row.image_height),
    }
  }
  return record
}

function toRow(draft: RecipeDraft) {
  return {
    title: draft.title,
    description: draft.description ?? null,
    ingredients: JSON.stringify(draft.ingredients),
    instructions: JSON.stringify(draft.instructions),
    servings: draft.servings ?? null,
    source_url: draft.sourceUrl ?? null,
    notes: draft.notes ?? null,
    search_text: searchTextOf(draft),
    source_key: draft.sourceUrl === undefined ? null : sourceKeyOf(draft.sourceUrl),
  }
}

export async function insertRecipe(db: DbOrTx, draft: RecipeDraft, now: string): Promise<RecipeRecord> {
  const row = await db
    .insertInto('recipes')
    .values({ ...toRow(draft), created_at: now, updated_at: now })
    .returning(columns)
    .executeTakeFirstOrThrow()
  return toRecord(row)
}

/**
 * `insertRecipe` for concurrent callers: inserts that arrive while others are being written share one
 * transaction (group commit). Each promise settles once its own row has committed.
 */
export function groupedRecipeInserts(db: Db): (draft: RecipeDraft, now: string) => Promise<RecipeRecord> {
  const insert = createGroupCommit<{ draft: RecipeDraft; now: string }, RecipeRecord>({
    maxBatch: 64,
    writeOne: ({ draft, now }) => insertRecipe(db, draft, now),
    writeBatch: (items) =>
      db.transaction().execute(async (tx) => {
        const records: RecipeRecord[] = []
        for (const { draft, now } of items) records.push(await insertRecipe(tx, draft, now))
        return records
      }),
  })
  return (draft, now) => insert({ draft, now })
}

export async function replaceRecipe(
  db: DbOrTx,
  id: number,
  draft: RecipeDraft,
  now: string,
): Promise<RecipeRecord | undefined> {
  const row = await db
    .updateTable('recipes')
    .set({ ...toRow(draft), updated_at: now })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst()
  return row && toRecord(row)
}

/** Deletes the recipe; its tag links go with it (foreign key cascade). False when there was none. */
export async function deleteRecipe(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('recipes').where('id', '=', id).executeTakeFirst()
  return result.numDeletedRows > 0n
}

/**
 * A recipe with its tags (ordered by name) in one statement, for get by id: one query instead of two.
 * The tags come as one JSON text of `[id, name]` pairs, aggregated in the order of the tag list.
 */
const recipeWithTags = reusableQuery(
  (dialect, slot) => sql<RecipeReadRow>`
    select ${recipeColumns}, ${tagsJson(dialect, sql.ref('recipes.id'))} as tags_json
    from recipes where id = ${slot(0)}`,
)

export async function findRecipeWithTags(
  db: DbOrTx,
  dialect: DialectName,
  id: number,
): Promise<RecipeReadRow | undefined> {
  return (await recipeWithTags(db, dialect, [id]))[0]
}

/** The same read on SQLite's reader connection, synchronously (the service context's `reader`). */
export const findCommittedRecipeWithTags = (reader: SqliteReader, db: DbOrTx, id: number) =>
  recipeWithTags.firstOnReader(reader, db, [id])

export async function recipeExists(db: DbOrTx, id: number): Promise<boolean> {
  const row = await db.selectFrom('recipes').select('id').where('id', '=', id).executeTakeFirst()
  return row !== undefined
}

export async function countRecipes(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('recipes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/**
 * About how many recipes there are on PostgreSQL, for choosing a search plan only: the planner's row
 * count of the table (kept by autovacuum's `ANALYZE`), read in well under a millisecond, where `count(*)`
 * read the whole table on every search (5–13 ms at 100,000 recipes; on PostgreSQL the read cache is off
 * by default). Counted when the table has no statistics yet. (SQLite counts: service.ts.)
 */
export async function estimateRecipeCount(db: DbOrTx): Promise<number> {
  const { rows } = await sql<{ estimate: number | string | null }>`
    select reltuples as estimate from pg_class where oid = to_regclass('recipes')
  `.execute(db)
  const estimate = Number(rows[0]?.estimate ?? -1)
  return estimate >= 0 ? estimate : countRecipes(db)
}

export interface Page {
  offset: number
  limit: number
}

/**
 * One page of the recipes (those matching `where`), newest first: by id, descending, which is the order
 * they were added in (ids only grow; README "Listing and paging"). Walking the primary key reads each
 * row once, where an order on `created_at` read an index entry and then the row.
 */
const newestPage = (page: Page, where: RawBuilder<boolean>) => sql`
  select ${recipeColumns} from recipes where ${where}
  order by recipes.id desc limit ${page.limit} offset ${page.offset}`

export const newestRecipes = (db: DbOrTx, page: Page): Promise<RecipeRow[]> =>
  pageRows(db, newestPage(page, sql<boolean>`1 = 1`))

/**
 * What a list keeps: recipes whose search text contains `text` (already folded; absent means any) and
 * that carry every tag in `tagIds` (distinct ids; empty means any).
 */
export interface RecipeFilter {
  text?: string
  tagIds: readonly number[]
}

/**
 * How a filtered list reaches the rows. `index`: an index finds every candidate (the trigram index for
 * a text of three or more code points, else the tag links), which are then checked and sorted (cheap
 * when matches are few). `scan`: walk recipes newest first, testing each row, and stop after the page
 * (cheap when matches are dense, and the only way for a short text without tags). `tag-walk`: walk the
 * links of the filter's first tag newest first (they carry the recipe's creation time), testing the
 * other tags and the text, and stop after the page; it reads fewer rows than `scan` by the share of
 * recipes carrying that tag, and never more than that tag's links.
 */
export type SearchPlan = 'index' | 'scan' | 'tag-walk'

/** Whether the `index` plan exists for this filter. */
export const hasIndexPlan = (filter: RecipeFilter) =>
  (filter.text !== undefined && isTrigramQuery(filter.text)) || filter.tagIds.length > 0

/**
 * The row's search text contains the folded query. PostgreSQL: LIKE, which the trigram index serves
 * and which scans UTF-8 faster than strpos. SQLite: instr, as LIKE there folds ASCII case only.
 */
const containsPredicate = (dialect: DialectName, normalized: string) =>
  dialect === 'postgres'
    ? sql<boolean>`recipes.search_text like ${likeContains(normalized)}`
    : sql<boolean>`instr(recipes.search_text, ${normalized}) > 0`

/** The recipe whose id is `recipeId` (`recipes.id` unless given) carries the tag. */
const hasTagPredicate = (tagId: number, recipeId: RawBuilder<unknown> = sql.ref('recipes.id')) =>
  sql<boolean>`exists (select 1 from recipe_tags where recipe_tags.recipe_id = ${recipeId} and recipe_tags.tag_id = ${tagId})`

/**
 * SQLite's trigram index: the ids of the recipes whose search text holds `text` (three or more code
 * points) and that pass `tests` on `recipes_fts.rowid`, with the page's order and limit when given.
 */
const ftsMatches = (text: string, tests: RawBuilder<boolean>[] = [], page?: Page) =>
  sql`select rowid as id from recipes_fts
    where recipes_fts match ${fts5Phrase(text)} and ${conjunction(tests)}
    ${page ? sql`order by rowid desc limit ${page.limit} offset ${page.offset}` : sql``}`

/** The ids of the index plan's candidates, and the predicates they still have to pass. */
function candidates(dialect: DialectName, filter: RecipeFilter) {
  if (filter.text !== undefined && isTrigramQuery(filter.text)) {
    const ids =
      dialect === 'sqlite'
        ? ftsMatches(filter.text)
        : sql`select id from recipes where ${containsPredicate(dialect, filter.text)}`
    return { ids, remaining: filter.tagIds.map((tagId) => hasTagPredicate(tagId)) }
  }
  const ids = sql`select recipe_id as id from recipe_tags where tag_id in (${sql.join(filter.tagIds)})
    group by recipe_id having count(*) = ${filter.tagIds.length}`
  return { ids, remaining: filter.text === undefined ? [] : [containsPredicate(dialect, filter.text)] }
}

const allPredicates = (dialect: DialectName, filter: RecipeFilter) => [
  ...(filter.text === undefined ? [] : [containsPredicate(dialect, filter.text)]),
  ...filter.tagIds.map((tagId) => hasTagPredicate(tagId)),
]

const conjunction = (predicates: RawBuilder<boolean>[]) =>
  predicates.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`${sql.join(predicates, sql` and `)}`

/**
 * The `tag-walk` plan: the links of the first tag (newest first through the `(tag_id, recipe_id)`
 * index) and the remaining tests, the other tags tested on the
 * link's recipe id. The recipes are joined only when `withRecipes` (the page reads their columns) or
 * when the text is tested: counting a tag filter without text then reads only the links' index, where
 * reading each recipe's row made SQLite's count of the bench's two tags 10 times slower (23 ms against
 * 2 ms at 100,000 recipes).
 */
function tagWalk(dialect: DialectName, filter: RecipeFilter, withRecipes: boolean) {
  const [walked, ...others] = filter.tagIds
  const tests = [
    ...(filter.text === undefined ? [] : [containsPredicate(dialect, filter.text)]),
    ...others.map((tagId) => hasTagPredicate(tagId, sql.ref('walked.recipe_id'))),
  ]
  const join =
    withRecipes || filter.text !== undefined ? sql`join recipes on recipes.id = walked.recipe_id` : sql``
  return sql`recipe_tags as walked ${join} where walked.tag_id = ${walked} and ${conjunction(tests)}`
}

export async function countMatchingRecipes(
  db: DbOrTx,
  dialect: DialectName,
  filter: RecipeFilter,
  plan: SearchPlan,
): Promise<number> {
  if (plan === 'tag-walk') {
    const { rows } = await sql<{ count: number | string }>`
      select count(*) as count from ${tagWalk(dialect, filter, false)}
    `.execute(db)
    return Number(rows[0]?.count ?? 0)
  }
  if (plan === 'index') {
    const { ids, remaining } = candidates(dialect, filter)
    const { rows } =
      remaining.length === 0
        ? await sql<{ count: number | string }>`select count(*) as count from (${ids}) as matches`.execute(db)
        : await sql<{ count: number | string }>`
            with matches as materialized (${ids})
            select count(*) as count from matches join recipes on recipes.id = matches.id
            where ${conjunction(remaining)}
          `.execute(db)
    return Number(rows[0]?.count ?? 0)
  }
  const row = await db
    .selectFrom('recipes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(conjunction(allPredicates(dialect, filter)))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** A list's total: exact, or PostgreSQL's estimate of a large one (`countOrEstimateMatches`). */
export interface MatchTotal {
  total: number
  estimated: boolean
}

/**
 * PostgreSQL's total of a text filter: exact up to `exactUpTo`, which costs at most that many matching
 * rows; above it, the planner's estimate of the matches (pg_trgm's statistics), never below
 * `exactUpTo + 1`. Counting a term held by 30% of 100,000 recipes read every matching heap row (45–90 ms
 * on a quiet machine), and the first page of each new query waited for it.
 */
export async function countOrEstimateMatches(
  db: DbOrTx,
  filter: RecipeFilter,
  exactUpTo: number,
): Promise<MatchTotal> {
  const where = conjunction(allPredicates('postgres', filter))
  const { rows } = await sql<{ count: number | string }>`
    select count(*) as count from (select 1 from recipes where ${where} limit ${exactUpTo + 1}) as capped
  `.execute(db)
  const counted = Number(rows[0]?.count ?? 0)
  if (counted <= exactUpTo) return { total: counted, estimated: false }
  const explained = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
    explain (format json) select 1 from recipes where ${where}
  `.execute(db)
  const estimate = explained.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0
  return { total: Math.max(exactUpTo + 1, Math.round(estimate)), estimated: true }
}

export async function newestMatchingRecipes(
  db: DbOrTx,
  dialect: DialectName,
  filter: RecipeFilter,
  plan: SearchPlan,
  page: Page,
): Promise<RecipeRow[]> {
  if (plan === 'scan') return pageRows(db, newestPage(page, conjunction(allPredicates(dialect, filter))))
  if (plan === 'tag-walk') {
    // The (tag_id, recipe_id) index gives the order, so the walk stops after the page.
    return pageRows(
      db,
      sql`select ${recipeColumns} from ${tagWalk(dialect, filter, true)}
        order by walked.recipe_id desc
        limit ${page.limit} offset ${page.offset}`,
    )
  }
  // Only the page's rows are read whole, after the page's ids are known.
  return pageRows(
    db,
    sql`with page as materialized (${pageIds(dialect, filter, page)})
      select ${recipeColumns} from page join recipes on recipes.id = page.id
      order by page.id desc`,
  )
}

/**
 * The ids of the `index` plan's page, newest first. SQLite: FTS5 returns its matches in descending rowid
 * (recipe id) order itself, testing the tags on each, and stops after the page: at 100,000 recipes the
 * bench's selective page took 60 µs of SQLite instead of 110–130 µs to sort every match by creation
 * time. PostgreSQL: the trigram index's matches, materialized so the planner cannot walk the primary key
 * instead, sorted by id (a top-N sort of ids).
 */
function pageIds(dialect: DialectName, filter: RecipeFilter, page: Page) {
  if (dialect === 'sqlite' && filter.text !== undefined && isTrigramQuery(filter.text)) {
    const tests = filter.tagIds.map((tagId) => hasTagPredicate(tagId, sql.ref('recipes_fts.rowid')))
    return ftsMatches(filter.text, tests, page)
  }
  const { ids, remaining } = candidates(dialect, filter)
  const join = remaining.length === 0 ? sql`` : sql`join recipes on recipes.id = matches.id`
  return sql`with matches as materialized (${ids})
    select matches.id from matches ${join} where ${conjunction(remaining)}
    order by matches.id desc limit ${page.limit} offset ${page.offset}`
}

/** The id of a recipe taken from the same page (by normalized source link), if there is one. */
export async function findRecipeIdBySource(db: DbOrTx, sourceUrl: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('recipes')
    .select('id')
    .where('source_key', '=', sourceKeyOf(sourceUrl))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return row && Number(row.id)
}

/** The oldest recipe of each of these source keys (an import's duplicate check), in one query per 500 keys. */
export async function recipeIdsBySourceKey(
  db: DbOrTx,
  keys: readonly string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  const distinct = [...new Set(keys)]
  for (let first = 0; first < distinct.length; first += 500) {
    const rows = await db
      .selectFrom('recipes')
      .select((eb) => ['source_key', eb.fn.min('id').as('id')])
      .where('source_key', 'in', distinct.slice(first, first + 500))
      .groupBy('source_key')
      .execute()
    for (const row of rows) found.set(row.source_key as string, Number(row.id))
  }
  return found
}

/** Every recipe matching the filter, newest first (for an export), a page at a time. */
export async function* allMatchingRecipes(
  db: DbOrTx,
  dialect: DialectName,
  filter: RecipeFilter,
): AsyncGenerator<RecipeRecord[]> {
  const limit = 500
  for (let offset = 0; ; offset += limit) {
    const page =
      filter.text === undefined && filter.tagIds.length === 0
        ? await newestRecipes(db, { offset, limit })
        : await newestMatchingRecipes(db, dialect, filter, 'scan', { offset, limit })
    if (page.length > 0) yield page.map(toRecord)
    if (page.length < limit) return
  }
}
