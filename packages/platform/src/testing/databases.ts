import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe } from 'vitest'

export type TestDialect = 'sqlite' | 'postgres'

export interface TestDatabases {
  dialect: TestDialect
  /**
   * A URL to a new, empty database: a fresh SQLite file, or a fresh PostgreSQL schema on
   * `TEST_POSTGRES_URL`. Everything created is removed after the suite.
   */
  freshUrl(): Promise<string>
}

/** The dialects to run on: SQLite always, PostgreSQL when `TEST_POSTGRES_URL` is set. */
export function testDialects(): TestDialect[] {
  return process.env.TEST_POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite']
}

/**
 * Runs the same suite once per dialect, e.g. `describeEachDatabase('recipes API', (databases) => ...)`.
 * The suite calls `databases.freshUrl()` (usually in beforeAll/beforeEach) to get an isolated database.
 */
export function describeEachDatabase(title: string, suite: (databases: TestDatabases) => void): void {
  for (const dialect of testDialects()) {
    describe(`${title} [${dialect}]`, () => {
      const databases = dialect === 'sqlite' ? sqliteDatabases() : postgresDatabases()
      afterAll(() => databases.cleanup())
      suite(databases)
    })
  }
}

function sqliteDatabases(): TestDatabases & { cleanup(): Promise<void> } {
  let directory: string | undefined
  return {
    dialect: 'sqlite',
    async freshUrl() {
      directory ??= mkdtempSync(join(tmpdir(), 'test-db-'))
      return `sqlite:${join(directory, `${randomBytes(6).toString('hex')}.db`)}`
    },
    async cleanup() {
      if (directory) rmSync(directory, { recursive: true, force: true })
    },
  }
}

function postgresDatabases(): TestDatabases & { cleanup(): Promise<void> } {
  const baseUrl = process.env.TEST_POSTGRES_URL as string
  const schemas: string[] = []
  return {
    dialect: 'postgres',
    async freshUrl() {
      const schema = `test_${randomBytes(6).toString('hex')}`
      schemas.push(schema)
      const url = new URL(baseUrl)
      url.searchParams.set('schema', schema)
      return url.toString()
    },
    async cleanup() {
      if (schemas.length === 0) return
      const client = new pg.Client({ connectionString: baseUrl })
      await client.connect()
      try {
        for (const schema of schemas) await client.query(`drop schema if exists "${schema}" cascade`)
      } finally {
        await client.end()
      }
    },
  }
}
