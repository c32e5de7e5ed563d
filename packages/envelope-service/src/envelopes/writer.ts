import { createGroupCommit } from 'platform'
import type { Db } from '../database.js'
import { insertEnvelopes, type NewEnvelope, type StoredEnvelope } from './repository.js'
import type { TemplateUseMemo } from './template-use.js'

/**
 * Stores a new envelope durably; resolves once it is committed: the topics of the outbox rows written
 * with it, or `null` when its idempotency key was already taken. The seam in the service context: both
 * writers below go through the one write path, `insertEnvelopes`.
 */
export type EnvelopeWriter = (envelope: NewEnvelope) => Promise<StoredEnvelope | null>

/** Envelopes that share one commit at most. */
const MAX_ENVELOPES_PER_COMMIT = 100

/**
 * Writes envelopes in one transaction; with a memo, the templates' last use is skipped where this
 * process committed it within the resolution (see template-use.ts).
 */
async function writeInTransaction(
  db: Db,
  envelopes: NewEnvelope[],
  templateUse: TemplateUseMemo | undefined,
): Promise<(StoredEnvelope | null)[]> {
  const recorder = templateUse?.recorder()
  const stored = await db.transaction().execute((tx) => insertEnvelopes(tx, envelopes, recorder))
  recorder?.commit()
  return stored
}

/** One transaction per envelope. */
export function transactionPerEnvelopeWriter(db: Db, templateUse?: TemplateUseMemo): EnvelopeWriter {
  return async (envelope) => (await writeInTransaction(db, [envelope], templateUse))[0] ?? null
}

/**
 * Envelopes created concurrently share a transaction (group commit, see platform's group-commit.ts): under
 * load one commit, one WAL append on SQLite or one fsync on PostgreSQL, serves many creates. Earned by
 * the benchmark target of 1,500 envelope creates per second on SQLite. When a shared commit fails, its
 * envelopes are written one by one, so one bad envelope never fails the others.
 */
export function groupCommitEnvelopeWriter(db: Db, templateUse?: TemplateUseMemo): EnvelopeWriter {
  return createGroupCommit<NewEnvelope, StoredEnvelope | null>({
    maxBatch: MAX_ENVELOPES_PER_COMMIT,
    writeBatch: (batch) => writeInTransaction(db, batch, templateUse),
    writeOne: transactionPerEnvelopeWriter(db, templateUse),
  })
}
