import type { MigrationSet } from 'platform'
import { recipesMigration } from './0001_recipes.js'

/** Every migration of the service, in order. */
export const migrations: MigrationSet = (dialect) => ({
  '0001_recipes': recipesMigration(dialect),
})
