import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/databases.js'
import { connectDatabase } from './connect.js'
import { migrateToLatest } from './migrate.js'

// Kysely's migrator checks for its bookkeeping table by reading the catalog of every schema in the
// database; test files on one PostgreSQL drop their schemas while others migrate. This keeps dropping
// schemas (each with a table of many columns) beside a series of migrations, which must all succeed.
describeEachDatabase('migrateToLatest beside schemas being dropped', (databases) => {
  it('migrates while other schemas come and go', async () => {
    if (databases.dialect !== 'postgres') return
    const churners = [0, 1].map(() => new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL }))
    await Promise.all(churners.map((churner) => churner.connect()))
    let churning = true
    let churned = 0
    const columns = Array.from({ length: 40 }, (_, i) => `c${i} serial`).join(', ')
    const churn = churners.map(async (churner) => {
      while (churning) {
        const schema = `test_churn_${randomBytes(4).toString('hex')}`
        await churner.query(`create schema "${schema}"; create table "${schema}".t (${columns})`)
        await churner.query(`drop schema "${schema}" cascade`)
        churned++
      }
    })
    try {
      for (let i = 0; i < 60; i++) {
        const database = connectDatabase(await databases.freshUrl())
        try {
          await migrateToLatest(database, () => ({
            '0001': { up: (db) => db.schema.createTable('things').addColumn('id', 'integer').execute() },
          }))
          expect(
            await database.db
              .selectFrom('things' as never)
              .selectAll()
              .execute(),
          ).toEqual([])
        } finally {
          await database.close()
        }
      }
    } finally {
      churning = false
      await Promise.all(churn)
      await Promise.all(churners.map((churner) => churner.end()))
    }
    expect(churned).toBeGreaterThan(0)
  }, 120_000)
})
