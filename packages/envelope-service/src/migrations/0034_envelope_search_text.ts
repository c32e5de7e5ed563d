import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/**
 * `search_text` of the dashboard's list (`GET /envelopes`, `GET /folders/{id}`; BENCHMARKS.md,
 * "Dashboard list"): a `LIKE '%text%'` cannot use a B-tree, so each search read four whole tables.
 * `envelope_search_text` holds one row per envelope, its subject, recipients' names and emails and
 * custom field values one per line (envelopes/search-text/body.ts), with a substring index:
 * - PostgreSQL: a pg_trgm GIN index on `lower(body)`, which answers `lower(body) LIKE '%text%'` itself.
 *   Without the extension (not installable on the server) the table is still kept and scanned.
 * - SQLite: an FTS5 table with the trigram tokenizer over the rows (external content: it stores only
 *   the index), kept in step by the three triggers SQLite documents for such a table; the query takes
 *   its candidates and checks them with the same LIKE. The integer `id` is the rowid FTS5 refers to:
 *   an INTEGER PRIMARY KEY, so VACUUM keeps it.
 * Existing envelopes get their text here; from now on the repository writes it (search-text/).
 */
export function envelopeSearchTextMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await upSqlite(db)
      else await upPostgres(db)
    },
  }
}

async function upSqlite(db: Kysely<unknown>) {
  await sql`create table envelope_search_text (
    id integer primary key,
    envelope_id text not null unique references envelopes(id) on delete cascade,
    body text not null
  )`.execute(db)
  await sql`create virtual table envelope_search using fts5(
    body, content = 'envelope_search_text', content_rowid = 'id', tokenize = 'trigram'
  )`.execute(db)
  await sql`create trigger envelope_search_text_inserted after insert on envelope_search_text begin
    insert into envelope_search (rowid, body) values (new.id, new.body);
  end`.execute(db)
  await sql`create trigger envelope_search_text_deleted after delete on envelope_search_text begin
    insert into envelope_search (envelope_search, rowid, body) values ('delete', old.id, old.body);
  end`.execute(db)
  await sql`create trigger envelope_search_text_updated after update on envelope_search_text begin
    insert into envelope_search (envelope_search, rowid, body) values ('delete', old.id, old.body);
    insert into envelope_search (rowid, body) values (new.id, new.body);
  end`.execute(db)
  await sql`insert into envelope_search_text (envelope_id, body)
    select e.id, e.email_subject
      || coalesce((select char(10) || group_concat(coalesce(r.name, '') || char(10) || coalesce(r.email, ''), char(10))
                   from envelope_recipients r where r.envelope_id = e.id), '')
      || coalesce((select char(10) || group_concat(f.value, char(10))
                   from envelope_custom_fields f where f.envelope_id = e.id), '')
    from envelopes e`.execute(db)
}

async function upPostgres(db: Kysely<unknown>) {
  await sql`create table envelope_search_text (
    envelope_id text primary key references envelopes(id) on delete cascade,
    body text not null
  )`.execute(db)
  await sql`insert into envelope_search_text (envelope_id, body)
    select e.id, e.email_subject
      || coalesce((select chr(10) || string_agg(coalesce(r.name, '') || chr(10) || coalesce(r.email, ''), chr(10))
                   from envelope_recipients r where r.envelope_id = e.id), '')
      || coalesce((select chr(10) || string_agg(f.value, chr(10))
                   from envelope_custom_fields f where f.envelope_id = e.id), '')
    from envelopes e`.execute(db)
  const available = await sql<{ name: string }>`
    select name from pg_available_extensions where name = 'pg_trgm'`.execute(db)
  if (available.rows.length === 0) return
  // Normally already there: the service installs its extensions in `public` before migrating
  // (platform's ensureExtensions); created here, it would land in this connection's own schema.
  await sql`create extension if not exists pg_trgm schema public`.execute(db)
  await sql`create index envelope_search_text_trigrams on envelope_search_text
    using gin (lower(body) gin_trgm_ops)`.execute(db)
}
