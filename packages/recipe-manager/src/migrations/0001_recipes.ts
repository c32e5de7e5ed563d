import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Recipes, tags, their links, and the search index over `recipes.search_text`:
 * on SQLite an FTS5 trigram table kept in sync by triggers, on PostgreSQL a pg_trgm GIN index.
 */
export function recipesMigration(dialect: DialectName) {
  const autoId = dialect === 'postgres' ? sql`bigserial primary key` : sql`integer primary key autoincrement`
  // Timestamps are ISO text compared byte-wise; "C" spares PostgreSQL locale-aware comparisons.
  const timestamp = dialect === 'postgres' ? sql`text collate "C"` : sql`text`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('recipes')
        .addColumn('id', autoId)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('ingredients', 'text', (c) => c.notNull())
        .addColumn('instructions', 'text', (c) => c.notNull())
        .addColumn('servings', 'integer')
        .addColumn('source_url', 'text')
        .addColumn('notes', 'text')
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('recipes_newest').on('recipes').columns(['created_at', 'id']).execute()

      await db.schema
        .createTable('tags')
        .addColumn('id', autoId)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('tags_name_key').on('tags').column('name_key').unique().execute()

      await db.schema
        .createTable('recipe_tags')
        .addColumn('recipe_id', 'bigint', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
        .addColumn('tag_id', 'bigint', (c) => c.notNull().references('tags.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('recipe_tags_pk', ['recipe_id', 'tag_id'])
        .execute()
      await db.schema.createIndex('recipe_tags_tag').on('recipe_tags').column('tag_id').execute()

      await db.schema
        .createTable('service_state')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute()

      if (dialect === 'postgres') {
        // pg_trgm itself is installed by ensureExtensions before migrations run.
        await sql`create index recipes_search_trgm on recipes using gin (search_text gin_trgm_ops)`.execute(
          db,
        )
      } else {
        // case_sensitive 1: search_text is already lower-cased in JavaScript, so no second folding.
        await sql`create virtual table recipes_fts using fts5(
          search_text, content='recipes', content_rowid='id', tokenize='trigram case_sensitive 1'
        )`.execute(db)
        await sql`create trigger recipes_fts_insert after insert on recipes begin
          insert into recipes_fts(rowid, search_text) values (new.id, new.search_text);
        end`.execute(db)
        await sql`create trigger recipes_fts_delete after delete on recipes begin
          insert into recipes_fts(recipes_fts, rowid, search_text) values ('delete', old.id, old.search_text);
        end`.execute(db)
        await sql`create trigger recipes_fts_update after update of search_text on recipes begin
          insert into recipes_fts(recipes_fts, rowid, search_text) values ('delete', old.id, old.search_text);
          insert into recipes_fts(rowid, search_text) values (new.id, new.search_text);
        end`.execute(db)
      }
    },
  }
}
