import type { EnvelopeStatus, RecipientStatus } from 'esign-contract'
import type { ChainedAuditRecord } from '../audit/chain.js'
import { type DbOrTx, insertRows } from '../database.js'
import { nextResumeAt } from '../workflow/gates.js'
import type { LifecycleWorkflow } from '../workflow/model.js'
import { deliveryChannel } from './channels.js'
import type { LifecycleEnvelope, LifecycleRecipient, LifecycleRecipientType } from './model.js'

/**
 * The lifecycle's reads and writes: an envelope's state as the pure transitions take it, the compare-and-
 * set that stores a transition's result, and the audit chain. Rows map to lifecycle values here, so
 * SQLite and PostgreSQL differences stay below this line.
 */

export interface StoredLifecycle {
  envelopeId: string
  accountId: string
  senderUserId: string
  /** The compare-and-set token: a transition stores only if nobody changed the envelope meanwhile. */
  version: number
  state: LifecycleEnvelope
}

const nullable = (value: string | null) => value ?? undefined

export async function loadLifecycle(db: DbOrTx, envelopeId: string): Promise<StoredLifecycle | undefined> {
  const envelope = await db
    .selectFrom('envelopes')
    .select([
      'id',
      'account_id',
      'sender_user_id',
      'status',
      'sent_at',
      'delivered_at',
      'completed_at',
      'declined_at',
      'voided_at',
      'voided_reason',
      'version',
      'workflow',
    ])
    .where('id', '=', envelopeId)
    .executeTakeFirst()
  if (!envelope) return undefined
  const recipients = await db
    .selectFrom('envelope_recipients')
    .select([
      'recipient_id',
      'type',
      'routing_order',
      'status',
      'delivery_method',
      'phone_number',
      'additional_notifications',
      'client_user_id',
      'sent_at',
      'delivered_at',
      'signed_at',
      'declined_at',
      'declined_reason',
    ])
    .where('envelope_id', '=', envelopeId)
    .orderBy('position')
    .execute()
  return {
    envelopeId: envelope.id,
    accountId: envelope.account_id,
    senderUserId: envelope.sender_user_id,
    version: Number(envelope.version),
    state: {
      status: envelope.status as EnvelopeStatus,
      sentAt: nullable(envelope.sent_at),
      deliveredAt: nullable(envelope.delivered_at),
      completedAt: nullable(envelope.completed_at),
      declinedAt: nullable(envelope.declined_at),
      voidedAt: nullable(envelope.voided_at),
      voidedReason: nullable(envelope.voided_reason),
      ...(envelope.workflow ? { workflow: JSON.parse(envelope.workflow) as LifecycleWorkflow } : {}),
      recipients: recipients.map(
        (row): LifecycleRecipient => ({
          recipientId: row.recipient_id,
          type: row.type as LifecycleRecipientType,
          routingOrder: Number(row.routing_order),
          status: row.status as RecipientStatus,
          channel: deliveryChannel({
            deliveryMethod: row.delivery_method,
            ...(row.phone_number ? { phoneNumber: JSON.parse(row.phone_number) } : {}),
            additionalNotifications: JSON.parse(row.additional_notifications),
          }),
          ...(row.client_user_id === null ? {} : { embedded: true }),
          sentAt: nullable(row.sent_at),
          deliveredAt: nullable(row.delivered_at),
          completedAt: nullable(row.signed_at),
          declinedAt: nullable(row.declined_at),
          declinedReason: nullable(row.declined_reason),
        }),
      ),
    },
  }
}

/**
 * Stores a transition's new state if the envelope is still at `version`; false when another request or
 * process moved it first (the caller reloads and decides again). Only changed recipients are written.
 */
export async function storeTransition(
  tx: DbOrTx,
  stored: StoredLifecycle,
  next: LifecycleEnvelope,
  now: number,
): Promise<boolean> {
  const at = new Date(now).toISOString()
  const statusChanged = next.status !== stored.state.status
  const updated = await tx
    .updateTable('envelopes')
    .set({
      status: next.status,
      sent_at: next.sentAt ?? null,
      delivered_at: next.deliveredAt ?? null,
      completed_at: next.completedAt ?? null,
      declined_at: next.declinedAt ?? null,
      voided_at: next.voidedAt ?? null,
      voided_reason: next.voidedReason ?? null,
      updated_at: at,
      version: stored.version + 1,
      ...(statusChanged ? { status_changed_at: at } : {}),
      ...(next.workflow
        ? { workflow: JSON.stringify(next.workflow), workflow_resume_at: nextResumeAt(next.workflow) ?? null }
        : {}),
    })
    .where('id', '=', stored.envelopeId)
    .where('version', '=', stored.version)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) return false
  const before = new Map(stored.state.recipients.map((recipient) => [recipient.recipientId, recipient]))
  for (const recipient of next.recipients) {
    const previous = before.get(recipient.recipientId)
    if (previous && sameRecipientState(previous, recipient)) continue
    await tx
      .updateTable('envelope_recipients')
      .set({
        status: recipient.status,
        sent_at: recipient.sentAt ?? null,
        delivered_at: recipient.deliveredAt ?? null,
        signed_at: recipient.completedAt ?? null,
        declined_at: recipient.declinedAt ?? null,
        declined_reason: recipient.declinedReason ?? null,
        ...(recipient.identity
          ? {
              name: recipient.identity.name,
              email: recipient.identity.email,
              role_name: recipient.identity.roleName ?? null,
            }
          : {}),
      })
      .where('envelope_id', '=', stored.envelopeId)
      .where('recipient_id', '=', recipient.recipientId)
      .execute()
  }
  // A conditional placeholder no rule chose leaves the envelope (workflow/conditions.ts).
  const kept = new Set(next.recipients.map((recipient) => recipient.recipientId))
  const removed = stored.state.recipients.filter((recipient) => !kept.has(recipient.recipientId))
  if (removed.length > 0) {
    await tx
      .deleteFrom('envelope_recipients')
      .where('envelope_id', '=', stored.envelopeId)
      .where(
        'recipient_id',
        'in',
        removed.map((recipient) => recipient.recipientId),
      )
      .execute()
  }
  return true
}

function sameRecipientState(a: LifecycleRecipient, b: LifecycleRecipient): boolean {
  return (
    a.status === b.status &&
    a.sentAt === b.sentAt &&
    a.deliveredAt === b.deliveredAt &&
    a.completedAt === b.completedAt &&
    a.declinedAt === b.declinedAt &&
    a.declinedReason === b.declinedReason &&
    a.identity === b.identity
  )
}

export async function lastAuditEntry(
  db: DbOrTx,
  envelopeId: string,
): Promise<ChainedAuditRecord | undefined> {
  const row = await db
    .selectFrom('audit_events')
    .select('entry')
    .where('envelope_id', '=', envelopeId)
    .orderBy('sequence', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ? (JSON.parse(row.entry) as ChainedAuditRecord) : undefined
}

/** Appends chained entries; the (envelope, sequence) key makes a concurrent second appender fail. */
export async function insertAuditEntries(tx: DbOrTx, entries: readonly ChainedAuditRecord[]): Promise<void> {
  if (entries.length === 0) return
  await insertRows(
    tx,
    'audit_events',
    entries.map((entry) => ({
      envelope_id: entry.envelopeId,
      sequence: entry.sequence,
      entry: JSON.stringify(entry),
      previous_hash: entry.previousHash,
      hash: entry.hash,
    })),
  )
}

/** The whole chain in order, as stored (for the API and for verification). */
export async function listAuditEntries(db: DbOrTx, envelopeId: string): Promise<ChainedAuditRecord[]> {
  const rows = await db
    .selectFrom('audit_events')
    .select(['entry', 'previous_hash', 'hash'])
    .where('envelope_id', '=', envelopeId)
    .orderBy('sequence')
    .execute()
  // The link columns are authoritative: a tampered column must show up as a broken chain.
  return rows.map((row) => ({
    ...(JSON.parse(row.entry) as ChainedAuditRecord),
    previousHash: row.previous_hash,
    hash: row.hash,
  }))
}
