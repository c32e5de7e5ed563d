import { FIXED_ENVELOPE_SETTINGS } from 'esign-contract'
import { InvalidRequestError, NotFoundError } from 'platform'
import { toAuditEventsResponse } from '../../audit/docusign.js'
import { listAuditEntries } from '../../audit/repository.js'
import { buildArchive } from '../../completion/archive.js'
import { sealedCertificate } from '../../completion/complete.js'
import { gatherEnvelope } from '../../completion/gather.js'
import { CERTIFICATE_LABELS } from '../../completion/labels.js'
import type { ServiceContext } from '../../context.js'
import { getBlob } from '../../documents/blobs/repository.js'
import {
  CERTIFICATE_PART,
  COMBINED_PART,
  findSignedPart,
  findSignedParts,
} from '../../documents/sealed/repository.js'
import { checkDraftMessageUnlocked } from '../../envelopes/locks.js'
import { checkPhoneNumbers } from '../../envelopes/phone-numbers.js'
import type { EnvelopeRecord } from '../../envelopes/reads.js'
import {
  customFieldsOf,
  documentsOf,
  envelopeOrFail,
  recipientsOf,
  searchedDocuments,
} from '../../envelopes/service.js'
import { readPlacement } from '../../folders/repository.js'
import { returnUrlOf } from '../../identity/console-view/view-request.js'
import { findUser } from '../../identity/repository.js'
import { LifecycleError, unknownEnvelopeRecipient } from '../../lifecycle/errors.js'
import { loadLifecycle } from '../../lifecycle/repository.js'
import { updateWorkflow } from '../../lifecycle/resume/service.js'
import { type Actor, applyTransition, recordAudit } from '../../lifecycle/service.js'
import { resend, send, voidEnvelope } from '../../lifecycle/transitions.js'
import { newSigningToken, RECIPIENT_VIEW_TTL_MS, signingUrl } from '../../signing/records/links.js'
import { formLanguageOf } from '../../signing/records/model.js'
import { findTabValues, insertSigningLink } from '../../signing/records/repository.js'
import { checkAnchoredTabs } from '../../tabs/anchor-places.js'
import { formatSignedDate, tabsWithValues } from '../../tabs/values.js'
import {
  checkDraftMessageAllowed,
  type DraftMessage,
  draftMessageAudit,
  draftMessageOf,
} from './draft-message.js'
import { type RecipientProgress, toEnvelopeFormData, toRecipientsWithProgress } from './mapping.js'
import { findMessageLock, storeDraftMessage } from './repository.js'
import type { EnvelopeUpdateBody, RecipientViewRequest } from './schema.js'
import { findViewRecipient } from './view-recipient.js'

/**
 * The lifecycle's REST side: sender actions (send, void, resend) through the one write path, the
 * embedded recipient view, and the reads of progress, entered values, audit trail and sealed documents.
 */

export type LifecycleApiDeps = Pick<
  ServiceContext,
  'db' | 'now' | 'signingOrigin' | 'seal' | 'anchorPlacements'
>

export interface Caller {
  accountId: string
  userId: string
  /** The agent acting on behalf of `userId`, recorded in the audit trail. */
  actingAgentUserId?: string
}

async function apiActor(deps: LifecycleApiDeps, caller: Caller): Promise<Actor> {
  const user = await findUser(deps.db, caller.userId)
  return {
    source: 'API',
    userName: user?.name ?? caller.userId,
    userId: caller.userId,
    ...(caller.actingAgentUserId === undefined ? {} : { actingAgentUserId: caller.actingAgentUserId }),
  }
}

/**
 * `PUT .../envelopes/{envelopeId}`: `emailSubject`/`emailBlurb` change a draft's message (then
 * `status: "sent"` may send it in the same call), `?resend_envelope=true` re-invites, `status: "sent"`
 * sends a draft, `status: "voided"` voids. Any other update is outside this service's subset: 400, so a
 * client never believes a change was made.
 */
export async function updateEnvelope(
  deps: LifecycleApiDeps,
  caller: Caller,
  envelopeId: string,
  body: EnvelopeUpdateBody,
  resendEnvelope: boolean,
): Promise<{ envelopeId: string }> {
  const target = { envelopeId, accountId: caller.accountId }
  const actor = await apiActor(deps, caller)
  const status = body.status?.trim().toLowerCase()
  const message = draftMessageOf(body)
  if (message) {
    // Refused before the message is stored, so a half-done update never happens.
    if (body.workflow !== undefined || resendEnvelope || (status && status !== 'sent')) {
      throw new InvalidRequestError(
        "emailSubject and emailBlurb change a draft: give them alone, or with status 'sent' to send it",
      )
    }
    // The lock is set once, at creation, so it is read before the transition rather than inside it.
    const lock = await findMessageLock(deps.db, target)
    if (lock) checkDraftMessageUnlocked(lock)
    await changeDraftMessage(deps, target, message, actor)
    if (!status) return { envelopeId }
  }
  if (body.workflow !== undefined) {
    if (status)
      throw new InvalidRequestError('Give either status or workflow to update an envelope, not both')
    await updateWorkflow(deps, target, body.workflow, actor)
  } else if (resendEnvelope && (status === undefined || status === '')) {
    await applyTransition(deps, target, (stored, now) => resend(stored.state, now), actor)
  } else if (status === 'sent') {
    const [recipients, documents] = await Promise.all([
      recipientsOf(deps.db, envelopeId),
      documentsOf(deps.db, envelopeId),
    ])
    checkPhoneNumbers({ recipients })
    await checkAnchoredTabs(deps.anchorPlacements, recipients, searchedDocuments(deps.db, documents))
    await applyTransition(
      deps,
      target,
      (stored, now) => send(stored.state, now),
      actor,
      // Checked inside the send's transaction, so a delete racing the send cannot leave a sent envelope in the bin.
      async (tx) => {
        if ((await readPlacement(tx, envelopeId)).folder === 'recyclebin') {
          throw new InvalidRequestError(
            `Envelope ${envelopeId} is in the recycle bin; move it to the draft folder before sending it`,
          )
        }
      },
    )
  } else if (status === 'voided') {
    const reason = body.voidedReason ?? ''
    await applyTransition(deps, target, (stored, now) => voidEnvelope(stored.state, reason, now), actor)
  } else if (
    !status &&
    body.voidedReason === undefined &&
    Object.keys(FIXED_ENVELOPE_SETTINGS).some((name) => name in body)
  ) {
    // Only settings the envelope already has, with the one value the schema lets through: nothing to
    // change, as DocuSign answers a setting set to what it is; the envelope must still be the caller's.
    // A reason without a status still asks for something, and is refused below rather than dropped.
    await envelopeOrFail(deps.db, caller.accountId, envelopeId)
  } else {
    throw new InvalidRequestError(
      status
        ? `status must be 'sent' or 'voided' to update an envelope; '${body.status}' is not supported`
        : "Nothing to update: give status 'sent' or 'voided', or resend_envelope=true",
    )
  }
  return { envelopeId }
}

/** The draft's subject and message through the lifecycle's one write path (its status stays `created`). */
async function changeDraftMessage(
  deps: LifecycleApiDeps,
  target: { envelopeId: string; accountId: string },
  message: DraftMessage,
  actor: Actor,
): Promise<void> {
  await applyTransition(
    deps,
    target,
    (stored) => {
      checkDraftMessageAllowed(stored.state.status)
      return { envelope: stored.state, effects: { messages: [], audit: [], events: [] } }
    },
    actor,
    async (tx, stored) => {
      await storeDraftMessage(tx, target.envelopeId, message)
      await recordAudit(
        tx,
        target.envelopeId,
        [draftMessageAudit(message, stored.state.status)],
        actor,
        deps.now(),
      )
    },
  )
}

/** `POST .../views/recipient`: a once-only, five-minute signing URL for an embedded recipient. */
export async function createRecipientView(
  deps: LifecycleApiDeps,
  caller: Caller,
  envelopeId: string,
  request: RecipientViewRequest,
): Promise<{ url: string }> {
  const returnUrl = returnUrlOf(request.returnUrl)
  await envelopeOrFail(deps.db, caller.accountId, envelopeId)
  const stored = await loadLifecycle(deps.db, envelopeId)
  if (!stored) throw new NotFoundError(`Envelope ${envelopeId} was not found in this account`)
  if (stored.state.status !== 'sent' && stored.state.status !== 'delivered') {
    throw new LifecycleError(
      'ENVELOPE_INVALID_STATUS',
      `A recipient view needs a sent or delivered envelope; this one is '${stored.state.status}'.`,
    )
  }
  const [recipients, callingUser] = await Promise.all([
    recipientsOf(deps.db, envelopeId),
    request.clientUserId === undefined ? findUser(deps.db, caller.userId) : undefined,
  ])
  const recipient = findViewRecipient(recipients, request, callingUser?.email)
  if (!recipient) {
    throw new LifecycleError(
      'UNKNOWN_ENVELOPE_RECIPIENT',
      'The recipient you have identified is not a valid recipient of the specified envelope.',
    )
  }
  const progress = stored.state.recipients.find(
    (candidate) => candidate.recipientId === recipient.recipientId,
  )
  if (progress?.status !== 'sent' && progress?.status !== 'delivered') {
    throw new LifecycleError(
      progress?.status === 'created' ? 'RECIPIENT_NOT_IN_SEQUENCE' : 'RECIPIENT_ALREADY_FINISHED',
      progress?.status === 'created'
        ? `It is not yet recipient ${recipient.recipientId}'s turn.`
        : `Recipient ${recipient.recipientId} has already finished.`,
    )
  }
  const { token, tokenHash } = newSigningToken()
  const now = deps.now()
  await insertSigningLink(deps.db, {
    tokenHash,
    envelopeId,
    recipientId: recipient.recipientId,
    kind: 'recipient_view',
    returnUrl,
    createdAt: now,
    expiresAt: now + RECIPIENT_VIEW_TTL_MS,
  })
  return { url: signingUrl(deps.signingOrigin, token) }
}

/** Every recipient with progress and the tabs filled with the values entered. */
async function recipientProgress(deps: LifecycleApiDeps, envelopeId: string): Promise<RecipientProgress[]> {
  const [recipients, stored, values, fields] = await Promise.all([
    recipientsOf(deps.db, envelopeId),
    loadLifecycle(deps.db, envelopeId),
    findTabValues(deps.db, envelopeId),
    customFieldsOf(deps.db, envelopeId),
  ])
  const language = formLanguageOf(fields.listCustomFields) ?? 'en'
  return recipients.map((recipient) => {
    const progress = stored?.state.recipients.find(
      (candidate) => candidate.recipientId === recipient.recipientId,
    )
    const sms = recipient.deliveryMethod.toLowerCase() === 'sms'
    const name = recipient.inPerson?.signerName ?? recipient.name ?? ''
    const signedDate = progress?.completedAt
      ? formatSignedDate(new Date(progress.completedAt), language)
      : undefined
    return {
      recipient,
      progress,
      filledTabs: tabsWithValues(
        recipient.tabs,
        { name, ...(!sms && recipient.email ? { email: recipient.email } : {}) },
        values.get(recipient.recipientId) ?? {},
        signedDate,
      ),
    }
  })
}

export async function recipientsWithProgress(
  deps: LifecycleApiDeps,
  accountId: string,
  envelopeId: string,
  includeTabs: boolean,
) {
  const envelope = await envelopeOrFail(deps.db, accountId, envelopeId)
  return toRecipientsWithProgress(await recipientProgress(deps, envelope.envelopeId), includeTabs)
}

export async function recipientTabs(
  deps: LifecycleApiDeps,
  accountId: string,
  envelopeId: string,
  recipientId: string,
) {
  const envelope = await envelopeOrFail(deps.db, accountId, envelopeId)
  const found = (await recipientProgress(deps, envelope.envelopeId)).find(
    ({ recipient }) => recipient.recipientId === recipientId,
  )
  if (!found) {
    throw unknownEnvelopeRecipient(recipientId)
  }
  return found.filledTabs
}

export async function envelopeFormData(deps: LifecycleApiDeps, accountId: string, envelopeId: string) {
  const envelope = await envelopeOrFail(deps.db, accountId, envelopeId)
  return toEnvelopeFormData(envelope, await recipientProgress(deps, envelope.envelopeId))
}

export async function auditEvents(deps: LifecycleApiDeps, accountId: string, envelopeId: string) {
  const envelope = await envelopeOrFail(deps.db, accountId, envelopeId)
  return toAuditEventsResponse(await listAuditEntries(deps.db, envelope.envelopeId))
}

export interface PdfFile {
  filename: string
  bytes: Uint8Array
  documentId?: string
}

async function blobOrFail(deps: LifecycleApiDeps, blobId: string, what: string): Promise<Uint8Array> {
  const bytes = await getBlob(deps.db, blobId)
  if (!bytes) throw new NotFoundError(`${what} was not found`)
  return bytes
}

/**
 * The sealed version of `combined` or of one document, once the envelope completed and was sealed;
 * undefined before, when the unsigned document is served instead.
 */
export async function sealedDocument(
  deps: LifecycleApiDeps,
  envelope: EnvelopeRecord,
  documentId: string,
): Promise<PdfFile | undefined> {
  if (envelope.status !== 'completed') return undefined
  const blobId = await findSignedPart(deps.db, envelope.envelopeId, documentId)
  if (!blobId) return undefined
  const bytes = await blobOrFail(deps, blobId, `Document ${documentId} of envelope ${envelope.envelopeId}`)
  if (documentId === COMBINED_PART) return { filename: 'combined.pdf', bytes }
  const document = (await documentsOf(deps.db, envelope.envelopeId)).find(
    (candidate) => candidate.documentId === documentId,
  )
  const name = document?.name ?? `document-${documentId}`
  return { filename: /\.pdf$/i.test(name) ? name : `${name}.pdf`, bytes, documentId }
}

/**
 * `documents/certificate`: the sealed certificate stored at completion; before that (DocuSign serves
 * it at every stage) one made and sealed now from the envelope's progress so far.
 */
export async function certificateOf(
  deps: LifecycleApiDeps,
  accountId: string,
  envelopeId: string,
): Promise<PdfFile> {
  const envelope = await envelopeOrFail(deps.db, accountId, envelopeId)
  const blobId = await findSignedPart(deps.db, envelopeId, CERTIFICATE_PART)
  if (blobId) return { filename: 'certificate.pdf', bytes: await blobOrFail(deps, blobId, 'The certificate') }
  const gathered = await gatherEnvelope(deps.db, envelope.accountId, envelopeId)
  const bytes = await sealedCertificate(
    {
      envelope: gathered.envelope,
      recipients: gathered.recipients,
      documents: (await documentsOf(deps.db, envelopeId)).map((document) => ({
        name: document.name,
        pages: document.pages,
      })),
      language: gathered.language,
    },
    await deps.seal(),
    new Date(deps.now()),
  )
  return { filename: 'certificate.pdf', bytes }
}

/** `documents/archive`: a zip of the sealed documents and certificate, once the envelope is sealed. */
export async function archiveOf(
  deps: LifecycleApiDeps,
  accountId: string,
  envelopeId: string,
): Promise<Uint8Array> {
  const envelope = await envelopeOrFail(deps.db, accountId, envelopeId)
  const parts = envelope.status === 'completed' ? await findSignedParts(deps.db, envelopeId) : new Map()
  const certificateBlob = parts.get(CERTIFICATE_PART)
  if (!certificateBlob) {
    throw new LifecycleError(
      'ENVELOPE_INVALID_STATUS',
      envelope.status === 'completed'
        ? 'The completed documents are still being sealed; try again in a moment.'
        : `The archive is available once the envelope is completed; this one is '${envelope.status}'.`,
    )
  }
  const documents = []
  for (const document of await documentsOf(deps.db, envelopeId)) {
    const blobId = parts.get(document.documentId)
    if (!blobId) continue
    documents.push({ name: document.name, bytes: await blobOrFail(deps, blobId, document.name) })
  }
  const [certificate, fields, stored] = await Promise.all([
    blobOrFail(deps, certificateBlob, 'The certificate'),
    customFieldsOf(deps.db, envelopeId),
    loadLifecycle(deps.db, envelopeId),
  ])
  const language = formLanguageOf(fields.listCustomFields) ?? 'en'
  const completedAt = new Date(stored?.state.completedAt ?? envelope.statusChangedAt)
  return buildArchive(
    documents,
    { name: CERTIFICATE_LABELS[language].title, bytes: certificate },
    completedAt,
  )
}
