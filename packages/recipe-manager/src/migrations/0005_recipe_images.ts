import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * A recipe's image: its hash and size on the recipe row (so lists need no second query), the resized
 * bytes in `recipe_images`, which go with the recipe (foreign key cascade).
 */
export function recipeImagesMigration(dialect: DialectName) {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob'
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('recipes').addColumn('image_hash', 'text').execute()
      await db.schema.alterTable('recipes').addColumn('image_width', 'integer').execute()
      await db.schema.alterTable('recipes').addColumn('image_height', 'integer').execute()
      await db.schema
        .createTable('recipe_images')
        .addColumn('recipe_id', 'bigint', (c) => c.primaryKey().references('recipes.id').onDelete('cascade'))
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('full', bytes, (c) => c.notNull())
        .addColumn('thumbnail', bytes, (c) => c.notNull())
        .execute()
    },
  }
}
