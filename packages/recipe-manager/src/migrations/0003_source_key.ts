import { type Kysely, sql } from 'kysely'
import { sourceKeyOf } from '../recipes/source-url.js'

/**
 * `source_key`, the normalized source link (recipes/source-url.ts), indexed: an import finds a recipe
 * already taken from the same page without reading every row.
 */
export function sourceKeyMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('recipes').addColumn('source_key', 'text').execute()
      const { rows } = await sql<{ id: number | string; source_url: string }>`
        select id, source_url from recipes where source_url is not null
      `.execute(db)
      for (const row of rows) {
        await sql`update recipes set source_key = ${sourceKeyOf(row.source_url)} where id = ${row.id}`.execute(
          db,
        )
      }
      await db.schema.createIndex('recipes_source_key').on('recipes').column('source_key').execute()
    },
  }
}
