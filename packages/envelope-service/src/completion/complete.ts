import { PDFDocument } from 'pdf-lib'
import { InvalidRequestError } from 'platform'
import { type AnchorPlacement, type AnchorSpec, requireAnchorsFound } from '../documents/pdf-text/anchors.js'
import { type AnchorPlacementCache, anchorKey } from '../documents/pdf-text/placement-cache.js'
import { visibleDocumentIds } from '../envelopes/visibility.js'
import { anchoredTabs } from '../tabs/anchor-places.js'
import { type LocateTab, locatorOf } from '../tabs/locate.js'
import { createCertificatePdf } from './certificate.js'
import type {
  CertificateInput,
  CertificateLanguage,
  CompletionDocument,
  CompletionEnvelope,
  CompletionRecipient,
} from './model.js'
import { type Seal, type SealOptions, sealPdf } from './seal.js'
import { drawStamps } from './stamping.js'
import { envelopeIdStamps, planStamps, type Stamp } from './stamps.js'

/**
 * Completion of an envelope, once its last signer finished: values and signatures drawn into each
 * document at their tabs, the certificate of completion, and the seal. Pure over bytes (no database,
 * no network), so the lifecycle runs it off the request path and stores what it returns. Each output
 * is sealed on its own, as DocuSign serves them: the combined PDF (documents then certificate), each
 * document, and the certificate alone.
 */

export interface CompleteEnvelopeInput {
  envelope: CompletionEnvelope
  documents: CompletionDocument[]
  recipients: CompletionRecipient[]
  language: CertificateLanguage
  seal: Seal
  /** Shown in the signature's location field, e.g. the service's public URL. */
  sealLocation?: string
  /**
   * Where anchors land (the service context's): in the process that sent the envelope or opened its
   * signing page, its documents are not read again.
   */
  anchorPlacements: AnchorPlacementCache
}

export interface CompletedEnvelope {
  /** `documents/combined`: every document with its values, then the certificate; sealed. */
  combinedPdf: Uint8Array
  /** `documents/{documentId}`: each document with its values; each sealed. */
  documents: { documentId: string; name: string; bytes: Uint8Array }[]
  /** `documents/certificate`: the certificate of completion alone; sealed. */
  certificatePdf: Uint8Array
  /**
   * For each set of documents that recipients excluded from others receive (in envelope order): those
   * documents then a certificate listing only them; sealed. Empty when nobody is excluded from anything.
   */
  restrictedCombined: { documentIds: string[]; bytes: Uint8Array }[]
}

export async function completeEnvelope(input: CompleteEnvelopeInput): Promise<CompletedEnvelope> {
  const locate = await anchorLocator(input.anchorPlacements, input.documents, input.recipients)
  const allDocumentIds = input.documents.map((document) => document.documentId)
  const context = { envelopeId: input.envelope.envelopeId, language: input.language, locate }
  // A recipient's marks land only on documents it receives (an anchor may also occur in one it does not).
  const stamps = input.recipients.flatMap((recipient) => {
    const excluded = new Set(recipient.excludedDocuments)
    return planStamps([recipient], context).filter((stamp) => !excluded.has(stamp.documentId))
  })
  const byDocument = groupByDocument(stamps, input.documents)

  const stampEnvelopeId = input.envelope.envelopeIdStamping ?? true
  const stamped: { source: CompletionDocument; document: PDFDocument }[] = []
  for (const source of input.documents) {
    const document = await PDFDocument.load(source.bytes, { ignoreEncryption: true, updateMetadata: false })
    const idStamps = stampEnvelopeId
      ? envelopeIdStamps(
          source.documentId,
          document.getPageCount(),
          input.envelope.envelopeId,
          input.language,
        )
      : []
    await drawStamps(document, [...idStamps, ...(byDocument.get(source.documentId) ?? [])])
    stamped.push({ source, document })
  }

  const certificateOf = (documents: typeof stamped) => {
    const certificateInput: CertificateInput = {
      envelope: input.envelope,
      recipients: input.recipients,
      documents: documents.map(({ source, document }) => ({
        name: source.name,
        pages: document.getPageCount(),
      })),
      language: input.language,
    }
    return createCertificatePdf(certificateInput)
  }
  const combinedOf = async (documents: typeof stamped, certificate: PDFDocument) => {
    const combined = await PDFDocument.create({ updateMetadata: false })
    for (const document of [...documents.map(({ document }) => document), certificate]) {
      for (const page of await combined.copyPages(document, document.getPageIndices())) combined.addPage(page)
    }
    return combined
  }
  // The certificate is laid out once: the combined PDF takes copies of its pages.
  const certificate = await certificateOf(stamped)
  const combined = await combinedOf(stamped, certificate)

  // Copied before any document is sealed: sealing adds its signature placeholder to the document.
  const restrictedCombined: { documentIds: string[]; combined: PDFDocument }[] = []
  for (const documentIds of restrictedDocumentSets(allDocumentIds, input.recipients)) {
    const visible = stamped.filter(({ source }) => documentIds.includes(source.documentId))
    restrictedCombined.push({
      documentIds,
      combined: await combinedOf(visible, await certificateOf(visible)),
    })
  }

  const sealOptions: SealOptions = {
    signingTime: input.envelope.completedAt,
    reason: `Envelope ${input.envelope.envelopeId} completed`,
    location: input.sealLocation,
  }
  const documents: CompletedEnvelope['documents'] = []
  for (const { source, document } of stamped) {
    documents.push({
      documentId: source.documentId,
      name: source.name,
      bytes: await sealPdf(document, input.seal, sealOptions),
    })
  }
  return {
    combinedPdf: await sealPdf(combined, input.seal, sealOptions),
    documents,
    certificatePdf: await sealPdf(certificate, input.seal, sealOptions),
    restrictedCombined: await Promise.all(
      restrictedCombined.map(async ({ documentIds, combined }) => ({
        documentIds,
        bytes: await sealPdf(combined, input.seal, sealOptions),
      })),
    ),
  }
}

/** The distinct sets of documents recipients receive that are not every document. */
function restrictedDocumentSets(
  allDocumentIds: readonly string[],
  recipients: readonly CompletionRecipient[],
): string[][] {
  const sets = new Map<string, string[]>()
  for (const recipient of recipients) {
    const visible = visibleDocumentIds(allDocumentIds, recipient, true)
    if (visible.length < allDocumentIds.length) sets.set(visible.join(','), visible)
  }
  return [...sets.values()]
}

/**
 * The certificate alone, sealed, for an envelope not (yet) completed: DocuSign serves
 * `documents/certificate` at any stage. A completed envelope's is in `CompletedEnvelope`.
 */
export async function sealedCertificate(
  input: CertificateInput,
  seal: Seal,
  signingTime: Date,
): Promise<Uint8Array> {
  const reason = `Certificate of envelope ${input.envelope.envelopeId}`
  return sealPdf(await createCertificatePdf(input), seal, { signingTime, reason })
}

/**
 * Where each tab goes. Anchors are searched in every document (as DocuSign does), through the kept
 * placements, and only when some tab has an anchor; an anchor found nowhere fails completion unless it
 * is `anchorIgnoreIfNotPresent`.
 */
async function anchorLocator(
  placements: AnchorPlacementCache,
  documents: CompletionDocument[],
  recipients: CompletionRecipient[],
): Promise<LocateTab> {
  // Every recipient's anchors searched together: completion draws them all, and their places were
  // bounded per recipient when the tabs were sent (tabs/anchor-places.ts).
  const anchors = new Map<string, AnchorSpec>()
  for (const recipient of recipients) {
    for (const { anchor } of anchoredTabs(recipient.tabs)) anchors.set(anchorKey(anchor), anchor)
  }
  const specs = [...anchors.values()]
  const placed: { document: CompletionDocument; placements: AnchorPlacement[] }[] = []
  for (const document of specs.length > 0 ? documents : []) {
    const stored = { blobId: document.blobId, bytes: async () => document.bytes }
    placed.push({ document, placements: await placements.find(stored, specs) })
  }
  if (specs.length > 0)
    requireAnchorsFound(
      specs,
      placed.flatMap((document) => document.placements),
    )
  return locatorOf(specs, placed)
}

function groupByDocument(stamps: Stamp[], documents: CompletionDocument[]): Map<string, Stamp[]> {
  const known = new Set(documents.map((document) => document.documentId))
  const groups = new Map<string, Stamp[]>()
  for (const stamp of stamps) {
    if (!known.has(stamp.documentId)) {
      throw new InvalidRequestError(
        `A tab refers to document ${stamp.documentId}, which the envelope does not have`,
      )
    }
    const group = groups.get(stamp.documentId) ?? []
    group.push(stamp)
    groups.set(stamp.documentId, group)
  }
  return groups
}
