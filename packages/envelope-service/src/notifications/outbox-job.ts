import { createGroupCommit, type DialectName } from 'platform'
import type { Db } from '../database.js'
import type { EnvelopeRecord, StoredRecipient } from '../envelopes/reads.js'
import { smsPhoneOf } from '../lifecycle/channels.js'
import { type DeliveryChannel, type MessageKind, SENDER_KINDS } from '../lifecycle/model.js'
import { linkExpiryOf, settingsOf } from '../lifecycle/notification-settings.js'
import { expirationOf } from '../lifecycle/schedule.js'
import { recordAudit } from '../lifecycle/service.js'
import { composeMessages } from '../messages/compose.js'
import {
  channelAfterSuppression,
  recipientWording,
  withEmailSettings,
} from '../messages/envelope-email-settings.js'
import type { DeliveryResult, OutboundMessage } from '../messages/message.js'
import {
  type ClaimedOutboxMessage,
  claim,
  complete,
  enqueue,
  releaseWaiting,
  retry,
  retryAll,
} from '../outbox/repository.js'
import { retryDelayMs } from '../outbox/retry.js'
import { OUTBOX_TOPICS, type RecipientMessagePayload } from '../outbox/topics.js'
import { recipientLanguageOf } from '../signing/records/model.js'
import { deliverComposedRow } from './composed-messages.js'
import type { Dispatch } from './dispatch.js'
import { type LinkToMint, mintRoundLinks } from './round-links.js'
import { type RoundReads, readRound } from './round-reads.js'

/**
 * The messages job: drains `recipient.message` rows from the outbox and sends them by email, SMS or
 * both (the development mailbox stands in for a transport that is not configured). Each row is leased
 * to one process, so with several processes on PostgreSQL a message is sent once; a process that dies
 * mid-send loses its lease and another sends the message again (a duplicate only after a crash).
 * Failures never block anything else: a row that cannot be sent now is retried with exponential backoff
 * and jitter until `giveUpAfterMs` after it was enqueued, then recorded as failed. Every attempt that
 * fails, and the final outcome, lands in the envelope's audit trail. A message's signing link is minted
 * once, before its first attempt (a round's links together), and stored with the row: a retry or a
 * duplicate sends the same link.
 */

export interface MessagesJobDeps {
  db: Db
  dialect: DialectName
  now: () => number
  publicUrl: string
  dispatch: Dispatch
  /**
   * Whether a channel can be sent at all. A message for a channel with no transport (no SMTP_URL, no SMS
   * provider, no development mailbox) waits, checked again after `unconfiguredRetryMs`, without
   * composing it, minting a link or writing an audit entry each time: nothing is failing, nothing is
   * configured yet. Absent: every channel can.
   */
  canDeliver?: (channel: 'email' | 'sms') => boolean
  /** Names this process in outbox leases. */
  owner: string
  /** Rows claimed per round, and sent at once. */
  batchSize?: number
  concurrency?: number
  leaseMs?: number
  giveUpAfterMs?: number
}

export const MESSAGES_JOB = 'outbox.messages'
const DEFAULT_GIVE_UP_MS = 24 * 60 * 60_000
const COMPLETED_LINK_MS = 365 * 24 * 60 * 60_000
/** A message waiting for a transport is looked at again after a minute, then 2, 4, ... at most 30. */
const UNCONFIGURED_FIRST_RETRY_MS = 60_000
const UNCONFIGURED_MAX_RETRY_MS = 30 * 60_000
/** How `last_error` begins for a message no configured transport can send. */
const UNCONFIGURED_ERROR = 'No transport is configured for'

/** Kinds whose message carries a personal signing link. */
const LINKED_KINDS = new Set<MessageKind>(['invitation', 'reminder', 'expiryWarning', 'copy', 'completed'])
/** Kinds that only make sense while the envelope is in progress. */
const IN_PROGRESS_KINDS = new Set<MessageKind>(['invitation', 'reminder', 'expiryWarning'])

/**
 * When a message waiting for a transport is looked at again, by the claims so far (1 on the first): a
 * minute, doubling to at most 30. Waiting costs a claim and a release each time, and under load a
 * process without a transport re-claimed every waiting message every minute, forever.
 */
export function unconfiguredRetryMs(attempts: number): number {
  return Math.min(UNCONFIGURED_MAX_RETRY_MS, UNCONFIGURED_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1))
}

/**
 * The messages job's run in one process. Its first round first makes the messages that wait for a
 * transport due at once when this process has one (a restart with SMTP_URL set, say), instead of at
 * the end of their back-off.
 */
export function messagesJobRun(deps: MessagesJobDeps): () => Promise<boolean> {
  let released = false
  return async () => {
    if (!released) {
      released = true
      const canSend = (['email', 'sms'] as const).some((channel) => deps.canDeliver?.(channel) !== false)
      if (canSend) await releaseWaiting(deps.db, MESSAGE_TOPICS, UNCONFIGURED_ERROR, deps.now())
    }
    return runMessagesRound(deps)
  }
}

const MESSAGE_TOPICS = [OUTBOX_TOPICS.recipientMessage, OUTBOX_TOPICS.composedMessage]

/** One round: claims due messages and sends them; resolves true when a full batch suggests more wait. */
export async function runMessagesRound(deps: MessagesJobDeps): Promise<boolean> {
  const batchSize = deps.batchSize ?? 200
  const rows = await claim(deps.db, deps.dialect, {
    topics: MESSAGE_TOPICS,
    owner: deps.owner,
    now: deps.now(),
    leaseMs: deps.leaseMs ?? 60_000,
    limit: batchSize,
  })
  const concurrency = deps.concurrency ?? 16
  // Only for messages that can go out now: a message waiting for a transport is put back unread.
  const sendable = rows.filter(
    (row) =>
      row.topic === OUTBOX_TOPICS.recipientMessage &&
      missingChannels(deps, row.payload as RecipientMessagePayload).length === 0,
  )
  const reads = await readRound(
    deps.db,
    sendable.map((row) => row.payload as RecipientMessagePayload),
  )
  const links = await mintRoundLinks(deps.db, deps.owner, deps.publicUrl, linksToMint(deps, reads, sendable))
  const finish = completer(deps)
  /** Rows no transport can send yet, by reason and back-off: put back together, one statement each. */
  const unsendable = new Map<string, { error: string; delayMs: number; ids: string[] }>()
  let next = 0
  const workers = Array.from({ length: Math.min(concurrency, rows.length) }, async () => {
    while (next < rows.length) {
      const row = rows[next++]!
      await deliverRow(deps, row, { reads, links, finish }, unsendable)
    }
  })
  try {
    await Promise.all(workers)
  } finally {
    // Nothing was sent for these, so holding them to the end of the round loses nothing; under load,
    // one update per row had the job's writes queue beside the envelope creates.
    for (const { error, delayMs, ids } of unsendable.values()) {
      await retryAll(deps.db, deps.owner, ids, { availableAt: deps.now() + delayMs, error })
    }
  }
  return rows.length === batchSize
}

async function deliverRow(
  deps: MessagesJobDeps,
  row: ClaimedOutboxMessage,
  round: Round,
  unsendable: Map<string, { error: string; delayMs: number; ids: string[] }>,
): Promise<void> {
  if (row.topic === OUTBOX_TOPICS.composedMessage) {
    return deliverComposedRow(
      {
        ...deps,
        giveUpAfterMs: deps.giveUpAfterMs ?? DEFAULT_GIVE_UP_MS,
        retryDelayMs: (n) => retryDelayMs(n),
      },
      row,
    )
  }
  const payload = row.payload as RecipientMessagePayload
  const missing = missingChannels(deps, payload)
  if (missing.length > 0) {
    const error = `${UNCONFIGURED_ERROR} ${missing.join(' and ')} (see SMTP_URL, SMS_PROVIDER_URL, DEV_MAILBOX)`
    const delayMs = unconfiguredRetryMs(row.attempts)
    const key = `${delayMs} ${error}`
    const group = unsendable.get(key) ?? { error, delayMs, ids: [] }
    group.ids.push(row.id)
    unsendable.set(key, group)
    return
  }
  const actor = { source: 'System' as const, userName: 'Inkwell' }
  let prepared: Awaited<ReturnType<typeof prepare>>
  try {
    prepared = await prepare(deps, round, row.id, payload)
  } catch (error) {
    // A message that cannot be composed (an invalid phone number, say) never will be: record it, drop it.
    await deps.db.transaction().execute(async (tx) => {
      const note = {
        action: 'Delivery Failed',
        recipientId: payload.recipientId,
        envelopeStatus: 'sent',
        message: `${capitalized(describeMessage(payload))} could not be composed.`,
        information: (error as Error).message,
      }
      await recordAudit(tx, payload.envelopeId, [note], actor, deps.now())
    })
    await round.finish(row.id)
    return
  }
  if (prepared === 'skip') {
    await round.finish(row.id)
    return
  }
  // The lease ran out before the link was stored: the row is another process's now.
  if (prepared === 'lost') return
  const results = await Promise.all(prepared.messages.map((message) => deps.dispatch(message)))
  const failedChannels = prepared.messages
    .map((message, index) => ({ channel: message.channel, result: results[index]! }))
    .filter(({ result }) => result.outcome !== 'delivered')
  const now = deps.now()
  if (failedChannels.length === 0) {
    await round.finish(row.id)
    return
  }
  const reason = failedChannels.map(({ channel, result }) => `${channel}: ${reasonOf(result)}`).join('; ')
  const permanent = failedChannels.every(({ result }) => result.outcome === 'failed')
  const expired = now - row.createdAt >= (deps.giveUpAfterMs ?? DEFAULT_GIVE_UP_MS)
  const note = {
    recipientId: payload.recipientId,
    envelopeStatus: prepared.envelopeStatus,
    message: `Sending ${describeMessage(payload)} failed (attempt ${row.attempts}).`,
    information: reason,
  }
  if (permanent || expired) {
    await deps.db.transaction().execute(async (tx) => {
      await recordAudit(tx, payload.envelopeId, [{ ...note, action: 'Delivery Failed' }], actor, now)
    })
    await round.finish(row.id)
    return
  }
  // Channels that went out are not sent again: what is left is retried on its own.
  const delivered = prepared.messages.length - failedChannels.length
  const remaining: DeliveryChannel | undefined =
    delivered === 0 ? undefined : failedChannels[0]!.channel === 'email' ? 'email' : 'sms'
  await deps.db.transaction().execute(async (tx) => {
    await recordAudit(tx, payload.envelopeId, [{ ...note, action: 'Delivery Attempt Failed' }], actor, now)
  })
  const retryAt =
    now + Math.max(retryDelayMs(row.attempts), retryAfterOf(failedChannels.map(({ result }) => result)))
  if (remaining) {
    await deps.db.transaction().execute(async (tx) => {
      await enqueue(
        tx,
        [
          {
            topic: OUTBOX_TOPICS.recipientMessage,
            payload: { ...prepared.payload, channel: remaining },
            availableAt: retryAt,
          },
        ],
        now,
      )
    })
    await round.finish(row.id)
  } else {
    await retry(deps.db, deps.owner, row.id, { availableAt: retryAt, error: reason })
  }
}

/** The message's channels that have no transport in this process. */
function missingChannels(deps: MessagesJobDeps, payload: RecipientMessagePayload): ('email' | 'sms')[] {
  const channels =
    payload.channel === 'both' ? (['email', 'sms'] as const) : [payload.channel as 'email' | 'sms']
  return channels.filter((channel) => deps.canDeliver?.(channel) === false)
}

function describeMessage(payload: RecipientMessagePayload): string {
  return SENDER_KINDS.has(payload.kind as MessageKind)
    ? `the sender's ${payload.kind} notice about recipient ${payload.recipientId}`
    : `the ${payload.kind} message to recipient ${payload.recipientId}`
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function reasonOf(result: DeliveryResult): string {
  return result.outcome === 'delivered' ? 'delivered' : result.reason
}

function retryAfterOf(results: DeliveryResult[]): number {
  return Math.max(
    0,
    ...results.map((result) => (result.outcome === 'retry' ? (result.retryAfterMs ?? 0) : 0)),
  )
}

interface Prepared {
  messages: OutboundMessage[]
  envelopeStatus: string
  /** The payload with its signing link, for a retry of what is left. */
  payload: RecipientMessagePayload
}

/**
 * The message(s) to send for a payload, with the payload's signing link where the kind carries one
 * (minted with the round's on a first attempt). `skip` when the message is no longer owed, `lost` when
 * the row's lease ran out meanwhile.
 */
async function prepare(
  deps: MessagesJobDeps,
  { reads, links }: Round,
  rowId: string,
  payload: RecipientMessagePayload,
): Promise<'skip' | 'lost' | Prepared> {
  const owing = owed(reads, payload)
  if (owing === 'skip') return 'skip'
  const { envelope, recipients, recipient, kind, toSender, channel } = owing
  let linked = payload
  if (needsLink(payload)) {
    // Minted for the round (linksToMint), with the same reads: absent only if that changed.
    const minted = links.get(rowId)
    if (minted === undefined || minted === 'lost') return 'lost'
    linked = minted
  }
  const now = deps.now()
  const sentAt = new Date(envelope.sentAt ?? now)
  const fields = reads.customFields(envelope.envelopeId)
  const phone = smsPhoneOf(recipient)
  const expiresAt = expirationOf(settingsOf(envelope.notification).expirations, sentAt)
  const recipientName = recipient.inPerson?.signerName ?? recipient.name
  const reassignedBy = recipients.find((other) => other.reassignedTo === recipient.recipientId)
  const replacement = toSender
    ? recipients.find((other) => other.recipientId === recipient.reassignedTo)
    : undefined
  const brand = toSender ? undefined : await reads.brand(envelope.accountId, envelope.brandId)
  const composed = composeMessages({
    kind,
    // The recipient's own language and wording are for its messages; the sender reads the envelope's.
    // A brand's default language is a recipient's when neither they nor the envelope name one.
    language:
      recipientLanguageOf(toSender ? {} : recipient, fields?.listCustomFields ?? []) ??
      brand?.language ??
      'en',
    channel,
    envelope: {
      ...recipientWording(envelope, toSender ? undefined : recipient.emailNotification),
      senderName: envelope.sender.userName,
    },
    recipient: toSender
      ? { name: envelope.sender.userName, email: envelope.sender.email }
      : {
          ...(recipientName ? { name: recipientName } : {}),
          ...(recipient.email ? { email: recipient.email } : {}),
          ...(phone ? { phone } : {}),
        },
    ...(toSender ? { about: recipientName ?? recipient.email ?? `Recipient ${recipient.recipientId}` } : {}),
    ...(linked.link ? { link: linked.link } : {}),
    ...(payload.reason ? { reason: payload.reason } : {}),
    ...(reassignedBy ? { reassignedBy: reassignedBy.name ?? reassignedBy.email ?? '' } : {}),
    ...(replacement ? { replacement: replacement.name ?? replacement.email ?? '' } : {}),
    ...(expiresAt ? { expiresAt } : {}),
    ...(brand ? { brand } : {}),
  })
  const messages = withEmailSettings(composed, envelope.emailSettings, envelope.sender.email)
  return { messages, envelopeStatus: envelope.status, payload: linked }
}

/** What a round's messages share: their reads, and the links minted for them. */
interface Round {
  reads: RoundReads
  links: Map<string, RecipientMessagePayload | 'lost'>
  /** Completes (deletes) a row this process holds, once its message is sent or given up. */
  finish: (id: string) => Promise<void>
}

/**
 * A round's completions, grouped: rows finishing while one delete runs share the next (platform's group
 * commit), instead of a statement and round trip each. Each row is still completed once its own message
 * has gone out, not at the end of the round, so a crash resends only messages whose delete had not yet
 * run: the ones in flight, and those finished in the last few milliseconds.
 */
function completer(deps: MessagesJobDeps): Round['finish'] {
  return createGroupCommit<string, void>({
    writeBatch: async (ids) => {
      await complete(deps.db, deps.owner, ids)
      return ids.map(() => undefined)
    },
    writeOne: async (id) => {
      await complete(deps.db, deps.owner, [id])
    },
    maxBatch: 200,
  })
}

/** A message still owed, and to whom; `skip` when it no longer is. */
interface Owed {
  envelope: EnvelopeRecord
  recipients: readonly StoredRecipient[]
  recipient: StoredRecipient
  kind: MessageKind
  toSender: boolean
  channel: DeliveryChannel
}

function owed(reads: RoundReads, payload: RecipientMessagePayload): 'skip' | Owed {
  const envelope = reads.envelope(payload.accountId, payload.envelopeId)
  const recipients = reads.recipients(payload.envelopeId)
  const recipient = recipients.find((candidate) => candidate.recipientId === payload.recipientId)
  if (!envelope || !recipient) return 'skip'
  const kind = payload.kind as MessageKind
  const inProgress = envelope.status === 'sent' || envelope.status === 'delivered'
  if (IN_PROGRESS_KINDS.has(kind) && !inProgress) return 'skip'
  const toSender = SENDER_KINDS.has(kind)
  // A recipient's suppressEmails takes email away from its own messages, never from the sender's notices.
  const channel = toSender
    ? (payload.channel as DeliveryChannel)
    : channelAfterSuppression(payload.channel as DeliveryChannel, recipient.suppressEmails)
  if (channel === undefined) return 'skip'
  return { envelope, recipients, recipient, kind, toSender, channel }
}

/** A message carries a personal link minted once, before its first attempt. */
const needsLink = (payload: RecipientMessagePayload) =>
  LINKED_KINDS.has(payload.kind as MessageKind) && payload.link === undefined

/** The round's messages still owed that need their link, and how long each link lasts. */
function linksToMint(
  deps: MessagesJobDeps,
  reads: RoundReads,
  rows: readonly ClaimedOutboxMessage[],
): LinkToMint[] {
  const now = deps.now()
  return rows.flatMap((row) => {
    const payload = row.payload as RecipientMessagePayload
    const owing = needsLink(payload) ? owed(reads, payload) : 'skip'
    if (owing === 'skip') return []
    const expiresAt =
      // A completion link leads to the signed document, which outlives the envelope's expiry.
      owing.kind === 'completed'
        ? now + COMPLETED_LINK_MS
        : linkExpiryOf(owing.envelope.notification, new Date(owing.envelope.sentAt ?? now))
    return [{ rowId: row.id, payload, createdAt: now, expiresAt }]
  })
}
