import { type Kysely, sql } from 'kysely'
import { searchTextOf } from '../recipes/search.js'

const BATCH = 1_000

/**
 * Search became accent-insensitive: `search_text` is rewritten with the folding of search.ts for every
 * existing recipe (the SQLite trigger and the PostgreSQL index follow the update). Rows are read in id
 * order, a batch at a time, so a large database never sits in memory at once.
 */
export function foldedSearchMigration() {
  return {
    async up(db: Kysely<unknown>) {
      let after = 0
      for (;;) {
        const { rows } = await sql<{
          id: number | string
          title: string
          description: string | null
          ingredients: string
        }>`
          select id, title, description, ingredients from recipes where id > ${after} order by id limit ${BATCH}
        `.execute(db)
        if (rows.length === 0) return
        for (const row of rows) {
          const searchText = searchTextOf({
            title: row.title,
            ingredients: JSON.parse(row.ingredients) as string[],
            ...(row.description === null ? {} : { description: row.description }),
          })
          await sql`update recipes set search_text = ${searchText} where id = ${row.id}`.execute(db)
        }
        after = Number(rows[rows.length - 1]?.id)
      }
    },
  }
}
