import { type Kysely, sql } from 'kysely'

/**
 * Each tag link carries its recipe's `created_at` (which never changes), indexed after the tag: a tag
 * filter then walks one tag's links newest first and stops after the page, instead of testing every
 * recipe newest first or sorting every match. The new index starts with `tag_id`, so it replaces the
 * index on `tag_id` alone.
 */
export function tagWalkMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('recipe_tags').addColumn('recipe_created_at', 'text').execute()
      await sql`
        update recipe_tags
        set recipe_created_at = (select created_at from recipes where recipes.id = recipe_tags.recipe_id)
      `.execute(db)
      await db.schema
        .createIndex('recipe_tags_tag_walk')
        .on('recipe_tags')
        .columns(['tag_id', 'recipe_created_at', 'recipe_id'])
        .execute()
      await db.schema.dropIndex('recipe_tags_tag').execute()
    },
  }
}
