import { NotFoundError } from 'platform'
import { findAuditHead } from '../audit/repository.js'
import type { DbOrTx } from '../database.js'
import { getBlob } from '../documents/blobs/repository.js'
import {
  type EnvelopeRecord,
  findCustomFields,
  findDocuments,
  findEnvelope,
  findRecipients,
  findRecipientTimes,
  type StoredRecipient,
} from '../envelopes/reads.js'
import { deliveryChannel, smsPhoneOf } from '../lifecycle/channels.js'
import { authenticationEventsOf } from '../signing/auth/service.js'
import { printedDisclosure } from '../signing/disclosure/printed.js'
import {
  type DisclosureAcceptance,
  findDisclosureAcceptances,
  findDisclosureTexts,
} from '../signing/disclosure/repository.js'
import { formLanguageOf } from '../signing/records/model.js'
import { findAdoptions, findTabValues } from '../signing/records/repository.js'
import { formatSignedDate, tabsWithValues } from '../tabs/values.js'
import type {
  AgreedDisclosure,
  CertificateLanguage,
  CompletionDocument,
  CompletionEnvelope,
  CompletionRecipient,
} from './model.js'

/**
 * Everything completion and the certificate need about one envelope, read from the store: its
 * documents as sent, every recipient with progress, entered values, adopted images and where they
 * acted from.
 */
export interface GatheredEnvelope {
  record: EnvelopeRecord
  envelope: CompletionEnvelope
  documents: CompletionDocument[]
  recipients: CompletionRecipient[]
  language: CertificateLanguage
}

const date = (value: string | null | undefined) => (value ? new Date(value) : undefined)

export async function gatherEnvelope(
  db: DbOrTx,
  accountId: string,
  envelopeId: string,
): Promise<GatheredEnvelope> {
  const record = await findEnvelope(db, accountId, envelopeId)
  if (!record) throw new NotFoundError(`Envelope ${envelopeId} not found`)
  const times = await findRecipientTimes(db, envelopeId)
  const auditHead = await findAuditHead(db, envelopeId)
  const [stored, documents, fields, values, adoptions, authentication, disclosures] = await Promise.all([
    findRecipients(db, [envelopeId]),
    findDocuments(db, [envelopeId]),
    findCustomFields(db, [envelopeId]),
    findTabValues(db, envelopeId),
    findAdoptions(db, envelopeId),
    authenticationEventsOf(db, envelopeId),
    findDisclosureAcceptances(db, envelopeId),
  ])
  const language = formLanguageOf(fields.get(envelopeId)?.listCustomFields ?? []) ?? 'en'
  const completedAt = date(record.completedAt) ?? new Date()
  const recipients = (stored.get(envelopeId) ?? []).map((recipient): CompletionRecipient => {
    const time = times.get(recipient.recipientId)
    const adoption = adoptions.get(recipient.recipientId)
    const signedAt = date(time?.signedAt)
    const phone = smsPhoneOf(recipient)
    const checks = authentication.get(recipient.recipientId)
    const disclosure = disclosures.get(recipient.recipientId)
    const sms = recipient.deliveryMethod.toLowerCase() === 'sms'
    return {
      recipientId: recipient.recipientId,
      type: recipient.type,
      name: recipient.inPerson?.signerName ?? recipient.name ?? '',
      ...(!sms && recipient.email ? { email: recipient.email } : {}),
      ...(phone ? { phone: `+${phone.countryCode.replace(/^\+/, '')}${phone.number}` } : {}),
      deliveryMethod: deliveryMethodOf(recipient),
      routingOrder: recipient.routingOrder,
      // DocuSign's history names a signer who handed their part on as reassigned, not completed.
      status: recipient.reassignedTo === undefined ? recipient.status : 'reassigned',
      ...(adoption ? { ipAddress: adoption.ipAddress, userAgent: adoption.userAgent } : {}),
      ...(recipient.sentAt ? { sentAt: new Date(recipient.sentAt) } : {}),
      ...(date(time?.deliveredAt) ? { viewedAt: date(time?.deliveredAt)! } : {}),
      ...(signedAt ? { signedAt } : {}),
      ...(date(time?.declinedAt) ? { declinedAt: date(time?.declinedAt)! } : {}),
      ...(time?.declinedReason ? { declinedReason: time.declinedReason } : {}),
      ...(adoption?.signaturePng ? { signatureImage: adoption.signaturePng } : {}),
      ...(adoption?.initialsPng ? { initialsImage: adoption.initialsPng } : {}),
      ...(checks ? { authenticationEvents: checks } : {}),
      ...(disclosure ? { disclosureAcceptedAt: new Date(disclosure.acceptedAt) } : {}),
      ...(record.enforceSignerVisibility && recipient.excludedDocuments?.length
        ? { excludedDocuments: [...recipient.excludedDocuments] }
        : {}),
      tabs: tabsWithValues(
        recipient.tabs,
        {
          name: recipient.inPerson?.signerName ?? recipient.name ?? '',
          ...(!sms && recipient.email ? { email: recipient.email } : {}),
        },
        values.get(recipient.recipientId) ?? {},
        signedAt ? formatSignedDate(signedAt, language) : undefined,
      ),
    }
  })
  const agreed = await agreedDisclosures(
    db,
    accountId,
    record.sender.userName ?? '',
    language,
    recipients,
    disclosures,
  )
  const envelopeDocuments: CompletionDocument[] = []
  for (const document of documents.get(envelopeId) ?? []) {
    const bytes = await getBlob(db, document.blobId)
    if (!bytes)
      throw new NotFoundError(`Document ${document.documentId} of envelope ${envelopeId} is missing`)
    envelopeDocuments.push({
      documentId: document.documentId,
      name: document.name,
      bytes,
      blobId: document.blobId,
    })
  }
  return {
    record,
    envelope: {
      envelopeId,
      emailSubject: record.emailSubject,
      status: record.status,
      senderName: record.sender.userName,
      senderEmail: record.sender.email,
      createdAt: new Date(record.createdAt),
      ...(record.sentAt ? { sentAt: new Date(record.sentAt) } : {}),
      completedAt,
      ...(auditHead ? { auditHead } : {}),
      envelopeIdStamping: record.envelopeIdStamping,
      ...(agreed.length > 0 ? { disclosures: agreed } : {}),
    },
    documents: envelopeDocuments,
    recipients,
    language,
  }
}

/**
 * The disclosures the signers agreed to, each version in each language once, as they read it: the text
 * that version kept (signing/disclosure/, none kept for the service's text with nothing added) in the
 * language the page showed, else the certificate's. Agreements recorded before texts were kept
 * (migration 0055) are left out: the recipient's block still says when they agreed.
 */
async function agreedDisclosures(
  db: DbOrTx,
  accountId: string,
  sender: string,
  certificateLanguage: CertificateLanguage,
  recipients: readonly CompletionRecipient[],
  acceptances: ReadonlyMap<string, DisclosureAcceptance>,
): Promise<AgreedDisclosure[]> {
  const given = recipients
    .flatMap((recipient) => {
      const acceptance = acceptances.get(recipient.recipientId)
      return acceptance?.version === undefined ? [] : [{ recipient, acceptance, version: acceptance.version }]
    })
    .sort((a, b) => a.acceptance.acceptedAt - b.acceptance.acceptedAt)
  const texts = await findDisclosureTexts(
    db,
    accountId,
    given.map(({ version }) => version).filter((version) => version !== ''),
  )
  const byText = new Map<string, AgreedDisclosure>()
  for (const { recipient, acceptance, version } of given) {
    const language = acceptance.language ?? certificateLanguage
    const kept = texts.get(version)
    if (version !== '' && kept === undefined) continue
    const key = `${version} ${language}`
    const disclosure = byText.get(key) ?? {
      ...printedDisclosure(language, sender, kept?.[language]),
      agreedBy: [],
    }
    disclosure.agreedBy.push({ name: recipient.name, at: new Date(acceptance.acceptedAt) })
    byText.set(key, disclosure)
  }
  return [...byText.values()]
}

/** The certificate's delivery method, from the one channel rule. */
function deliveryMethodOf(recipient: StoredRecipient): string {
  const channel = deliveryChannel(recipient)
  return channel === 'sms' ? 'SMS' : channel === 'both' ? 'email+SMS' : 'email'
}
