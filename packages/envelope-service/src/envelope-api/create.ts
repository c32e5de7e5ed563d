import { createHash } from 'node:crypto'
import { ConflictError, InvalidRequestError } from 'platform'
import { findNotificationDefaults } from '../accounts/notification-defaults/repository.js'
import { withAccountDefaults } from '../accounts/notification-defaults/rules.js'
import { checkBrandId } from '../brands/service.js'
import type { ServiceContext } from '../context.js'
import type { DbOrTx } from '../database.js'
import { blobIdOf, putBlob } from '../documents/blobs/repository.js'
import {
  allInOrder,
  type ConvertedDocument,
  type DocumentConverter,
  readInlineDocument,
} from '../documents/conversion/converter.js'
import {
  type InlineDocumentContent,
  inlineDocumentsOf,
  templateIdsOf,
} from '../envelopes/composite-layers.js'
import { mergeEnvelopeDefinition } from '../envelopes/composite-merge.js'
import type { EnvelopeDefinition } from '../envelopes/model.js'
import { checkPhoneNumbers } from '../envelopes/phone-numbers.js'
import { findEnvelope, findIdempotencyKey } from '../envelopes/repository.js'
import type { EnvelopeDefinitionInput } from '../envelopes/schema.js'
import { searchedDocuments } from '../envelopes/service.js'
import { newTimeOrderedId } from '../ids.js'
import { effectsAtCreate } from '../lifecycle/at-create.js'
import { checkAnchoredTabs } from '../tabs/anchor-places.js'
import { newTabIds } from '../tabs/tab-ids.js'
import type { Template } from '../templates/model.js'
import type { TemplateViewer } from '../templates/repository.js'
import { parseWorkflow } from '../workflow/parse.js'

export interface Sender {
  accountId: string
  userId: string
  /** Which templates the sender may use. */
  viewer: TemplateViewer
  /** The agent creating it on behalf of `userId` (shared access), recorded in the audit trail. */
  actingAgentUserId?: string
}

export interface CreatedEnvelope {
  envelopeId: string
  status: string
  statusDateTime: string
}

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255

/** Where envelopes are read and written: the service context. */
export type EnvelopeStore = Pick<
  ServiceContext,
  'db' | 'envelopeWriter' | 'templateCache' | 'wakeOutbox' | 'documentConverter' | 'anchorPlacements'
>

/**
 * Creates an envelope from a validated request: inline documents are converted to PDF (when sent in
 * another format), checked and hashed, the named
 * templates are read in one lookup, the pure merge builds the envelope, document bytes go to the
 * blob store, the lifecycle's `send` decides whom it invites (effectsAtCreate), then the context's writer stores it
 * all (with its outbox rows) in one short transaction. With an idempotency key, a repeat of the same
 * request returns the envelope the first one created; a different request under the key is 409.
 */
export async function createEnvelope(
  store: EnvelopeStore,
  sender: Sender,
  request: EnvelopeDefinitionInput,
  idempotencyKey: string | undefined,
  now: number,
  /** Sources the request names by `templateId` that are not stored templates (a bulk send's draft). */
  draftSources?: ReadonlyMap<string, Template>,
): Promise<CreatedEnvelope> {
  const idempotency =
    idempotencyKey === undefined
      ? undefined
      : { key: checkedKey(idempotencyKey), requestHash: hashRequest(request) }
  const { db } = store
  if (idempotency) {
    const replay = await replayOf(db, sender.accountId, idempotency)
    if (replay) return replay
  }

  if (request.brandId !== undefined) await checkBrandId(db, sender.accountId, request.brandId)
  const documents = await readInlineDocuments(store.documentConverter, request)
  const templates = await store.templateCache.find(
    db,
    sender.accountId,
    templateIdsOf(request).filter((id) => !draftSources?.has(id)),
    sender.viewer,
  )
  const sources = draftSources ? new Map([...templates, ...draftSources]) : templates
  const merged = withTabIds(mergeEnvelopeDefinition(request, sources, documents.contents))
  const notification = withAccountDefaults(
    merged.notification,
    await findNotificationDefaults(db, sender.accountId),
  )
  const definition = notification ? { ...merged, notification } : merged
  if (definition.status === 'sent') {
    checkPhoneNumbers(definition)
    await checkAnchoredTabs(
      store.anchorPlacements,
      definition.recipients,
      searchedDocuments(db, definition.documents, documents.bytes),
    )
  }
  const workflow = parseWorkflow(
    definition.workflow,
    definition.recipients.map((recipient) => ({
      recipientId: recipient.recipientId,
      routingOrder: Number(recipient.routingOrder),
      type: recipient.type,
    })),
  )

  const used = new Set(
    definition.documents.flatMap((document) => [
      document.blobId,
      ...(document.original ? [document.original.blobId] : []),
    ]),
  )
  for (const [blobId, bytes] of documents.bytes) if (used.has(blobId)) await putBlob(db, bytes, now)

  const envelopeId = newTimeOrderedId(now)
  const effects = effectsAtCreate(
    { envelopeId, accountId: sender.accountId },
    definition,
    {
      source: 'API',
      userName: 'API',
      userId: sender.userId,
      ...(sender.actingAgentUserId === undefined ? {} : { actingAgentUserId: sender.actingAgentUserId }),
    },
    now,
    workflow,
  )
  const stored = await store.envelopeWriter({
    envelopeId,
    accountId: sender.accountId,
    senderUserId: sender.userId,
    definition,
    ...effects,
    templateIds: [...templates.keys()],
    now,
    ...(idempotency ? { idempotency } : {}),
  })
  // Only the topics written: an envelope's Connect events are not stored when nobody listens.
  if (stored) store.wakeOutbox(stored.topics)
  if (!stored && idempotency) {
    const replay = await replayOf(db, sender.accountId, idempotency)
    if (replay) return replay
    throw new ConflictError('A request with this Idempotency-Key is still being processed')
  }
  return { envelopeId, status: definition.status, statusDateTime: new Date(now).toISOString() }
}

/** Every tab of the envelope with a new `tabId` (tabs/tab-ids.ts `newTabIds`). */
function withTabIds(definition: EnvelopeDefinition): EnvelopeDefinition {
  return {
    ...definition,
    recipients: definition.recipients.map((recipient) => ({
      ...recipient,
      tabs: newTabIds(recipient.tabs),
    })),
  }
}

function checkedKey(key: string): string {
  if (key.length === 0) throw new InvalidRequestError('Idempotency-Key header must not be empty')
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new InvalidRequestError(
      `Idempotency-Key header must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
    )
  }
  return key
}

/** The original envelope for a repeated key and body; 409 for the same key with another body. */
async function replayOf(
  db: DbOrTx,
  accountId: string,
  idempotency: { key: string; requestHash: string },
): Promise<CreatedEnvelope | undefined> {
  const existing = await findIdempotencyKey(db, accountId, idempotency.key)
  if (!existing) return undefined
  if (existing.requestHash !== idempotency.requestHash) {
    throw new ConflictError('The Idempotency-Key was already used with a different request body')
  }
  const envelope = await findEnvelope(db, accountId, existing.envelopeId)
  if (!envelope) throw new ConflictError('A request with this Idempotency-Key is still being processed')
  return {
    envelopeId: envelope.envelopeId,
    status: envelope.status,
    statusDateTime: envelope.statusChangedAt,
  }
}

/** SHA-256 of the body as canonical JSON (keys sorted), so formatting and key order do not matter. */
export function hashRequest(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex')
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/**
 * Decodes, converts and checks every inline document, keyed by field path; the bytes to store (PDFs
 * and the originals of converted documents) keyed by blob id. Documents convert concurrently, as many
 * at once as the converter's pool allows.
 */
async function readInlineDocuments(converter: DocumentConverter, request: EnvelopeDefinitionInput) {
  const inline = inlineDocumentsOf(request)
  const converted = await allInOrder(
    inline.map(({ path, document }) => {
      const reading = readInlineDocument(converter, document, path)
      // Decoded as the call began: the base64 text, a third larger than the bytes, is let go while they
      // are checked and stored (README, "Limits and hardening").
      document.documentBase64 = ''
      return reading
    }),
  )
  const contents = new Map<string, InlineDocumentContent>()
  const bytes = new Map<string, Uint8Array>()
  inline.forEach(({ path }, index) => {
    const { pdf, pages, original } = converted[index] as ConvertedDocument
    const blobId = blobIdOf(pdf)
    bytes.set(blobId, pdf)
    if (original) {
      const originalBlobId = blobIdOf(original.bytes)
      bytes.set(originalBlobId, original.bytes)
      contents.set(path, {
        pages,
        blobId,
        original: { blobId: originalBlobId, extension: original.extension },
      })
    } else {
      contents.set(path, { pages, blobId })
    }
  })
  return { contents, bytes }
}
