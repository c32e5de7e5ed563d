import type { MigrationSet } from 'platform'
import { recipesMigration } from './0001_recipes.js'
import { foldedSearchMigration } from './0002_folded_search.js'

/** Every migration of the service, in order. */
export const migrations: MigrationSet = (dialect) => ({
  '0001_recipes': recipesMigration(dialect),
  '0002_folded_search': foldedSearchMigration(),
})
