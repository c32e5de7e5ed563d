import type { Generated } from 'kysely'

/** `name_key` is the lower-cased name; its unique index makes names unique ignoring case. */
export interface TagsTable {
  id: Generated<number>
  name: string
  name_key: string
  created_at: string
}

/**
 * Links between recipes and tags; both foreign keys cascade on delete. Indexed by `(tag_id, recipe_id)`
 * too, so a tag filter walks one tag's links newest first.
 */
export interface RecipeTagsTable {
  recipe_id: number
  tag_id: number
}

export interface TagTables {
  tags: TagsTable
  recipe_tags: RecipeTagsTable
}
