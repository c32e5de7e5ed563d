import { type CompiledQuery, sql } from 'kysely'
import { connectDatabase, type Database, migrateToLatest, QueryRecorder } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeEach, expect, it } from 'vitest'
import type { Schema } from '../database.js'
import { envelopesDueForPurge } from '../folders/repository.js'
import { dueWorkflowEnvelopes } from '../lifecycle/resume/repository.js'
import { migrations } from '../migrations/index.js'
import { listEnvelopes } from './repository.js'

class RolledBack extends Error {}

describeEachDatabase('envelope indexes (migrations 0051 and 0053)', (databases) => {
  const opened: Database<Schema>[] = []
  let database: Database<Schema>
  beforeEach(async () => {
    database = connectDatabase<Schema>(await databases.freshUrl())
    opened.push(database)
    await migrateToLatest(database, migrations)
  })
  afterAll(async () => {
    for (const open of opened) await open.close()
  })

  async function indexesOfEnvelopes(): Promise<Map<string, string>> {
    if (database.dialect === 'sqlite') {
      const { rows } = await sql<{ name: string; sql: string | null }>`
        select name, sql from sqlite_master where type = 'index' and tbl_name = 'envelopes'`.execute(
        database.db,
      )
      return new Map(rows.map((row) => [row.name, row.sql ?? '']))
    }
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes
      where tablename = 'envelopes' and schemaname = current_schema()`.execute(database.db)
    return new Map(rows.map((row) => [row.indexname, row.indexdef]))
  }

  /**
   * The plan the database chooses for `query`, as text. On PostgreSQL, the question is whether the
   * partial index can serve the query at all (its condition implied by the query's comparison): without
   * rows or statistics its planner prefers other paths, so they are taken away for the question, inside
   * a transaction that is rolled back: scans of the whole table and bitmaps, and the list index (which
   * also holds `status`). A partial index it could not use would leave it a scan of the table.
   */
  async function planOf(query: CompiledQuery): Promise<string> {
    if (database.dialect === 'sqlite') {
      const plan = await database.db.executeQuery<{ detail: string }>({
        ...query,
        sql: `explain query plan ${query.sql}`,
      })
      return plan.rows.map((row) => row.detail).join('\n')
    }
    let text = ''
    await database.db
      .transaction()
      .execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx)
        await sql`set local enable_bitmapscan = off`.execute(tx)
        await sql`drop index envelopes_account_list`.execute(tx)
        const plan = await tx.executeQuery<{ 'QUERY PLAN': string }>({
          ...query,
          sql: `explain ${query.sql}`,
        })
        text = plan.rows.map((row) => row['QUERY PLAN']).join('\n')
        throw new RolledBack()
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error
      })
    return text
  }

  it('keeps one index per account and change time, the list one', async () => {
    const indexes = await indexesOfEnvelopes()
    expect(indexes.has('envelopes_account_status_changed')).toBe(false)
    expect(indexes.get('envelopes_account_list')).toMatch(/account_id.*status_changed_at.*id.*status.*folder/)
  })

  it('indexes only the envelopes in the recycle bin or waiting to resume, and the sweeps still use them', async () => {
    const indexes = await indexesOfEnvelopes()
    expect(indexes.get('envelopes_deleted_at')).toMatch(/where.*deleted_at.* is not null/i)
    expect(indexes.get('envelopes_workflow_resume_at')).toMatch(/where.*workflow_resume_at.* is not null/i)

    const recorder = new QueryRecorder(database.db)
    const db = database.db.withPlugin(recorder)
    await envelopesDueForPurge(db, '2026-01-01T00:00:00.000Z', 10)
    await dueWorkflowEnvelopes(db, '2026-01-01T00:00:00.000Z', 10)
    const [purge, resume] = recorder.queries
    if (!purge || !resume) throw new Error('the sweeps ran no query')
    expect(await planOf(purge)).toContain('envelopes_deleted_at')
    expect(await planOf(resume)).toContain('envelopes_workflow_resume_at')
  })

  it("reads the inbox's recipient rows from the email index alone", async () => {
    if (database.dialect === 'postgres') await sql`vacuum analyze envelope_recipients`.execute(database.db)
    const recorder = new QueryRecorder(database.db)
    await listEnvelopes(database.db.withPlugin(recorder), {
      accountId: 'account',
      statuses: ['sent', 'delivered'],
      folders: { ids: ['inbox'], callerEmail: 'Me@Example.Test' },
      start: 0,
      count: 25,
    })
    const inbox = recorder.queries.find((query) => query.sql.includes('envelope_recipients'))
    if (!inbox) throw new Error('the inbox read no recipient rows')
    expect(await planOf(inbox)).toMatch(
      database.dialect === 'postgres'
        ? /Index Only Scan using envelope_recipients_lower_email/
        : /COVERING INDEX envelope_recipients_lower_email/,
    )
  })
})
