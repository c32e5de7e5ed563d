import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './checkpointer.js'

export type DialectName = 'sqlite' | 'postgres'

export interface Database<DB> {
  db: Kysely<DB>
  dialect: DialectName
  /** PostgreSQL schema the tables live in (from `?schema=`); undefined on SQLite. */
  schema: string | undefined
  /**
   * A second connection to the same SQLite file that can only read, for a hot read run synchronously
   * beside Kysely (see `SqliteReader`); opened on first use. Undefined on PostgreSQL and in memory.
   */
  reader(): SqliteReader | undefined
  close(): Promise<void>
}

/**
 * A read-only SQLite connection. Kysely runs one query at a time on the one connection and wraps each in
 * a lock and a promise chain, which cost a recipe get by id 13–19 µs beside its 12 µs statement
 * (recipe-manager BENCHMARKS.md). A statement prepared here runs without either and, being another
 * connection, sees committed rows only (WAL gives each read the last commit), never the uncommitted
 * writes of a transaction open on the main connection, which a synchronous read there could.
 */
export type SqliteReader = Pick<SqliteDatabase.Database, 'prepare'>

export interface ConnectOptions {
  /** PostgreSQL pool size. */
  poolSize?: number
}

// pg returns BIGINT (int8) and NUMERIC as strings to avoid precision loss. Our bigint columns hold
// epoch milliseconds and counters, all far below 2^53, so numbers are safe and keep both dialects alike.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10))

/**
 * Opens a database from a URL: `sqlite:<path>` (or `sqlite::memory:`) or `postgres://...`.
 * A `schema` query parameter on a PostgreSQL URL puts every table of the service in that schema,
 * so several services (or test runs) can share one database without colliding.
 */
export function connectDatabase<DB>(url: string, options: ConnectOptions = {}): Database<DB> {
  if (url.startsWith('sqlite:')) return connectSqlite<DB>(url.slice('sqlite:'.length))
  if (/^postgres(ql)?:\/\//.test(url)) return connectPostgres<DB>(url, options)
  throw new Error(`Unsupported DATABASE_URL "${redactUrl(url)}": use sqlite:<path> or postgres://...`)
}

/** How much of a SQLite file is read through a memory map (below): 1 GiB, or `SQLITE_MMAP_SIZE` bytes (0: none). */
const sqliteMmapBytes = () => {
  const configured = Number(process.env.SQLITE_MMAP_SIZE)
  return Number.isSafeInteger(configured) && configured >= 0 ? configured : 1024 * 1024 * 1024
}

function connectSqlite<DB>(path: string): Database<DB> {
  const filename = path === ':memory:' || path === '' ? ':memory:' : resolve(path)
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true })
  const sqlite = new SqliteDatabase(filename)
  // WAL lets readers run beside the writer; synchronous=NORMAL in WAL mode never loses a committed
  // transaction when the process dies (only on power loss), which is the crash model we promise.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma(`synchronous = ${process.env.SQLITE_SYNCHRONOUS === 'FULL' ? 'FULL' : 'NORMAL'}`)
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // Sorts that SQLite cannot read off an index (an ORDER BY … LIMIT over several index ranges, such
  // as the outbox claim's `topic in (…)`) go through a temporary b-tree, by default in a temporary
  // file: opening it cost about 250 µs per query, several times the query itself. In memory, it is
  // bounded by the same LIMITs and the page cache.
  sqlite.pragma('temp_store = MEMORY')
  // Reads come from the file mapped into memory instead of a read() call per page into SQLite's own
  // 2 MiB cache: the recipe manager's get by id at 100,000 recipes (a 200 MB file) went from 135 to 80 µs
  // of CPU per request and its uncached search pages from 840 to 600 µs (recipe-manager BENCHMARKS.md).
  // The mapped pages are the kernel's page cache, shared and reclaimable, not the process's own memory;
  // they count in RSS as file-backed pages once read.
  sqlite.pragma(`mmap_size = ${sqliteMmapBytes()}`)
  const checkpointer =
    filename !== ':memory:' && process.env.SQLITE_CHECKPOINT !== 'inline'
      ? startCheckpointer(filename, {
          onError: (message) => process.emitWarning(`SQLite checkpoint of ${filename} failed: ${message}`),
        })
      : undefined
  if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`)
  const statements = withStatementCache(sqlite)
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: statements }) })
  let reader: SqliteDatabase.Database | undefined
  let closed = false
  return {
    db,
    dialect: 'sqlite',
    schema: undefined,
    reader: () => {
      if (filename === ':memory:' || closed) return undefined
      reader ??= openReader(filename)
      return reader
    },
    close: async () => {
      closed = true
      reader?.close()
      await checkpointer?.stop()
      await db.destroy()
    },
  }
}

/** The second connection behind `reader()`: refuses writes, reads through the same memory map. */
function openReader(filename: string): SqliteDatabase.Database {
  // Not opened `readonly`: a read-only handle on a WAL file cannot always set up the shared-memory index
  // it needs; `query_only` refuses every write just the same.
  const reader = new SqliteDatabase(filename)
  reader.pragma('query_only = ON')
  reader.pragma('busy_timeout = 5000')
  reader.pragma(`mmap_size = ${sqliteMmapBytes()}`)
  return reader
}

/**
 * Kysely prepares every query anew, and on small queries preparing costs several times more than
 * running (e.g. 300 µs against 45 µs for an upsert). Statements are reused by SQL text instead; the
 * driver runs one query at a time, so a statement is never in use twice. SQLite re-prepares a cached
 * statement by itself after a schema change. The cache is bounded for queries with variable SQL.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, maxEntries = 1_000) {
  const statements = new Map<string, SqliteDatabase.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql)
      if (statement === undefined) {
        statement = sqlite.prepare(sql)
        if (statements.size >= maxEntries) statements.delete(statements.keys().next().value as string)
        statements.set(sql, statement)
      }
      return statement
    },
  }
}

function connectPostgres<DB>(url: string, options: ConnectOptions): Database<DB> {
  const parsed = new URL(url)
  const schema = parsed.searchParams.get('schema') ?? undefined
  parsed.searchParams.delete('schema')
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`Invalid schema "${schema}" in DATABASE_URL: lower-case letters, digits and _ only`)
  }
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max: options.poolSize ?? 10,
    // `public` stays on the path for extensions such as pg_trgm, which live there.
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  })
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  return {
    db,
    dialect: 'postgres',
    schema,
    reader: () => undefined,
    close: () => db.destroy(),
  }
}

/** The URL with any password removed, for logs and error messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//***@')
  }
}
