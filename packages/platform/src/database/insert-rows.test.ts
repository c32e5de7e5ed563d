import fc from 'fast-check'
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely'
import { describe, expect, it } from 'vitest'
import { insertStatement } from './insert-rows.js'

// biome-ignore lint/suspicious/noExplicitAny: rows of any shape, compiled only
type AnyDb = Record<string, any>

const compilers = {
  sqlite: new Kysely<AnyDb>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<AnyDb>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
}

const columnName = fc.constantFrom('id', 'name', 'value', 'created_at', 'we"ird')
const value = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant(undefined))
const rows = fc
  .array(fc.dictionary(columnName, value, { minKeys: 1 }), { minLength: 1, maxLength: 6 })
  .filter((generated) => generated.some((row) => Object.values(row).some((v) => v !== undefined)))

describe('insertStatement', () => {
  it("writes the statement Kysely's query builder compiles for the same rows, on both dialects", () => {
    fc.assert(
      fc.property(rows, (generated) => {
        for (const [dialect, db] of Object.entries(compilers)) {
          const expected = db.insertInto('t').values(generated).compile()
          const actual = insertStatement('t', generated, dialect === 'postgres')
          expect(actual.sql).toBe(expected.sql)
          expect(actual.parameters).toEqual(expected.parameters)
        }
      }),
    )
  })
})
