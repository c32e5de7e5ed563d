import { ConflictError, isUniqueViolation, NotFoundError } from 'platform'
import { insertAuditEntries, lastAuditEntry } from '../audit/repository.js'
import type { Db, DbOrTx } from '../database.js'
import { enqueue } from '../outbox/repository.js'
import { nextResumeAt } from '../workflow/gates.js'
import type { Transition } from './model.js'
import { type Actor, type AuditNote, auditEntriesOf, outboxRowsOf } from './outbox-rows.js'
import { loadLifecycle, type StoredLifecycle, storeTransition } from './repository.js'

export type { Actor } from './outbox-rows.js'

/** How often a transition is decided again after losing a race for the envelope. */
const MAX_ATTEMPTS = 5

export interface LifecycleDeps {
  db: Db
  now: () => number
  /** Told which outbox topics a committed transition wrote to, so their jobs run at once. */
  wakeOutbox?: (topics: readonly string[]) => void
  /**
   * Told when a committed transition left the workflow due at once (a conditional recipient rule to
   * evaluate), so the workflow job runs now instead of at its next round, up to 5 s later.
   */
  wakeWorkflow?: () => void
}

export interface Applied {
  stored: StoredLifecycle
  transition: Transition
}

/**
 * The one write path of every lifecycle change. Reads the envelope, lets the pure `decide` choose the
 * transition, and stores in ONE transaction: the new envelope and recipient states (a compare-and-set on
 * the envelope's version, so two processes acting at once never both win), the audit entries, the outbox
 * rows for messages and Connect events, and whatever `alongside` writes (e.g. the values a signer
 * entered). A lost race decides again on the fresh state, which may now refuse (a second "finish" finds
 * the recipient completed).
 */
export async function applyTransition(
  deps: LifecycleDeps,
  target: { envelopeId: string; accountId?: string },
  decide: (stored: StoredLifecycle, now: Date) => Transition,
  actor: Actor,
  alongside?: (tx: DbOrTx, stored: StoredLifecycle, transition: Transition) => Promise<void>,
): Promise<Applied> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const stored = await loadLifecycle(deps.db, target.envelopeId)
    if (!stored || (target.accountId !== undefined && stored.accountId !== target.accountId)) {
      throw new NotFoundError(`Envelope ${target.envelopeId} not found`)
    }
    const now = deps.now()
    const transition = decide(stored, new Date(now))
    let topics: readonly string[] = []
    const resumeAt = nextResumeAt(transition.envelope.workflow)
    const won = await deps.db
      .transaction()
      .execute(async (tx) => {
        if (!(await storeTransition(tx, stored, transition.envelope, resumeAt, now))) return false
        topics = await recordEffects(tx, stored, transition, actor, now)
        await alongside?.(tx, stored, transition)
        return true
      })
      // A concurrent audit append (a delivery attempt's entry) took the next sequence number: decide again.
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return false
        throw error
      })
    if (won) {
      if (topics.length > 0) deps.wakeOutbox?.(topics)
      // The job evaluates the rule: it reads the tab values this commit made visible (workflow/gates.ts).
      if (resumeAt !== undefined && Date.parse(resumeAt) <= now) deps.wakeWorkflow?.()
      return { stored, transition }
    }
  }
  throw new ConflictError(`Envelope ${target.envelopeId} is being changed by another request; try again`)
}

/** Audit entries and outbox rows of a transition, inside the caller's transaction; returns the rows' topics. */
export async function recordEffects(
  tx: DbOrTx,
  envelope: { envelopeId: string; accountId: string },
  transition: Transition,
  actor: Actor,
  now: number,
): Promise<string[]> {
  await recordAudit(tx, envelope.envelopeId, transition.effects.audit, actor, now)
  const rows = outboxRowsOf(envelope, transition, now)
  await enqueue(tx, rows, now)
  return [...new Set(rows.map((row) => row.topic))]
}

/** Appends audit entries to the envelope's chain, inside the caller's transaction. */
export async function recordAudit(
  tx: DbOrTx,
  envelopeId: string,
  notes: readonly AuditNote[],
  actor: Actor,
  now: number,
): Promise<void> {
  if (notes.length === 0) return
  const last = await lastAuditEntry(tx, envelopeId)
  await insertAuditEntries(tx, auditEntriesOf(envelopeId, last, notes, actor, now))
}
