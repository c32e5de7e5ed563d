import type { Transaction } from 'kysely'
import { createGroupCommit } from 'platform'
import { type ChainedAuditRecord, headsOf } from '../audit/chain.js'
import { insertAuditEntries } from '../audit/repository.js'
import { accountsWithConfigurations } from '../connect/delivery/repository.js'
import type { Db, DbOrTx, Schema } from '../database.js'
import type { EnvelopeRecipient } from '../envelopes/model.js'
import type { StoredEnvelopeDocument } from '../envelopes/reads.js'
import {
  insertEnvelopes,
  insertRecipients,
  type NewEnvelope,
  type RecipientProgress,
  replaceDocuments,
} from '../envelopes/repository.js'
import type { TemplateUseMemo, TemplateUseRecorder } from '../envelopes/template-use.js'
import { enqueue, type OutboxMessage } from '../outbox/repository.js'
import { OUTBOX_TOPICS } from '../outbox/topics.js'
import type { TabsByType } from '../tabs/model.js'

/** A new envelope with what its creation sets in motion (lifecycle/at-create.ts), ready to store. */
export interface EnvelopeToStore extends NewEnvelope {
  /** Outbox rows owed by the creation (invitations, events). */
  messages: readonly OutboxMessage[]
  /** The first entries of the envelope's audit chain. */
  audit: readonly ChainedAuditRecord[]
}

/** A written envelope: the topics of the outbox rows it wrote, whose jobs are to be woken after the commit. */
export interface StoredEnvelope {
  topics: readonly string[]
}

/**
 * Stores a new envelope durably; resolves once it is committed: the topics of the outbox rows written
 * with it, or `null` when its idempotency key was already taken. The seam in the service context: both
 * writers below go through the one write path, `storeNewEnvelopes`.
 */
export type EnvelopeWriter = (envelope: EnvelopeToStore) => Promise<StoredEnvelope | null>

/** Envelopes that share one commit at most. */
const MAX_ENVELOPES_PER_COMMIT = 100

/**
 * The one write path of envelope creation, in the caller's transaction: the envelopes' rows, then, for
 * those written (an idempotency key already taken skips its envelope), their outbox rows and audit entries.
 */
export async function storeNewEnvelopes(
  tx: Transaction<Schema>,
  envelopes: readonly EnvelopeToStore[],
  templateUse?: TemplateUseRecorder,
): Promise<(StoredEnvelope | null)[]> {
  const heads = headsOf(envelopes.flatMap((envelope) => envelope.audit))
  const written = await insertEnvelopes(
    tx,
    envelopes.map((envelope) => {
      const auditHead = heads.get(envelope.envelopeId)
      return auditHead ? { ...envelope, auditHead } : envelope
    }),
    templateUse,
  )
  const kept = envelopes.filter((envelope) => written.has(envelope.envelopeId))
  const listening = await accountsWithConfigurations(tx, [...accountsToAsk(kept)])
  const messages = new Map(kept.map((envelope) => [envelope.envelopeId, heardMessages(envelope, listening)]))
  if (kept.length > 0) {
    const latest = Math.max(...kept.map((envelope) => envelope.now))
    await enqueue(tx, [...messages.values()].flat(), latest)
    await insertAuditEntries(
      tx,
      kept.flatMap((envelope) => envelope.audit),
      { headsWritten: true },
    )
  }
  return envelopes.map((envelope) => {
    const stored = messages.get(envelope.envelopeId)
    return stored ? { topics: [...new Set(stored.map((message) => message.topic))] } : null
  })
}

/**
 * Whether anyone will hear an envelope's Connect events, as of this transaction: its own
 * `eventNotification`, or an enabled Connect configuration of its account. The events of an envelope
 * nobody listens to are not stored: the fan-out would find no target and drop them, and writing,
 * claiming and deleting those rows was about a fifth of a create's cost (BENCHMARKS.md, "Envelope
 * create"). A configuration created later hears the envelope's later events, as in DocuSign, where a
 * configuration is sent the events that happen while it exists. Later transitions store their events
 * unfiltered: the fan-out drops what nobody hears, and one envelope's transition is not where the cost was.
 */
export function heardMessages(
  envelope: EnvelopeToStore,
  listeningAccounts: ReadonlySet<string>,
): (OutboxMessage & { availableAt: number })[] {
  const heard =
    envelope.definition.eventNotification !== undefined || listeningAccounts.has(envelope.accountId)
  return envelope.messages
    .filter((message) => message.topic !== OUTBOX_TOPICS.envelopeEvent || heard)
    .map((message) => ({ availableAt: envelope.now, ...message }))
}

/** The accounts whose Connect configurations decide whether an envelope's events are kept. */
function accountsToAsk(envelopes: readonly EnvelopeToStore[]): Set<string> {
  const accounts = new Set<string>()
  for (const envelope of envelopes) {
    const hasEvents = envelope.messages.some((message) => message.topic === OUTBOX_TOPICS.envelopeEvent)
    if (hasEvents && envelope.definition.eventNotification === undefined) accounts.add(envelope.accountId)
  }
  return accounts
}

/**
 * Writes envelopes in one transaction; with a memo, the templates' last use is skipped where this
 * process committed it within the resolution (see template-use.ts).
 */
async function writeInTransaction(
  db: Db,
  envelopes: EnvelopeToStore[],
  templateUse: TemplateUseMemo | undefined,
): Promise<(StoredEnvelope | null)[]> {
  const recorder = templateUse?.recorder()
  const stored = await db.transaction().execute((tx) => storeNewEnvelopes(tx, envelopes, recorder))
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
  return createGroupCommit<EnvelopeToStore, StoredEnvelope | null>({
    maxBatch: MAX_ENVELOPES_PER_COMMIT,
    writeBatch: (batch) => writeInTransaction(db, batch, templateUse),
    writeOne: transactionPerEnvelopeWriter(db, templateUse),
  })
}

/**
 * Recipients added to a stored envelope (recipient-addition/), in the lifecycle transaction that invites
 * them: their rows, with the status the routing gave each. Written here, beside the create path's rows,
 * so the envelope's recipients have one row mapping.
 */
export async function storeAddedRecipients(
  tx: DbOrTx,
  envelopeId: string,
  recipients: readonly EnvelopeRecipient[],
  progress: ReadonlyMap<string, RecipientProgress>,
): Promise<void> {
  await insertRecipients(tx, envelopeId, recipients, progress)
}

/**
 * An envelope's documents as changed by `PUT`/`DELETE .../documents` (documents/service.ts), in the
 * lifecycle transaction: all of them (rows not given are deleted), and the recipients' tabs that changed.
 */
export async function storeDocumentChange(
  tx: DbOrTx,
  envelopeId: string,
  documents: readonly StoredEnvelopeDocument[],
  tabs: ReadonlyMap<string, TabsByType>,
): Promise<void> {
  await replaceDocuments(tx, envelopeId, documents, tabs)
}
