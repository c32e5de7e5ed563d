import { AppError, NotFoundError } from 'platform'
import { COMBINED_PART, findSignedPart } from '../completion/repository.js'
import type { ServiceContext } from '../context.js'
import { getBlob } from '../documents/blobs.js'
import {
  findCustomFields,
  findDocuments,
  findEnvelope,
  findRecipients,
  type StoredRecipient,
} from '../envelopes/repository.js'
import { type Actor, applyTransition } from '../lifecycle/service.js'
import { recipientDeclined, recipientSigned, recipientViewed } from '../lifecycle/transitions.js'
import { requireAuthenticated } from './auth-service.js'
import { checkFinish, formatSignedDate, signingTabs } from './form.js'
import { hashSigningToken } from './links.js'
import { locateTabs } from './placements.js'
import {
  consumeSigningLink,
  findSigningLink,
  findTabValues,
  recordAdoption,
  recordViewedFrom,
  type SigningLink,
  storeTabValues,
} from './repository.js'
import type {
  DeclineSigningRequest,
  FinishSigningRequest,
  SigningOutcome,
  SigningSession,
  SigningState,
} from './schema.js'

/**
 * The signing page's server side. A token names one recipient of one envelope; every action is checked
 * here against that recipient (a page cannot fill another recipient's tabs or finish with required tabs
 * empty), and every change goes through the lifecycle's one write path.
 */

/** How long an embedded session lasts once its once-only recipient view URL has been opened. */
export const EMBEDDED_SESSION_MS = 20 * 60_000

export type SigningDeps = Pick<ServiceContext, 'db' | 'now' | 'publicUrl'>

export interface Client {
  ipAddress: string
  userAgent: string
}

/** 401 for a token that is unknown, expired or already used: the page says the link is not valid. */
class LinkRefusedError extends AppError {
  constructor() {
    super('unauthorized', 'This signing link is not valid', { errorCode: 'INVALID_TOKEN_FORMAT' })
  }
}

async function linkOf(deps: SigningDeps, token: string): Promise<SigningLink> {
  const link = await findSigningLink(deps.db, hashSigningToken(token))
  if (!link || link.expiresAt <= deps.now()) throw new LinkRefusedError()
  return link
}

/** A link in use by an open page: an invitation link, or a recipient view already opened. */
async function openLink(deps: SigningDeps, token: string): Promise<SigningLink> {
  const link = await linkOf(deps, token)
  if (link.kind === 'recipient_view' && link.usedAt === undefined) throw new LinkRefusedError()
  return link
}

async function recipientsOf(deps: SigningDeps, envelopeId: string): Promise<StoredRecipient[]> {
  return (await findRecipients(deps.db, [envelopeId])).get(envelopeId) ?? []
}

function pickRecipient(recipients: readonly StoredRecipient[], recipientId: string): StoredRecipient {
  const recipient = recipients.find((candidate) => candidate.recipientId === recipientId)
  if (!recipient) throw new LinkRefusedError()
  return recipient
}

async function recipientOf(deps: SigningDeps, envelopeId: string, recipientId: string) {
  return pickRecipient(await recipientsOf(deps, envelopeId), recipientId)
}

function stateOf(
  envelopeStatus: string,
  voidedReason: string | undefined,
  recipient: StoredRecipient,
): SigningState {
  if (envelopeStatus === 'voided') return voidedReason === 'Envelope has expired.' ? 'expired' : 'voided'
  if (envelopeStatus === 'declined') return 'declined'
  if (envelopeStatus === 'completed') return 'completed'
  if (recipient.type === 'carbonCopy') return 'copy'
  if (recipient.status === 'completed') return 'completed'
  if (recipient.status === 'created') return 'waiting'
  return 'ready'
}

/** The envelope's form language: a list custom field named for the language, set to Spanish or English. */
export function formLanguageOf(fields: { name: string; value: string }[]): 'en' | 'es' | undefined {
  for (const field of fields) {
    if (!/language|idioma/i.test(field.name)) continue
    const value = field.value.trim().toLowerCase()
    if (/^(es([-_].*)?|spanish|español|espanol)$/.test(value)) return 'es'
    if (/^(en([-_].*)?|english|inglés|ingles)$/.test(value)) return 'en'
  }
  return undefined
}

/** The recipient's email unless it is SMS-only (then it is a placeholder nobody reads). */
const visibleEmail = (recipient: StoredRecipient) =>
  recipient.deliveryMethod.toLowerCase() === 'sms' ? undefined : recipient.email

/** The name shown: the in-person signer's own, else the recipient's. */
const signerName = (recipient: StoredRecipient) => recipient.inPerson?.signerName ?? recipient.name ?? ''

/**
 * The page's session. Opening it marks the recipient delivered (and audits the view); a once-only
 * recipient view URL is consumed here and then lives for the session.
 */
export async function openSession(
  deps: SigningDeps,
  token: string,
  client: Client,
  authToken: string | undefined,
): Promise<SigningSession> {
  const link = await linkOf(deps, token)
  // Checked before a once-only view URL is spent, so a recipient who still owes a code can come back.
  await requireAuthenticated(
    deps,
    link,
    await recipientOf(deps, link.envelopeId, link.recipientId),
    authToken,
  )
  if (link.kind === 'recipient_view' && link.usedAt === undefined) {
    const consumed = await consumeSigningLink(
      deps.db,
      link.tokenHash,
      deps.now(),
      deps.now() + EMBEDDED_SESSION_MS,
    )
    if (!consumed) throw new LinkRefusedError()
  } else if (link.kind === 'recipient_view') {
    throw new LinkRefusedError()
  }
  return sessionOf(deps, link, client)
}

async function sessionOf(deps: SigningDeps, link: SigningLink, client: Client): Promise<SigningSession> {
  const { envelopeId, recipientId } = link
  const envelope = await envelopeOf(deps, envelopeId)
  let recipient = await recipientOf(deps, envelopeId, recipientId)
  let state = stateOf(envelope.status, envelope.voidedReason, recipient)
  if (state === 'ready') {
    await applyTransition(
      deps,
      { envelopeId },
      (stored, now) => recipientViewed(stored.state, recipientId, now),
      webActor(recipient, client),
      (tx) => recordViewedFrom(tx, envelopeId, recipientId, client),
    )
    recipient = await recipientOf(deps, envelopeId, recipientId)
    state = stateOf(envelope.status, envelope.voidedReason, recipient)
  }
  const fields = (await findCustomFields(deps.db, [envelopeId])).get(envelopeId)
  const language = formLanguageOf(fields?.listCustomFields ?? [])
  const documents = (await findDocuments(deps.db, [envelopeId])).get(envelopeId) ?? []
  const values = (await findTabValues(deps.db, envelopeId)).get(recipientId) ?? {}
  const locate = await locateTabs(
    recipient.tabs,
    documents.map((document) => ({
      documentId: document.documentId,
      bytes: () => documentBytes(deps, document.blobId),
    })),
  )
  return {
    state,
    ...(language ? { language } : {}),
    envelope: {
      envelopeId,
      emailSubject: envelope.emailSubject,
      ...(envelope.emailBlurb ? { emailBlurb: envelope.emailBlurb } : {}),
      senderName: envelope.sender.userName,
    },
    recipient: {
      recipientId,
      name: signerName(recipient),
      ...(visibleEmail(recipient) ? { email: visibleEmail(recipient)! } : {}),
      inPerson: recipient.type === 'inPersonSigner',
    },
    documents: documents.map((document) => ({
      documentId: document.documentId,
      name: document.name,
      pages: document.pages,
      url: `/signing/api/documents/${document.documentId}`,
    })),
    tabs:
      state === 'ready'
        ? signingTabs(
            recipient.tabs,
            {
              name: signerName(recipient),
              ...(visibleEmail(recipient) ? { email: visibleEmail(recipient)! } : {}),
            },
            values,
            formatSignedDate(new Date(deps.now()), language ?? 'en'),
            locate,
          )
        : [],
  }
}

async function envelopeOf(deps: SigningDeps, envelopeId: string) {
  const row = await deps.db
    .selectFrom('envelopes')
    .select('account_id')
    .where('id', '=', envelopeId)
    .executeTakeFirst()
  const envelope = row && (await findEnvelope(deps.db, row.account_id, envelopeId))
  if (!envelope) throw new LinkRefusedError()
  return envelope
}

async function documentBytes(deps: SigningDeps, blobId: string): Promise<Uint8Array> {
  const bytes = await getBlob(deps.db, blobId)
  if (!bytes) throw new NotFoundError('Document not found')
  return bytes
}

/** A document of the link's envelope, for the page's pdf.js. */
export async function signingDocument(
  deps: SigningDeps,
  token: string,
  documentId: string,
  authToken: string | undefined,
): Promise<Uint8Array> {
  const link = await openLink(deps, token)
  await requireAuthenticated(
    deps,
    link,
    await recipientOf(deps, link.envelopeId, link.recipientId),
    authToken,
  )
  const documents = (await findDocuments(deps.db, [link.envelopeId])).get(link.envelopeId) ?? []
  const document = documents.find((candidate) => candidate.documentId === documentId)
  if (!document) throw new NotFoundError(`Document ${documentId} not found`)
  return documentBytes(deps, document.blobId)
}

/** The sealed combined PDF, for any recipient's link once the envelope is completed. */
export async function signedCombined(
  deps: SigningDeps,
  token: string,
  authToken: string | undefined,
): Promise<Uint8Array> {
  const link = await openLink(deps, token)
  await requireAuthenticated(
    deps,
    link,
    await recipientOf(deps, link.envelopeId, link.recipientId),
    authToken,
  )
  const blobId = await findSignedPart(deps.db, link.envelopeId, COMBINED_PART)
  if (!blobId) throw new NotFoundError('The signed document is not ready yet')
  return documentBytes(deps, blobId)
}

export async function finishSigning(
  deps: SigningDeps,
  token: string,
  request: FinishSigningRequest,
  client: Client,
  authToken: string | undefined,
): Promise<SigningOutcome> {
  const link = await openLink(deps, token)
  const { envelopeId, recipientId } = link
  const recipients = await recipientsOf(deps, envelopeId)
  const recipient = pickRecipient(recipients, recipientId)
  await requireAuthenticated(deps, link, recipient, authToken)
  const values = checkFinish(recipient.tabs, request, {
    signedOn: new Date(deps.now()),
    earlier: await completedBefore(deps, envelopeId, recipients, recipientId),
  })
  await applyTransition(
    deps,
    { envelopeId },
    (stored, now) => recipientSigned(stored.state, recipientId, now),
    webActor(recipient, client),
    async (tx) => {
      await storeTabValues(tx, envelopeId, recipientId, values)
      await recordAdoption(tx, envelopeId, {
        recipientId,
        ...(request.signature ? { signaturePng: request.signature } : {}),
        ...(request.initials ? { initialsPng: request.initials } : {}),
        ...client,
      })
    },
  )
  return outcome('completed', link, 'signing_complete')
}

/** The recipients who completed before this one, with their stored values: what its formulas may read. */
async function completedBefore(
  deps: SigningDeps,
  envelopeId: string,
  recipients: readonly StoredRecipient[],
  recipientId: string,
) {
  const values = await findTabValues(deps.db, envelopeId)
  return recipients
    .filter((other) => other.recipientId !== recipientId && other.status === 'completed')
    .map((other) => ({ tabs: other.tabs, values: values.get(other.recipientId) ?? {} }))
}

export async function declineSigning(
  deps: SigningDeps,
  token: string,
  request: DeclineSigningRequest,
  client: Client,
  authToken: string | undefined,
): Promise<SigningOutcome> {
  const link = await openLink(deps, token)
  const recipient = await recipientOf(deps, link.envelopeId, link.recipientId)
  await requireAuthenticated(deps, link, recipient, authToken)
  await applyTransition(
    deps,
    { envelopeId: link.envelopeId },
    (stored, now) => recipientDeclined(stored.state, link.recipientId, request.reason, now),
    webActor(recipient, client),
  )
  return outcome('declined', link, 'decline')
}

/** Embedded sessions return to the application's `returnUrl` with DocuSign's `event` parameter. */
function outcome(state: SigningState, link: SigningLink, event: string): SigningOutcome {
  if (!link.returnUrl) return { state }
  const url = new URL(link.returnUrl)
  url.searchParams.set('event', event)
  return { state, redirectUrl: url.toString() }
}

function webActor(recipient: StoredRecipient, client: Client): Actor {
  return {
    source: 'Web',
    userName: signerName(recipient),
    clientIpAddress: client.ipAddress,
    userAgent: client.userAgent,
  }
}
