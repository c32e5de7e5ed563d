import type { Kysely } from 'kysely'

/**
 * Lists come newest first by id (the order recipes were added in) instead of by `created_at`: the
 * primary key gives that order, so the `(created_at, id)` index goes, and a tag filter walks its links
 * through `(tag_id, recipe_id)`, so the links no longer need their copy of the recipe's creation time
 * (added by 0004). README "Listing and paging" says why.
 */
export function newestByIdMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('recipe_tags_by_tag')
        .on('recipe_tags')
        .columns(['tag_id', 'recipe_id'])
        .execute()
      await db.schema.dropIndex('recipe_tags_tag_walk').execute()
      await db.schema.alterTable('recipe_tags').dropColumn('recipe_created_at').execute()
      await db.schema.dropIndex('recipes_newest').execute()
    },
  }
}
