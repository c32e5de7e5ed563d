import type { Tag } from '../tags/schema.js'
import { imagePaths, type RecipeReadRow, type RecipeRow } from './repository.js'

/**
 * The answers of the read routes (a recipe, a list page) written as JSON text straight from the rows:
 * the stored ingredient and step arrays and the tags the database aggregated are JSON text already and
 * are spliced in as they are, where parsing them into objects and serializing those again (the schema's
 * serializer) cost more CPU than the SQL of an uncached page. The text is what that serializer writes
 * for the `Recipe` schema (schema.ts): the required properties in schema order, then the optional ones
 * present, in schema order; json.test.ts holds the two to the same bytes.
 */
export function recipeJson(row: RecipeRow, tagsJson: string): string {
  const id = Number(row.id)
  let json = `{"id":${id},"title":${JSON.stringify(row.title)},"ingredients":${row.ingredients}`
  json += `,"instructions":${row.instructions},"tags":${tagsJson}`
  json += `,"createdAt":${JSON.stringify(row.created_at)},"updatedAt":${JSON.stringify(row.updated_at)}`
  if (row.description !== null) json += `,"description":${JSON.stringify(row.description)}`
  if (row.servings !== null) json += `,"servings":${Number(row.servings)}`
  if (row.source_url !== null) json += `,"sourceUrl":${JSON.stringify(row.source_url)}`
  if (row.notes !== null) json += `,"notes":${JSON.stringify(row.notes)}`
  if (row.image_hash !== null) {
    const { url, thumbnailUrl } = imagePaths(id, row.image_hash)
    json += `,"image":{"url":${JSON.stringify(url)},"thumbnailUrl":${JSON.stringify(thumbnailUrl)},"width":${Number(row.image_width)},"height":${Number(row.image_height)}}`
  }
  return `${json}}`
}

/** `{"recipe": …}`, the answer of get by id. */
export const recipeAnswerJson = (row: RecipeReadRow) => `{"recipe":${recipeJson(row, row.tags_json)}}`

/**
 * A list page's answer: its recipes with their tags (`tagsOf`, by recipe id; none when absent), the
 * total, and `totalEstimated` when the total is an estimate.
 */
export function recipeListJson(
  rows: readonly RecipeRow[],
  tagsOf: ReadonlyMap<number, readonly Tag[]>,
  total: number,
  estimated: boolean,
): string {
  let json = '{"recipes":['
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] as RecipeRow
    const tags = tagsOf.get(Number(row.id))
    if (index > 0) json += ','
    json += recipeJson(row, tags === undefined || tags.length === 0 ? '[]' : JSON.stringify(tags))
  }
  return `${json}],"total":${total}${estimated ? ',"totalEstimated":true' : ''}}`
}
