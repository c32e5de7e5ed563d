import { sql } from 'kysely'
import type { DialectName } from 'platform'
import type { DbOrTx } from '../database.js'
import { reusableQuery } from '../repository.js'
import type { Tag } from './schema.js'

/** The key that makes tag names unique ignoring case. */
export const nameKeyOf = (name: string) => name.toLowerCase()

const toTag = (row: { id: number; name: string }): Tag => ({ id: Number(row.id), name: row.name })

export async function listTags(db: DbOrTx): Promise<Tag[]> {
  const rows = await db.selectFrom('tags').select(['id', 'name']).orderBy('name_key').orderBy('id').execute()
  return rows.map(toTag)
}

/** Throws the database's unique violation when the name is taken (ignoring case). */
export async function insertTag(db: DbOrTx, name: string, now: string): Promise<Tag> {
  const row = await db
    .insertInto('tags')
    .values({ name, name_key: nameKeyOf(name), created_at: now })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow()
  return toTag(row)
}

/** Undefined when there is no such tag; throws the unique violation when the name is taken. */
export async function renameTag(db: DbOrTx, id: number, name: string): Promise<Tag | undefined> {
  const row = await db
    .updateTable('tags')
    .set({ name, name_key: nameKeyOf(name) })
    .where('id', '=', id)
    .returning(['id', 'name'])
    .executeTakeFirst()
  return row && toTag(row)
}

/** Deletes the tag and, by foreign key cascade, its links to recipes. */
export async function deleteTag(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('tags').where('id', '=', id).executeTakeFirst()
  return result.numDeletedRows > 0n
}

export async function tagExists(db: DbOrTx, id: number): Promise<boolean> {
  const row = await db.selectFrom('tags').select('id').where('id', '=', id).executeTakeFirst()
  return row !== undefined
}

/** Which of the given ids name existing tags. */
export async function existingTagIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db.selectFrom('tags').select('id').where('id', 'in', ids).execute()
  return new Set(rows.map((row) => Number(row.id)))
}

/** Links a tag to a recipe; linking an already linked pair changes nothing. */
export async function linkTags(db: DbOrTx, recipeId: number, tagIds: readonly number[]): Promise<void> {
  if (tagIds.length === 0) return
  await db
    .insertInto('recipe_tags')
    .values(tagIds.map((tagId) => ({ recipe_id: recipeId, tag_id: tagId })))
    .onConflict((conflict) => conflict.columns(['recipe_id', 'tag_id']).doNothing())
    .execute()
}

export async function unlinkTag(db: DbOrTx, recipeId: number, tagId: number): Promise<void> {
  await db.deleteFrom('recipe_tags').where('recipe_id', '=', recipeId).where('tag_id', '=', tagId).execute()
}

export async function unlinkAllTags(db: DbOrTx, recipeId: number): Promise<void> {
  await db.deleteFrom('recipe_tags').where('recipe_id', '=', recipeId).execute()
}

/**
 * The links of the recipes whose ids are the one parameter (SQLite: a JSON array, PostgreSQL: an
 * array), ordered by tag name. One SQL text for any number of ids, compiled once (src/repository.ts).
 */
const tagLinks = reusableQuery(
  (dialect, slot) => sql<{ recipe_id: number; id: number; name: string }>`
    select recipe_tags.recipe_id, tags.id, tags.name from recipe_tags join tags on tags.id = recipe_tags.tag_id
    where ${
      dialect === 'sqlite'
        ? sql`recipe_tags.recipe_id in (select value from json_each(${slot(0)}))`
        : sql`recipe_tags.recipe_id = any(${slot(0)}::bigint[])`
    }
    order by tags.name_key, tags.id`,
)

/** The tags of each given recipe, ordered by name; recipes without tags get an empty list. */
export async function tagsOfRecipes(
  db: DbOrTx,
  dialect: DialectName,
  recipeIds: readonly number[],
): Promise<Map<number, Tag[]>> {
  const byRecipe = new Map<number, Tag[]>(recipeIds.map((id) => [id, []]))
  if (recipeIds.length === 0) return byRecipe
  const rows = await tagLinks(db, dialect, [dialect === 'sqlite' ? JSON.stringify(recipeIds) : recipeIds])
  for (const row of rows) byRecipe.get(Number(row.recipe_id))?.push(toTag(row))
  return byRecipe
}

/** How many recipes carry each of the given tags (a tag filter walks the rarest one's links). */
export async function tagLinkCounts(db: DbOrTx, tagIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(tagIds.map((id) => [id, 0]))
  if (tagIds.length === 0) return counts
  const rows = await db
    .selectFrom('recipe_tags')
    .select((eb) => ['tag_id', eb.fn.countAll<number | string>().as('count')])
    .where('tag_id', 'in', tagIds)
    .groupBy('tag_id')
    .execute()
  for (const row of rows) counts.set(Number(row.tag_id), Number(row.count))
  return counts
}
