import { randomUUID } from 'node:crypto'
import type { EnvelopeStatus, RecipientStatus } from 'esign-contract'
import type { DbOrTx } from '../database.js'
import type { EnvelopeNotification } from '../envelopes/model.js'
import { refreshSearchText } from '../envelopes/search-text/repository.js'
import type { TabsByType } from '../tabs/model.js'
import { withStoredTabIds } from '../tabs/tab-ids.js'
import type { LifecycleWorkflow } from '../workflow/model.js'
import { deliveryChannel } from './channels.js'
import type { LifecycleEnvelope, LifecycleRecipient, LifecycleRecipientType } from './model.js'

/**
 * The lifecycle's reads and writes: an envelope's state as the pure transitions take it, the compare-and-
 * set that stores a transition's result (its audit entries: audit/repository.ts). Rows map to lifecycle values here, so
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
      'reassigned_to',
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
          ...(row.reassigned_to === null ? {} : { reassignedTo: row.reassigned_to }),
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
  /** When the workflow's next wait ends (workflow/gates.ts `nextResumeAt`), written with a workflow. */
  workflowResumeAt: string | undefined,
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
        ? { workflow: JSON.stringify(next.workflow), workflow_resume_at: workflowResumeAt ?? null }
        : {}),
    })
    .where('id', '=', stored.envelopeId)
    .where('version', '=', stored.version)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) return false
  const before = new Map(stored.state.recipients.map((recipient) => [recipient.recipientId, recipient]))
  let searchTextChanged = false
  for (const recipient of next.recipients) {
    const previous = before.get(recipient.recipientId)
    if (!previous && recipient.replacing) {
      await insertReplacement(tx, stored.envelopeId, recipient, recipient.replacing)
      searchTextChanged = true
      continue
    }
    if (previous && sameRecipientState(previous, recipient)) continue
    if (recipient.identity && recipient.identity !== previous?.identity) searchTextChanged = true
    await tx
      .updateTable('envelope_recipients')
      .set({
        status: recipient.status,
        sent_at: recipient.sentAt ?? null,
        delivered_at: recipient.deliveredAt ?? null,
        signed_at: recipient.completedAt ?? null,
        declined_at: recipient.declinedAt ?? null,
        declined_reason: recipient.declinedReason ?? null,
        reassigned_to: recipient.reassignedTo ?? null,
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
  if (searchTextChanged || removed.length > 0) await refreshSearchText(tx, stored.envelopeId)
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
    a.identity === b.identity &&
    a.reassignedTo === b.reassignedTo
  )
}

/**
 * The row of a signer who took over from another (signing/reassign/): the replaced signer's row with the
 * new person's name and email, a new id, at the end of the envelope's order. It keeps what belongs to
 * the part (role, routing order, tabs, note, excluded documents, the sender's message and recipient
 * custom fields) and drops what belonged to the person: name parts, phone numbers, access code and SMS
 * authentication, an embedded `clientUserId`, `suppressEmails`. The tabs move, with their ids, so the
 * replaced signer keeps none.
 */
async function insertReplacement(
  tx: DbOrTx,
  envelopeId: string,
  recipient: LifecycleRecipient,
  replacing: NonNullable<LifecycleRecipient['replacing']>,
): Promise<void> {
  const original = await tx
    .selectFrom('envelope_recipients')
    .selectAll()
    .where('envelope_id', '=', envelopeId)
    .where('recipient_id', '=', replacing.recipientId)
    .executeTakeFirstOrThrow()
  const last = await tx
    .selectFrom('envelope_recipients')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('envelope_id', '=', envelopeId)
    .executeTakeFirst()
  const tabs = JSON.stringify(
    withStoredTabIds(JSON.parse(original.tabs) as TabsByType, `${envelopeId}/${original.recipient_id}`),
  )
  const settings = original.message_settings
    ? (JSON.parse(original.message_settings) as Record<string, unknown>)
    : {}
  const kept = Object.fromEntries(
    Object.entries(settings).filter(([key]) => key === 'emailNotification' || key === 'customFields'),
  )
  await tx
    .insertInto('envelope_recipients')
    .values({
      ...original,
      recipient_id: recipient.recipientId,
      recipient_id_guid: randomUUID(),
      position: Number(last?.position ?? 0) + 1,
      name: replacing.name,
      email: replacing.email,
      delivery_method: 'email',
      phone_number: null,
      additional_notifications: '[]',
      client_user_id: null,
      access_code: null,
      sms_auth_phones: null,
      message_settings: Object.keys(kept).length > 0 ? JSON.stringify(kept) : null,
      tabs,
      status: recipient.status,
      sent_at: recipient.sentAt ?? null,
      delivered_at: null,
      signed_at: null,
      declined_at: null,
      declined_reason: null,
      tab_values: '{}',
      reassigned_to: null,
    })
    .execute()
  await tx
    .updateTable('envelope_recipients')
    .set({ tabs: '{}' })
    .where('envelope_id', '=', envelopeId)
    .where('recipient_id', '=', replacing.recipientId)
    .execute()
}

/** An envelope in progress, with what the reminders-and-expiry job decides from (schedule-job.ts). */
export interface InProgress {
  envelopeId: string
  sentAt: Date
  notification: EnvelopeNotification | undefined
  lastReminderAt: Date | undefined
  expiryWarnedAt: Date | undefined
  invitedAt: Date
}

export async function findEnvelopesInProgress(db: DbOrTx): Promise<InProgress[]> {
  const rows = await db
    .selectFrom('envelopes')
    .select(['id', 'sent_at', 'notification', 'last_reminder_at', 'expiry_warned_at'])
    .where('status', 'in', ['sent', 'delivered'])
    .execute()
  if (rows.length === 0) return []
  // When the recipients now pending were invited: the latest invitation among those who have not finished.
  const invited = await db
    .selectFrom('envelope_recipients')
    .select(['envelope_id', (eb) => eb.fn.max('sent_at').as('invited_at')])
    .where('status', 'in', ['sent', 'delivered'])
    .where(
      'envelope_id',
      'in',
      rows.map((row) => row.id),
    )
    .groupBy('envelope_id')
    .execute()
  const invitedAt = new Map(invited.map((row) => [row.envelope_id, row.invited_at]))
  return rows.flatMap((row) => {
    if (!row.sent_at) return []
    const sentAt = new Date(row.sent_at)
    const invitation = invitedAt.get(row.id)
    return [
      {
        envelopeId: row.id,
        sentAt,
        notification: row.notification ? (JSON.parse(row.notification) as EnvelopeNotification) : undefined,
        lastReminderAt: row.last_reminder_at ? new Date(row.last_reminder_at) : undefined,
        expiryWarnedAt: row.expiry_warned_at ? new Date(row.expiry_warned_at) : undefined,
        invitedAt: invitation ? new Date(invitation) : sentAt,
      },
    ]
  })
}

/** Records when a reminder or an expiry warning was last sent. */
export async function stampNotice(
  tx: DbOrTx,
  envelopeId: string,
  column: 'last_reminder_at' | 'expiry_warned_at',
  at: Date,
) {
  await tx
    .updateTable('envelopes')
    .set({ [column]: at.toISOString() })
    .where('id', '=', envelopeId)
    .execute()
}
