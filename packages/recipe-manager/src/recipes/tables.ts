import type { Generated } from 'kysely'

/**
 * Row types of the recipes domain. `ingredients` and `instructions` are JSON arrays of strings in text
 * columns (portable between SQLite and PostgreSQL). Timestamps are ISO 8601 UTC text with milliseconds.
 * `search_text` is the normalized text that search matches against (see search.ts).
 */
export interface RecipesTable {
  id: Generated<number>
  title: string
  description: string | null
  ingredients: string
  instructions: string
  servings: number | null
  source_url: string | null
  notes: string | null
  search_text: string
  /** The normalized source link (source-url.ts), to find a page imported before. */
  source_key: string | null
  created_at: string
  updated_at: string
  /** The image's content hash and size (null: no image); its bytes are in recipe_images. */
  image_hash: string | null
  image_width: number | null
  image_height: number | null
}

/** A recipe's image, resized: the full image and a thumbnail, both WebP. */
export interface RecipeImagesTable {
  recipe_id: number
  hash: string
  full: Uint8Array
  thumbnail: Uint8Array
}

export interface RecipeTables {
  recipes: RecipesTable
  recipe_images: RecipeImagesTable
}
