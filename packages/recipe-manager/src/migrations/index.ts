import type { MigrationSet } from 'platform'
import { recipesMigration } from './0001_recipes.js'
import { foldedSearchMigration } from './0002_folded_search.js'
import { sourceKeyMigration } from './0003_source_key.js'
import { tagWalkMigration } from './0004_tag_walk.js'
import { recipeImagesMigration } from './0005_recipe_images.js'
import { newestByIdMigration } from './0006_newest_by_id.js'

/** Every migration of the service, in order. */
export const migrations: MigrationSet = (dialect) => ({
  '0001_recipes': recipesMigration(dialect),
  '0002_folded_search': foldedSearchMigration(),
  '0003_source_key': sourceKeyMigration(),
  '0004_tag_walk': tagWalkMigration(),
  '0005_recipe_images': recipeImagesMigration(dialect),
  '0006_newest_by_id': newestByIdMigration(),
})
