import { NotFoundError } from 'platform'
import { brandPresentation } from '../brands/service.js'
import type { ServiceContext } from '../context.js'
import { getBlob } from '../documents/blobs/repository.js'
import { COMBINED_PART, findSignedPart, restrictedCombinedPart } from '../documents/sealed/repository.js'
import { findDocuments, findEnvelopeById, findRecipients, type StoredRecipient } from '../envelopes/reads.js'
import { visibleDocumentIds } from '../envelopes/visibility.js'
import { loadLifecycle } from '../lifecycle/repository.js'
import { type Actor, applyTransition } from '../lifecycle/service.js'
import {
  disclosureAccepted,
  recipientDeclined,
  recipientReassigned,
  recipientSigned,
  recipientViewed,
} from '../lifecycle/transitions.js'
import { hiddenTabIds } from '../tabs/conditional.js'
import type { RecipientType } from '../tabs/model.js'
import { formatSignedDate } from '../tabs/values.js'
import { deleteAuthSessions } from './auth/repository.js'
import { requireAuthenticated } from './auth/service.js'
import {
  findDisclosureAcceptances,
  findDisclosureDetails,
  findDisclosureOnEveryEnvelope,
  keepDisclosureText,
  recordDisclosureAccepted,
} from './disclosure/repository.js'
import {
  agreementHolds,
  checkDisclosureAccepted,
  checkDisclosureAsked,
  checkVersionShown,
  disclosureRequired,
  disclosureVersion,
} from './disclosure/rules.js'
import { type DisclosureLanguage, disclosureDetailsShown } from './disclosure/text.js'
import { checkFinish, signingTabs } from './form.js'
import { locateTabs } from './placements.js'
import { checkReassignment, nextRecipientId, reassignRefusal, requireReassignable } from './reassign/rules.js'
import { hashSigningToken } from './records/links.js'
import { type Client, invalidLink, signerName } from './records/model.js'
import { readRecipientLanguage } from './records/recipient-language.js'
import {
  consumeSigningLink,
  deleteSigningLinks,
  findAdoptions,
  findSigningLink,
  findTabValues,
  recordAdoption,
  recordViewedFrom,
  type SigningLink,
  storeTabValues,
} from './records/repository.js'
import type {
  DeclineSigningRequest,
  FinishSigningRequest,
  ReassignSigningRequest,
  SessionDisclosure,
  SigningOutcome,
  SigningSession,
  SigningState,
  SigningTab,
} from './schema.js'

/**
 * The signing page's server side. A token names one recipient of one envelope; every action is checked
 * here against that recipient (a page cannot fill another recipient's tabs or finish with required tabs
 * empty), and every change goes through the lifecycle's one write path.
 */

/** How long an embedded session lasts once its once-only recipient view URL has been opened. */
export const EMBEDDED_SESSION_MS = 20 * 60_000

export type SigningDeps = Pick<ServiceContext, 'db' | 'now' | 'publicUrl' | 'anchorPlacements'>

/** A signing call's link and recipient, resolved and authenticated once by the routes' hook (routes.ts). */
export interface Signer {
  link: SigningLink
  recipient: StoredRecipient
}

async function linkOf(deps: SigningDeps, token: string): Promise<SigningLink> {
  const link = await findSigningLink(deps.db, hashSigningToken(token))
  if (!link || link.expiresAt <= deps.now()) throw invalidLink()
  return link
}

/** A link in use by an open page: an invitation link, or a recipient view already opened. */
async function openLink(deps: SigningDeps, token: string): Promise<SigningLink> {
  const link = await linkOf(deps, token)
  if (link.kind === 'recipient_view' && link.usedAt === undefined) throw invalidLink()
  return link
}

async function recipientsOf(deps: SigningDeps, envelopeId: string): Promise<StoredRecipient[]> {
  return (await findRecipients(deps.db, [envelopeId])).get(envelopeId) ?? []
}

function pickRecipient(recipients: readonly StoredRecipient[], recipientId: string): StoredRecipient {
  const recipient = recipients.find((candidate) => candidate.recipientId === recipientId)
  if (!recipient) throw invalidLink()
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
  if (recipient.status === 'completed') return 'finished'
  if (recipient.status === 'created') return 'waiting'
  return 'ready'
}

/** The recipient's email unless it is SMS-only (then it is a placeholder nobody reads). */
const visibleEmail = (recipient: StoredRecipient) =>
  recipient.deliveryMethod.toLowerCase() === 'sms' ? undefined : recipient.email

/**
 * Resolves a signing call's token to its link and recipient, and refuses the call unless the recipient
 * passed every check it owes (signing/auth). `opening`: the call that opens the page may spend a once-only
 * recipient view URL, which is checked before it is spent, so a recipient who still owes a code can come
 * back; every other call needs a link already in use.
 */
export async function authenticatedSigner(
  deps: SigningDeps,
  token: string,
  authToken: string | undefined,
  opening: boolean,
): Promise<Signer> {
  const link = opening ? await linkOf(deps, token) : await openLink(deps, token)
  const recipient = await recipientOf(deps, link.envelopeId, link.recipientId)
  await requireAuthenticated(deps, link, recipient, authToken)
  return { link, recipient }
}

/**
 * The page's session. Opening it marks the recipient delivered (and audits the view); a once-only
 * recipient view URL is consumed here and then lives for the session.
 */
export async function openSession(
  deps: SigningDeps,
  { link }: Signer,
  client: Client,
): Promise<SigningSession> {
  if (link.kind === 'recipient_view' && link.usedAt === undefined) {
    const consumed = await consumeSigningLink(
      deps.db,
      link.tokenHash,
      deps.now(),
      deps.now() + EMBEDDED_SESSION_MS,
    )
    if (!consumed) throw invalidLink()
  } else if (link.kind === 'recipient_view') {
    throw invalidLink()
  }
  return pageSessionOf(deps, link, client)
}

/** What the page shows: the envelope, this recipient, its documents and its form. */
async function pageSessionOf(deps: SigningDeps, link: SigningLink, client: Client): Promise<SigningSession> {
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
  const brand = await brandPresentation(deps.db, envelope.accountId, envelope.brandId)
  const language = (await readRecipientLanguage(deps.db, envelopeId, recipient)) ?? brand?.language
  const stored = visibleTo(
    recipient,
    envelope.enforceSignerVisibility,
    (await findDocuments(deps.db, [envelopeId])).get(envelopeId) ?? [],
  )
  // Each document's bytes are read once, however many recipients' anchors are looked up in it.
  const documents = stored.map((document) => {
    let bytes: Promise<Uint8Array> | undefined
    return { ...document, bytes: () => (bytes ??= documentBytes(deps, document.blobId)) }
  })
  const allValues = await findTabValues(deps.db, envelopeId)
  const values = allValues.get(recipientId) ?? {}
  const locate = await locateTabs(recipient, documents, deps.anchorPlacements)
  const shown = new Set(documents.map((document) => document.documentId))
  const completedTabs =
    state === 'ready'
      ? (await othersCompletedTabs(deps, envelopeId, recipientId, documents, allValues, language)).filter(
          (tab) => shown.has(tab.documentId),
        )
      : []
  return {
    state,
    ...(language ? { language } : {}),
    envelope: {
      envelopeId,
      emailSubject: envelope.emailSubject,
      ...(envelope.emailBlurb ? { emailBlurb: envelope.emailBlurb } : {}),
      senderName: envelope.sender.userName,
      ...(brand ? { brand: { name: brand.displayName, colors: brand.colors } } : {}),
    },
    recipient: {
      recipientId,
      name: signerName(recipient),
      ...(visibleEmail(recipient) ? { email: visibleEmail(recipient)! } : {}),
      inPerson: recipient.type === 'inPersonSigner',
      ...(recipient.note !== undefined ? { note: recipient.note } : {}),
    },
    canReassign: state === 'ready' && reassignRefusal(envelope, recipient) === undefined,
    ...(state === 'ready' && (await disclosureAsked(deps, envelope, recipient))
      ? { disclosure: await disclosureOf(deps, envelope.accountId, envelopeId, recipientId) }
      : {}),
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
    ...(completedTabs.length > 0 ? { completedTabs } : {}),
  }
}

/**
 * The tabs of the signers who completed before this recipient, as they filled them in, read-only:
 * their adopted signature and initials, the date they signed, their values.
 */
async function othersCompletedTabs(
  deps: SigningDeps,
  envelopeId: string,
  recipientId: string,
  documents: readonly { documentId: string; blobId: string; bytes: () => Promise<Uint8Array> }[],
  values: Map<string, Record<string, string>>,
  language: 'en' | 'es' | undefined,
): Promise<SigningTab[]> {
  const others = (await recipientsOf(deps, envelopeId)).filter(
    (other) =>
      other.recipientId !== recipientId && other.status === 'completed' && other.type !== 'carbonCopy',
  )
  if (others.length === 0) return []
  const adoptions = await findAdoptions(deps.db, envelopeId)
  const progress = (await loadLifecycle(deps.db, envelopeId))?.state.recipients ?? []
  const result: SigningTab[] = []
  for (const other of others) {
    const name = signerName(other)
    const adoption = adoptions.get(other.recipientId)
    const completedAt = progress.find((entry) => entry.recipientId === other.recipientId)?.completedAt
    const signedOn = completedAt ? formatSignedDate(new Date(completedAt), language ?? 'en') : ''
    const otherValues = values.get(other.recipientId) ?? {}
    const hidden = hiddenTabIds(other.tabs, otherValues)
    const tabs = signingTabs(
      other.tabs,
      { name, ...(visibleEmail(other) ? { email: visibleEmail(other)! } : {}) },
      otherValues,
      signedOn,
      await locateTabs(other, documents, deps.anchorPlacements),
    ).filter((tab) => !hidden.has(tab.tabId))
    for (const { conditionalParent: _, ...tab } of tabs) {
      const image =
        tab.type === 'signHere'
          ? adoption?.signaturePng
          : tab.type === 'initialHere'
            ? adoption?.initialsPng
            : undefined
      result.push({
        ...tab,
        tabId: `${other.recipientId}/${tab.tabId}`,
        required: false,
        locked: true,
        signedBy: name,
        ...(image ? { image } : {}),
      })
    }
  }
  return result
}

async function envelopeOf(deps: SigningDeps, envelopeId: string) {
  const envelope = await findEnvelopeById(deps.db, envelopeId)
  if (!envelope) throw invalidLink()
  return envelope
}

async function documentBytes(deps: SigningDeps, blobId: string): Promise<Uint8Array> {
  const bytes = await getBlob(deps.db, blobId)
  if (!bytes) throw new NotFoundError('Document not found')
  return bytes
}

/** The documents the recipient receives: all but its excluded ones when the envelope enforces them. */
function visibleTo<D extends { documentId: string }>(
  recipient: StoredRecipient,
  enforced: boolean,
  documents: readonly D[],
): D[] {
  const visible = new Set(
    visibleDocumentIds(
      documents.map((document) => document.documentId),
      recipient,
      enforced,
    ),
  )
  return documents.filter((document) => visible.has(document.documentId))
}

/** A document of the link's envelope the recipient receives, for the page's pdf.js. */
export async function signingDocument(
  deps: SigningDeps,
  { link, recipient }: Signer,
  documentId: string,
): Promise<Uint8Array> {
  const envelope = await envelopeOf(deps, link.envelopeId)
  const documents = visibleTo(
    recipient,
    envelope.enforceSignerVisibility,
    (await findDocuments(deps.db, [link.envelopeId])).get(link.envelopeId) ?? [],
  )
  const document = documents.find((candidate) => candidate.documentId === documentId)
  if (!document) throw new NotFoundError(`Document ${documentId} not found`)
  return documentBytes(deps, document.blobId)
}

/**
 * The sealed combined PDF, for any recipient's link once the envelope is completed: of the documents
 * the recipient receives, so one excluded from some gets the combined PDF sealed for its set.
 */
export async function signedCombined(deps: SigningDeps, { link, recipient }: Signer): Promise<Uint8Array> {
  const envelope = await envelopeOf(deps, link.envelopeId)
  const all = ((await findDocuments(deps.db, [link.envelopeId])).get(link.envelopeId) ?? []).map(
    (document) => document.documentId,
  )
  const visible = visibleDocumentIds(all, recipient, envelope.enforceSignerVisibility)
  const part = visible.length === all.length ? COMBINED_PART : restrictedCombinedPart(visible)
  const blobId = await findSignedPart(deps.db, link.envelopeId, part)
  if (!blobId) throw new NotFoundError('The signed document is not ready yet')
  return documentBytes(deps, blobId)
}

export async function finishSigning(
  deps: SigningDeps,
  { link, recipient }: Signer,
  request: FinishSigningRequest,
  client: Client,
): Promise<SigningOutcome> {
  const { envelopeId, recipientId } = link
  const signing = await envelopeOf(deps, envelopeId)
  checkDisclosureAccepted(
    await disclosureAsked(deps, signing, recipient),
    await hasAccepted(deps, signing.accountId, envelopeId, recipientId),
  )
  const recipients = await recipientsOf(deps, envelopeId)
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
  // The last signature completes the envelope in the same transition: the page says which it was.
  const envelope = await envelopeOf(deps, envelopeId)
  return outcome(envelope.status === 'completed' ? 'completed' : 'finished', link, 'signing_complete')
}

/**
 * The signer agrees to the Electronic Record and Signature Disclosure the envelope asks for, in the
 * version the page showed (`version`, from its session; the current one when not given) and in the
 * language it showed it in: recorded with when and where from, and in the envelope's history; what that
 * version says is kept for the certificate of completion. Agreeing again to the same version is no change;
 * after the account changed its disclosure, the agreement to the new version is recorded anew.
 */
export async function acceptDisclosure(
  deps: SigningDeps,
  { link, recipient }: Signer,
  client: Client,
  shown: { version?: string; language?: DisclosureLanguage } = {},
): Promise<{ accepted: true }> {
  const { envelopeId, recipientId } = link
  const envelope = await envelopeOf(deps, envelopeId)
  checkDisclosureAsked(await disclosureAsked(deps, envelope, recipient))
  const { version, accepted, details } = await disclosureOf(deps, envelope.accountId, envelopeId, recipientId)
  checkVersionShown(shown.version, version)
  if (accepted) return { accepted: true }
  try {
    await applyTransition(
      deps,
      { envelopeId },
      (stored, now) => disclosureAccepted(stored.state, recipientId, now),
      webActor(recipient, client),
      async (tx) => {
        const at = deps.now()
        // A concurrent request agreed first: roll this history entry back, so there is one.
        if (
          !(await recordDisclosureAccepted(tx, envelopeId, recipientId, client, at, version, shown.language))
        ) {
          throw new AlreadyAccepted()
        }
        // What this version says, for the certificate (none to keep for the service's text alone).
        if (details) await keepDisclosureText(tx, envelope.accountId, version, details, at)
      },
    )
  } catch (error) {
    if (!(error instanceof AlreadyAccepted)) throw error
  }
  return { accepted: true }
}

class AlreadyAccepted extends Error {}

/**
 * The disclosure the signer owes as it is now: what the page reads again when the account changed it
 * while the signer was reading (an agreement refused with `DISCLOSURE_CHANGED`).
 */
export async function readDisclosure(
  deps: SigningDeps,
  { link, recipient }: Signer,
): Promise<SessionDisclosure> {
  const envelope = await envelopeOf(deps, link.envelopeId)
  checkDisclosureAsked(await disclosureAsked(deps, envelope, recipient))
  return disclosureOf(deps, envelope.accountId, link.envelopeId, link.recipientId)
}

/** Whether the recipient agreed to the account's disclosure as it is now (rules.ts `agreementHolds`). */
async function hasAccepted(
  deps: SigningDeps,
  accountId: string,
  envelopeId: string,
  recipientId: string,
): Promise<boolean> {
  return (await disclosureOf(deps, accountId, envelopeId, recipientId)).accepted
}

/** Whether `recipient` must agree to the disclosure: the envelope says, or else its account (rules.ts). */
async function disclosureAsked(
  deps: SigningDeps,
  envelope: { accountId: string; useDisclosure?: boolean },
  recipient: { type: RecipientType },
): Promise<boolean> {
  return disclosureRequired(
    envelope,
    recipient,
    envelope.useDisclosure === undefined &&
      (await findDisclosureOnEveryEnvelope(deps.db, envelope.accountId)),
  )
}

/**
 * What the page needs of the disclosure: whether the signer agreed to it as it is now, what the account
 * added to it, and its version (sent back with the agreement).
 */
async function disclosureOf(
  deps: SigningDeps,
  accountId: string,
  envelopeId: string,
  recipientId: string,
): Promise<SessionDisclosure> {
  const [given, stored] = await Promise.all([
    findDisclosureAcceptances(deps.db, envelopeId, recipientId),
    findDisclosureDetails(deps.db, accountId),
  ])
  const version = disclosureVersion(stored)
  const accepted = agreementHolds(given.get(recipientId), version)
  // Each language as its signers read it: a version never set borrows the other's contact details.
  const details = disclosureDetailsShown(stored)
  return { accepted, version, ...(Object.keys(details).length > 0 ? { details } : {}) }
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
  { link, recipient }: Signer,
  request: DeclineSigningRequest,
  client: Client,
): Promise<SigningOutcome> {
  await applyTransition(
    deps,
    { envelopeId: link.envelopeId },
    (stored, now) => recipientDeclined(stored.state, link.recipientId, request.reason, now),
    webActor(recipient, client),
  )
  return outcome('declined', link, 'decline')
}

/**
 * "Assign to someone else": the signer hands their part to a new signer (signing/reassign/rules.ts
 * says who may), in one lifecycle transition that adds the new signer, invites them and records the
 * reassign; the signer's links and authentication sessions end in the same transaction.
 */
export async function reassignSigning(
  deps: SigningDeps,
  { link, recipient }: Signer,
  request: ReassignSigningRequest,
  client: Client,
): Promise<SigningOutcome> {
  const { envelopeId, recipientId } = link
  requireReassignable(await envelopeOf(deps, envelopeId), recipient)
  const reassignment = checkReassignment(request, recipient)
  const newId = nextRecipientId((await recipientsOf(deps, envelopeId)).map((other) => other.recipientId))
  await applyTransition(
    deps,
    { envelopeId },
    (stored, now) =>
      recipientReassigned(stored.state, recipientId, { recipientId: newId, ...reassignment }, now),
    webActor(recipient, client),
    async (tx) => {
      await deleteSigningLinks(tx, envelopeId, recipientId)
      await deleteAuthSessions(tx, envelopeId, recipientId)
    },
  )
  return outcome('reassigned', link, 'reassign')
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
